/**
 * A database that goes away under a running console (an external one: DATABASE_URL), through the
 * real app (buildApp, HTTP inject): every call answers 503 with Retry-After and a translated
 * message while it is away, the pool reconnects by itself, and no acknowledged telemetry point is
 * lost. The outage is a TCP proxy in front of the test PostgreSQL, closed and reopened. Also: a
 * connection the server ends while the pool has it checked out does not crash the process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TelemetryPoint } from '@agrifleet/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { isDatabaseUnavailable } from '../src/platform/dbHealth.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';
import { decodeTrack } from '../src/telemetry/codec/trackCodec.ts';
import { makerDroneAndKey } from './telemetryKit.ts';

const JWT_SECRET = 'faults-secret-faults-secret-faults';

/** A TCP proxy to the test PostgreSQL that can be taken down (every connection cut) and up again. */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  return {
    port: () => port,
    up: () =>
      new Promise<void>((resolve) => {
        const srv = net.createServer((client) => {
          const upstream = net.connect(target);
          const drop = () => {
            client.destroy();
            upstream.destroy();
            sockets.delete(client);
            sockets.delete(upstream);
          };
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', drop);
            s.on('close', drop);
          }
          client.pipe(upstream);
          upstream.pipe(client);
        });
        server = srv;
        srv.listen(port, '127.0.0.1', () => {
          port = (srv.address() as AddressInfo).port;
          resolve();
        });
      }),
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        sockets.clear();
        server?.close(() => resolve());
      }),
  };
}

let adminUrl: string;
let dbName: string;
let direct: Db;
let appDb: Db;
let app: FastifyInstance;
let dataDir: string;
const proxy = (() => {
  const u = new URL(inject('pgAdminUrl'));
  return tcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
})();

async function admin(text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  adminUrl = inject('pgAdminUrl');
  dbName = `t_faults_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  direct = createDb(u.toString(), 2);
  await migrateToLatest(direct);
  await seedDemo(direct);
  await proxy.up();
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port());
  appDb = createDb(u.toString(), 4, () => undefined);
  dataDir = mkdtempSync(join(tmpdir(), 'agrifleet-faults-db-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: u.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    MQTT_PORT: '0',
  });
  app = await buildApp({ config, db: appDb, logger: pino({ level: 'silent' }) });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await appDb?.destroy();
  await direct?.destroy();
  await proxy.down();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function points(from: number, n: number): TelemetryPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    recordTime: from + i * 200,
    lng: 120.26 + i * 1e-5,
    lat: 33.77,
    height: 0,
    speed: 0,
    heading: 90,
    battery: 80,
    flow: 0,
    pump: false,
    swath: 6.5,
    tank: 20,
    mode: 'manual' as const,
  }));
}

describe('an external database that goes away and comes back', () => {
  it('answers 503 with Retry-After while it is away, then carries on without losing an acknowledged point', async () => {
    const { droneId, authorization } = await makerDroneAndKey(direct, JWT_SECRET, 'faults-gw');
    const send = (pts: TelemetryPoint[]) =>
      app.inject({
        method: 'POST',
        url: '/api/telemetry/batch',
        headers: { authorization, 'accept-language': 'en' },
        payload: { drones: [{ droneId, points: pts }] },
      });
    const start = Date.now() - 60_000;
    const acked: TelemetryPoint[] = [];
    const before = points(start, 20);
    const r1 = await send(before);
    expect(r1.statusCode).toBe(200);
    acked.push(...before);

    await proxy.down();
    const health = await app.inject({ url: '/api/health', headers: { 'accept-language': 'en' } });
    expect(health.statusCode).toBe(503);
    expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
    expect(health.json()).toMatchObject({
      code: 503,
      message: expect.stringMatching(/try again in \d+ seconds/),
    });
    const zh = await app.inject({ url: '/api/health' });
    expect(zh.json().message).toMatch(/秒后重试/);
    const during = await send(points(start + 20 * 200, 20));
    expect(during.statusCode).toBe(503);
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);

    await proxy.up();
    // The pool throws away the cut connections and opens new ones: no restart of the console.
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await app.inject({ url: '/api/health' })).statusCode;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back).toBe(200);
    const after = points(start + 20 * 200, 20);
    const r3 = await send(after);
    expect(r3.statusCode).toBe(200);
    expect(r3.json().data.drones[0]).toMatchObject({ accepted: 20 });
    acked.push(...after);

    await app.telemetry.writer.drain();
    const rows = await direct
      .selectFrom('track_chunks')
      .select('data')
      .where('drone_id', '=', droneId)
      .execute();
    const stored = new Set(rows.flatMap((r) => decodeTrack(r.data).map((p) => p.recordTime)));
    expect(acked.filter((p) => !stored.has(p.recordTime))).toEqual([]);
  });

  it('survives the server ending a connection the pool has checked out, and reconnects', async () => {
    const errors: Error[] = [];
    const db = createDb(new URL(`/${dbName}`, adminUrl).toString(), 2, (err) => errors.push(err));
    try {
      await db.connection().execute(async (conn) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(conn);
        await admin(`SELECT pg_terminate_backend(${rows[0]?.pid})`);
        // The server's notice arrives while no query runs on the connection: an 'error' event.
        for (let i = 0; i < 50 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
        const err = await sql`SELECT 1`.execute(conn).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isDatabaseUnavailable(err)).toBe(true);
      });
      expect(errors.map((e) => e.message).join()).toMatch(/terminating connection|terminated/);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('tells an unavailable database from a bad request', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('bad int'), { code: '22003' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
