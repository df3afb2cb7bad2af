/**
 * The history generator behind `npm run seed:history` (sim/history.ts): N sorties over the last
 * `days` days, each a simulated mission over a field near the drone's registered province, cut
 * by the sortie tracker and summarised by sortieRow like live ingest. Deterministic by seed; a
 * second run adds nothing (sorties are unique per drone and take-off time).
 */
import { regionAt } from '../modules/regions/geo/regionAt.ts';
import type { Db } from '../platform/db.ts';
import { createDroneDirectory, type DroneMeta } from '../telemetry/ingest/droneDirectory.ts';
import { type NewSortie, sortieRow } from '../telemetry/ingest/sortieRow.ts';
import { SortieTracker } from '../telemetry/tracker/sortieTracker.ts';
import { placeFor } from './fleet/demoFleet.ts';
import { hashSeed, mulberry32, randomDrone, randomField, simulateMission } from './flight/index.ts';

export interface HistoryOptions {
  sorties: number;
  days: number;
  seed: number;
  /** Tracks are stored for sorties of the last this many days only. */
  tracksDays: number;
  now?: number;
  onProgress?: (made: number, stored: number) => void;
}

const DAY = 86_400_000;

async function insert(db: Db, rows: NewSortie[], keepTrackAfter: number): Promise<number> {
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

/** The activated drones, as live ingest sees them (owners, model, registered region). */
async function activatedDrones(db: Db): Promise<DroneMeta[]> {
  const ids = (
    await db
      .selectFrom('drones')
      .select('drone_id')
      .where('activation_status', '=', 2)
      .orderBy('drone_id')
      .execute()
  ).map((r) => r.drone_id);
  const directory = createDroneDirectory(db);
  for (let i = 0; i < ids.length; i += 1000) await directory.preload(ids.slice(i, i + 1000));
  return ids.map((id) => directory.peek(id)).filter((m): m is DroneMeta => !!m);
}

export async function seedHistory(db: Db, o: HistoryOptions): Promise<{ made: number; stored: number }> {
  const drones = await activatedDrones(db);
  if (!drones.length) throw new Error('no activated drones: seed demo data first (DEMO_DATA=1)');
  const now = o.now ?? Date.now();
  const from = now - o.days * DAY;
  const keepTrackAfter = now - o.tracksDays * DAY;
  let made = 0;
  let stored = 0;
  let batch: NewSortie[] = [];
  let nextReport = 0;
  for (let mission = 0; made < o.sorties; mission++) {
    const rng = mulberry32(hashSeed(`history/${o.seed}/${mission}`));
    // Any drone, at random (deterministic by seed): a short history still covers every maker and region.
    const meta = drones[Math.floor(rng.next() * drones.length)] as DroneMeta;
    // A working day between 06:00 and 18:00 (UTC+8 for China, +7 for Thailand: close enough).
    const day = from + Math.floor(rng.range(0, o.days)) * DAY;
    const start = Math.round(day - (day % DAY) - 8 * 3_600_000 + rng.range(6, 16) * 3_600_000);
    if (start > now - 3_600_000) continue;
    const field = randomField(rng, placeFor(meta.regionCode));
    const tracker = new SortieTracker();
    const run = simulateMission(randomDrone(rng), field, {
      startTime: start,
      seed: rng.int(1, 2 ** 31),
      rateHz: 1,
    });
    for (const s of run)
      for (const closed of tracker.push(s.point)) {
        if (made >= o.sorties) break;
        batch.push(sortieRow(meta, closed, regionAt));
        made++;
      }
    if (batch.length >= 500) {
      stored += await insert(db, batch, keepTrackAfter);
      batch = [];
    }
    if (made >= nextReport) {
      o.onProgress?.(made, stored);
      nextReport += Math.max(1, Math.floor(o.sorties / 20));
    }
  }
  stored += await insert(db, batch, keepTrackAfter);
  return { made, stored };
}
