/**
 * App logs (issue 23 point 5 figures; apps/server/src/modules/applogs/): the list with a text search,
 * p95 <= 100 ms at 10 million entries, and ingest of 5,000 entries/s with acknowledgement. Prints JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/applogs.ts
 *
 * A database of its own, BENCH_APPLOG_DB (default bench_applogs), kept between runs: made once with
 * the schema and the demo data, then filled to BENCH_ENTRIES entries (default 10,000,000) with
 * INSERT ... SELECT generate_series in chunks of a million into the monthly partitions it spans
 * (migration 0050; made first), the indexes dropped first and remade after, as a bulk load does (an
 * index of the partitioned table goes and comes with every partition's; the times are printed). A
 * later run migrates it and reuses it (drop it to start again: DROP DATABASE bench_applogs).
 * BENCH_ONLY_GENERATE=1 stops after the load.
 *
 * The entries spread over the last 81 days, over the demo accounts and drones; a message is one of 24
 * phrases (English and Chinese) + a drone id (BEN00000..BEN01999) + "code N" (N < 100,000), so a
 * search for a code hits ~100 entries, a drone id ~5,000, a phrase word ~400,000.
 *
 * The list: a console on that database over HTTP, signed in as the platform, BENCH_RUNS (default 20)
 * GET /api/oper/appLog/page per search case (rare, medium, common, Chinese, none, with a type filter,
 * no search), the first page of 20; p95 over all of them is the figure. The plans of the cases are
 * printed with BENCH_EXPLAIN=1 (stderr).
 *
 * The ingest: BENCH_INGEST_SECONDS (default 10) of POST /api/oper/appLog/batch at BENCH_INGEST_RATE
 * (default 5,000) entries/s in batches of 500 from BENCH_INGEST_CLIENTS (default 4) parallel senders,
 * each batch answered (acknowledged) before it counts; entries/s achieved and batch latencies.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_LOG_BATCH_PATH, APP_LOG_PAGE_PATH } from '@agrifleet/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { APP_LOG_INDEXES } from '../apps/server/src/migrations/0050_applog_partitions.ts';
import { createAppLogPartitions } from '../apps/server/src/modules/applogs/applogs.partitions.ts';
import { containsPattern, indexWord } from '../apps/server/src/modules/applogs/applogs.repo.ts';
import { createDb } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { admin, listenConsole, signIn, summary, telemetryKey } from './telemetry-kit.ts';

const ADMIN = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!ADMIN) throw new Error('set TEST_DATABASE_URL (a PostgreSQL server)');
const NAME = process.env.BENCH_APPLOG_DB ?? 'bench_applogs';
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CHUNK = 1_000_000;
/** The load's entries are 0.7 s apart, the newest now. */
const SPACING_S = 0.7;
const url = new URL(ADMIN);
url.pathname = `/${NAME}`;
const DB_URL = url.toString();

const PHRASES = [
  'RTK fix lost, falling back to GPS',
  'battery voltage low, returning home',
  'route upload finished',
  'spray pump pressure out of range',
  'compass interference detected',
  'link quality degraded',
  'obstacle radar timeout',
  'mission paused by pilot',
  'app started',
  'firmware check completed',
  'map tiles cache cleared',
  'takeoff confirmed',
  '电池电压过低，自动返航',
  '航线上传完成',
  '喷洒泵压力异常',
  'RTK 信号丢失，切换为 GPS 定位',
  '遥控器信号弱',
  '避障雷达超时',
  '作业暂停',
  '应用启动',
  '固件检查完成',
  '地图缓存已清理',
  '起飞确认',
  'ไฟล์บันทึกถูกส่ง',
];

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

async function ensureDatabase(): Promise<{ generatedMs: number | null; rows: number; phases: object }> {
  const exists = await admin(ADMIN as string, `SELECT 1 FROM pg_database WHERE datname = ${sqlText(NAME)}`);
  // The schema migrated (a database made before migration 0050 has its table partitioned now), and
  // the monthly partitions the load writes made (the console's retention job makes them only from
  // the retention's start on).
  const db = createDb(DB_URL, 2);
  try {
    if (!exists.rowCount) {
      await admin(ADMIN as string, `CREATE DATABASE ${NAME}`);
      await migrateToLatest(db);
      await seedDemo(db);
    } else await migrateToLatest(db);
    const now = Date.now();
    await createAppLogPartitions(db).ensure(now - ENTRIES * SPACING_S * 1000, now + 86_400_000);
  } finally {
    await db.destroy();
  }
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  try {
    const have = Number((await c.query('SELECT count(*)::bigint AS n FROM app_logs')).rows[0].n);
    if (have >= ENTRIES) return { generatedMs: null, rows: have, phases: {} };
    await c.query("SET maintenance_work_mem = '512MB'");
    const accounts = (await c.query('SELECT DISTINCT zz_account_id AS id FROM drones ORDER BY 1')).rows.map(
      (r) => Number(r.id),
    );
    const drones = (await c.query('SELECT drone_id FROM drones ORDER BY 1 LIMIT 200')).rows.map(
      (r) => r.drone_id as string,
    );
    const t0 = performance.now();
    for (const ddl of APP_LOG_INDEXES)
      await c.query(`DROP INDEX IF EXISTS ${ddl.split(' ')[ddl.includes('UNIQUE') ? 3 : 2]}`);
    const tDrop = performance.now();
    const arr = (xs: Array<string | number>) =>
      `ARRAY[${xs.map((x) => (typeof x === 'number' ? x : sqlText(x))).join(',')}]`;
    for (let lo = have; lo < ENTRIES; lo += CHUNK) {
      const hi = Math.min(ENTRIES, lo + CHUNK) - 1;
      const s = performance.now();
      await c.query(`
        INSERT INTO app_logs (account_id, type, level, time, app_version, drone_id, message, fingerprint)
        SELECT (${arr(accounts)})[1 + i % ${accounts.length}],
               (ARRAY['operation','flight','device','network','crash','system'])[1 + i % 6],
               (ARRAY['debug','info','warn','error'])[1 + (i / 7) % 4],
               now() - make_interval(secs => i * ${SPACING_S}),
               '3.' || (i % 5) || '.' || (i % 11),
               CASE WHEN i % 4 = 0 THEN NULL ELSE (${arr(drones)})[1 + i % ${drones.length}] END,
               (${arr(PHRASES)})[1 + (i * 7919) % ${PHRASES.length}] || ' drone BEN' || lpad(((i * 31) % 2000)::text, 5, '0')
                 || ' code ' || ((i::bigint * 2654435761) % 100000),
               substr(sha256(('bench' || i)::bytea), 1, 16)
        FROM generate_series(${lo}::bigint, ${hi}::bigint) i`);
      process.stderr.write(`inserted ${hi + 1} rows (${Math.round(performance.now() - s)} ms)\n`);
    }
    const tInsert = performance.now();
    const indexMs: Record<string, number> = {};
    for (const ddl of APP_LOG_INDEXES) {
      const s = performance.now();
      await c.query(ddl);
      indexMs[ddl.split(' ')[ddl.includes('UNIQUE') ? 3 : 2] as string] = Math.round(performance.now() - s);
      process.stderr.write(`${ddl}: ${Math.round(performance.now() - s)} ms\n`);
    }
    const tIndex = performance.now();
    await c.query('VACUUM ANALYZE app_logs');
    const tEnd = performance.now();
    return {
      generatedMs: Math.round(tEnd - t0),
      rows: ENTRIES,
      phases: {
        dropIndexesMs: Math.round(tDrop - t0),
        insertMs: Math.round(tInsert - tDrop),
        indexMs,
        indexesTotalMs: Math.round(tIndex - tInsert),
        vacuumAnalyzeMs: Math.round(tEnd - tIndex),
      },
    };
  } finally {
    await c.end();
  }
}

const CASES: Record<string, Record<string, string>> = {
  rareCode: { search: 'code 48213' },
  droneId: { search: 'BEN01234' },
  commonWord: { search: 'returning home' },
  chinese: { search: '喷洒泵压力' },
  noMatch: { search: 'zqxjkv' },
  typeAndSearch: { type: 'crash', search: 'RTK' },
  typeOnly: { type: 'network' },
  noFilter: {},
};

async function main() {
  const gen = await ensureDatabase();
  if (process.env.BENCH_ONLY_GENERATE) {
    console.log(
      JSON.stringify({ entries: gen.rows, generatedMs: gen.generatedMs, phases: gen.phases }, null, 2),
    );
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-bench-'));
  const db = createDb(DB_URL, 10);
  const { app, baseUrl } = await listenConsole(db, DB_URL, {
    dataDir: dir,
    env: { APP_LOG_BATCHES_PER_MINUTE: '100000' },
  });
  try {
    const token = await signIn(baseUrl, '13800000001');
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
    const list: Record<string, object> = {};
    const all: number[] = [];
    for (const [name, q] of Object.entries(CASES)) {
      const times: number[] = [];
      let total = 0;
      let bounded = false;
      for (let i = 0; i < RUNS + 2; i++) {
        const qs = new URLSearchParams({ pageIndex: '1', size: '20', ...q });
        const s = performance.now();
        const res = await fetch(`${baseUrl}${APP_LOG_PAGE_PATH}?${qs}`, { headers });
        const body = (await res.json()) as { data: { total: number; totalBounded: boolean } };
        const ms = performance.now() - s;
        if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body)}`);
        total = body.data.total;
        bounded = body.data.totalBounded;
        if (i >= 2) times.push(ms); // two warm-up calls
      }
      all.push(...times);
      list[name] = { query: q, total, totalBounded: bounded, ms: summary(times) };
      if (process.env.BENCH_EXPLAIN) {
        const c = new pg.Client({ connectionString: DB_URL });
        await c.connect();
        // The shape applogs.repo.ts sends: the longest word for the index, the whole text as a filter.
        const key = q.search ? indexWord(q.search) : '';
        const where = [
          q.type ? `type = ${sqlText(q.type)}` : 'true',
          q.search ? `message ILIKE ${sqlText(containsPattern(key))}` : 'true',
          q.search && key !== q.search
            ? `(message || '') ILIKE ${sqlText(containsPattern(q.search))}`
            : 'true',
        ].join(' AND ');
        const plan = await c.query(
          q.search
            ? `EXPLAIN (ANALYZE, BUFFERS) SELECT id, time FROM app_logs WHERE ${where} LIMIT 10001`
            : `EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM app_logs WHERE ${where} ORDER BY time DESC, id DESC LIMIT 20`,
        );
        process.stderr.write(`--- ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
        await c.end();
      }
    }

    // Ingest through the HTTP endpoint, with acknowledgement.
    const maker = await db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '极翼植保无人机有限公司')
      .executeTakeFirstOrThrow();
    const drone = await db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', maker.id)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();
    const key = await telemetryKey(db, maker.id, `bench-applogs-${Date.now()}`);
    const authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
    const seconds = Number(process.env.BENCH_INGEST_SECONDS ?? 10);
    const rate = Number(process.env.BENCH_INGEST_RATE ?? 5000);
    const clients = Number(process.env.BENCH_INGEST_CLIENTS ?? 4);
    const batchSize = 500;
    const run = createHash('sha256').update(String(Date.now())).digest('hex').slice(0, 8);
    let seq = 0;
    let accepted = 0;
    let duplicates = 0;
    const latencies: number[] = [];
    const start = performance.now();
    const deadline = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          // Paced: batch k of all clients is not sent before k * batchSize / rate seconds.
          const k = seq++;
          const due = start + ((k * batchSize) / rate) * 1000;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          if (performance.now() >= deadline) break;
          const now = Date.now();
          const entries = Array.from({ length: batchSize }, (_, j) => ({
            type: 'flight',
            level: 'info',
            time: now,
            appVersion: '3.2.1',
            droneId: drone.drone_id,
            message: `bench ${run} batch ${k} entry ${j} RTK fix ok, altitude ${(j % 30) + 1} m`,
          }));
          const s = performance.now();
          const res = await fetch(`${baseUrl}${APP_LOG_BATCH_PATH}`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ entries }),
          });
          const body = (await res.json()) as { data: { accepted: number; duplicates: number } };
          if (res.status !== 200) throw new Error(`ingest: HTTP ${res.status} ${JSON.stringify(body)}`);
          latencies.push(performance.now() - s);
          accepted += body.data.accepted;
          duplicates += body.data.duplicates;
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    // The ingest's entries go again: they are the newest, and a later run's list would search them.
    await sql`DELETE FROM app_logs WHERE message LIKE ${`bench ${run} batch %`}`.execute(db);
    const p95 = summary(all).p95;
    console.log(
      JSON.stringify(
        {
          entries: gen.rows,
          generation: gen.generatedMs === null ? 'reused' : { ms: gen.generatedMs, ...gen.phases },
          list: { target: { p95Ms: 100 }, p95Ms: p95, all: summary(all), cases: list },
          ingest: {
            target: { entriesPerSecond: 5000 },
            offeredRate: rate,
            batchSize,
            clients,
            seconds: Number(elapsed.toFixed(2)),
            accepted,
            duplicates,
            entriesPerSecond: Math.round(accepted / elapsed),
            batchMs: summary(latencies),
          },
          pass: { list: p95 <= 100, ingest: accepted / elapsed >= 0.98 * Math.min(rate, 5000) },
        },
        null,
        2,
      ),
    );
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
