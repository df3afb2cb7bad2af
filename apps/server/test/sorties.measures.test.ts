/**
 * Issue 9 (smaller): drone statistics showed sprayQuantity 12.800000190734863, a single-precision
 * artefact of the sorties' `real` columns. The measures are double precision now (migration 0012)
 * so the statistics sum the values that were stored.
 */
import { DRONE_STAT_PATH } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups } from '../src/telemetry/rollups/index.ts';
import { type FleetRole, fleetWithHistory, type TestApp } from './helper.ts';

let t: TestApp;
let auth: Record<FleetRole, Record<string, string>>;

beforeAll(async () => {
  const f = await fleetWithHistory({ sorties: 150, days: 30, seed: 9, templates: 8 });
  t = f.t;
  auth = f.auth;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('sortie measures', () => {
  it('are stored in double precision', async () => {
    const { rows } = await sql<{ column_name: string; data_type: string }>`
      SELECT column_name, data_type FROM information_schema.columns
      WHERE table_name = 'sorties' AND column_name IN ('volume_l', 'duration_s', 'distance_m')`.execute(t.db);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.data_type, r.column_name).toBe('double precision');
  });

  it('come out of droneStat as they were stored: a 12.8 L sortie is 12.8 L, not 12.800000190734863', async () => {
    const { drone_id: droneId } = await t.db
      .selectFrom('sorties')
      .select('drone_id')
      .groupBy('drone_id')
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sorties')
      .set({ volume_l: 12.8, duration_s: 301.7, distance_m: 1234.1 })
      .where('drone_id', '=', droneId)
      .execute();
    const { n } = await t.db
      .selectFrom('sorties')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('drone_id', '=', droneId)
      .where('simulated', '=', false)
      .executeTakeFirstOrThrow();
    await rebuildRollups(t.db, { settings: { timeZone: t.config.statTimeZone } });
    const res = await t.app.inject({
      method: 'GET',
      url: `${DRONE_STAT_PATH}?droneId=${droneId}`,
      headers: auth.platform,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.records.find((r: { droneId: string }) => r.droneId === droneId);
    const sum = (v: number) => Array.from({ length: Number(n) }, () => v).reduce((a, b) => a + b, 0);
    expect(row.sprayQuantity).toBeCloseTo(sum(12.8), 9);
    expect(row.flightTime).toBeCloseTo(sum(301.7), 9);
    expect(row.distance).toBeCloseTo(sum(1234.1), 9);
  });
});
