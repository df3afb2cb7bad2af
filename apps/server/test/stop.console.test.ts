/**
 * Stopping what `npm start` runs (issue 21 #12: after a long run one SIGTERM to the process group
 * hung for 30 s, "stopping took too long; exiting", and left the embedded PostgreSQL running).
 * scripts/start.mjs and the server in a process group of their own, the embedded PostgreSQL, the
 * demo fleet flying (with its MQTT-over-WebSocket command link), and what a long run leaves open:
 * a signed-in monitor WebSocket, an idle keep-alive HTTP connection, and a WebSocket peer that
 * never answers the close handshake (a frozen browser tab; ws waits 30 s for it). Then:
 * - SIGTERM to the group: both exit on their own with status 0, the PostgreSQL is gone;
 * - the server killed under the launcher: the launcher stops the PostgreSQL it left running;
 * - a second Ctrl-C (SIGINT) while a stop runs: the database stops at once and all exit.
 * Limits are generous (a loaded machine); the stop's own bounds are in main.ts and pgServer.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MONITOR_BASE } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInOver } from './childConsole.ts';
import { freePort } from './freePort.ts';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dataDir: string;
let port: number;
const postmasters = new Set<number>();
const launched: ChildProcess[] = [];

interface Launched {
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  output: () => string;
}

/** scripts/start.mjs as `npm start` runs it, leader of its own process group (as a terminal makes it). */
function launch(): Launched {
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      AGRIFLEET_NO_PREPARE: '1',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      MQTT_PORT: '0',
      SIM_DRONES: '6',
      DEMO_HISTORY_SORTIES: '0',
      NODE_ENV: 'test',
      AGRIFLEET_TEST_MODE: '1',
      JWT_SECRET: 'stop-console-secret-stop-console-secret',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
    },
  });
  launched.push(proc);
  let out = '';
  proc.stdout?.on('data', (b) => {
    out += b;
  });
  proc.stderr?.on('data', (b) => {
    out += b;
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
    proc.once('exit', (code, signal) => r({ code, signal })),
  );
  return { proc, exited, output: () => out };
}
let pgPort: number;

const base = () => `http://127.0.0.1:${port}`;

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(150);
  }
  return check();
}

async function ready(c: Launched) {
  const up = await until(async () => {
    if (c.proc.exitCode !== null) throw new Error(`console exited:\n${c.output()}`);
    try {
      return (await fetch(`${base()}/api/health`)).ok && /Simulated fleet/.test(c.output());
    } catch {
      return false;
    }
  }, 150_000);
  if (!up) throw new Error(`console did not start:\n${c.output()}`);
}

function postmasterPid(): number {
  const pid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  postmasters.add(pid);
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

/** The server's pid: it holds the data folder (embeddedPostgres.ts, DATA_DIR/console.pid). */
const serverPid = () => Number(readFileSync(join(dataDir, 'console.pid'), 'utf8').trim());

/** What a long run leaves open; resolves once each is connected (the monitor has had a push). */
async function openClients() {
  const { authorization } = await signInOver(base(), '13800000001');
  const token = String(authorization).replace('Bearer ', '');
  const monitor = new WebSocket(`ws://127.0.0.1:${port}${MONITOR_BASE}/socket?access_token=${token}`);
  monitor.on('error', () => undefined);
  let pushes = 0;
  monitor.on('message', () => {
    pushes++;
  });
  await new Promise((r, j) => {
    monitor.once('open', r);
    monitor.once('error', j);
  });
  monitor.send(JSON.stringify({ type: 'subscribe', query: {}, offline: true }));

  // An idle keep-alive connection that has served a request (a browser's).
  const keepAlive = net.connect({ host: '127.0.0.1', port });
  keepAlive.on('error', () => undefined);
  await new Promise((r) => keepAlive.once('connect', r));
  keepAlive.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  await new Promise((r) => keepAlive.once('data', r));

  // A WebSocket peer that never answers: upgraded to /mqtt, then it reads nothing more.
  const silent = net.connect({ host: '127.0.0.1', port });
  silent.on('error', () => undefined);
  await new Promise((r) => silent.once('connect', r));
  silent.write(
    `GET /mqtt HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n',
  );
  const upgraded = await new Promise<string>((r) => silent.once('data', (b) => r(String(b))));
  expect(upgraded).toMatch(/^HTTP\/1.1 101/);
  silent.pause();

  // The fleet is flying: the monitor gets its drones.
  expect(await until(() => pushes > 0, 30_000)).toBe(true);
  return () => {
    monitor.terminate();
    keepAlive.destroy();
    silent.destroy();
  };
}

beforeAll(async () => {
  // Mode 755: as root, PostgreSQL's own user can reach it (no relocation, pgRuntime.ts).
  dataDir = mkdtempSync(join(tmpdir(), 'agrifleet-stop-'));
  chmodSync(dataDir, 0o755);
  port = await freePort();
  pgPort = await freePort();
});

afterAll(async () => {
  for (const p of launched) if (p.exitCode === null && p.pid) process.kill(-p.pid, 'SIGKILL');
  for (const pid of postmasters) if (alive(pid)) process.kill(-pid, 'SIGKILL');
  await sleep(300);
  rmSync(dataDir, { recursive: true, force: true });
});

describe.sequential('stopping npm start', () => {
  it('exits 0 on one SIGTERM to its process group, with the fleet flying and clients connected, and stops PostgreSQL', {
    timeout: 240_000,
  }, async () => {
    const c = launch();
    await ready(c);
    const pg = postmasterPid();
    const close = await openClients();
    try {
      process.kill(-(c.proc.pid as number), 'SIGTERM');
      const exit = await Promise.race([c.exited, sleep(90_000).then(() => null)]);
      expect(exit, c.output()).toEqual({ code: 0, signal: null });
    } finally {
      close();
    }
    expect(await until(() => !alive(pg), 5_000)).toBe(true);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'console.pid'))).toBe(false);
    expect(c.output()).toMatch(/"msg":"stopped"/);
  });

  it('the launcher stops the PostgreSQL of a server killed under it', { timeout: 240_000 }, async () => {
    const c = launch();
    await ready(c);
    const pg = postmasterPid();
    process.kill(serverPid(), 'SIGKILL');
    const exit = await Promise.race([c.exited, sleep(60_000).then(() => null)]);
    expect(exit, c.output()).not.toBeNull();
    expect(await until(() => !alive(pg), 5_000)).toBe(true);
    expect(existsSync(join(dataDir, 'console.pid'))).toBe(false);
    expect(c.output()).toMatch(/stopping the PostgreSQL \(pid \d+\) the server left running/);
  });

  it('a second Ctrl-C while it stops stops the database at once, and all exit', {
    timeout: 240_000,
  }, async () => {
    const c = launch();
    await ready(c);
    const pg = postmasterPid();
    const close = await openClients();
    try {
      // A terminal's Ctrl-C goes to the whole group; the second one a little later.
      process.kill(-(c.proc.pid as number), 'SIGINT');
      await sleep(1_100);
      const again = c.proc.exitCode === null;
      if (again) process.kill(-(c.proc.pid as number), 'SIGINT');
      const exit = await Promise.race([c.exited, sleep(60_000).then(() => null)]);
      expect(exit, c.output()).toEqual({ code: 0, signal: null });
      if (again) expect(c.output()).toMatch(/stopping at once/);
    } finally {
      close();
    }
    expect(await until(() => !alive(pg), 5_000)).toBe(true);
  });
});
