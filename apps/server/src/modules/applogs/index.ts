/**
 * The applogs module (issue 23 point 5; README.md), registered by app.ts: its messages handed in,
 * its service, its routes, and the retention job (the monthly partitions made ahead, entries older
 * than APP_LOG_RETENTION_DAYS removed: once at start and then every hour; stopped when the app closes).
 */
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Leader } from '../../platform/leader.ts';
import { registerMessages } from '../../platform/messages.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { Routes } from '../../platform/routes.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import { APP_LOG_MESSAGES } from './applogs.messages.ts';
import { createAppLogsRepo } from './applogs.repo.ts';
import { appLogRoutes } from './applogs.routes.ts';
import { createAppLogsService } from './applogs.service.ts';

export const RETENTION_EVERY_MS = 3_600_000;

export const appLogsModule: Routes<{
  db: Db;
  config: Config;
  logger: Logger;
  keys: KeysService;
  limiter: RateLimiter;
  leader: Leader;
}> = async (app, deps) => {
  registerMessages(APP_LOG_MESSAGES);
  const appLogs = createAppLogsService({
    repo: createAppLogsRepo(deps.db),
    retentionDays: deps.config.appLogRetentionDays,
  });
  await app.register(appLogRoutes, {
    appLogs,
    keys: deps.keys,
    limiter: deps.limiter,
    batchesPerMinute: deps.config.appLogBatchesPerMinute,
  });

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  // Once per cluster (the leader's); two at once during a hand-over make each month and drop or
  // delete the same old rows once (applogs.partitions.ts).
  const purge = () => {
    if (running || !deps.leader.isLeader()) return;
    running = appLogs
      .purge()
      .then((r) => {
        if (r.created.length) deps.logger.info({ partitions: r.created }, 'app log partitions made');
        if (r.deleted || r.dropped.length)
          deps.logger.info({ deleted: r.deleted, partitions: r.dropped }, 'app logs past retention deleted');
      })
      .catch((err) => deps.logger.warn({ err }, 'app log retention failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, RETENTION_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
