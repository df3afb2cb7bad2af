/**
 * npm run stats:rebuild [-- --step 200000]
 *
 * Recomputes every statistics rollup from the sorties (telemetry/rollups). Run it with the
 * console stopped: the dashboards read empty rollups until it ends. Uses DATABASE_URL, or the
 * embedded PostgreSQL under DATA_DIR as `npm start` does. STAT_TIMEZONE as the server's.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../../config.ts';
import { createDb } from '../../platform/db.ts';
import { startEmbeddedPostgres } from '../../platform/embeddedPostgres.ts';
import { migrateToLatest } from '../../platform/migrate.ts';
import { DEFAULT_ROLLUP_SETTINGS, rebuildRollups } from './index.ts';

const { values } = parseArgs({ options: { step: { type: 'string', default: '200000' } } });
const step = Number(values.step);
if (!Number.isInteger(step) || step < 1) throw new Error('--step must be a positive integer');

const log = pino({ level: 'info' });
const config = loadConfig();
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
const db = createDb(config.databaseUrl ?? (embedded?.url as string), 2);
try {
  await migrateToLatest(db);
  const started = Date.now();
  const { sorties } = await rebuildRollups(db, {
    step,
    settings: { ...DEFAULT_ROLLUP_SETTINGS, timeZone: config.statTimeZone },
    onProgress: (done, total) =>
      log.info({ done, total, seconds: Math.round((Date.now() - started) / 1000) }, 'stats:rebuild'),
  });
  process.stdout.write(
    `stats:rebuild: ${sorties} sorties in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} finally {
  await db.destroy();
  await embedded?.stop();
}
