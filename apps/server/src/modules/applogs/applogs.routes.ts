/**
 * App logs (002 §7 "App log: oper/appLog/page"; README.md): the ground-station apps' ingest,
 * POST /api/oper/appLog/batch with the account telemetry key (Basic vid:secret, as
 * /api/telemetry/picture), and the console's list for the AppLog screen.
 */
import {
  APP_LOG_BATCH_PATH,
  APP_LOG_MAX_BATCH_BYTES,
  APP_LOG_MAX_ENTRIES,
  APP_LOG_PAGE_PATH,
  appLogBatch,
  appLogBatchResult,
  appLogPage,
  appLogPageQuery,
  ErrorCode,
  ok as okSchema,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { Routes } from '../../platform/routes.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import { basicCredentials } from '../telemetry/telemetry.routes.ts';
import type { AppLogsService } from './applogs.service.ts';

const tags = ['applogs'];

export const appLogRoutes: Routes<{
  appLogs: AppLogsService;
  keys: KeysService;
  limiter: RateLimiter;
  batchesPerMinute: number;
}> = async (app, { appLogs, keys, limiter, batchesPerMinute }) => {
  const senders = new WeakMap<FastifyRequest, number>();
  /** The key's account; a key past its batches this minute is answered 429 with Retry-After. */
  async function keyAccount(req: FastifyRequest): Promise<number> {
    const creds = basicCredentials(req);
    const accountId = creds ? await keys.verify(creds.vid, creds.secret) : null;
    if (accountId === null || !creds) throw errors.telemetryKeyInvalid();
    await limiter.hit(`applog-batch:${creds.vid}`, { limit: batchesPerMinute, windowSeconds: 60 });
    return accountId;
  }

  app.post(
    APP_LOG_BATCH_PATH,
    {
      bodyLimit: APP_LOG_MAX_BATCH_BYTES,
      // Device traffic, not a console write (like telemetry): no system-log row per batch.
      config: { access: 'public', audit: false },
      logLevel: 'warn',
      // The key (401), its rate (429) and the entry count (413) are checked before the entries are
      // validated (400), so neither a stranger nor a flood costs a validation of 500 entries.
      preValidation: async (req) => {
        senders.set(req, await keyAccount(req));
        const body = req.body as { entries?: unknown } | undefined;
        if (Array.isArray(body?.entries) && body.entries.length > APP_LOG_MAX_ENTRIES)
          throw new AppError(413, ErrorCode.payloadTooLarge, 'appLogTooManyEntries', {
            max: APP_LOG_MAX_ENTRIES,
          });
      },
      schema: {
        tags,
        summary: `Send app log entries (Basic vid:secret, the account telemetry key; at most ${APP_LOG_MAX_ENTRIES} entries, 1 MiB)`,
        body: appLogBatch,
        response: { 200: okSchema(appLogBatchResult) },
      },
    },
    async (req) => {
      const accountId = senders.get(req);
      if (accountId === undefined) throw errors.telemetryKeyInvalid();
      return ok(req, await appLogs.ingest(accountId, req.body.entries));
    },
  );

  app.get(
    APP_LOG_PAGE_PATH,
    {
      config: { access: { screens: ['AppLog'] } },
      schema: {
        tags,
        summary: 'App log entries newest first, filtered by type and searched by text (002 §7)',
        querystring: appLogPageQuery,
        response: { 200: okSchema(appLogPage) },
      },
    },
    async (req) => ok(req, await appLogs.list(scopeOf(callerOf(req)), req.query)),
  );
};
