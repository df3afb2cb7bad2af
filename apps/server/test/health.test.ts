/**
 * The load balancer's health routes (platform/health.ts, modules/system/system.routes.ts;
 * docs/operations.md "Metrics and health") through the real app: readiness answers 200 while the
 * process can serve, 503 while its database is away (the database refuses connections and its
 * sessions are ended) and again 200 once it is back, 503 when a check added by other code (cluster
 * mode's NATS) fails, and 503 for good once draining; liveness answers 200 through all of it.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await admin(`ALTER DATABASE ${dbName()} ALLOW_CONNECTIONS true`).catch(() => undefined);
  await t?.close();
});

const dbName = () => new URL(t.config.databaseUrl as string).pathname.slice(1);

async function admin(text: string) {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

const get = (url: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('readiness', () => {
  it('is 200 with every check passing while the process can serve', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'Success',
      data: { ready: true, draining: false, checks: { database: true } },
    });
    expect((await get('/api/health/live')).json()).toEqual({
      code: 0,
      message: 'Success',
      data: { status: 'ok' },
    });
  });

  it('is 503 while the database is away, liveness still 200, and 200 again once it is back', async () => {
    // The database refuses new connections and ends the app's: away, as for this process.
    await admin(`ALTER DATABASE ${dbName()} ALLOW_CONNECTIONS false`);
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName()}' AND pid <> pg_backend_pid()`,
    );
    try {
      const res = await get('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({
        code: 503,
        message: expect.stringMatching(/not taking requests/),
        data: { ready: false, draining: false, checks: { database: false } },
      });
      expect((await get('/api/health/ready', 'zh')).json().message).toMatch(/暂不接收请求/);
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await admin(`ALTER DATABASE ${dbName()} ALLOW_CONNECTIONS true`);
    }
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await get('/api/health/ready')).statusCode;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back).toBe(200);
  });

  it('is 503 while a check other code added fails (a throw or a hang counts as failing)', async () => {
    let natsUp = false;
    const remove = t.app.readiness.add('nats', () => natsUp);
    const down = await get('/api/health/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json().data).toEqual({
      ready: false,
      draining: false,
      checks: { database: true, nats: false },
    });
    natsUp = true;
    expect((await get('/api/health/ready')).json().data.checks).toEqual({ database: true, nats: true });
    const removeThrowing = t.app.readiness.add('throws', () => {
      throw new Error('engine away');
    });
    expect((await get('/api/health/ready')).statusCode).toBe(503);
    removeThrowing();
    const removeHanging = t.app.readiness.add('hangs', () => new Promise<boolean>(() => undefined));
    const started = Date.now();
    const hung = await get('/api/health/ready');
    expect(hung.statusCode).toBe(503);
    expect(hung.json().data.checks.hangs).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
    removeHanging();
    remove();
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('is 503 for good once draining, while the process still serves', async () => {
    t.app.readiness.drain();
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toEqual({ ready: false, draining: true, checks: { database: true } });
    expect((await get('/api/health/live')).statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);
  });
});
