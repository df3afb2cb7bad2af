/**
 * npm run seed:history -- --sorties N [--days 120] [--seed 1] [--tracks-days 7] [--template-tracks] [--bulk]
 *
 * Backfills N sorties over the last `days` days (see historyGen.ts): missions of the last
 * `tracks-days` are simulated point by point and keep their tracks; older ones reuse the summaries
 * of simulated template missions, summarised by the same code as live ingest (and, with
 * --template-tracks, their tracks moved to the field and day, about 4 KB a sortie). Deterministic by
 * seed: a second run with the same arguments adds nothing (sorties are unique per drone and take-off
 * time). Sorties and their rollups are stored together; --bulk (for millions) stores the sorties
 * alone and rebuilds the rollups at the end, several times faster, but only with the console
 * stopped, since the rebuild empties the rollups first. Uses DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR as `npm start` does.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../demo/seed.ts';
import { createDb, type Db } from '../platform/db.ts';
import { startEmbeddedPostgres } from '../platform/embeddedPostgres.ts';
import { migrateToLatest } from '../platform/migrate.ts';
import { seedHistory } from './historyGen.ts';

const { values } = parseArgs({
  options: {
    sorties: { type: 'string', default: '1000' },
    days: { type: 'string', default: '120' },
    seed: { type: 'string', default: '1' },
    'tracks-days': { type: 'string', default: '7' },
    'template-tracks': { type: 'boolean', default: false },
    bulk: { type: 'boolean', default: false },
  },
});
const total = Number(values.sorties);
const days = Number(values.days);
const seed = Number(values.seed);
const tracksDays = Number(values['tracks-days']);
if (!Number.isInteger(total) || total < 1) throw new Error('--sorties must be a positive integer');
if (!(days > 0)) throw new Error('--days must be positive');

const log = pino({ level: 'info' });
const config = loadConfig();
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
const db: Db = createDb(config.databaseUrl ?? (embedded?.url as string), 4);

try {
  await migrateToLatest(db);
  if (config.demoData) await seedDemo(db);
  const started = Date.now();
  const { made, stored } = await seedHistory(db, {
    sorties: total,
    days,
    seed,
    tracksDays,
    templateTracks: values['template-tracks'],
    bulk: values.bulk,
    rollups: { timeZone: config.statTimeZone },
    onProgress: (made, stored) =>
      log.info({ made, stored, total, seconds: Math.round((Date.now() - started) / 1000) }, 'seed:history'),
  });
  const [{ n } = { n: 0 }] = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sorties`
    .execute(db)
    .then((r) => r.rows);
  process.stdout.write(
    `seed:history: ${made} sorties generated, ${stored} new (others existed), ${n} in the database, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} finally {
  await db.destroy();
  await embedded?.stop();
}
