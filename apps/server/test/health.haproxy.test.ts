/**
 * config/haproxy.cfg in front of two real apps (docs/operations.md "Metrics and health"), where
 * HAProxy is installed (Debian: apt-get install haproxy; skipped elsewhere): the file is valid,
 * requests are spread over both, /metrics is refused at the door, and a process that drains is taken
 * out by its readiness check while every request still answers 200 from the other; a monitor
 * WebSocket through HAProxy to the drained process is cut as soon as it is marked down.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MONITOR_BASE } from '@agrifleet/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { REPO_ROOT } from '../src/config.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { createLogger } from '../src/platform/logRedact.ts';
import { freePort } from './freePort.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

const installed = !spawnSync('haproxy', ['-v']).error;
const CONFIG = join(REPO_ROOT, 'config/haproxy.cfg');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two processes on one database: a test app and a second app built on its configuration. */
const apps: FastifyInstance[] = [];
let t: TestApp | undefined;
let secondDb: Db | undefined;
/** Requests each app answered, by the app's index. */
const served = [0, 0];
let haproxy: ChildProcess | undefined;
let log = '';
let front = '';
let folder = '';
let env: Record<string, string> = {};

/** HAProxy's view of backend `consoles`: server name -> UP or DOWN (its admin socket). */
async function states(): Promise<Record<string, string>> {
  const text = await new Promise<string>((resolve, reject) => {
    let out = '';
    const s = connect(env.HAPROXY_SOCKET as string, () => s.end('show servers state consoles\n'));
    s.on('data', (b) => {
      out += b;
    });
    s.on('end', () => resolve(out));
    s.on('error', reject);
  });
  const result: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const f = line.split(' ');
    if (f.length > 6 && /^\d+$/.test(f[0] ?? '')) result[f[3] as string] = f[5] === '2' ? 'UP' : 'DOWN';
  }
  return result;
}

async function until(what: string, ok: () => Promise<boolean>, ms = 15_000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await ok().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not happen in ${ms} ms:\n${log}`);
}

beforeAll(async () => {
  if (!installed) return;
  const count = (app: FastifyInstance, i: number) =>
    app.addHook('onRequest', async () => {
      served[i] = (served[i] ?? 0) + 1;
    });
  t = await createTestApp({ beforeReady: (app) => void count(app, 0) });
  secondDb = createDb(t.config.databaseUrl as string, 4, () => undefined);
  const second = await buildApp({ config: t.config, db: secondDb, logger: createLogger('silent') });
  count(second, 1);
  apps.push(t.app, second);
  for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
  folder = mkdtempSync(join(tmpdir(), 'agrifleet-haproxy-'));
  const frontPort = await freePort();
  front = `http://127.0.0.1:${frontPort}`;
  env = {
    FRONT_BIND: `127.0.0.1:${frontPort}`,
    CONSOLE_1: `127.0.0.1:${port(apps[0] as FastifyInstance)}`,
    CONSOLE_2: `127.0.0.1:${port(apps[1] as FastifyInstance)}`,
    // Nothing listens there: the third server stays DOWN, as when a process is missing.
    CONSOLE_3: `127.0.0.1:${await freePort()}`,
    STATS_BIND: `127.0.0.1:${await freePort()}`,
    MQTT_FRONT_BIND: `127.0.0.1:${await freePort()}`,
    HAPROXY_SOCKET: join(folder, 'admin.sock'),
  };
  haproxy = spawn('haproxy', ['-db', '-f', CONFIG], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [haproxy.stdout, haproxy.stderr])
    stream?.on('data', (b) => {
      log += b;
    });
  await until('both consoles UP, the missing one DOWN', async () => {
    const s = await states();
    return s.console1 === 'UP' && s.console2 === 'UP' && s.console3 === 'DOWN';
  });
}, 60_000);

afterAll(async () => {
  haproxy?.kill('SIGTERM');
  await apps[1]?.close();
  await secondDb?.destroy();
  await t?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!installed)('config/haproxy.cfg', () => {
  it('is valid for HAProxy', () => {
    const check = spawnSync('haproxy', ['-c', '-f', CONFIG], { env: { PATH: process.env.PATH, ...env } });
    expect(check.status, String(check.stderr)).toBe(0);
    expect(String(check.stdout) + String(check.stderr)).not.toMatch(/WARNING|ALERT/);
  });

  it('spreads requests over the ready processes, refuses /metrics, and keeps credentials out of its log', async () => {
    expect(await states()).toEqual({ console1: 'UP', console2: 'UP', console3: 'DOWN' });
    const before = [...served];
    for (let i = 0; i < 20; i++) expect((await fetch(`${front}/api/health/live`)).status).toBe(200);
    // leastconn with requests one at a time: both take some (health checks count too).
    expect((served[0] as number) - (before[0] as number)).toBeGreaterThan(0);
    expect((served[1] as number) - (before[1] as number)).toBeGreaterThan(0);
    const metrics = await fetch(`${front}/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.text()).not.toContain('agrifleet_');
    await fetch(`${front}/api/health/live?access_token=secret-in-the-url`);
    await until('the request logged', async () => log.includes('GET /api/health/live HTTP/1.1'));
    expect(log).not.toContain('secret-in-the-url');
  });

  it('takes a draining process out and answers every request from the other; its WebSocket is cut', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const { data } = await signInWith(t as TestApp, '13800000001');
    const sockets = await Promise.all(
      [0, 1].map(async () => {
        const ws = new WebSocket(
          `${front.replace('http', 'ws')}${MONITOR_BASE}/socket?access_token=${data.jToken}`,
        );
        const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
        await new Promise((resolve, reject) => {
          ws.once('open', resolve);
          ws.once('error', reject);
        });
        return { ws, closed };
      }),
    );
    // leastconn: one socket on each process.
    const open = async (app: FastifyInstance) =>
      Number(/\nagrifleet_monitor_sockets (\d+)/.exec((await app.inject({ url: '/metrics' })).body)?.[1]);
    expect([await open(first), await open(second)]).toEqual([1, 1]);

    const drainedAt = Date.now();
    first.readiness.drain();
    const answers: number[] = [];
    let down = false;
    while (!down) {
      answers.push((await fetch(`${front}/api/system/host-profile`)).status);
      down = (await states()).console1 === 'DOWN';
      expect(Date.now() - drainedAt).toBeLessThan(8_000);
    }
    // Out within two checks (inter 2 s, then fastinter 1 s), as DRAIN_SECONDS' default assumes.
    expect(Date.now() - drainedAt).toBeLessThan(5_000);
    // The socket through HAProxy to the drained process is cut; the other stays.
    const cut = await Promise.race([
      ...sockets.map((s, i) => s.closed.then(() => i)),
      sleep(3_000).then(() => -1),
    ]);
    expect(cut).toBeGreaterThanOrEqual(0);
    // The console hears of the cut a moment after the client does (on a loaded machine, later).
    for (let until = Date.now() + 5_000; (await open(first)) !== 0 && Date.now() < until; ) await sleep(100);
    expect(await open(first)).toBe(0);
    expect(await open(second)).toBe(1);

    const before = [...served];
    for (let i = 0; i < 20; i++) answers.push((await fetch(`${front}/api/system/host-profile`)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    // Nothing new reaches the drained process but HAProxy's checks (every 2 s).
    expect((served[0] as number) - (before[0] as number)).toBeLessThanOrEqual(2);
    expect((served[1] as number) - (before[1] as number)).toBeGreaterThanOrEqual(20);
    for (const s of sockets) s.ws.close();
  });
});
