/**
 * Data statistics (drone/datastat/manage: stat items and their figures) through the real app on
 * generated history: 401 without a session and 403 for a role without DataStatList on every call,
 * another account's items answer 404, a government's figures cover its province only, the CRUD
 * round trip, validation, and figures equal to plain SQL over the (not simulated) sorties.
 */
import { DATASTAT_BASE, DATASTAT_ITEM_CALLS, DATASTAT_MAX_ITEMS, PER_MU } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionName } from '../src/modules/regions/regions.service.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { body, fleetWithHistory, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const TZ = 'Asia/Shanghai';
const JIANGSU = 156320000;
const CHINA = 156000000;

type Call = keyof typeof DATASTAT_ITEM_CALLS;
interface Detail {
  statId: number | null;
  settings: Record<string, unknown>;
  period: { from: string; to: string };
  unit: string;
  xData: string[];
  xKeys: Array<string | null>;
  yData: number[][];
  zData: string[];
  zKeys: Array<string | null>;
  rows: Array<{ key: string | null; name: string; values: number[]; total: number }>;
  totals: { values: number[]; total: number } | null;
  capped: { x: boolean; series: boolean };
  unapplied: string[];
}
interface Item {
  statId: number;
  name: string;
  [k: string]: unknown;
}

const METHOD: Record<Call, 'GET' | 'POST' | 'PUT' | 'DELETE'> = {
  list: 'GET',
  detail: 'GET',
  create: 'POST',
  createWithChart: 'POST',
  update: 'PUT',
  remove: 'DELETE',
  overview: 'GET',
};

/** One call as `role` (null: no session); query for GETs, payload for POST / PUT, statId for DELETE. */
async function call(
  name: Call,
  role: string | null,
  input: { query?: Record<string, string | number>; payload?: object; statId?: number } = {},
  headers: Record<string, string> = {},
) {
  const qs = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const tail = name === 'remove' ? `/${input.statId ?? 0}` : qs ? `?${qs}` : '';
  return t.app.inject({
    method: METHOD[name],
    url: `${DATASTAT_BASE}/${DATASTAT_ITEM_CALLS[name]}${tail}`,
    headers: { ...(role ? auth[role] : {}), ...headers },
    ...(input.payload ? { payload: input.payload } : {}),
  });
}
async function data<T>(name: Call, role: string, input: Parameters<typeof call>[2] = {}) {
  const res = await call(name, role, input);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as T;
}
const create = (role: string, settings: object) =>
  data<Item>('create', role, { payload: { name: 'item', ...settings } });
const adhoc = (role: string, settings: object) =>
  data<Detail>('createWithChart', role, { payload: { save: false, ...settings } });

/** Rows of plain SQL over sorties (not simulated) matching `where`; `lt` is the local start time. */
async function raw<T>(select: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`true`) {
  const { rows } = await sql<T>`
    WITH s AS (SELECT *, start_time AT TIME ZONE ${TZ} AS lt FROM sorties WHERE NOT simulated AND ${where})
    ${select}`.execute(t.db);
  return rows;
}
const r4 = (v: number) => Number(v.toFixed(4));
/** The detail as key -> value of its one series. */
const byKey = (d: Detail) => new Map(d.xKeys.map((k, i) => [k, r4(d.yData[0]?.[i] ?? Number.NaN)]));

const BASE = { periodType: 5, x: 'month', y: 'area' };

beforeAll(async () => {
  const fleet = await fleetWithHistory({ sorties: 1500, days: 500, seed: 11, templates: 30 });
  t = fleet.t;
  Object.assign(auth, fleet.auth);
  Object.assign(ids, fleet.ids);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('data statistics: access', () => {
  it('every call answers 401 without a session and 403 to a lease manager', async () => {
    const item = await create('makerA', BASE);
    const inputs: Record<Call, Parameters<typeof call>[2]> = {
      list: {},
      detail: { query: { statId: item.statId } },
      create: { payload: { name: 'x', ...BASE } },
      createWithChart: { payload: { name: 'x', ...BASE } },
      update: { payload: { statId: item.statId, name: 'x', ...BASE } },
      remove: { statId: item.statId },
      overview: {},
    };
    for (const name of Object.keys(METHOD) as Call[]) {
      expect((await call(name, null, inputs[name])).statusCode, name).toBe(401);
      const denied = await call(name, 'leaseManager', inputs[name]);
      expect(denied.statusCode, name).toBe(403);
      expect(body(denied).message).toBe(MESSAGES.forbidden.zh);
    }
    // Nothing was changed by the refused calls.
    const page = await data<{ records: Item[] }>('list', 'makerA');
    expect(page.records.filter((r) => r.name === 'x')).toEqual([]);
    expect(page.records.some((r) => r.statId === item.statId)).toBe(true);
    await data('remove', 'makerA', { statId: item.statId });
  });

  it("another account's item is not found: not listed, read, updated or deleted", async () => {
    const item = await create('makerA', { ...BASE, name: 'mine' });
    const notFound = async (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res).message).toBe(MESSAGES.notFound.zh);
    };
    await notFound(await call('detail', 'makerB', { query: { statId: item.statId } }));
    await notFound(
      await call('update', 'makerB', { payload: { ...BASE, statId: item.statId, name: 'theirs' } }),
    );
    await notFound(await call('remove', 'makerB', { statId: item.statId }));
    await notFound(await call('detail', 'platform', { query: { statId: item.statId } }));
    const b = await data<{ records: Item[]; total: number }>('list', 'makerB');
    expect(b.records.some((r) => r.statId === item.statId)).toBe(false);
    expect((await data<{ itemCount: number }>('overview', 'makerB')).itemCount).toBe(b.total);
    // Untouched for its owner.
    const again = await data<Detail>('detail', 'makerA', { query: { statId: item.statId } });
    expect(again.settings.name).toBe('mine');
    await data('remove', 'makerA', { statId: item.statId });
  });

  it("a manufacturer's figures are its own drones' work, another's are disjoint", async () => {
    const a = await adhoc('makerA', { x: 'drone', y: 'sorties', periodType: 5 });
    const b = await adhoc('makerB', { x: 'drone', y: 'sorties', periodType: 5 });
    expect(a.xKeys.length).toBeGreaterThan(0);
    expect(a.xKeys.some((k) => b.xKeys.includes(k))).toBe(false);
    const [ref] = await raw<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM s`,
      sql`zz_account_id = ${ids.makerA}`,
    );
    expect(a.totals?.total).toBe(ref?.n);
  });

  it("a government's detail covers its province (Jiangsu) only, whatever region the item names", async () => {
    const item = await create('government', { x: 'region', y: 'area', periodType: 5 });
    const d = await data<Detail>('detail', 'government', { query: { statId: item.statId } });
    const ref = await raw<{ c: string; a: number }>(
      sql`SELECT coalesce(city_code, province_code)::text AS c, sum(area_mu) AS a FROM s GROUP BY 1`,
      sql`province_code = ${JIANGSU}`,
    );
    expect(ref.length).toBeGreaterThan(0);
    expect(byKey(d)).toEqual(new Map(ref.map((r) => [r.c, r4(r.a)])));
    for (const [i, code] of d.xKeys.entries()) expect(d.xData[i]).toBe(regionName(Number(code), 'zh'));
    expect(r4(d.totals?.total ?? 0)).toBe(r4(ref.reduce((s, r) => s + r.a, 0)));

    // A region outside its own selects nothing; the whole of China is still only Jiangsu.
    const beijing = await adhoc('government', { x: 'region', y: 'area', periodType: 5, region: 156110000 });
    expect(beijing.xKeys).toEqual([]);
    expect(beijing.totals?.total).toBe(0);
    const china = await adhoc('government', { x: 'region', y: 'area', periodType: 5, region: CHINA });
    expect(china.xKeys).toEqual(d.xKeys);
    await data('remove', 'government', { statId: item.statId });
  });
});

describe('data statistics: items', () => {
  it('create, list, read, update and delete', async () => {
    const settings = {
      name: ' 月度面积 ',
      periodType: 1,
      startTime: Date.UTC(2025, 0, 1),
      endTime: Date.UTC(2025, 5, 30),
      region: JIANGSU,
      cropId: 1,
      zzAccountId: ids.makerA,
      startDroneId: 'A',
      endDroneId: 'Z',
      x: 'month',
      y: 'volume',
      dimension: 'crop',
      showType: 3,
      refreshFre: 300,
      summary: false,
    };
    const item = await create('makerA', settings);
    expect(item).toMatchObject({
      ...settings,
      name: '月度面积',
      areaUnit: 'mu',
      yyAccountId: null,
      taskIds: null,
    });
    expect(item.userName).toBe('李明');

    const page = await data<{ records: Item[]; total: number; current: number; size: number }>(
      'list',
      'makerA',
    );
    expect(page.size).toBe(10);
    expect(page.records[0]).toEqual(item);
    const found = await data<{ records: Item[]; total: number }>('list', 'makerA', {
      query: { name: '月度' },
    });
    expect(found.records.map((r) => r.statId)).toEqual([item.statId]);

    const detail = await data<Detail>('detail', 'makerA', { query: { statId: item.statId } });
    expect(detail.statId).toBe(item.statId);
    expect(detail.settings).toMatchObject({ ...settings, name: '月度面积' });
    expect(detail.period).toEqual({ from: '2025-01-01', to: '2025-06-30' });
    expect(detail.xData).toEqual(['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06']);
    expect(detail.unit).toBe('L');
    expect(detail.totals).toBeNull();

    const changed = {
      ...settings,
      statId: item.statId,
      name: '改名',
      periodType: 3,
      showType: 1,
      dimension: null,
    };
    const updated = await data<Item>('update', 'makerA', { payload: changed });
    expect(updated).toMatchObject({
      name: '改名',
      periodType: 3,
      startTime: null,
      endTime: null,
      dimension: null,
    });
    expect(updated.createdAt).toBe(item.createdAt);
    expect(updated.updatedAt as number).toBeGreaterThanOrEqual(item.updatedAt as number);
    const listed = await data<{ records: Item[] }>('list', 'makerA');
    expect(listed.records.find((r) => r.statId === item.statId)).toEqual(updated);

    const overview = await data<{ itemCount: number; byShowType: Record<string, number>; recent: Item[] }>(
      'overview',
      'makerA',
    );
    expect(overview.itemCount).toBe(listed.records.length);
    expect(overview.byShowType['1']).toBeGreaterThanOrEqual(1);
    expect(overview.recent[0]?.statId).toBe(item.statId);

    await data('remove', 'makerA', { statId: item.statId });
    expect((await call('detail', 'makerA', { query: { statId: item.statId } })).statusCode).toBe(404);
    expect((await call('remove', 'makerA', { statId: item.statId })).statusCode).toBe(404);
    const after = await data<{ records: Item[] }>('list', 'makerA');
    expect(after.records.some((r) => r.statId === item.statId)).toBe(false);
  });

  it('startStatWithChart stores the item and answers its figures; save false stores nothing', async () => {
    const before = (await data<{ total: number }>('list', 'operatorA')).total;
    const stored = await data<Detail>('createWithChart', 'operatorA', { payload: { name: 'w', ...BASE } });
    expect(stored.statId).toBeTypeOf('number');
    const again = await data<Detail>('detail', 'operatorA', { query: { statId: stored.statId as number } });
    expect(again.yData).toEqual(stored.yData);
    const ad = await adhoc('operatorA', BASE);
    expect(ad.statId).toBeNull();
    expect(ad.yData).toEqual(stored.yData);
    expect((await data<{ total: number }>('list', 'operatorA')).total).toBe(before + 1);
    await data('remove', 'operatorA', { statId: stored.statId as number });
  });
});

describe('data statistics: validation', () => {
  const bad = async (payload: object, message: string | RegExp, headers: Record<string, string> = {}) => {
    const res = await call('create', 'platform', { payload: { name: 'v', ...BASE, ...payload } }, headers);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    if (typeof message === 'string') expect(body(res).message).toBe(message);
    else expect(body(res).message).toMatch(message);
  };

  it('refuses values outside the defined ones, naming the field', async () => {
    await bad({ x: 'week' }, /x/);
    await bad({ y: 'profit' }, /y/);
    await bad({ periodType: 6 }, /periodType/);
    await bad({ showType: 5 }, /showType/);
    await bad({ refreshFre: 30 }, /refreshFre/);
    await bad({ areaUnit: 'km2' }, /areaUnit/);
    await bad({ name: '  ' }, /name/);
    await bad({ startDroneId: 'no spaces' }, /startDroneId/);
    await bad({ region: 12 }, /region/);
    await bad({ x: undefined }, 'Invalid value for x', { 'accept-language': 'en' });
  });

  it('refuses settings that do not fit together, with their own message', async () => {
    await bad({ periodType: 1 }, MESSAGES.datastatPeriodRange.zh);
    await bad({ periodType: 1, startTime: 2000, endTime: 1000 }, MESSAGES.datastatPeriodRange.en, {
      'accept-language': 'en',
    });
    await bad({ x: 'day', periodType: 5 }, MESSAGES.datastatDayRange.zh.replace('{days}', '366'));
    await bad(
      { x: 'month', dimension: 'day', periodType: 1, startTime: 0, endTime: 400 * 86_400_000 },
      MESSAGES.datastatDayRange.zh.replace('{days}', '366'),
    );
    await bad({ startDroneId: 'B', endDroneId: 'A' }, MESSAGES.datastatDroneRange.zh);
    await bad({ dimension: 'month' }, MESSAGES.datastatDimensionIsX.zh);
    await bad({ showType: 4, dimension: 'mode' }, MESSAGES.datastatPieDimension.zh);
    await bad({ region: 999000000 }, MESSAGES.datastatRegionUnknown.th.replace('{region}', '999000000'), {
      'accept-language': 'th',
    });
    const noName = await call('createWithChart', 'platform', { payload: { ...BASE, save: true } });
    expect(body(noName).message).toBe(MESSAGES.datastatNameRequired.zh);
    // An account holds at most DATASTAT_MAX_ITEMS items.
    const owner = await t.db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('phone', '=', '13800000004')
      .executeTakeFirstOrThrow();
    const have = (await data<{ total: number }>('list', 'makerB')).total;
    const row = {
      account_id: owner.account_id,
      user_id: owner.id,
      name: 'filler',
      period_type: 5,
      area_unit: 'mu',
      show_type: 2,
      x: 'month',
      y: 'area',
    };
    await t.db
      .insertInto('stat_items')
      .values(Array.from({ length: DATASTAT_MAX_ITEMS - have }, () => row))
      .execute();
    const full = await call('create', 'makerB', { payload: { name: 'one more', ...BASE } });
    expect(full.statusCode).toBe(409);
    expect(body(full).message).toBe(MESSAGES.datastatTooMany.zh.replace('{max}', String(DATASTAT_MAX_ITEMS)));
    await t.db.deleteFrom('stat_items').where('name', '=', 'filler').execute();
    // An update is checked the same way, and a missing item is a 404.
    const upd = await call('update', 'platform', { payload: { statId: 99999999, name: 'v', ...BASE } });
    expect(upd.statusCode).toBe(404);
    const updBad = await call('update', 'platform', {
      payload: { statId: 1, name: 'v', ...BASE, dimension: 'month' },
    });
    expect(body(updBad).message).toBe(MESSAGES.datastatDimensionIsX.zh);
  });
});

describe('data statistics: figures equal SQL over the sorties', () => {
  it('x=month y=area in hectares for a manufacturer, all time, with totals', async () => {
    const item = await create('makerA', { ...BASE, areaUnit: 'hectare' });
    const d = await data<Detail>('detail', 'makerA', { query: { statId: item.statId } });
    const ref = await raw<{ m: string; a: number }>(
      sql`SELECT to_char(lt, 'YYYY-MM') AS m, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 1`,
      sql`zz_account_id = ${ids.makerA}`,
    );
    expect(ref.length).toBeGreaterThan(6);
    expect(d.unit).toBe('hectare');
    expect(d.xData[0]).toBe(ref[0]?.m);
    expect(d.xKeys).toEqual(d.xData);
    const got = byKey(d);
    for (const r of ref) expect(got.get(r.m), r.m).toBe(r4(r.a * PER_MU.hectare));
    // Months without work are there, as zeros; the axis ends this month.
    expect([...got.values()].filter((v) => v !== 0)).toHaveLength(ref.length);
    const [now] = await raw<{ m: string }>(sql`SELECT to_char(now() AT TIME ZONE ${TZ}, 'YYYY-MM') AS m`);
    expect(d.xData.at(-1)).toBe(now?.m);
    const total = ref.reduce((s, r) => s + r.a, 0) * PER_MU.hectare;
    expect(r4(d.totals?.total ?? 0)).toBe(r4(total));
    expect(d.rows.map((r) => r4(r.total))).toEqual(d.yData[0]?.map(r4));
    expect(d.zData).toEqual(['area']);
    expect(d.unapplied).toEqual([]);
    await data('remove', 'makerA', { statId: item.statId });
  });

  it('x=region y=sorties for the platform within a drone id range: provinces and foreign countries', async () => {
    const drones = await raw<{ id: string }>(
      sql`SELECT DISTINCT drone_id COLLATE "C" AS id FROM s ORDER BY 1`,
    );
    const lo = drones[Math.floor(drones.length / 4)]?.id as string;
    const hi = drones[Math.floor((drones.length * 3) / 4)]?.id as string;
    const d = await adhoc('platform', {
      x: 'region',
      y: 'sorties',
      periodType: 5,
      startDroneId: lo,
      endDroneId: hi,
    });
    const ref = await raw<{ c: string; n: number }>(
      sql`SELECT (CASE WHEN country_code = ${CHINA} THEN coalesce(province_code, country_code) ELSE country_code END)::text AS c,
            count(*)::int AS n FROM s GROUP BY 1`,
      sql`drone_id COLLATE "C" BETWEEN ${lo} AND ${hi}`,
    );
    expect(ref.length).toBeGreaterThan(1);
    expect(byKey(d)).toEqual(new Map(ref.map((r) => [r.c, r.n])));
    // Largest first, named in the caller's language.
    expect(d.yData[0]).toEqual([...(d.yData[0] ?? [])].sort((a, b) => b - a));
    const all = await adhoc('platform', { x: 'region', y: 'sorties', periodType: 5 });
    expect(all.totals?.total).toBeGreaterThan(d.totals?.total ?? 0);
    const en = await data<Detail>('createWithChart', 'platform', {
      payload: { save: false, x: 'region', y: 'sorties', periodType: 5 },
    });
    expect(en.xData).toContain('江苏省');
  });

  it('x=pilot by year, y=active drones over a custom range for a manufacturer: distinct counts at every level', async () => {
    const [span] = await raw<{ from: string; to: string; s: number; e: number }>(
      sql`SELECT (max(lt)::date - 400)::text AS from, (max(lt)::date - 10)::text AS to,
          extract(epoch FROM ((max(lt)::date - 400)::timestamp AT TIME ZONE ${TZ}))::float8 * 1000 + 3600000 AS s,
          extract(epoch FROM ((max(lt)::date - 10)::timestamp AT TIME ZONE ${TZ}))::float8 * 1000 + 80000000 AS e
          FROM s`,
    );
    const range = sql`zz_account_id = ${ids.makerA} AND (start_time AT TIME ZONE ${TZ})::date BETWEEN ${span?.from}::date AND ${span?.to}::date`;
    const d = await adhoc('makerA', {
      x: 'pilot',
      dimension: 'year',
      y: 'activeDrones',
      periodType: 1,
      startTime: span?.s,
      endTime: span?.e,
    });
    expect(d.period).toEqual({ from: span?.from, to: span?.to });
    // Task settings (taskIds, tftzType, medId) apply since issue 22: datastat.tasks.test.ts.
    expect(d.unapplied).toEqual([]);
    const cells = await raw<{ p: string; m: string; n: number }>(
      sql`SELECT coalesce(pilot_id, 0)::text AS p, to_char(lt, 'YYYY') AS m, count(DISTINCT drone_id)::int AS n FROM s GROUP BY 1, 2`,
      range,
    );
    expect(new Set(cells.map((c) => c.p)).size).toBeGreaterThan(1);
    expect(new Set(cells.map((c) => c.m)).size).toBeGreaterThan(1);
    expect(d.zKeys).toEqual([...new Set(cells.map((c) => c.m))].sort());
    for (const c of cells) {
      const i = d.xKeys.indexOf(c.p);
      const j = d.zKeys.indexOf(c.m);
      expect(d.yData[j]?.[i], `${c.p} ${c.m}`).toBe(c.n);
    }
    const perPilot = await raw<{ p: string; n: number }>(
      sql`SELECT coalesce(pilot_id, 0)::text AS p, count(DISTINCT drone_id)::int AS n FROM s GROUP BY 1`,
      range,
    );
    for (const r of perPilot) expect(d.rows.find((x) => x.key === r.p)?.total, r.p).toBe(r.n);
    const [all] = await raw<{ n: number }>(sql`SELECT count(DISTINCT drone_id)::int AS n FROM s`, range);
    expect(d.totals?.total).toBe(all?.n);
    const perMonth = await raw<{ m: string; n: number }>(
      sql`SELECT to_char(lt, 'YYYY') AS m, count(DISTINCT drone_id)::int AS n FROM s GROUP BY 1`,
      range,
    );
    // Distinct drones: a total is not the sum of its parts.
    expect(d.totals?.total).toBeLessThan(perMonth.reduce((n, r) => n + r.n, 0));
    for (const r of perMonth) expect(d.totals?.values[d.zKeys.indexOf(r.m)], r.m).toBe(r.n);
    // Pilots are named.
    const names = await t.db.selectFrom('users').select(['id', 'user_name']).execute();
    for (const [i, k] of d.xKeys.entries())
      if (k !== '0') expect(d.xData[i]).toBe(names.find((u) => String(u.id) === k)?.user_name);
  });

  it('x=drone keeps the 50 largest and adds the rest up under "others"', async () => {
    const d = await adhoc('platform', { x: 'drone', y: 'area', periodType: 5, areaUnit: 'acre' });
    const ref = await raw<{ id: string; a: number }>(
      sql`SELECT drone_id AS id, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    expect(ref.length).toBeGreaterThan(50);
    expect(d.capped).toEqual({ x: true, series: false });
    expect(d.xKeys).toHaveLength(51);
    expect(d.xKeys.at(-1)).toBeNull();
    expect(d.xData.at(-1)).toBe(MESSAGES.datastatOthers.zh);
    const values = d.yData[0] ?? [];
    expect(values.slice(0, 50).map(r4)).toEqual(ref.slice(0, 50).map((r) => r4(r.a * PER_MU.acre)));
    const rest = ref.slice(50).reduce((s, r) => s + r.a, 0) * PER_MU.acre;
    expect(r4(values[50] ?? 0)).toBe(r4(rest));
    const drones = await t.db.selectFrom('drones').select(['drone_id', 'drone_name']).execute();
    expect(d.xData[0]).toBe(drones.find((x) => x.drone_id === d.xKeys[0])?.drone_name);
  });

  it('a dimension keeps the 10 largest series and adds the rest up under "others"', async () => {
    const d = await adhoc('platform', { x: 'year', dimension: 'drone', y: 'area', periodType: 5 });
    const ref = await raw<{ id: string; a: number }>(
      sql`SELECT drone_id AS id, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    expect(d.capped).toEqual({ x: false, series: true });
    expect(d.zKeys).toEqual([...ref.slice(0, 10).map((r) => r.id), null]);
    expect(d.zData.at(-1)).toBe(MESSAGES.datastatOthers.zh);
    const perYear = await raw<{ y: string; a: number }>(
      sql`SELECT to_char(lt, 'YYYY') AS y, sum(area_mu) AS a FROM s GROUP BY 1`,
    );
    for (const r of perYear) {
      const i = d.xKeys.indexOf(r.y);
      expect(r4(d.rows[i]?.total ?? 0), r.y).toBe(r4(r.a));
      // The series of a year add up to its total, "others" included.
      expect(r4(d.yData.reduce((sum, series) => sum + (series[i] ?? 0), 0))).toBe(r4(r.a));
    }
    const rest = ref.slice(10).reduce((sum, r) => sum + r.a, 0);
    expect(r4(d.totals?.values.at(-1) ?? 0)).toBe(r4(rest));
  });

  it("the overview's figures are the scope's sorties today, this month, this year and in all", async () => {
    const o = await data<Record<string, { sorties: number; area: number; activeDrones: number }>>(
      'overview',
      'makerB',
      { query: { areaUnit: 'rai' } },
    );
    const [ref] = await raw<Record<string, number>>(
      sql`SELECT count(*)::int AS n, sum(area_mu) AS a, count(DISTINCT drone_id)::int AS drones,
          count(*) FILTER (WHERE date_trunc('month', lt) = date_trunc('month', now() AT TIME ZONE ${TZ}))::int AS month
          FROM s`,
      sql`zz_account_id = ${ids.makerB}`,
    );
    expect(o.all?.sorties).toBe(ref?.n);
    expect(r4(o.all?.area ?? 0)).toBe(r4((ref?.a ?? 0) * PER_MU.rai));
    expect(o.all?.activeDrones).toBe(ref?.drones);
    expect(o.thisMonth?.sorties).toBe(ref?.month);
  });
});
