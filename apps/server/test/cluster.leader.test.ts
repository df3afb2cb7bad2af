/**
 * Once per cluster (issue 24 #4, platform/leader.ts): of the processes on one database exactly one
 * leads; a leader whose session ends (terminated, or its process killed -9) is replaced within one
 * retry; a job gated on the leader runs in the leader only; two cluster-mode apps elect one.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDb } from '../src/platform/db.ts';
import { createLeader, LEADER_RETRY_MS, type Leader, LOCK_CLASS } from '../src/platform/leader.ts';
import { createLogger } from '../src/platform/logRedact.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';

let t: TestApp;
let url: string;
const started: Leader[] = [];
let seq = 0;
/** Two leaders of a name of their own (advisory locks are per database: other files never meet it). */
const pair = async (retryMs: number) => {
  const name = `test-${process.pid}-${++seq}`;
  const a = createLeader(url, name, undefined, { retryMs });
  const b = createLeader(url, name, undefined, { retryMs });
  started.push(a, b);
  await a.start();
  await b.start();
  return { name, a, b };
};

async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}
/** The backend holding the leader lock of `name`. */
const holder = async (name: string) =>
  (
    await query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
         AND l.classid = $1::int::oid AND l.objid = hashtext($2)::oid AND l.objsubid = 2`,
      [LOCK_CLASS, name],
    )
  )[0]?.pid ?? null;

/** Resolves the ms until cond() holds, polling every 20 ms; rejects after `limitMs`. */
async function within(limitMs: number, cond: () => boolean): Promise<number> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - t0;
}

let nats: NatsServer;

beforeAll(async () => {
  nats = await startNatsServer();
  t = await createTestApp({ seed: false });
  url = t.config.databaseUrl as string;
});
afterAll(async () => {
  for (const l of started) await l.stop();
  await t?.close();
  await nats?.stop();
});

describe('leader election', () => {
  it('gives the lead to exactly one of two, and gated jobs run in that one only', async () => {
    const { a, b } = await pair(200);
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const ran = { a: 0, b: 0 };
    for (let i = 0; i < 5; i++) {
      await Promise.all([a.run('job', () => ran.a++), b.run('job', () => ran.b++)]);
    }
    expect(ran.a + ran.b).toBe(5);
    expect(a.isLeader() ? ran.b : ran.a).toBe(0);
  });

  it('runs a job once at a time in the leader (a second call while it runs is skipped)', async () => {
    const { a, b } = await pair(200);
    const leader = a.isLeader() ? a : b;
    let release: () => void = () => undefined;
    const slow = new Promise<void>((r) => {
      release = r;
    });
    const first = leader.run('slow', () => slow);
    expect(await leader.run('slow', () => undefined)).toBe(false);
    release();
    expect(await first).toBe(true);
  });

  it('hands over within one retry when the leader session is terminated', async () => {
    const { name, a, b } = await pair(LEADER_RETRY_MS);
    const [leader, other] = a.isLeader() ? [a, b] : [b, a];
    const pid = await holder(name);
    expect(pid).not.toBeNull();
    await query('SELECT pg_terminate_backend($1)', [pid]);
    // The lost connection stops the leading at once, before anyone else can lead.
    await within(1_000, () => !leader.isLeader());
    const ms = await within(LEADER_RETRY_MS + 1_000, () => other.isLeader());
    expect(ms).toBeLessThanOrEqual(LEADER_RETRY_MS + 1_000);
    // The old leader reconnects as a follower: still exactly one.
    await new Promise((r) => setTimeout(r, LEADER_RETRY_MS + 500));
    expect(leader.isLeader()).toBe(false);
    expect(other.isLeader()).toBe(true);
    expect(await holder(name)).not.toBe(pid);
  });

  it('hands over within 5 s when the leading process is killed (kill -9)', async () => {
    const name = `test-${process.pid}-killed`;
    // Another process takes the lock as the leader does (a session-level advisory lock), then dies.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const pg = require('pg');
         const c = new pg.Client(process.env.URL);
         c.connect()
           .then(() => c.query('SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok', [${LOCK_CLASS}, process.env.NAME]))
           .then((r) => process.stdout.write(r.rows[0].ok ? 'locked\\n' : 'refused\\n'));
         setInterval(() => undefined, 1000);`,
      ],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { ...process.env, URL: url, NAME: name },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const said = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d))));
    expect(said.trim()).toBe('locked');
    const mine = createLeader(url, name, undefined);
    started.push(mine);
    await mine.start();
    expect(mine.isLeader()).toBe(false);
    child.kill('SIGKILL');
    const ms = await within(5_000, () => mine.isLeader());
    expect(ms).toBeLessThanOrEqual(5_000);
  });

  it('gives the lock back on stop: the other leads within one retry', async () => {
    const { a, b } = await pair(300);
    const [leader, other] = a.isLeader() ? [a, b] : [b, a];
    await leader.stop();
    expect(leader.isLeader()).toBe(false);
    await within(300 + 500, () => other.isLeader());
  });

  it('always leads without a database (the single process): no lock is taken', async () => {
    const solo = createLeader(null, 'jobs');
    await solo.start();
    expect(solo.isLeader()).toBe(true);
    let ran = 0;
    expect(await solo.run('job', () => ran++)).toBe(true);
    expect(ran).toBe(1);
  });
});

describe('two cluster-mode apps on one database', () => {
  it('elect one leader for their jobs; the single-process app leads alone', async () => {
    const cluster = (nodeId: string) => ({
      ...t.config,
      cluster: { natsUrl: nats.url, nodeId, partitions: 4 },
    });
    const apps = [];
    const dbs = [];
    for (const nodeId of ['a', 'b']) {
      const db = createDb(url, 2);
      dbs.push(db);
      const app = await buildApp({ config: cluster(nodeId), db, logger: createLogger('silent') });
      await app.ready();
      apps.push(app);
    }
    try {
      expect(t.app.leader.isLeader()).toBe(true);
      expect(apps.map((a) => a.leader.isLeader()).filter(Boolean)).toHaveLength(1);
      // The leading app stops (its lock given back): the other leads within one retry.
      const [first, second] = apps[0]?.leader.isLeader() ? apps : [...apps].reverse();
      await first?.close();
      await within(LEADER_RETRY_MS + 1_000, () => second?.leader.isLeader() === true);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      for (const db of dbs) await db.destroy();
    }
  });
});
