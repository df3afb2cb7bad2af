/**
 * Rollups against real PostgreSQL: what the history generator adds batch by batch (the statements
 * ingest runs at each landing) equals a rebuild from sorties in other id ranges, and both equal
 * plain SQL over the sorties.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../src/sim/historyGen.ts';
import { grainCutoffs, pruneGrains, ROLLUP_TABLES, rebuildRollups } from '../src/telemetry/rollups/index.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Random data: a seed of the day, so every run also tries other data (printed on failure).
  const seed = Math.floor(Date.now() / 86_400_000) % 1000;
  await seedHistory(t.db, { sorties: 900, days: 75, seed, tracksDays: 1, templates: 40 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Every row of every rollup, sorted, sums rounded to 6 decimals (addition order differs). */
async function snapshot() {
  const out: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(t.db);
    out[table] = rows
      .map((r) =>
        JSON.stringify(
          Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(6)) : String(v)]),
        ),
      )
      .sort();
  }
  return out;
}

describe('rollups', () => {
  it('are filled as history is stored, a rebuild gives the same rows', async () => {
    const incremental = await snapshot();
    for (const table of ROLLUP_TABLES) expect(incremental[table]?.length, table).toBeGreaterThan(0);
    await rebuildRollups(t.db, { step: 97 });
    const rebuilt = await snapshot();
    for (const table of ROLLUP_TABLES) expect(rebuilt[table], table).toEqual(incremental[table]);
  });

  it('match plain SQL over the sorties: platform days, drones all time, a province by month since last month', async () => {
    const tz = 'Asia/Shanghai';
    const days = await sql<{ d: string; n: number; area: number }>`
      SELECT (start_time AT TIME ZONE ${tz})::date::text AS d, count(*)::int AS n, sum(area_mu) AS area
      FROM sorties GROUP BY 1 ORDER BY 1`.execute(t.db);
    const rolled = await sql<{ d: string; n: number; area: number }>`
      SELECT day::text AS d, sum(sorties)::int AS n, sum(area_mu) AS area
      FROM stat_day WHERE sk = 0 AND sid = 0 GROUP BY 1 ORDER BY 1`.execute(t.db);
    expect(rolled.rows.map((r) => [r.d, r.n, r.area.toFixed(6)])).toEqual(
      days.rows.map((r) => [r.d, r.n, r.area.toFixed(6)]),
    );

    const drones = await sql<{ id: string; v: number }>`
      SELECT drone_id AS id, sum(volume_l::float8) AS v FROM sorties GROUP BY 1 ORDER BY 1`.execute(t.db);
    const droneRows = await t.db
      .selectFrom('stat_drone')
      .select(['drone_id as id', 'volume_l as v'])
      .where('sk', '=', 0)
      .where('grain', '=', 'a')
      .orderBy('drone_id')
      .execute();
    expect(droneRows.map((r) => [r.id, r.v.toFixed(4)])).toEqual(
      drones.rows.map((r) => [r.id, r.v.toFixed(4)]),
    );

    const province = await sql<{ code: number }>`
      SELECT province_code AS code FROM sorties WHERE province_code IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(t.db);
    const code = province.rows[0]?.code as number;
    const months = await sql<{ m: string; c: number; area: number }>`
      SELECT date_trunc('month', start_time AT TIME ZONE ${tz})::date::text AS m,
        coalesce(city_code, province_code) AS c, sum(area_mu) AS area
      FROM sorties WHERE province_code = ${code}
        AND start_time AT TIME ZONE ${tz} >= date_trunc('month', now() AT TIME ZONE ${tz}) - interval '1 month'
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(t.db);
    // Month rows are kept from last month on (grainCutoffs).
    expect(months.rows.length).toBeGreaterThan(0);
    const regionRows = await sql<{ m: string; c: number; area: number }>`
      SELECT period::text AS m, region_code AS c, area_mu AS area FROM stat_region
      WHERE sk = 1 AND sid = ${code} AND grain = 'm' ORDER BY 1, 2`.execute(t.db);
    expect(regionRows.rows.map((r) => [r.m, r.c, r.area.toFixed(6)])).toEqual(
      months.rows.map((r) => [r.m, r.c, r.area.toFixed(6)]),
    );
  });

  it('keep grain rows only as far back as the dashboards read', async () => {
    const { rows } = await sql<{ grain: string; oldest: string }>`
      SELECT grain, min(period)::text AS oldest FROM stat_drone WHERE grain <> 'a' GROUP BY 1`.execute(t.db);
    const cut = grainCutoffs(Date.now(), 'Asia/Shanghai');
    for (const r of rows) expect(r.oldest >= cut[r.grain as 'd' | 'm' | 'y'], r.grain).toBe(true);
    // A day later the oldest day rows fall out of the window and are pruned.
    await pruneGrains(t.db, undefined, Date.now() + 86_400_000);
    const later = grainCutoffs(Date.now() + 86_400_000, 'Asia/Shanghai');
    const { rows: left } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM stat_drone WHERE grain = 'd' AND period < ${later.d}::date`.execute(
      t.db,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('attribute sorties to the blocks their spraying centre lies in', async () => {
    const { rows } = await sql<{ n: number; inside: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE b.shape @> point(s.lng, s.lat))::int AS inside
      FROM sorties s JOIN blocks b ON b.block_id = s.block_id`.execute(t.db);
    const total = await t.db
      .selectFrom('sorties')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    // Sorties of drones with an operator have blocks (most of the demo fleet).
    expect(rows[0]?.n).toBeGreaterThan(Number(total?.n) * 0.5);
    expect(rows[0]?.inside).toBe(rows[0]?.n);
  });
});
