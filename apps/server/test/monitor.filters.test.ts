/**
 * Issue 9 finding 9: every figure of the monitor's statInfo follows the filters (region,
 * manufacturer, operator, device type, model), for every caller scope. Each answer of
 * `detail` is checked against plain SQL over the sorties (and drones) restricted the same way.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionRange } from '../src/platform/auth/scope.ts';
import { type FleetRole, fleetWithHistory, type TestApp } from './helper.ts';

const M = '/api/drone/mointor/manage';
const JIANGSU = 156320000;
let t: TestApp;
let auth: Record<FleetRole, Record<string, string>>;
let ids: { makerA: number; makerB: number; operatorA: number };

beforeAll(async () => {
  const f = await fleetWithHistory({ sorties: 600, days: 90, seed: 5, templates: 12 });
  t = f.t;
  auth = f.auth;
  ids = f.ids;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Filter {
  region?: number;
  zzAccountId?: number;
  yyAccountId?: number;
  deviceType?: number;
  flyModelId?: number;
}

/** The caller's scope as a condition on sorties `s` (as the history applies it). */
const scopeSql = (role: FleetRole) => {
  if (role === 'government') return sql`s.province_code = ${JIANGSU}`;
  if (role === 'makerA') return sql`s.zz_account_id = ${ids.makerA}`;
  if (role === 'operatorA') return sql`s.yy_account_id = ${ids.operatorA}`;
  return sql`true`;
};
const droneScopeSql = (role: FleetRole) => {
  if (role === 'government') return sql`d.region_code BETWEEN ${JIANGSU} AND ${JIANGSU + 9999}`;
  if (role === 'makerA') return sql`d.zz_account_id = ${ids.makerA}`;
  if (role === 'operatorA') return sql`d.yy_account_id = ${ids.operatorA}`;
  return sql`true`;
};

async function expected(role: FleetRole, f: Filter) {
  const parts = [scopeSql(role), sql`NOT s.simulated`];
  const drone = [droneScopeSql(role)];
  if (f.region !== undefined) {
    const [lo, hi] = regionRange(f.region);
    parts.push(
      sql`coalesce(s.county_code, s.city_code, s.province_code, s.country_code) BETWEEN ${lo} AND ${hi}`,
    );
    drone.push(sql`d.region_code BETWEEN ${lo} AND ${hi}`);
  }
  if (f.zzAccountId !== undefined) {
    parts.push(sql`s.zz_account_id = ${f.zzAccountId}`);
    drone.push(sql`d.zz_account_id = ${f.zzAccountId}`);
  }
  if (f.yyAccountId !== undefined) {
    parts.push(sql`s.yy_account_id = ${f.yyAccountId}`);
    drone.push(sql`d.yy_account_id = ${f.yyAccountId}`);
  }
  if (f.deviceType !== undefined) {
    parts.push(sql`d.device_type = ${f.deviceType}`);
    drone.push(sql`d.device_type = ${f.deviceType}`);
  }
  if (f.flyModelId !== undefined) {
    parts.push(sql`s.model_id = ${f.flyModelId}`);
    drone.push(sql`d.model_id = ${f.flyModelId}`);
  }
  const where = sql.join(parts, sql` AND `);
  const { rows } = await sql<{
    n: number;
    area: number;
    volume: number;
    duration: number;
    plots: number;
    plotArea: number;
    drones: number;
  }>`
    SELECT count(*)::int AS n, coalesce(sum(s.area_mu), 0) AS area,
      coalesce(sum(s.volume_l::float8), 0) AS volume, coalesce(sum(s.duration_s::float8), 0) AS duration,
      (SELECT count(*)::int FROM blocks b WHERE b.block_id IN (
        SELECT s.block_id FROM sorties s JOIN drones d ON d.drone_id = s.drone_id WHERE ${where})) AS plots,
      (SELECT coalesce(sum(b.area_mu), 0) FROM blocks b WHERE b.block_id IN (
        SELECT s.block_id FROM sorties s JOIN drones d ON d.drone_id = s.drone_id WHERE ${where})) AS "plotArea",
      (SELECT count(*)::int FROM drones d WHERE ${sql.join(drone, sql` AND `)}) AS drones
    FROM sorties s JOIN drones d ON d.drone_id = s.drone_id WHERE ${where}`.execute(t.db);
  return rows[0] as NonNullable<(typeof rows)[0]>;
}

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * Math.max(1, b));

async function check(role: FleetRole, f: Filter) {
  const qs = new URLSearchParams(
    Object.entries(f).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.app.inject({ method: 'GET', url: `${M}/detail?${qs}`, headers: auth[role] });
  expect(res.statusCode, qs).toBe(200);
  const s = res.json().data.statInfo;
  const e = await expected(role, f);
  expect(s.flySeqTotalNum, `${role} ${qs}`).toBe(e.n);
  close(s.sprayTotalMuNum, e.area);
  close(s.flyTotalQuantity, e.volume);
  close(s.flyTotalDuration, e.duration);
  expect(s.ploTotalNum, `${role} ${qs} plots`).toBe(e.plots);
  close(s.plotTotalArea, e.plotArea);
  expect(s.droneNum, `${role} ${qs} drones`).toBe(e.drones);
  return e;
}

describe('monitor detail with filters', () => {
  let filters: Filter[];
  beforeAll(async () => {
    const pick = async (col: 'model_id' | 'province_code' | 'city_code') => {
      const { rows } = await sql<{ v: number }>`
        SELECT ${sql.ref(col)} AS v FROM sorties WHERE ${sql.ref(col)} IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(t.db);
      return rows[0]?.v as number;
    };
    const deviceType = (await t.db.selectFrom('drones').select('device_type').executeTakeFirstOrThrow())
      .device_type;
    filters = [
      { zzAccountId: ids.makerA },
      { zzAccountId: ids.makerB },
      { yyAccountId: ids.operatorA },
      { region: await pick('province_code') },
      { region: await pick('city_code') },
      { region: JIANGSU },
      { deviceType },
      { flyModelId: await pick('model_id') },
      { zzAccountId: ids.makerA, region: JIANGSU },
    ];
  });

  it('answers the platform the figures of the filtered fleet, never the global ones', async () => {
    const all = await check('platform', {});
    expect(all.n).toBeGreaterThan(0);
    for (const f of filters) {
      const e = await check('platform', f);
      if (f.zzAccountId === ids.makerA) expect(e.n).toBeLessThan(all.n);
    }
  });

  it('narrows the caller scope further: government, manufacturer, operator', async () => {
    for (const role of ['government', 'makerA', 'operatorA'] as const) {
      await check(role, {});
      for (const f of filters) await check(role, f);
    }
  });
});
