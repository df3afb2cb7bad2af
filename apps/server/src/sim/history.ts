/**
 * npm run seed:history -- --sorties N [--days 120] [--seed 1] [--tracks-days 7]
 *
 * Backfills N sorties over the last `days` days: each is a real simulated mission over a field
 * near the drone's registered province, cut into sorties and summarised by the same code as live
 * ingest (sortieRow -> summarizeSortie -> sprayedArea). Deterministic by seed: a second run with the
 * same arguments adds nothing (sorties are unique per drone and take-off time). Tracks are kept for
 * the last `tracks-days` days only, so months of history stay small. Uses DATABASE_URL, or the
 * embedded PostgreSQL under DATA_DIR as `npm start` does.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../demo/seed.ts';
import { regionAt } from '../modules/regions/geo/regionAt.ts';
import { createDb, type Db } from '../platform/db.ts';
import { startEmbeddedPostgres } from '../platform/embeddedPostgres.ts';
import { migrateToLatest } from '../platform/migrate.ts';
import type { DroneMeta } from '../telemetry/ingest/droneDirectory.ts';
import { type NewSortie, sortieRow } from '../telemetry/ingest/sortieRow.ts';
import { SortieTracker } from '../telemetry/tracker/sortieTracker.ts';
import { placeFor } from './fleet/demoFleet.ts';
import { hashSeed, mulberry32, randomDrone, randomField, simulateMission } from './flight/index.ts';

const { values } = parseArgs({
  options: {
    sorties: { type: 'string', default: '1000' },
    days: { type: 'string', default: '120' },
    seed: { type: 'string', default: '1' },
    'tracks-days': { type: 'string', default: '7' },
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

async function insert(rows: NewSortie[], keepTrackAfter: number) {
  if (!rows.length) return 0;
  const inserted = await db
    .insertInto('sorties')
    .values(
      rows.map(({ track: _t, ...r }) => ({
        ...r,
        start_time: new Date(r.start_time),
        end_time: new Date(r.end_time),
      })),
    )
    .onConflict((oc) => oc.columns(['drone_id', 'start_time']).doNothing())
    .returning(['sortie_id', 'drone_id', 'start_time'])
    .execute();
  const byKey = new Map(rows.map((r) => [`${r.drone_id}/${r.start_time}`, r]));
  const tracks = inserted
    .map((i) => ({ id: i.sortie_id, row: byKey.get(`${i.drone_id}/${i.start_time.getTime()}`) }))
    .filter((x) => x.row && x.row.start_time >= keepTrackAfter)
    .map((x) => ({ sortie_id: x.id, track: x.row?.track as Uint8Array }));
  if (tracks.length) await db.insertInto('sortie_tracks').values(tracks).execute();
  return inserted.length;
}

try {
  await migrateToLatest(db);
  if (config.demoData) await seedDemo(db);
  const drones = await db
    .selectFrom('drones as d')
    .innerJoin('drone_models as m', 'm.id', 'd.model_id')
    .select([
      'd.drone_id',
      'd.drone_name',
      'd.model_id',
      'm.model_name',
      'd.zz_account_id',
      'd.yy_account_id',
      'd.device_type',
      'd.region_code',
    ])
    .where('d.activation_status', '=', 2)
    .orderBy('d.drone_id')
    .execute();
  if (!drones.length) throw new Error('no activated drones: seed demo data first (DEMO_DATA=1)');
  const now = Date.now();
  const from = now - days * 86_400_000;
  const keepTrackAfter = now - tracksDays * 86_400_000;
  const started = Date.now();
  let made = 0;
  let stored = 0;
  let mission = 0;
  let batch: NewSortie[] = [];
  let nextReport = 0;
  while (made < total) {
    const rng = mulberry32(hashSeed(`history/${seed}/${mission}`));
    const d = drones[mission % drones.length] as (typeof drones)[number];
    mission++;
    const meta: DroneMeta = {
      droneId: d.drone_id,
      droneName: d.drone_name,
      modelId: d.model_id,
      modelName: d.model_name,
      zz: d.zz_account_id,
      yy: d.yy_account_id,
      deviceType: d.device_type,
      regionCode: d.region_code,
    };
    // A working day between 06:00 and 18:00 (UTC+8 for China, +7 for Thailand: close enough).
    const day = from + Math.floor(rng.range(0, days)) * 86_400_000;
    const dayStart = day - (day % 86_400_000) - 8 * 3_600_000;
    const start = Math.round(dayStart + rng.range(6, 16) * 3_600_000);
    if (start > now - 3_600_000) continue;
    const field = randomField(rng, placeFor(d.region_code));
    const tracker = new SortieTracker();
    for (const s of simulateMission(randomDrone(rng), field, {
      startTime: start,
      seed: rng.int(1, 2 ** 31),
      rateHz: 1,
    }))
      for (const closed of tracker.push(s.point)) {
        if (made >= total) break;
        batch.push(sortieRow(meta, closed, regionAt));
        made++;
      }
    if (batch.length >= 500 || made >= total) {
      stored += await insert(batch, keepTrackAfter);
      batch = [];
    }
    if (made >= nextReport) {
      log.info({ made, stored, total, seconds: Math.round((Date.now() - started) / 1000) }, 'seed:history');
      nextReport += Math.max(1, Math.floor(total / 20));
    }
  }
  stored += await insert(batch, keepTrackAfter);
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
