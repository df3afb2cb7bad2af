/**
 * Dashboard calls at national scale (issue 4): every drone/datastat/manage call and the monitor's
 * statInfo over HTTP, for the platform and for a provincial government (Jiangsu), on a database of
 * BENCH_SORTIES (10,000,000) sorties made by `seed:history`'s generator for BENCH_DRONES (20,000)
 * extra drones over a year. Prints JSON: how long generation took, p50/p95 per call and scope, the
 * big screen's calls together on a freshly started console (cold), and each call's time against
 * the same answer computed by a raw scan of sorties in the same run (ratio).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stats.ts
 *
 * The database (BENCH_STATS_DB, default agrifleet_bench_stats) is kept between runs: a run that finds
 * it with at least BENCH_SORTIES sorties measures at once. BENCH_FRESH=1 starts it over.
 */
import { DATASTAT_BASE, STAT_CALLS, type StatCall } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import { createDb } from '../apps/server/src/platform/db.ts';
import { ROLLUP_TABLES } from '../apps/server/src/telemetry/rollups/index.ts';
import { freePort } from '../apps/server/test/freePort.ts';
import { historyDatabase } from './history-db.ts';
import { listenConsole, signIn, summary } from './telemetry-kit.ts';

const SORTIES = Number(process.env.BENCH_SORTIES ?? 10_000_000);
const DRONES = Number(process.env.BENCH_DRONES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const NAME = process.env.BENCH_STATS_DB ?? 'agrifleet_bench_stats';
const TZ = 'Asia/Shanghai';
const JIANGSU = 156320000;

/** The calls and the query each is measured with (a ranking asks 6 rows, as the large screen). */
const CALLS: Array<[string, StatCall | 'monitorDetail', Record<string, number>]> = [
  ['droneRank year', 'droneRank', { periodType: 2, size: 6 }],
  ['droneRank month', 'droneRank', { periodType: 3, size: 6 }],
  ['droneRankTotal', 'droneRankTotal', { size: 6 }],
  ['pilotRank year', 'pilotRank', { periodType: 2, size: 6 }],
  ['pilotRank month', 'pilotRank', { periodType: 3, size: 6 }],
  ['pilotRankTotal', 'pilotRankTotal', { size: 6 }],
  ['hourArea', 'hourArea', {}],
  ['hourAreaByMonth', 'hourAreaByMonth', {}],
  ...[1, 2, 3, 4, 5].map((p): [string, StatCall, Record<string, number>] => [
    `modeArea ${p}`,
    'modeArea',
    { periodType: p },
  ]),
  ...[1, 2, 3].map((p): [string, StatCall, Record<string, number>] => [
    `cafArea ${p}`,
    'cafArea',
    { periodType: p },
  ]),
  ...[1, 2, 3].map((p): [string, StatCall, Record<string, number>] => [
    `foreignArea ${p}`,
    'foreignArea',
    { periodType: p },
  ]),
  ...[5, 1, 3, 4].map((p): [string, StatCall, Record<string, number>] => [
    `chinaRegionArea ${p}`,
    'chinaRegionArea',
    { periodType: p },
  ]),
  ...[1, 2, 3, 4].map((p): [string, StatCall, Record<string, number>] => [
    `foreignRegionArea ${p}`,
    'foreignRegionArea',
    { periodType: p },
  ]),
  ['overview year', 'overview', { periodType: 2 }],
  ['overview month', 'overview', { periodType: 3 }],
  ['overviewToday', 'overviewToday', {}],
  ['monitor detail (statInfo)', 'monitorDetail', {}],
];

const urlOf = (base: string, call: StatCall | 'monitorDetail', q: Record<string, number>) => {
  const qs = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const path =
    call === 'monitorDetail' ? '/api/drone/mointor/manage/detail' : `${DATASTAT_BASE}/${STAT_CALLS[call]}`;
  return `${base}${path}${qs ? `?${qs}` : ''}`;
};

async function timed(url: string, token: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

/** The raw-scan form of each call (same answer, from sorties), for one scope's condition. */
function rawSql(name: string, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const s = sql`FROM sorties WHERE NOT simulated AND ${where}`;
  const local = sql`(start_time AT TIME ZONE ${TZ})`;
  const year = sql`AND ${local} >= date_trunc('year', now() AT TIME ZONE ${TZ})`;
  const month = sql`AND ${local} >= date_trunc('month', now() AT TIME ZONE ${TZ})`;
  const today = sql`AND ${local} >= date_trunc('day', now() AT TIME ZONE ${TZ})`;
  const china = sql`AND country_code = 156000000`;
  const period = (p: number, all: number[], y: number[], m: number[], d: number[] = []) =>
    all.includes(p) ? sql`` : y.includes(p) ? year : m.includes(p) ? month : d.includes(p) ? today : sql``;
  const p = Number(name.split(' ')[1]);
  if (name.startsWith('droneRank'))
    return sql`SELECT drone_id, sum(area_mu) a ${s} ${name.endsWith('year') ? year : name.endsWith('month') ? month : sql``} GROUP BY 1 ORDER BY 2 DESC LIMIT 6`;
  if (name.startsWith('pilotRank'))
    return sql`SELECT pilot_id, sum(area_mu) a ${s} AND pilot_id IS NOT NULL ${name.endsWith('year') ? year : name.endsWith('month') ? month : sql``} GROUP BY 1 ORDER BY 2 DESC LIMIT 6`;
  if (name === 'hourArea') return sql`SELECT extract(hour FROM ${local}), sum(area_mu) ${s} GROUP BY 1`;
  if (name === 'hourAreaByMonth')
    return sql`SELECT date_trunc('month', ${local}), extract(hour FROM ${local}), sum(area_mu) ${s} ${year} GROUP BY 1, 2`;
  if (name.startsWith('modeArea'))
    return sql`SELECT mode, sum(area_mu) ${s} ${period(p, [1], [2], [3])} GROUP BY 1`;
  if (name.startsWith('cafArea'))
    return sql`SELECT date_trunc('day', ${local}), sum(area_mu) ${s} ${china} ${period(p, [1], [2], [3])} GROUP BY 1`;
  if (name.startsWith('foreignArea'))
    return sql`SELECT date_trunc('day', ${local}), sum(area_mu) ${s} AND country_code <> 156000000 ${period(p, [1], [2], [3])} GROUP BY 1`;
  if (name.startsWith('chinaRegionArea'))
    return sql`SELECT coalesce(city_code, province_code), province_code, sum(area_mu) ${s} ${china} ${period(p, [5], [4], [3], [1])} GROUP BY 1, 2`;
  if (name.startsWith('foreignRegionArea'))
    return sql`SELECT country_code, sum(area_mu) ${s} AND country_code <> 156000000 ${period(p, [1], [2], [3], [4])} GROUP BY 1`;
  if (name.startsWith('overview'))
    return sql`SELECT count(*), sum(area_mu), sum(duration_s), sum(volume_l), count(DISTINCT drone_id), count(DISTINCT block_id) ${s} ${name.endsWith('year') ? year : name.endsWith('month') ? month : today}`;
  return sql`SELECT count(*), sum(area_mu), sum(duration_s), sum(volume_l), count(DISTINCT block_id) ${s}`;
}

/** A console of its own on the kept database (a new one is a cold start for the app). */
async function startConsole(port: number) {
  const db = createDb(databaseUrl, 10);
  const { app, baseUrl } = await listenConsole(db, databaseUrl, {
    dataDir: '/tmp/agrifleet-bench-stats',
    port,
    env: { DEMO_DATA: '0' },
  });
  return { app, db, base: baseUrl };
}

const { db, databaseUrl, generation } = await historyDatabase({
  name: NAME,
  sorties: SORTIES,
  drones: DRONES,
});
// Cold: a console just started, the big screen's calls all at once (as the large variant sends them).
// Nothing has read the rollups yet in this run; restart PostgreSQL (and drop the OS page cache) before
// the run for a cold database too.
const port = await freePort();
let con = await startConsole(port);
const tokens = {
  platform: await signIn(con.base, '13800000001'),
  government: await signIn(con.base, '13800000002'),
};
await con.app.close();
await con.db.destroy();
con = await startConsole(port);
const coldStart = performance.now();
await Promise.all(CALLS.map(([, call, q]) => timed(urlOf(con.base, call, q), tokens.platform)));
const bigScreenColdMs = performance.now() - coldStart;

// Sizes, read after the cold run (counting rows reads the rollups into the caches).
const counts = (
  await sql<{ sorties: string; blocks: string }>`
  SELECT (SELECT count(*) FROM sorties) AS sorties, (SELECT count(*) FROM blocks) AS blocks`.execute(db)
).rows[0];
const rollupRows = Object.fromEntries(
  await Promise.all(
    ROLLUP_TABLES.map(
      async (t) =>
        [
          t,
          Number(
            (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(t)}`.execute(db)).rows[0]?.n,
          ),
        ] as const,
    ),
  ),
);

const results: Record<string, unknown> = {};
for (const [scope, token] of Object.entries(tokens)) {
  const where = scope === 'platform' ? sql`true` : sql`province_code = ${JIANGSU}`;
  const rows: Record<string, unknown> = {};
  for (const [name, call, q] of CALLS) {
    const url = urlOf(con.base, call, q);
    for (let i = 0; i < 3; i++) await timed(url, token);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(url, token));
    const s = summary(times, 2);
    const rawTimes: number[] = [];
    // Once per call on 10 million sorties (each scan takes seconds); BENCH_RAW_RUNS for more.
    for (let i = 0; i < Number(process.env.BENCH_RAW_RUNS ?? 1); i++) {
      const t0 = performance.now();
      await rawSql(name, where).execute(db);
      rawTimes.push(performance.now() - t0);
    }
    const raw = Math.min(...rawTimes);
    rows[name] = {
      p50: s.p50,
      p95: s.p95,
      rawScanMs: Math.round(raw),
      rawOverRollup: Math.round(raw / s.p50),
    };
  }
  results[scope] = rows;
}
const warm = performance.now();
await Promise.all(CALLS.map(([, call, q]) => timed(urlOf(con.base, call, q), tokens.platform)));
const bigScreenWarmMs = performance.now() - warm;
await con.app.close();
await con.db.destroy();
await db.destroy();

const worstP95 = Math.max(
  ...Object.values(results).flatMap((r) =>
    Object.values(r as Record<string, { p95: number }>).map((x) => x.p95),
  ),
);
console.log(
  JSON.stringify(
    {
      bench: 'stats',
      target:
        'every dashboard call p95 <= 50 ms (platform and government); the big screen together <= 1.5 s cold',
      sorties: Number(counts?.sorties),
      blocks: Number(counts?.blocks),
      drones: DRONES,
      generation,
      rollupRows,
      bigScreenCalls: CALLS.length,
      bigScreenColdMs: Math.round(bigScreenColdMs),
      bigScreenWarmMs: Math.round(bigScreenWarmMs),
      worstP95Ms: worstP95,
      calls: results,
    },
    null,
    2,
  ),
);
process.exit(0);
