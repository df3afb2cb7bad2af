/**
 * Shared by the reopened-sortie tests (issue 20 #16): one real flight at 1 Hz, and what a drone's
 * flight left behind — its sorties, charges, the wallet postings of its sorties, its statistics and
 * leasing rollups — to compare a flight uploaded with an interruption against the same flight
 * uploaded in one go by another drone.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';

/** The first sortie of a mission over a 80 x 150 m field at 1 Hz (310 points), from `start`. */
export function lagFlight(start: number): TelemetryPoint[] {
  const field = rectangleField({
    center: { lng: 114.61, lat: 33.54 },
    widthM: 80,
    lengthM: 150,
    angleDeg: 10,
  });
  const mission = runMission(DEFAULT_DRONE, field, { startTime: start, seed: 7, rateHz: 1 });
  return (mission.sorties[0]?.points ?? []) as TelemetryPoint[];
}

/** The point the console had acknowledged when it was killed: 230 of 328 in the field report. */
export const cutOf = (points: readonly TelemetryPoint[]) => Math.round((points.length * 230) / 328);

export async function flightFigures(db: Db, droneId: string) {
  const sorties = await db
    .selectFrom('sorties')
    .select([
      'sortie_id',
      'start_time',
      'end_time',
      'end_reason',
      'area_mu',
      'area_m2',
      'duration_s',
      'volume_l',
      'distance_m',
      'point_count',
    ])
    .where('drone_id', '=', droneId)
    .orderBy('start_time')
    .execute();
  const charges = await db
    .selectFrom('lease_charges')
    .select(['id', 'sortie_id', 'amount_minor', 'area_mu', 'replaces_charge_id'])
    .where('drone_id', '=', droneId)
    .where('kind', '=', 2)
    .orderBy('id')
    .execute();
  const current = charges.filter((c) => !charges.some((r) => r.replaces_charge_id === c.id));
  const refs = sorties.flatMap((s) => [`sortie:${s.sortie_id}`, `sortie:${s.sortie_id}:reopened`]);
  const ledger = refs.length
    ? await db
        .selectFrom('lease_ledger')
        .select(['txn_id', 'ref', 'amount_minor', 'client_id'])
        .where('ref', 'in', refs)
        .execute()
    : [];
  const wallet = ledger.filter((e) => e.client_id !== null).reduce((n, e) => n + Number(e.amount_minor), 0);
  const stat = await db
    .selectFrom('stat_drone')
    .select(['sorties', 'area_mu', 'volume_l', 'duration_s'])
    .where('drone_id', '=', droneId)
    .where('sk', '=', 0)
    .where('grain', '=', 'a')
    .execute();
  const daily = await db
    .selectFrom('stat_daily')
    .select((eb) => [
      eb.fn.sum<number>('sorties').as('sorties'),
      eb.fn.sum<number>('area_mu').as('area_mu'),
      eb.fn.sum<number>('distance_m').as('distance_m'),
    ])
    .where('drone_id', '=', droneId)
    .executeTakeFirstOrThrow();
  const lease = await db
    .selectFrom('lease_stat_drone')
    .select(['sorties', 'area_mu', 'charge_minor'])
    .where('drone_id', '=', droneId)
    .execute();
  return { sorties, charges, current, ledger, wallet, stat, daily, lease };
}

const close = (a: number, b: number, eps = 1e-6) => expect(Math.abs(Number(a) - Number(b))).toBeLessThan(eps);

/** The interrupted drone's flight reads as the clean one's: one sortie, charged once, same figures. */
export function expectSameFlight(
  got: Awaited<ReturnType<typeof flightFigures>>,
  clean: Awaited<ReturnType<typeof flightFigures>>,
) {
  expect(clean.sorties).toHaveLength(1);
  expect(got.sorties.map((s) => s.end_reason)).toEqual(['landed']);
  const [g, c] = [got.sorties[0], clean.sorties[0]] as [(typeof got.sorties)[0], (typeof got.sorties)[0]];
  expect(g.start_time.getTime()).toBe(c.start_time.getTime());
  expect(g.end_time.getTime()).toBe(c.end_time.getTime());
  expect(g.point_count).toBe(c.point_count);
  close(g.area_mu, c.area_mu, 1e-9);
  close(g.area_m2, c.area_m2, 1e-6);
  close(g.duration_s, c.duration_s, 1e-3);
  close(g.volume_l, c.volume_l, 1e-3);
  close(g.distance_m, c.distance_m, 1e-3);
  // Charged once for the whole flight: one current charge, the wallet down by exactly it.
  expect(got.current).toHaveLength(1);
  expect(clean.current).toHaveLength(1);
  expect(Number(got.current[0]?.amount_minor)).toBe(Number(clean.current[0]?.amount_minor));
  expect(Number(got.current[0]?.amount_minor)).toBeGreaterThan(0);
  expect(got.wallet).toBe(clean.wallet);
  expect(got.wallet).toBe(-Number(clean.current[0]?.amount_minor));
  // Statistics and leasing rollups as if it had landed in one go.
  expect(got.stat).toHaveLength(1);
  expect(Number(got.stat[0]?.sorties)).toBe(1);
  close(Number(got.stat[0]?.area_mu), Number(clean.stat[0]?.area_mu), 1e-9);
  close(Number(got.stat[0]?.volume_l), Number(clean.stat[0]?.volume_l), 1e-3);
  close(Number(got.stat[0]?.duration_s), Number(clean.stat[0]?.duration_s), 1e-3);
  expect(Number(got.daily.sorties)).toBe(1);
  close(Number(got.daily.area_mu), Number(clean.daily.area_mu), 1e-9);
  close(Number(got.daily.distance_m), Number(clean.daily.distance_m), 1e-3);
  expect(got.lease.map((l) => [l.sorties, Number(l.charge_minor)])).toEqual(
    clean.lease.map((l) => [l.sorties, Number(l.charge_minor)]),
  );
  close(Number(got.lease[0]?.area_mu), Number(clean.lease[0]?.area_mu), 1e-9);
}

/** Every txn of the leasing ledger sums to zero. */
export async function unbalancedTxns(db: Db) {
  return db
    .selectFrom('lease_ledger')
    .select('txn_id')
    .groupBy('txn_id')
    .having((eb) => eb.fn.sum('amount_minor'), '<>', 0)
    .execute();
}
