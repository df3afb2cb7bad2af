/**
 * Own account's telemetry key: create (PUT, with vid; only once the account passed review) and
 * download as a file (GET).
 */
import { type AccountType, ErrorCode, isVerified, ok as okSchema } from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { KeysService } from './keys.service.ts';

const tags = ['accounts'];

const count = z.number().int();
const keyIngestStats = z.object({
  since: z.number(),
  messages: z.object({ accepted: count, refused: count }),
  points: z.object({
    accepted: count,
    refused: count,
    outOfRange: count,
    outOfTime: count,
    duplicates: count,
    implausible: count,
    pilotUnlinked: count,
  }),
  lastProblems: z.array(
    z.object({
      time: z.number(),
      transport: z.enum(['mqtt', 'http']),
      droneId: z.string().nullable(),
      kind: z.enum(['refused', 'dropped']),
      reason: z.string(),
      points: count,
    }),
  ),
});
const access = { screens: ['AccountDetail'], ability: 'manageEquipment' } as const;

export const keyRoutes: Routes<{ keys: KeysService }> = async (app, { keys }) => {
  app.put(
    '/api/user/account/secretKey',
    {
      config: { access },
      schema: {
        tags,
        summary: "Create the account's telemetry key (revokes the previous one)",
        body: z.object({ vid: z.string().regex(/^[A-Za-z0-9_-]{3,64}$/) }),
        response: { 200: okSchema(z.object({ vid: z.string(), createTime: z.string() })) },
      },
    },
    async (req) => {
      const { account } = callerOf(req);
      // An account not yet reviewed may see its detail page, not send telemetry (issue 9 #19).
      if (
        !isVerified({ accountType: account.account_type as AccountType, checkStatus: account.check_status })
      )
        throw new AppError(403, ErrorCode.forbidden, 'telemetryKeyUnreviewed');
      return ok(req, await keys.create(account.id, req.body.vid));
    },
  );

  app.get(
    '/api/user/account/secretKey/stats',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "What the account's telemetry key sent became since the console started: messages and points taken, refused and dropped, and the last reasons",
        response: { 200: okSchema(keyIngestStats) },
      },
    },
    async (req) => ok(req, keys.ingestStats.get(callerOf(req).account.id)),
  );

  app.get(
    '/api/user/account/secretKey',
    { config: { access }, schema: { tags, summary: "Download the account's telemetry key as a file" } },
    async (req, reply) => {
      const key = await keys.current(callerOf(req).account.id);
      if (!key) throw errors.notFound();
      const text = [
        '# AgriFleet telemetry key. Keep it secret; see docs/api.md.',
        `vid=${key.vid}`,
        `secret=${key.secret}`,
        '# MQTT: username = vid, password = secret',
        '# HTTP: Authorization: Basic base64(vid:secret)',
        '',
      ].join('\n');
      return reply
        .header('content-disposition', `attachment; filename="agrifleet-${key.vid}.key"`)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(text);
    },
  );
};
