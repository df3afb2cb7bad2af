/**
 * The demo's anomalies (the drone detail's anomaly tab, the monitor's alerts): yesterday's missions
 * of a few demo drones, simulated point by point as the history's recent missions are
 * (sim/flight), with a fault in their first sortie: sprayed too high (2, blowing), the crop changed
 * halfway (3, wrong crops), flown in a crosswind over the limit (4, abnormal weather), a controller
 * that reports about twice the area (5, wrong acreage). Each sortie is stored as ingest stores a
 * landed one (summary by sortieRow, its track, the rollups) and judged in the same transaction by
 * the anomaly stream's landing hook (telemetry/anomalies/stream.ts), which raises the anomalies:
 * nothing is written to `anomalies` by hand. Runs after the demo's history on a first start (main.ts,
 * test/console.ts); a second run adds nothing (sorties are unique per drone and take-off time, and
 * only a new sortie is judged).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { Transaction } from 'kysely';
import { regionAt } from '../modules/regions/geo/regionAt.ts';
import type { Db } from '../platform/db.ts';
import type { Database } from '../platform/schema.ts';
import { placeFor } from '../sim/fleet/demoFleet.ts';
import {
  DEFAULT_DRONE,
  hashSeed,
  mulberry32,
  offsetLngLat,
  rectangleField,
  simulateMission,
} from '../sim/flight/index.ts';
import { CROP_IDS } from '../sim/historyGen.ts';
import { createAnomalyStream } from '../telemetry/anomalies/stream.ts';
import { createDroneDirectory, type DroneMeta } from '../telemetry/ingest/droneDirectory.ts';
import { type NewSortie, sortieRow } from '../telemetry/ingest/sortieRow.ts';
import { addToRollups, type RollupSettings } from '../telemetry/rollups/index.ts';
import { summarizeSortie } from '../telemetry/summary/sortieSummary.ts';
import { SortieTracker } from '../telemetry/tracker/sortieTracker.ts';
import { demoIds } from './activity.ts';

export type DemoFault = 'drift' | 'cropChange' | 'crosswind' | 'acreage';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const airborneSpraying = (p: TelemetryPoint) => p.pump && p.height > 0.8;

/** The faults, each applied to the points of one sortie (a new array; the input is not changed). */
export const FAULTS: Record<DemoFault, (points: TelemetryPoint[]) => TelemetryPoint[]> = {
  // Spraying at 5.5 m above the take-off point: the droplets drift off the field.
  drift: (pts) => pts.map((p) => (airborneSpraying(p) ? { ...p, height: 5.5 } : p)),
  // The tank mix declared for another crop from the middle of the spraying on.
  cropChange: (pts) => {
    const spraying = pts.filter(airborneSpraying);
    const half = spraying[Math.floor(spraying.length / 2)]?.recordTime ?? Number.POSITIVE_INFINITY;
    const other = (c: number | undefined) => (c === CROP_IDS.rice ? CROP_IDS.wheat : CROP_IDS.rice);
    return pts.map((p) =>
      p.recordTime >= half && p.cropId !== undefined ? { ...p, cropId: other(p.cropId) } : p,
    );
  },
  // A 6 m/s wind across the passes: the nose points into it (the air velocity), off the course.
  crosswind: (pts) => {
    const first = pts.find(airborneSpraying);
    if (!first) return pts;
    const h = (first.heading * Math.PI) / 180;
    const wind = { e: 6 * Math.cos(h), n: -6 * Math.sin(h) };
    return pts.map((p) => {
      if (!airborneSpraying(p) || p.speed < 1) return p;
      const c = (p.heading * Math.PI) / 180;
      const air = { e: p.speed * Math.sin(c) - wind.e, n: p.speed * Math.cos(c) - wind.n };
      const heading = ((Math.atan2(air.e, air.n) * 180) / Math.PI + 360) % 360;
      return { ...p, heading: Math.round(heading * 10) / 10 };
    });
  },
  // The controller counts about 1.9 times the area sprayed.
  acreage: (pts) => {
    const areaM2 = summarizeSortie(pts, regionAt).areaM2;
    const n = Math.max(1, pts.length - 1);
    return pts.map((p, i) => ({ ...p, workArea: Math.round((1.9 * areaM2 * i) / n) }));
  },
};

/** Which drones fly which faults: a couple per demo operator (its own drones, on its farmland). */
export const DEMO_FAULT_PLAN: Array<{ account: string; faults: DemoFault[] }> = [
  { account: 'operator-a', faults: ['drift', 'acreage'] },
  { account: 'operator-b', faults: ['cropChange', 'crosswind'] },
  { account: 'personal', faults: ['drift'] },
  { account: 'maker-b', faults: ['acreage'] },
];

/** One mission of `meta` flown yesterday with `fault` in its first sortie, as stored rows and points. */
export function faultyMission(meta: DroneMeta, fault: DemoFault, now: number, seed: number) {
  const rng = mulberry32(hashSeed(`demo-anomaly/${meta.droneId}/${fault}/${seed}`));
  const place = placeFor(meta.regionCode);
  const bearing = rng.range(0, 2 * Math.PI);
  const centre = offsetLngLat(place, 3000 * Math.sin(bearing), 3000 * Math.cos(bearing));
  const field = rectangleField({ center: centre, widthM: 80, lengthM: 180, angleDeg: rng.range(0, 180) });
  const dayStart = now - DAY - (now % DAY);
  const startTime = Math.round(dayStart + rng.range(1, 6) * HOUR);
  const tracker = new SortieTracker();
  const closed: TelemetryPoint[][] = [];
  for (const s of simulateMission(DEFAULT_DRONE, field, {
    startTime,
    seed: rng.int(1, 2 ** 31),
    rateHz: 1,
    cropId: CROP_IDS[place.crop],
    workMode: 'auto',
  }))
    for (const c of tracker.push(s.point)) closed.push(c.points);
  return closed.map((points, i) => {
    const flown = i === 0 ? FAULTS[fault](points) : points;
    return { row: sortieRow(meta, { points: flown, reason: 'landed' }, regionAt), points: flown };
  });
}

/** The first activated drones an account operates (not on a lease), by id. */
async function dronesOf(db: Db, accountId: number, n: number) {
  const rows = await db
    .selectFrom('drones')
    .select('drone_id')
    .where('yy_account_id', '=', accountId)
    .where('activation_status', '=', 2)
    // Not a leased drone: its sorties are billed to the tenant (leasing/billing.ts), not seeded here.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('leases')
            .select('leases.id')
            .whereRef('leases.drone_id', '=', 'drones.drone_id')
            .where('leases.status', '=', 1),
        ),
      ),
    )
    .orderBy('drone_id')
    .limit(n)
    .execute();
  return rows.map((r) => r.drone_id);
}

async function store(
  trx: Transaction<Database>,
  flights: Array<{ row: NewSortie; points: TelemetryPoint[] }>,
  settings: RollupSettings,
  hook: ReturnType<typeof createAnomalyStream>['afterSortie'],
) {
  const ids: number[] = [];
  for (const { row, points } of flights) {
    const { track, ...values } = row;
    const inserted = await trx
      .insertInto('sorties')
      .values({ ...values, start_time: new Date(row.start_time), end_time: new Date(row.end_time) })
      .onConflict((oc) => oc.columns(['drone_id', 'start_time']).doNothing())
      .returning('sortie_id')
      .executeTakeFirst();
    if (!inserted) continue;
    ids.push(inserted.sortie_id);
    await trx
      .insertInto('sortie_tracks')
      .values({ sortie_id: inserted.sortie_id, drone_id: values.drone_id, track })
      .execute();
    await hook(trx, { ...row, sortieId: inserted.sortie_id }, points);
  }
  if (ids.length) await addToRollups(trx, { ids }, settings);
  return ids.length;
}

/** Flies the plan; returns the sorties stored and the anomalies they raised. */
export async function seedDemoAnomalies(
  db: Db,
  o: { timeZone: string; now?: number },
): Promise<{ sorties: number; anomalies: number }> {
  const now = o.now ?? Date.now();
  const { accounts } = await demoIds(db);
  const directory = createDroneDirectory(db);
  const stream = createAnomalyStream({ db, locate: regionAt });
  const flights: Array<{ row: NewSortie; points: TelemetryPoint[] }> = [];
  for (const { account, faults } of DEMO_FAULT_PLAN) {
    const accountId = accounts.get(account);
    if (accountId === undefined) continue;
    const ids = await dronesOf(db, accountId, faults.length);
    await directory.preload(ids);
    for (const [i, fault] of faults.entries()) {
      const meta = ids[i] ? directory.peek(ids[i]) : null;
      if (meta) flights.push(...faultyMission(meta, fault, now, i));
    }
  }
  const before = await countAnomalies(db);
  const sorties = await db
    .transaction()
    .execute((trx) => store(trx, flights, { timeZone: o.timeZone }, stream.afterSortie));
  return { sorties, anomalies: (await countAnomalies(db)) - before };
}

async function countAnomalies(db: Db) {
  const r = await db
    .selectFrom('anomalies')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
