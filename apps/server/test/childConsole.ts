/**
 * The real console (`node --import tsx apps/server/src/main.ts`) in a child process, for tests of
 * what a kill -9 leaves behind: it listens on `port` and is ready once /api/health answers
 * (recovery runs before it listens).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { freePort } from './freePort.ts';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where a child console runs: its own database (and a pool to look into it), folder and port. */
export interface ConsoleSite {
  databaseUrl: string;
  db: Db;
  dataDir: string;
  port: number;
  /** Drops the database and the folder (kill the console first). */
  dispose(): Promise<void>;
}

/** The tests' PostgreSQL (imported when used: benches import this file outside vitest). */
const adminUrl = async () => ((await import('vitest')).inject as (key: 'pgAdminUrl') => string)('pgAdminUrl');

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: await adminUrl() });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export async function consoleSite(name: string): Promise<ConsoleSite> {
  const dbName = `t_${name}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const u = new URL(await adminUrl());
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const db = createDb(databaseUrl, 2);
  const dataDir = mkdtempSync(join(tmpdir(), `agrifleet-${name}-`));
  return {
    databaseUrl,
    db,
    dataDir,
    port: await freePort(),
    async dispose() {
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ChildConsoleOptions {
  databaseUrl: string;
  port: number;
  dataDir: string;
  jwtSecret: string;
  /** More environment (LOG_LEVEL, ...). */
  env?: Record<string, string>;
  /** Node options before the entry point (a bench's `--cpu-prof`). */
  nodeArgs?: string[];
}

export interface ChildConsole {
  proc: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
}

export async function startChildConsole(o: ChildConsoleOptions): Promise<ChildConsole> {
  let output = '';
  const proc = spawn(
    process.execPath,
    [...(o.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: o.databaseUrl,
        PORT: String(o.port),
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        SIM_DRONES: '0',
        DEMO_HISTORY_SORTIES: '0',
        DEMO_DATA: '1',
        NODE_ENV: 'test',
        AGRIFLEET_TEST_MODE: '1',
        JWT_SECRET: o.jwtSecret,
        DATA_DIR: o.dataDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        ...o.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  proc.stdout?.on('data', (b) => {
    output += b;
  });
  proc.stderr?.on('data', (b) => {
    output += b;
  });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${o.port}/api/health`)).ok) return { proc, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** Signs in over HTTP as a browser does (captcha read through the test route); the bearer header. */
export async function signInOver(base: string, phoneNum: string): Promise<Record<string, string>> {
  const c = await fetch(`${base}/api/user/baseaccount/getVerify?r=1`);
  const cookie = String(c.headers.get('set-cookie')).split(';')[0] as string;
  const peek = await fetch(`${base}/api/__test/captcha`, { headers: { cookie } });
  const { answer } = (await peek.json()) as { answer: string };
  const res = await fetch(`${base}/api/user/baseaccount/loginPd`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNum, password: DEMO_PASSWORD, verifyCode: answer }),
  });
  const body = (await res.json()) as { data: { jToken: string } };
  return { authorization: `Bearer ${body.data.jToken}` };
}
