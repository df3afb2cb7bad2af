/** Health and the deployment profile the web reads at start. */
import { hostProfileAnswerSchema, ok as okSchema } from '@agrifleet/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';

export const systemRoutes: Routes<{ db: Db; version: string; statTimeZone: string }> = async (
  app,
  { db, version, statTimeZone },
) => {
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
