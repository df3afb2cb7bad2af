/**
 * The dashboard calls (drone/datastat/manage) through the real app on generated history: each
 * answer equals plain SQL over the sorties of the caller's scope; 401 without a session, 403 for a
 * role without the statistics screen, and no other tenant's drones in any answer.
 */
import { DATASTAT_BASE, STAT_CALLS, type StatCall } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, fleetWithHistory, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const TZ = 'Asia/Shanghai';
const JIANGSU = 156320000;

/** A valid query of each call. */
const QUERIES: Record<StatCall, Record<string, string | number>> = {
  droneRank: { periodType: 2, size: 6 },
  droneRankTotal: { size: 6 },
  pilotRank: { periodType: 3, size: 6 },
  pilotRankTotal: { size: 6 },
  hourArea: {},
  hourAreaByMonth: {},
  modeArea: { periodType: 1 },
  cafArea: { periodType: 2 },
  foreignArea: { periodType: 1 },
  chinaRegionArea: { periodType: 5 },
  foreignRegionArea: { periodType: 1 },
  overview: { periodType: 3 },
  overviewToday: {},
};

async function call(name: StatCall, role: string | null, query = QUERIES[name]) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return t.app.inject({
    method: 'GET',
    url: `${DATASTAT_BASE}/${STAT_CALLS[name]}${qs ? `?${qs}` : ''}`,
    headers: role ? auth[role] : {},
  });
}
const data = async <T>(name: StatCall, role: string, query?: Record<string, string | number>) => {
  const res = await call(name, role, query);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as T;
};

/** Rows of plain SQL over sorties (not simulated) matching `where`. */
async function raw<T>(select: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`true`) {
  const { rows } = await sql<T>`
    WITH s AS (SELECT *, start_time AT TIME ZONE ${TZ} AS lt FROM sorties WHERE NOT simulated AND ${where})
    ${select}`.execute(t.db);
  return rows;
}
const r4 = (v: number) => Number(v.toFixed(4));

/**
 * A ranking against the full reference: the same areas in order, and each row's area is that
 * drone's (drones of equal area may come in either order: their sums differ in the last bits).
 */
function expectRanking(
  got: Array<{ id: string | number; area: number }>,
  ref: Array<{ id: string | number; a: number }>,
  label = '',
) {
  const byId = new Map(ref.map((r) => [r.id, r4(r.a)]));
  expect(
    got.map((g) => r4(g.area)),
    label,
  ).toEqual(ref.slice(0, got.length).map((r) => r4(r.a)));
  for (const g of got) expect(byId.get(g.id), `${label} ${g.id}`).toBe(r4(g.area));
}

beforeAll(async () => {
  const fleet = await fleetWithHistory({ sorties: 1500, days: 500, seed: 11, templates: 30 });
  t = fleet.t;
  Object.assign(auth, fleet.auth);
  Object.assign(ids, fleet.ids);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('dashboard calls: access', () => {
  it('answer 401 without a session and 403 to a role without the statistics screen', async () => {
    for (const name of Object.keys(STAT_CALLS) as StatCall[]) {
      expect((await call(name, null)).statusCode, name).toBe(401);
      expect((await call(name, 'leaseManager')).statusCode, name).toBe(403);
    }
  });

  it('refuse a periodType the call does not have, with the values it has', async () => {
    const res = await call('chinaRegionArea', 'platform', { periodType: 2 });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/periodType/);
  });
});

describe('dashboard calls: figures equal SQL over the sorties', () => {
  it('rankings: drones all time and this year, pilots this month', async () => {
    const drones = await data<Array<{ droneId: string; sprayArea: number }>>('droneRankTotal', 'platform');
    const ref = await raw<{ id: string; a: number }>(
      sql`SELECT drone_id AS id, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    expectRanking(
      drones.map((d) => ({ id: d.droneId, area: d.sprayArea })),
      ref,
    );
    expect(drones).toHaveLength(6);

    const year = await data<Array<{ droneId: string; sprayArea: number }>>('droneRank', 'platform');
    const refYear = await raw<{ id: string; a: number }>(
      sql`SELECT drone_id AS id, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
      sql`date_trunc('year', start_time AT TIME ZONE ${TZ}) = date_trunc('year', now() AT TIME ZONE ${TZ})`,
    );
    expectRanking(
      year.map((d) => ({ id: d.droneId, area: d.sprayArea })),
      refYear,
    );

    const pilots = await data<Array<{ userId: number; userName: string; sprayArea: number }>>(
      'pilotRank',
      'platform',
    );
    const refPilots = await raw<{ id: number; a: number }>(
      sql`SELECT pilot_id AS id, sum(area_mu) AS a FROM s WHERE pilot_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
      sql`date_trunc('month', start_time AT TIME ZONE ${TZ}) = date_trunc('month', now() AT TIME ZONE ${TZ})`,
    );
    expectRanking(
      pilots.map((p) => ({ id: p.userId, area: p.sprayArea })),
      refPilots,
    );
    for (const p of pilots) expect(p.userName.length).toBeGreaterThan(0);
  });

  it('area per hour, per mode and caf area over this year', async () => {
    const hours = await data<{ xData: string[]; yData: number[][] }>('hourArea', 'platform');
    const refHours = await raw<{ h: number; a: number }>(
      sql`SELECT extract(hour FROM lt)::int AS h, sum(area_mu) AS a FROM s GROUP BY 1`,
    );
    const expected = new Array(24).fill(0);
    for (const r of refHours) expected[r.h] = r4(r.a);
    expect(hours.xData).toHaveLength(24);
    expect(hours.yData[0]?.map(r4)).toEqual(expected);

    const modes = await data<{ xData: string[]; yData: number[][] }>('modeArea', 'platform');
    const refModes = await raw<{ m: string; a: number }>(
      sql`SELECT coalesce(mode, '') AS m, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    expect(modes.yData[0]?.map(r4)).toEqual(refModes.map((r) => r4(r.a)));

    const caf = await data<{ xData: string[]; yData: number[][] }>('cafArea', 'platform');
    const refCaf = await raw<{ m: string; a: number }>(
      sql`SELECT to_char(lt, 'YYYY-MM') AS m, sum(area_mu) AS a FROM s GROUP BY 1`,
      sql`country_code = 156000000 AND date_trunc('year', start_time AT TIME ZONE ${TZ}) = date_trunc('year', now() AT TIME ZONE ${TZ})`,
    );
    for (const r of refCaf) expect(r4(caf.yData[0]?.[caf.xData.indexOf(r.m)] ?? -1), r.m).toBe(r4(r.a));
    expect(caf.yData[0]?.reduce((a, b) => a + b, 0)).toBeCloseTo(
      refCaf.reduce((a, r) => a + r.a, 0),
      4,
    );
  });

  it('China per province all time with the domestic / abroad split', async () => {
    const china = await data<{
      codes: number[];
      xData: string[];
      yData: number[][];
      domestic: number;
      foreign: number;
    }>('chinaRegionArea', 'platform');
    const ref = await raw<{ c: number; a: number }>(
      sql`SELECT coalesce(province_code, country_code) AS c, sum(area_mu) AS a FROM s
          WHERE country_code = 156000000 GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    expect(china.codes).toEqual(ref.map((r) => r.c));
    expect(china.yData[0]?.map(r4)).toEqual(ref.map((r) => r4(r.a)));
    expect(china.xData).toContain('江苏省');
    const [split] = await raw<{ d: number; f: number }>(
      sql`SELECT coalesce(sum(area_mu) FILTER (WHERE country_code = 156000000), 0) AS d,
          coalesce(sum(area_mu) FILTER (WHERE country_code NOT IN (0, 156000000)), 0) AS f FROM s`,
    );
    expect(r4(china.domestic)).toBe(r4(split?.d ?? 0));
    expect(r4(china.foreign)).toBe(r4(split?.f ?? 0));
    expect(china.foreign).toBeGreaterThan(0);
  });

  it('this month overview and the monitor totals', async () => {
    const month = await data<Record<string, number>>('overview', 'platform');
    const [ref] = await raw<Record<string, number>>(
      sql`SELECT count(*)::int AS n, coalesce(sum(area_mu), 0) AS a, coalesce(sum(duration_s::float8), 0) AS d,
          count(DISTINCT drone_id)::int AS drones, count(DISTINCT block_id)::int AS blocks FROM s`,
      sql`date_trunc('month', start_time AT TIME ZONE ${TZ}) = date_trunc('month', now() AT TIME ZONE ${TZ})`,
    );
    expect(month.flightCount).toBe(ref?.n);
    expect(r4(month.sprayArea as number)).toBe(r4(ref?.a as number));
    expect(r4(month.flightTime as number)).toBe(r4(ref?.d as number));
    expect(month.activeDroneCount).toBe(ref?.drones);
    expect(month.activeBlockCount).toBe(ref?.blocks);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/drone/mointor/manage/detail',
      headers: auth.platform,
    });
    const info = (body(res).data as { statInfo: Record<string, number> }).statInfo;
    const [all] = await raw<Record<string, number>>(
      sql`SELECT count(*)::int AS n, sum(area_mu) AS a, count(DISTINCT block_id)::int AS blocks FROM s`,
    );
    expect(info.flySeqTotalNum).toBe(all?.n);
    expect(r4(info.sprayTotalMuNum as number)).toBe(r4(all?.a as number));
    expect(info.ploTotalNum).toBe(all?.blocks);
    expect(info.plotTotalArea).toBeGreaterThan(0);
  });
});

describe('dashboard calls: data scope', () => {
  it("a government sees its province's cities and its sorties only", async () => {
    const china = await data<{ codes: number[]; yData: number[][]; foreign: number }>(
      'chinaRegionArea',
      'government',
    );
    const ref = await raw<{ c: number; a: number }>(
      sql`SELECT coalesce(city_code, province_code) AS c, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
      sql`province_code = ${JIANGSU}`,
    );
    expect(ref.length).toBeGreaterThan(0);
    expect(china.codes).toEqual(ref.map((r) => r.c));
    expect(china.yData[0]?.map(r4)).toEqual(ref.map((r) => r4(r.a)));
    expect(china.foreign).toBe(0);

    const drones = await data<Array<{ droneId: string; sprayArea: number }>>('droneRankTotal', 'government');
    const refDrones = await raw<{ id: string; a: number }>(
      sql`SELECT drone_id AS id, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
      sql`province_code = ${JIANGSU}`,
    );
    expectRanking(
      drones.map((d) => ({ id: d.droneId, area: d.sprayArea })),
      refDrones,
      'government',
    );
  });

  it("a manufacturer or an operator sees its own drones' work only", async () => {
    for (const [role, where] of [
      ['makerA', sql`zz_account_id = ${ids.makerA}`],
      ['makerB', sql`zz_account_id = ${ids.makerB}`],
      ['operatorA', sql`yy_account_id = ${ids.operatorA}`],
    ] as const) {
      const drones = await data<Array<{ droneId: string; sprayArea: number }>>('droneRankTotal', role, {
        size: 50,
      });
      const mine = await raw<{ id: string; a: number }>(
        sql`SELECT drone_id AS id, sum(area_mu) AS a FROM s GROUP BY 1 ORDER BY 2 DESC, 1`,
        where,
      );
      expectRanking(
        drones.map((d) => ({ id: d.droneId, area: d.sprayArea })),
        mine,
        role,
      );
      const month = await data<Record<string, number>>('overview', role, { periodType: 2 });
      const [ref] = await raw<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM s`,
        sql`${where} AND date_trunc('year', start_time AT TIME ZONE ${TZ}) = date_trunc('year', now() AT TIME ZONE ${TZ})`,
      );
      expect(month.flightCount, role).toBe(ref?.n);
    }
    const a = await data<Array<{ droneId: string }>>('droneRankTotal', 'makerA', { size: 50 });
    const b = await data<Array<{ droneId: string }>>('droneRankTotal', 'makerB', { size: 50 });
    expect(a.some((d) => b.some((x) => x.droneId === d.droneId))).toBe(false);
  });
});
