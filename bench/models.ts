/**
 * Drone models: add ID range of 10,000 serials over HTTP (issue 10 figure: at most 2 s) and the
 * model list's p95. Prints JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/models.ts
 *
 * A real console (its own database with the demo data and BENCH_DRONES, default 100,000, extra
 * drones of maker-a) listening on HTTP; maker A signs in like the browser and creates a model; then
 * BENCH_RUNS (default 5) POST /api/drone/model/manage/idRange of 10,000 fresh serials each, timed
 * from request to answer; one more over a range already registered (all 10,000 reported existing);
 * and BENCH_LIST (default 200) GET list requests (sorts by drone count, name, creation; a name
 * filter; first and second page), as maker A and as the platform, after a VACUUM ANALYZE of the
 * drones (the state autovacuum keeps a live table in; BENCH_VACUUM=0 measures the list right after
 * the bulk insert instead).
 */
import { performance } from 'node:perf_hooks';
import { ID_RANGE_MAX, MODEL_ID_RANGE_PATH, MODEL_LIST_PATH, MODEL_PATH } from '@agrifleet/domain';
import { sql } from 'kysely';
import { signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const DRONES = Number(process.env.BENCH_DRONES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIST = Number(process.env.BENCH_LIST ?? 200);

const bench = await startBenchConsole({ drones: DRONES });
try {
  const maker = await signIn(bench.baseUrl, '13800000003');
  const platform = await signIn(bench.baseUrl, '13800000001');
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${bench.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { code: number; message: string; data: unknown };
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
    return { ms, data: json.data };
  };

  const model = (
    await call(maker, 'POST', MODEL_PATH, {
      modelName: 'BENCH-Range',
      shape: 'quad',
      power: 'electric',
      sprayWidth: 6,
      tankLitres: 30,
    })
  ).data as { id: number };

  const range = (prefix: string) => ({ flyModelId: model.id, prefix, start: 1, end: ID_RANGE_MAX, width: 5 });
  const fresh: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { ms, data } = await call(maker, 'POST', MODEL_ID_RANGE_PATH, range(`BR${run}-`));
    const r = data as { created: number };
    if (r.created !== ID_RANGE_MAX) throw new Error(`run ${run}: created ${r.created}`);
    fresh.push(ms);
  }
  const again = await call(maker, 'POST', MODEL_ID_RANGE_PATH, range('BR0-'));
  const existed = again.data as { created: number; existed: number };
  if (existed.created !== 0 || existed.existed !== ID_RANGE_MAX) throw new Error('re-run created drones');

  // A live table is kept by autovacuum (its visibility map lets the counts read the model index
  // alone); the drones were bulk-inserted a moment ago, so do what autovacuum would.
  if (process.env.BENCH_VACUUM !== '0') await sql`VACUUM ANALYZE drones`.execute(bench.db);
  const queries = [
    '?sortParam=droneCount',
    '?sortParam=modelName&order=2',
    '?sortParam=createTime',
    '?modelName=JY',
    '?currentPage=2&pageSize=2',
  ];
  const lists: Record<string, number[]> = { maker: [], platform: [] };
  for (let i = 0; i < LIST; i++)
    for (const [who, token] of [
      ['maker', maker],
      ['platform', platform],
    ] as const)
      lists[who]?.push((await call(token, 'GET', `${MODEL_LIST_PATH}${queries[i % queries.length]}`)).ms);

  const drones = await bench.db
    .selectFrom('drones')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    JSON.stringify(
      {
        bench: 'models',
        postgres: bench.postgres,
        dronesInTable: Number(drones.n),
        vacuumedBeforeList: process.env.BENCH_VACUUM !== '0',
        idRange: {
          serials: ID_RANGE_MAX,
          runs: RUNS,
          ms: summary(fresh),
          allExistingMs: Number(again.ms.toFixed(1)),
          goalMs: 2000,
        },
        list: {
          requests: LIST,
          makerMs: summary(lists.maker ?? []),
          platformMs: summary(lists.platform ?? []),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
