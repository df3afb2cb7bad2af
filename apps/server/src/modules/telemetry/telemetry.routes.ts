/**
 * POST /api/telemetry/batch: the same points as MQTT, for ground stations and gateways that speak
 * HTTP. Authenticated by the account's telemetry key (Basic vid:secret), not a session. The answer
 * comes after the accepted points are stored (2xx = durable); 503 means send again.
 */
import { checkTelemetryBatch, ok as okSchema, telemetryBatch } from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { Routes } from '../../platform/routes.ts';
import {
  type Ingest,
  IngestError,
  type IngestResult,
  nothingIngested,
} from '../../telemetry/ingest/pipeline.ts';
import type { KeysService } from '../accounts/keys.service.ts';

const droneResult = z.object({
  droneId: z.string(),
  accepted: z.number(),
  outOfRange: z.number(),
  /** Dropped: recordTime outside the accepted window (TELEMETRY_MAX_PAST_HOURS / _FUTURE_SECONDS). */
  outOfTime: z.number(),
  duplicates: z.number(),
  /** Dropped: a fix implying an impossible speed from the drone's previous one. */
  implausible: z.number(),
  /** Points kept without their pilotId: that user is not a member of the drone's operating account. */
  pilotUnlinked: z.number(),
  /** Why the drone's points were refused (unknown drone, not the key account's). */
  error: z.string().optional(),
});

export function basicCredentials(req: FastifyRequest): { vid: string; secret: string } | null {
  const h = req.headers.authorization;
  if (!h?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(h.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i > 0 ? { vid: decoded.slice(0, i), secret: decoded.slice(i + 1) } : null;
}

export const telemetryRoutes: Routes<{
  keys: KeysService;
  ingest: Ingest;
  db: Db;
  metrics: Metrics;
}> = async (app, { keys, ingest, db, metrics }) => {
  async function keyAccount(req: FastifyRequest): Promise<number> {
    const creds = basicCredentials(req);
    const accountId = creds ? await keys.verify(creds.vid, creds.secret) : null;
    if (accountId === null) throw errors.telemetryKeyInvalid();
    return accountId;
  }

  app.get(
    '/api/telemetry/drones',
    {
      config: { access: 'public' },
      schema: {
        tags: ['telemetry'],
        summary: "The drones the key's account may send for (gateways and the simulator)",
        response: {
          200: okSchema(z.array(z.object({ droneId: z.string(), regionCode: z.number().nullable() }))),
        },
      },
    },
    async (req) => {
      const accountId = await keyAccount(req);
      const rows = await db
        .selectFrom('drones')
        .select(['drone_id', 'region_code'])
        .where((eb) => eb.or([eb('zz_account_id', '=', accountId), eb('yy_account_id', '=', accountId)]))
        .orderBy('drone_id')
        .execute();
      return ok(
        req,
        rows.map((r) => ({ droneId: r.drone_id, regionCode: r.region_code })),
      );
    },
  );

  app.post(
    '/api/telemetry/batch',
    {
      bodyLimit: 32 * 1024 * 1024,
      // The schema documents the body; checkTelemetryBatch checks it in place (the same rules,
      // tested against the schema) instead of zod copying tens of thousands of points a second.
      validatorCompiler: () => (data) => ({ value: data }),
      // A fleet posts every second: log failures only.
      logLevel: 'warn',
      // Device traffic, not a console write: millions of rows a day (a disabled account's key is
      // logged as log type 3 where it is refused).
      config: { access: 'public', audit: false },
      schema: {
        tags: ['telemetry'],
        summary: 'Send telemetry points of one or more drones (Basic auth with the account telemetry key)',
        body: telemetryBatch,
        response: { 200: okSchema(z.object({ drones: z.array(droneResult) })) },
      },
    },
    async (req, reply) => {
      const accountId = await keyAccount(req);
      const problem = checkTelemetryBatch(req.body);
      if (problem) {
        keys.ingestStats.refused(accountId, 'http', null, `invalid telemetry: ${problem}`);
        throw errors.badRequest('invalidField', { field: problem });
      }
      const drones = req.body.drones;
      let outcomes: Array<IngestResult | IngestError>;
      try {
        outcomes = await ingest.ingestBatch(drones, accountId);
      } catch (err) {
        req.log.error({ err }, 'telemetry batch not stored');
        throw errors.telemetryUnavailable();
      }
      const results = outcomes.map((o, i) => {
        const { droneId, points } = drones[i] as (typeof drones)[number];
        if (o instanceof IngestError) {
          keys.ingestStats.refused(accountId, 'http', droneId, o.message, points.length);
          return { droneId, ...nothingIngested(), error: o.message };
        }
        keys.ingestStats.accepted(accountId, 'http', droneId, o);
        return { droneId, ...o };
      });
      // Acknowledgement latency: from the request's arrival (onRequest) to this 2xx, all stored.
      const accepted = results.reduce((sum, r) => sum + r.accepted, 0);
      metrics.ingested('http', accepted, reply.elapsedTime / 1000);
      return ok(req, { drones: results });
    },
  );
};
