/**
 * Drone statistics (GET drone/datastat/manage/droneStat) through the real app on generated
 * history: rows and totals equal plain SQL over the sorties (not simulated) of the caller's scope
 * and filters; 401 without a session, 403 for a role without the screen; no other tenant's drones.
 */
import { DRONE_STAT_FILTERS_PATH, DRONE_STAT_PATH, type DroneStatPage } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, fleetWithHistory, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const TZ = 'Asia/Shanghai';
const JIANGSU = 156320000;
const DAY = 86_400_000;

type Query = Record<string, string | number>;

async function call(role: string | null, query: Query = {}, path = DRONE_STAT_PATH) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({
    method: 'GET',
    url: `${path}${qs.size ? `?${qs}` : ''}`,
    headers: role ? auth[role] : {},
  });
}
async function stats(role: string, query: Query = {}) {
  const res = await call(role, { pageSize: 500, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as DroneStatPage;
}

interface RefRow {
  droneId: string;
  flightCount: number;
  flightTime: number;
  sprayArea: number;
  sprayQuantity: number;
  distance: number;
  workDays: number;
  lastWorkTime: string;
}

/** Per-drone figures by plain SQL over the sorties (not simulated) matching `where`. */
async function reference(where: RawBuilder<unknown>): Promise<RefRow[]> {
  const { rows } = await sql<RefRow>`
    SELECT drone_id AS "droneId", count(*)::int AS "flightCount", sum(duration_s::float8) AS "flightTime",
      sum(area_mu) AS "sprayArea", sum(volume_l::float8) AS "sprayQuantity",
      sum(distance_m::float8) AS distance,
      count(DISTINCT (start_time AT TIME ZONE ${TZ})::date)::int AS "workDays",
      max((start_time AT TIME ZONE ${TZ})::date)::text AS "lastWorkTime"
    FROM sorties WHERE NOT simulated AND ${where}
    GROUP BY drone_id ORDER BY drone_id`.execute(t.db);
  return rows;
}

const r4 = (v: number) => Number(v.toFixed(4));
const figures = (r: RefRow) => ({
  droneId: r.droneId,
  flightCount: r.flightCount,
  flightTime: r4(r.flightTime),
  sprayArea: r4(r.sprayArea),
  sprayQuantity: r4(r.sprayQuantity),
  distance: r4(r.distance),
  workDays: r.workDays,
  lastWorkTime: r.lastWorkTime,
});
const byId = (rows: RefRow[]) => [...rows].sort((a, b) => (a.droneId < b.droneId ? -1 : 1)).map(figures);

/** The answer's rows and totals equal the reference. */
function expectEqual(got: DroneStatPage, ref: RefRow[], label: string) {
  expect(got.total, label).toBe(ref.length);
  expect(byId(got.records), label).toEqual(byId(ref));
  const sum = (k: keyof RefRow) => r4(ref.reduce((a, r) => a + (r[k] as number), 0));
  expect(got.totals.flightCount, label).toBe(ref.reduce((a, r) => a + r.flightCount, 0));
  expect(r4(got.totals.flightTime), label).toBe(sum('flightTime'));
  expect(r4(got.totals.sprayArea), label).toBe(sum('sprayArea'));
  expect(r4(got.totals.sprayQuantity), label).toBe(sum('sprayQuantity'));
  expect(r4(got.totals.distance), label).toBe(sum('distance'));
}

/** The local day (Asia/Shanghai) of an instant, for the reference SQL. */
const localDay = (ms: number) => sql`(to_timestamp(${ms / 1000}) AT TIME ZONE ${TZ})::date`;
const sortieDay = sql`(start_time AT TIME ZONE ${TZ})::date`;

beforeAll(async () => {
  const fleet = await fleetWithHistory({ sorties: 1200, days: 300, seed: 7, templates: 24 });
  t = fleet.t;
  Object.assign(auth, fleet.auth);
  Object.assign(ids, fleet.ids);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('drone statistics: access', () => {
  it('answers 401 without a session and 403 to the lease manager', async () => {
    for (const path of [DRONE_STAT_PATH, DRONE_STAT_FILTERS_PATH]) {
      expect((await call(null, {}, path)).statusCode, path).toBe(401);
      const res = await call('leaseManager', {}, path);
      expect(res.statusCode, path).toBe(403);
      expect(body(res).message.length).toBeGreaterThan(0);
    }
  });

  it('refuses a page larger than 500 and an unknown sort', async () => {
    expect((await call('platform', { pageSize: 501 })).statusCode).toBe(400);
    expect((await call('platform', { sortParam: 'password' })).statusCode).toBe(400);
  });
});

describe('drone statistics: figures equal SQL over the sorties', () => {
  it('all drones of the platform, then a manufacturer in a date range', async () => {
    expectEqual(await stats('platform'), await reference(sql`true`), 'platform');

    const now = Date.now();
    const startTime = now - 120 * DAY;
    const endTime = now - 10 * DAY;
    const got = await stats('platform', { zzAccountId: ids.makerA as number, startTime, endTime });
    const ref = await reference(
      sql`zz_account_id = ${ids.makerA} AND ${sortieDay} BETWEEN ${localDay(startTime)} AND ${localDay(endTime)}`,
    );
    expect(ref.length).toBeGreaterThan(0);
    expectEqual(got, ref, 'maker A, 120 to 10 days ago');
  });

  it('a region and part of a drone id, a model and an owner', async () => {
    const [some] = await reference(sql`province_code = ${JIANGSU}`);
    expect(some).toBeDefined();
    const part = (some as RefRow).droneId.slice(-3);
    const got = await stats('platform', { region: JIANGSU, droneId: part });
    const ref = await reference(sql`province_code = ${JIANGSU} AND drone_id ILIKE ${`%${part}%`}`);
    expectEqual(got, ref, 'Jiangsu, id part');

    const [worked] = await reference(sql`yy_account_id = ${ids.operatorA}`);
    const drone = await t.db
      .selectFrom('drones')
      .select(['model_id', 'drone_name'])
      .where('drone_id', '=', (worked as RefRow).droneId)
      .executeTakeFirstOrThrow();
    const got2 = await stats('platform', {
      flyModelId: drone.model_id,
      yyAccountId: ids.operatorA as number,
    });
    const ref2 = await reference(sql`model_id = ${drone.model_id} AND yy_account_id = ${ids.operatorA}`);
    expect(ref2.length).toBeGreaterThan(0);
    expectEqual(got2, ref2, 'model and owner');

    const named = await stats('platform', { droneName: drone.drone_name });
    expect(named.records.every((r) => r.droneName.includes(drone.drone_name))).toBe(true);
    expect(named.total).toBeGreaterThan(0);
  });

  it('sorts and pages: the pages of a sort are the slices of the whole sorted set', async () => {
    const all = await stats('platform', { sortParam: 'flightCount', order: 2 });
    const counts = all.records.map((r) => r.flightCount);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const page2 = await stats('platform', {
      sortParam: 'flightCount',
      order: 2,
      pageSize: 3,
      currentPage: 2,
    });
    expect(page2.records.map((r) => r.droneId)).toEqual(all.records.slice(3, 6).map((r) => r.droneId));
    expect(page2.total).toBe(all.total);
    expect(page2.totals).toEqual(all.totals);
    expect(page2).toMatchObject({ current: 2, size: 3 });
    // Past the end: no rows, the same count and totals.
    const past = await stats('platform', { pageSize: 10, currentPage: 1000 });
    expect(past.records).toEqual([]);
    expect(past.total).toBe(all.total);
    expect(past.totals).toEqual(all.totals);
  });
});

describe('drone statistics: data scope', () => {
  it("a manufacturer sees its own drones' work only, never the other manufacturer's", async () => {
    const a = await stats('makerA');
    expectEqual(a, await reference(sql`zz_account_id = ${ids.makerA}`), 'maker A');
    const b = await stats('makerB');
    expectEqual(b, await reference(sql`zz_account_id = ${ids.makerB}`), 'maker B');
    expect(a.records.some((r) => b.records.some((x) => x.droneId === r.droneId))).toBe(false);
    // Asking for the other manufacturer's drones gives nothing.
    expect((await stats('makerA', { zzAccountId: ids.makerB as number })).total).toBe(0);
    const options = (await call('makerA', {}, DRONE_STAT_FILTERS_PATH)).json().data;
    expect(options.manufacturers).toEqual([{ id: ids.makerA, name: '极翼植保无人机有限公司' }]);
  });

  it('an operator sees the work of its drones', async () => {
    expectEqual(
      await stats('operatorA'),
      await reference(sql`yy_account_id = ${ids.operatorA}`),
      'operator A',
    );
  });

  it('a government sees only work flown in its region (Jiangsu)', async () => {
    const got = await stats('government');
    const ref = await reference(sql`province_code = ${JIANGSU}`);
    expect(ref.length).toBeGreaterThan(0);
    expectEqual(got, ref, 'government');
    const elsewhere = await reference(sql`province_code IS DISTINCT FROM ${JIANGSU}`);
    expect(elsewhere.length).toBeGreaterThan(0);
    // A region outside its own gives nothing.
    const [other] = await sql<{ p: number }>`
      SELECT province_code AS p FROM sorties WHERE province_code <> ${JIANGSU} LIMIT 1`
      .execute(t.db)
      .then((r) => r.rows);
    expect((await stats('government', { region: other?.p as number })).total).toBe(0);
  });
});
