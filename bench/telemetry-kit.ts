/**
 * Shared by the live-fleet benchmarks (ingest.ts, viewport.ts): a real console on a free port with
 * its own database (BENCH_DATABASE_URL or TEST_DATABASE_URL's server, else embedded PostgreSQL),
 * extra registered drones, a telemetry key, a signed-in session, percentiles, CPU counters.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/demo/accounts.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { createKeysService } from '../apps/server/src/modules/accounts/keys.service.ts';
import { createDb, type Db } from '../apps/server/src/platform/db.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embeddedPostgres.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { createSealer } from '../apps/server/src/platform/seal.ts';
import { freePort } from '../apps/server/test/freePort.ts';

const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

export interface BenchConsole {
  app: FastifyInstance;
  db: Db;
  databaseUrl: string;
  /** "server" (a PostgreSQL the bench was pointed at) or "embedded". */
  postgres: string;
  baseUrl: string;
  /** maker-a's account id: the registered bench drones are its. */
  makerId: number;
  stop(): Promise<void>;
}

/** One statement on a server's admin connection (CREATE / DROP DATABASE, lookups in pg_database). */
export async function admin(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** Province-level and county-level codes the bench drones are registered in (round-robin). */
export const BENCH_REGIONS = [156320900, 156230000, 156650000, 156411600, 156340000, 156450000, 156220000];

/** A fresh database with the schema and demo data (on the pointed-at server, or embedded). */
export async function benchDatabase(poolSize = 10) {
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-bench-'));
  // mkdtemp makes it 0700; as root PostgreSQL runs as its own user, which must enter it (else the
  // cluster would be placed under /var/lib/agrifleet and outlive the benchmark).
  chmodSync(dir, 0o755);
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  let databaseUrl: string;
  let dropDb = async () => {};
  if (adminUrl) {
    const name = `bench_${Date.now()}_${process.pid}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
    databaseUrl = embedded.url;
    dropDb = () => embedded.stop();
  }
  const db = createDb(databaseUrl, poolSize);
  await migrateToLatest(db);
  await seedDemo(db);
  return {
    db,
    databaseUrl,
    dir,
    postgres: adminUrl ? 'server' : 'embedded',
    async stop() {
      await db.destroy();
      await dropDb();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers `count` extra activated drones of maker-a (ids `BEN00000`, ...) in BENCH_REGIONS
 * round-robin; with `owned`, owned round-robin by the demo operators and registered over the last
 * two years. Returns maker-a's account id.
 */
export async function registerBenchDrones(db: Db, count: number, o: { owned?: boolean } = {}) {
  const maker = await db
    .selectFrom('accounts')
    .select('id')
    .where('account_name', '=', '极翼植保无人机有限公司')
    .executeTakeFirstOrThrow();
  const model = await db
    .selectFrom('drone_models')
    .select(['id', 'spray_width'])
    .where('zz_account_id', '=', maker.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const operators = o.owned
    ? (
        await db.selectFrom('accounts').select('id').where('account_type', '=', 4).orderBy('id').execute()
      ).map((a) => a.id)
    : [];
  for (let i = 0; i < count; i += 2000)
    await db
      .insertInto('drones')
      .values(
        Array.from({ length: Math.min(2000, count - i) }, (_, k) => ({
          drone_id: benchDroneId(i + k),
          drone_name: `BENCH-${i + k}`,
          model_id: model.id,
          zz_account_id: maker.id,
          yy_account_id: operators[(i + k) % Math.max(1, operators.length)] ?? null,
          activation_status: 2,
          spray_width: model.spray_width,
          reg_mark: null,
          rack_no: null,
          buyer: null,
          rental_model: null,
          region_code: BENCH_REGIONS[(i + k) % BENCH_REGIONS.length] as number,
          ...(o.owned ? { created_at: new Date(Date.now() - ((i + k) % 730) * 86_400_000) } : {}),
        })),
      )
      .execute();
  return maker.id;
}

/** The console on `databaseUrl`, listening on a free port (or `port`). No MQTT, no simulated fleet. */
export async function listenConsole(
  db: Db,
  databaseUrl: string,
  o: { dataDir: string; web?: boolean; port?: number; env?: Record<string, string> },
) {
  const port = o.port ?? (await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    AGRIFLEET_TEST_MODE: '1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: o.dataDir,
    JWT_SECRET,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    SIM_DRONES: '0',
    ...(o.web ? {} : { WEB_DIST: '/nonexistent' }),
    ...o.env,
  });
  const app = await buildApp({ config, db, logger: pino({ level: 'warn' }) });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, port, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * Starts the console with `drones` extra drones of maker-a (registerBenchDrones).
 * `web`: serve the built web app (apps/web/dist), for benchmarks in the browser.
 */
export async function startBenchConsole(opts: {
  drones: number;
  poolSize?: number;
  web?: boolean;
}): Promise<BenchConsole> {
  const base = await benchDatabase(opts.poolSize);
  const { db, databaseUrl, dir } = base;
  const makerId = await registerBenchDrones(db, opts.drones);
  const { app, baseUrl } = await listenConsole(db, databaseUrl, { dataDir: dir, web: opts.web });
  return {
    app,
    db,
    databaseUrl,
    postgres: base.postgres,
    baseUrl,
    makerId,
    async stop() {
      await app.close();
      await base.stop();
    },
  };
}

export const benchDroneId = (i: number) => `BEN${String(i).padStart(5, '0')}`;

/** A telemetry key of the account (created through the keys service, as the console does). */
export async function telemetryKey(db: Db, accountId: number, vid: string) {
  const keys = createKeysService(db, createSealer(JWT_SECRET));
  await keys.create(accountId, vid);
  const key = await keys.current(accountId);
  if (!key) throw new Error('no key');
  return key;
}

/** Signs a demo user in the way the browser does (captcha read through the test-mode route). */
export async function signIn(baseUrl: string, phoneNum: string, password = DEMO_PASSWORD): Promise<string> {
  const c = await fetch(`${baseUrl}/api/user/baseaccount/getVerify?r=1`);
  const cookie = String(c.headers.get('set-cookie')).split(';')[0] as string;
  const peek = await fetch(`${baseUrl}/api/__test/captcha`, { headers: { cookie } });
  const { answer } = (await peek.json()) as { answer: string };
  const res = await fetch(`${baseUrl}/api/user/baseaccount/loginPd`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNum, password, verifyCode: answer }),
  });
  const body = (await res.json()) as { data?: { jToken: string } };
  if (!body.data?.jToken) throw new Error(`sign-in of ${phoneNum} failed: ${JSON.stringify(body)}`);
  return body.data.jToken;
}

/** p-th percentile (0..100) of unsorted values, nearest rank. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

export function summary(values: Float64Array | number[], digits = 1) {
  const s = Float64Array.from(values).sort();
  const r = (v: number) => Number(v.toFixed(digits));
  let sum = 0;
  for (const v of s) sum += v;
  return {
    n: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s[s.length - 1] ?? Number.NaN),
    mean: r(sum / Math.max(1, s.length)),
  };
}

/**
 * CPU seconds used so far by the processes of this machine whose name `ours` accepts (Linux /proc);
 * `children`: with those of their exited children they waited for.
 */
export function processCpuSeconds(ours: (comm: string) => boolean, children = false): number {
  const hz = 100;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!ours(stat.slice(stat.indexOf('(') + 1, close))) continue;
      const f = stat.slice(close + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / hz;
}

/** CPU seconds used so far by all PostgreSQL processes, with the ended backends the postmaster waited for. */
export const postgresCpuSeconds = () => processCpuSeconds((comm) => comm.startsWith('postgres'), true);

/** Microseconds some runnable task of the machine waited for a CPU (Linux PSI), or NaN. */
function cpuWaitUs(): number {
  try {
    const m = /some .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU (user + system) of this process and of PostgreSQL between two calls, in cores, and the
 * share of that time some task of the machine waited for a CPU (other load on the machine shows).
 */
export function cpuMeter() {
  const t0 = performance.now();
  const p0 = process.cpuUsage();
  const g0 = postgresCpuSeconds();
  const w0 = cpuWaitUs();
  return () => {
    const s = (performance.now() - t0) / 1000;
    const p = process.cpuUsage(p0);
    return {
      seconds: Number(s.toFixed(1)),
      node: Number(((p.user + p.system) / 1e6 / s).toFixed(2)),
      postgres: Number(((postgresCpuSeconds() - g0) / s).toFixed(2)),
      machineCpuWaitShare: Number(((cpuWaitUs() - w0) / 1e6 / s).toFixed(2)),
    };
  };
}
