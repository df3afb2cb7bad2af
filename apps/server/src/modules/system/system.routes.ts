/**
 * Health and the deployment profile the web reads at start. Beside `/api/health` (the process and
 * its database), a load balancer's pair (docs/operations.md "Metrics and health"): `/api/health/live`
 * (the process answers) and `/api/health/ready` (it can serve now: platform/health.ts).
 */
import { hostProfileAnswerSchema, ok as okSchema } from '@agrifleet/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { DB_RETRY_AFTER_SECONDS } from '../../platform/dbHealth.ts';
import type { Readiness } from '../../platform/health.ts';
import { ok } from '../../platform/http.ts';
import { registerMessages, translate } from '../../platform/messages.ts';
import type { Routes } from '../../platform/routes.ts';
import { SYSTEM_MESSAGES } from './system.messages.ts';

const readinessReport = z.object({
  ready: z.boolean(),
  draining: z.boolean(),
  checks: z.record(z.string(), z.boolean()),
});

export const systemRoutes: Routes<{
  db: Db;
  version: string;
  statTimeZone: string;
  readiness: Readiness;
}> = async (app, { db, version, statTimeZone, readiness }) => {
  registerMessages(SYSTEM_MESSAGES);
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: okSchema(
            z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') }),
          ),
        },
      },
    },
    async (req) => {
      await sql`SELECT 1`.execute(db);
      return ok(req, { status: 'ok' as const, version, database: 'ok' as const });
    },
  );

  app.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no dependency is asked)',
        response: { 200: okSchema(z.object({ status: z.literal('ok') })) },
      },
    },
    async (req) => ok(req, { status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary:
          'Readiness for a load balancer: 503 while draining or while a check fails (database, cluster)',
        response: {
          200: okSchema(readinessReport),
          503: z.object({ code: z.literal(503), message: z.string(), data: readinessReport }),
        },
      },
    },
    async (req, reply) => {
      const report = await readiness.report();
      if (report.ready) return ok(req, report);
      return reply
        .status(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send({ code: 503 as const, message: translate('notReady', req.lang), data: report });
    },
  );

  app.get(
    '/api/system/host-profile',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'The deployment profile for this host and the statistics time zone',
        response: { 200: okSchema(hostProfileAnswerSchema) },
      },
    },
    async (req) => ok(req, { ...req.hostProfile, statTimeZone }),
  );
};
