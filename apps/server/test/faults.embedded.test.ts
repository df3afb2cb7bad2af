/**
 * The embedded database's faults through what `npm start` runs: apps/server/src/main.ts (and
 * scripts/start.mjs) as child processes, with DATA_DIR inside a fresh mode-700 folder (as root the
 * PostgreSQL user cannot enter it). In turn, on the same data folder:
 * - it starts there; after kill -9 of the console (its PostgreSQL orphaned) it starts again;
 * - killing its PostgreSQL under the running console gives 503 + Retry-After (API and telemetry
 *   batch), then recovery without a restart and every acknowledged point stored;
 * - one SIGTERM (to main.ts, to scripts/start.mjs) or npm's exit stops everything, with clean output.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TelemetryPoint } from '@agrifleet/domain';
import pgClient from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/platform/db.ts';
import { startEmbeddedPostgres } from '../src/platform/embeddedPostgres.ts';
import { LEGACY_PASSWORD } from '../src/platform/pgPassword.ts';
import { pgHome, pgLayout, postgresUser, RUNTIME_ROOT, reachableHome } from '../src/platform/pgRuntime.ts';
import { initdb } from '../src/platform/pgServer.ts';
import { decodeJournal } from '../src/telemetry/codec/journalCodec.ts';
import { decodeTrack } from '../src/telemetry/codec/trackCodec.ts';
import { freePort } from './freePort.ts';
import { makerDroneAndKey } from './telemetryKit.ts';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const JWT_SECRET = 'faults-embedded-secret-faults-embedded';
const isRoot = process.getuid?.() === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let work: string;
let dataDir: string;
let port: number;
let pgPort: number;
let console1: Console | null = null;
const everyPostmaster = new Set<number>();

interface Console {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function env(extra: Record<string, string> = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    MQTT_PORT: '0',
    SIM_DRONES: '0',
    DEMO_HISTORY_SORTIES: '0',
    JWT_SECRET,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

function launch(cmd: string, args: string[], extra: Record<string, string> = {}): Console {
  const proc = spawn(cmd, args, { cwd: REPO, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout?.on('data', (b) => {
    out += b;
  });
  proc.stderr?.on('data', (b) => {
    out += b;
  });
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, output: () => out, exited };
}

const startMain = () => launch(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']);
const base = () => `http://127.0.0.1:${port}`;

async function health(): Promise<number> {
  try {
    return (await fetch(`${base()}/api/health`)).status;
  } catch {
    return 0;
  }
}

async function waitHealthy(c: Console, ms = 45_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (c.proc.exitCode !== null) throw new Error(`console exited (${c.proc.exitCode}):\n${c.output()}`);
    if ((await health()) === 200) return;
    await sleep(150);
  }
  throw new Error(`console did not answer:\n${c.output()}`);
}

const clusterDir = () => join(dataDir, 'pg');

function postmasterPid(): number {
  const pid = Number(readFileSync(join(clusterDir(), 'postmaster.pid'), 'utf8').split('\n')[0]);
  everyPostmaster.add(pid);
  return pid;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function listening(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: p });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

/** Shutdown output a person should see: no stack trace, no unhandled error. */
function expectClean(output: string) {
  expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(output).not.toMatch(/Unhandled|triggerUncaughtException|uncaught/i);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'agrifleet-faults-'));
  expect(statSync(work).mode & 0o777).toBe(0o700);
  dataDir = join(work, 'data');
  port = await freePort();
  pgPort = await freePort();
});

afterAll(async () => {
  if (console1?.proc.exitCode === null) console1.proc.kill('SIGKILL');
  for (const pid of everyPostmaster) if (alive(pid)) process.kill(pid, 'SIGQUIT');
  await sleep(300);
  const link = existsSync(work) ? lstatSync(clusterDir(), { throwIfNoEntry: false }) : undefined;
  if (link?.isSymbolicLink()) rmSync(dirname(readlinkSync(clusterDir())), { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe.sequential('the embedded PostgreSQL', () => {
  it('starts in a mode-700 folder, with a password of its own, and again after kill -9 of the console', {
    timeout: 120_000,
  }, async () => {
    console1 = startMain();
    await waitHealthy(console1);
    const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
    expect(password).not.toBe(LEGACY_PASSWORD);
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
    // As root, PostgreSQL's own user could not reach DATA_DIR: its cluster lives where it can.
    if (isRoot) expect(lstatSync(clusterDir()).isSymbolicLink()).toBe(true);
    const first = postmasterPid();

    console1.proc.kill('SIGKILL');
    await console1.exited;
    expect(alive(first)).toBe(true); // orphaned, still holding the data folder

    console1 = startMain();
    await waitHealthy(console1);
    expect(alive(first)).toBe(false);
    expect(postmasterPid()).not.toBe(first);
    expect(console1.output()).toMatch(/still running.*stopping it/);
  });

  it('answers 503 with Retry-After while its PostgreSQL is killed, then recovers with every acknowledged point', {
    timeout: 90_000,
  }, async () => {
    const c = console1 as Console;
    const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
    const db: Db = createDb(
      `postgres://postgres:${password}@127.0.0.1:${pgPort}/agrifleet`,
      2,
      () => undefined,
    );
    try {
      const { droneId, authorization } = await makerDroneAndKey(db, JWT_SECRET, 'faults-embedded');

      let next = Date.now() - 120_000;
      const batch = (n: number): TelemetryPoint[] =>
        Array.from({ length: n }, (_, i) => ({
          recordTime: next + (i + 1) * 200,
          lng: 120.26,
          lat: 33.77,
          height: 0,
          speed: 0,
          heading: 0,
          battery: 80,
          flow: 0,
          pump: false,
          swath: 6.5,
          tank: 20,
          mode: 'manual' as const,
        }));
      const acked: number[] = [];
      const take = (n: number) => {
        const pts = batch(n);
        next += n * 200;
        return pts;
      };
      /** Sends one batch; a 2xx acknowledges it, anything else is sent again later (as a device does). */
      let pending: TelemetryPoint[] = [];
      const send = async () => {
        if (!pending.length) pending = take(10);
        const res = await fetch(`${base()}/api/telemetry/batch`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify({ drones: [{ droneId, points: pending }] }),
        });
        if (res.ok) {
          acked.push(...pending.map((p) => p.recordTime));
          pending = [];
        }
        return res;
      };
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);

      const killed = postmasterPid();
      process.kill(killed, 'SIGKILL');
      const seen = { api: null as Response | null, batch: null as Response | null };
      const end = Date.now() + 15_000;
      while ((!seen.api || !seen.batch) && Date.now() < end) {
        const api = await fetch(`${base()}/api/health`, { headers: { 'accept-language': 'en' } });
        if (api.status === 503) seen.api ??= api;
        const b = await send();
        if (b.status === 503) seen.batch ??= b;
        expect([200, 503]).toContain(api.status);
        expect([200, 503]).toContain(b.status);
      }
      expect(seen.api?.headers.get('retry-after')).toMatch(/^\d+$/);
      const body = (await seen.api?.json()) as { message: string } | undefined;
      expect(body?.message).toMatch(/try again in \d+ seconds/);
      expect(seen.batch?.headers.get('retry-after')).toMatch(/^\d+$/);

      // Back by itself: a new postmaster, the console's pool reconnected, telemetry stored again.
      expect(await until(async () => (await health()) === 200, 30_000)).toBe(true);
      expect(postmasterPid()).not.toBe(killed);
      for (let i = 0; i < 40 && (pending.length || acked.length < 60); i++) {
        if ((await send()).status !== 200) await sleep(250);
      }
      expect(pending).toEqual([]);
      expect(c.proc.exitCode).toBe(null);
      // The supervisor logs its restart once its start-up wait returns, which can be after the pool
      // has reconnected and the batches above went through (failed once under load): wait for it.
      await until(() => /started again/.test(c.output()), 10_000);
      expect(c.output()).toMatch(/started again/);

      const stored = new Set<number>();
      for (const r of await db
        .selectFrom('track_chunks')
        .select('data')
        .where('drone_id', '=', droneId)
        .execute())
        for (const p of decodeTrack(r.data)) stored.add(p.recordTime);
      for (const r of await db.selectFrom('ingest_journal').select('data').execute())
        for (const [id, pts] of decodeJournal(r.data))
          if (id === droneId) for (const p of pts) stored.add(p.recordTime);
      expect(acked.filter((t) => !stored.has(t))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('stops everything on one SIGTERM, to the console or to scripts/start.mjs, and when npm goes away', {
    timeout: 90_000,
  }, async () => {
    const c = console1 as Console;
    const pm = postmasterPid();
    c.proc.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    expect(alive(pm)).toBe(false);
    expect(await listening(port)).toBe(false);
    expectClean(c.output());

    // What the README starts: scripts/start.mjs (npm start runs it).
    const s = launch(process.execPath, ['scripts/start.mjs'], { AGRIFLEET_NO_PREPARE: '1' });
    await waitHealthy(s);
    const pm2 = postmasterPid();
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(await until(() => !alive(pm2), 5_000)).toBe(true);
    expect(await listening(port)).toBe(false);
    expect(await listening(pgPort)).toBe(false);
    expectClean(s.output());

    // npm 11 exits on SIGTERM without passing it on: the launcher and the console notice and stop.
    const npm = launch('sh', ['-c', 'node scripts/start.mjs; true'], {
      AGRIFLEET_NO_PREPARE: '1',
      npm_lifecycle_event: 'start',
    });
    await waitHealthy(npm);
    const pm3 = postmasterPid();
    npm.proc.kill('SIGKILL');
    expect(await until(async () => !alive(pm3) && !(await listening(port)), 20_000)).toBe(true);
    expect(await listening(pgPort)).toBe(false);
  });
});

describe('the embedded PostgreSQL, in-process', () => {
  it.runIf(isRoot)(
    'runs its binaries from a copy the postgres user can reach when the clone is closed to it',
    async () => {
      const { home } = await pgHome();
      const closed = mkdtempSync(join(tmpdir(), 'agrifleet-closed-'));
      const version = `faults-${process.pid}`;
      let copy = '';
      try {
        cpSync(home, join(closed, 'native'), { recursive: true, verbatimSymlinks: true });
        const user = postgresUser();
        copy = reachableHome(join(closed, 'native'), version, user);
        expect(copy.startsWith(RUNTIME_ROOT)).toBe(true);
        const r = spawnSync(join(copy, 'bin', 'postgres'), ['--version'], { uid: user.uid, gid: user.gid });
        expect(String(r.stdout)).toMatch(/PostgreSQL/);
      } finally {
        rmSync(closed, { recursive: true, force: true });
        if (copy.startsWith(RUNTIME_ROOT)) rmSync(copy, { recursive: true, force: true });
      }
    },
  );

  it.runIf(isRoot)(
    'gives a data folder made again at the same closed path a new cluster, not the deleted one',
    async () => {
      const closed = mkdtempSync(join(tmpdir(), 'agrifleet-reclone-'));
      const dir = join(closed, 'data');
      let cluster = '';
      try {
        const first = await pgLayout(dir);
        cluster = first.clusterDir;
        expect(first.relocated).toBe(true);
        writeFileSync(join(cluster, 'PG_VERSION'), '18\n');
        rmSync(dir, { recursive: true, force: true });
        const again = await pgLayout(dir);
        expect(again.clusterDir).toBe(cluster);
        expect(existsSync(join(again.clusterDir, 'PG_VERSION'))).toBe(false);
      } finally {
        rmSync(closed, { recursive: true, force: true });
        if (cluster.startsWith(RUNTIME_ROOT)) rmSync(dirname(cluster), { recursive: true, force: true });
      }
    },
  );

  it('replaces the former fixed password of an existing cluster with one of its own', {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agrifleet-legacy-'));
    chmodSync(dir, 0o755);
    const layout = await pgLayout(dir);
    await initdb(layout, LEGACY_PASSWORD, () => undefined);
    const p = await freePort();
    const pg = await startEmbeddedPostgres({ dataDir: dir, port: p, database: 'postgres' });
    try {
      const file = join(dir, 'pg-password');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).not.toBe(LEGACY_PASSWORD);
      const signIn = async (pw: string) => {
        const c = new pgClient.Client({ host: '127.0.0.1', port: p, user: 'postgres', password: pw });
        c.on('error', () => undefined);
        try {
          await c.connect();
          return true;
        } catch {
          return false;
        } finally {
          await c.end().catch(() => undefined);
        }
      };
      expect(await signIn(password)).toBe(true);
      expect(await signIn(LEGACY_PASSWORD)).toBe(false);
    } finally {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
