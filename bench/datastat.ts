/**
 * Data statistics details (issue 4): getStatDetail p50 / p95 over HTTP for a few settings, for the
 * platform and for a provincial government (Jiangsu), and the overview, on a database of
 * BENCH_SORTIES (1,000,000) sorties made by `seed:history`'s generator for BENCH_DRONES (5,000)
 * extra drones over a year. Prints JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/datastat.ts
 *
 * The database (BENCH_DATASTAT_DB, default agrifleet_bench_datastat) is kept between runs: a run that
 * finds it with at least BENCH_SORTIES sorties measures at once. BENCH_FRESH=1 starts it over.
 */
import { DATASTAT_BASE, DATASTAT_ITEM_CALLS } from '@agrifleet/domain';
import { sql } from 'kysely';
import { historyDatabase } from './history-db.ts';
import { benchDroneId, listenConsole, signIn, summary } from './telemetry-kit.ts';

const SORTIES = Number(process.env.BENCH_SORTIES ?? 1_000_000);
const DRONES = Number(process.env.BENCH_DRONES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const NAME = process.env.BENCH_DATASTAT_DB ?? 'agrifleet_bench_datastat';

/** The settings measured (startStatWithChart with save false: the same work as getStatDetail). */
const SETTINGS: Array<[string, Record<string, unknown>]> = [
  ['month x area, all time', { x: 'month', y: 'area', periodType: 5 }],
  ['region x sorties, this year', { x: 'region', y: 'sorties', periodType: 2 }],
  ['drone x area (top 50), all time', { x: 'drone', y: 'area', periodType: 5 }],
  [
    'pilot x active drones by month, this year',
    { x: 'pilot', dimension: 'month', y: 'activeDrones', periodType: 2 },
  ],
  ['day x volume, this month', { x: 'day', y: 'volume', periodType: 3 }],
  [
    'model x area by region, drone range, last 90 days',
    {
      x: 'model',
      dimension: 'region',
      y: 'area',
      periodType: 1,
      startTime: Date.now() - 90 * 86_400_000,
      endTime: Date.now(),
      startDroneId: benchDroneId(0),
      endDroneId: benchDroneId(Math.floor(DRONES / 2)),
    },
  ],
];

async function timed(url: string, token: string, payload?: object) {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: payload ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

async function measure(run: () => Promise<number>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await run());
  const s = summary(times, 1);
  return { p50: s.p50, p95: s.p95 };
}

const { db, databaseUrl, generation } = await historyDatabase({
  name: NAME,
  sorties: SORTIES,
  drones: DRONES,
});
const { app, baseUrl } = await listenConsole(db, databaseUrl, {
  dataDir: '/tmp/agrifleet-bench-datastat',
  env: { DEMO_DATA: '0' },
});
const base = `${baseUrl}${DATASTAT_BASE}`;
const tokens = {
  platform: await signIn(baseUrl, '13800000001'),
  government: await signIn(baseUrl, '13800000002'),
};
const counts = (
  await sql<{ sorties: number; daily: number }>`
    SELECT (SELECT count(*) FROM sorties) AS sorties, (SELECT count(*) FROM stat_daily) AS daily`.execute(db)
).rows[0];

const results: Record<string, Record<string, unknown>> = {};
for (const [scope, token] of Object.entries(tokens)) {
  const rows: Record<string, unknown> = {};
  for (const [name, settings] of SETTINGS)
    rows[name] = await measure(() =>
      timed(`${base}/${DATASTAT_ITEM_CALLS.createWithChart}`, token, { save: false, ...settings }),
    );
  rows.overview = await measure(() => timed(`${base}/${DATASTAT_ITEM_CALLS.overview}`, token));
  results[scope] = rows;
}
await app.close();
await db.destroy();

const worstP95 = Math.max(
  ...Object.values(results).flatMap((r) =>
    Object.values(r as Record<string, { p95: number }>).map((x) => x.p95),
  ),
);
console.log(
  JSON.stringify(
    {
      bench: 'datastat',
      sorties: Number(counts?.sorties),
      statDailyRows: Number(counts?.daily),
      drones: DRONES,
      generation,
      runs: RUNS,
      worstP95Ms: worstP95,
      details: results,
    },
    null,
    2,
  ),
);
process.exit(0);
