/** Environment -> configuration, and what test mode adds to the app. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { captchaFor, createTestApp, type TestApp } from './helper.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-cfg-'));
  dirs.push(dir);
  return dir;
};
const base = () => ({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32) });
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('refuses test mode outside NODE_ENV=test', () => {
    expect(() => loadConfig({ ...base(), AGRIFLEET_TEST_MODE: '1' })).toThrow(/AGRIFLEET_TEST_MODE/);
    expect(() => loadConfig({ ...base(), AGRIFLEET_TEST_MODE: 'true', NODE_ENV: 'production' })).toThrow(
      /AGRIFLEET_TEST_MODE/,
    );
    expect(() => loadConfig({ ...base(), AGRIFLEET_TEST_MODE: '1', NODE_ENV: 'development' })).toThrow(
      /AGRIFLEET_TEST_MODE/,
    );
    expect(loadConfig({ ...base(), AGRIFLEET_TEST_MODE: '1', NODE_ENV: 'test' }).testMode).toBe(true);
    expect(loadConfig({ ...base(), AGRIFLEET_TEST_MODE: '0' }).testMode).toBe(false);
    expect(loadConfig(base()).testMode).toBe(false);
  });

  it('has the documented defaults', () => {
    const c = loadConfig(base());
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: null,
      demoData: true,
      tokenTtlSeconds: 24 * 3600,
      rememberTtlSeconds: 7 * 24 * 3600,
      uploadMaxBytes: 5 * 1024 * 1024,
      trustProxy: false,
      production: false,
    });
    expect(c.sms.provider).toBe('outbox');
    expect(c.mail.provider).toBe('outbox');
    // With a database of its own, no demo data unless asked.
    expect(loadConfig({ ...base(), DATABASE_URL: 'postgres://x@y/z' }).demoData).toBe(false);
    expect(loadConfig({ ...base(), DATABASE_URL: 'postgres://x@y/z', DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('reads cluster mode, its live cadence kept within 250 ms-10 s', () => {
    expect(loadConfig(base()).cluster).toBeNull();
    const cluster = (env: Record<string, string>) =>
      loadConfig({ ...base(), CLUSTER_NATS_URL: 'nats://n:4222', CLUSTER_NODE_ID: 'a', ...env }).cluster;
    expect(cluster({})).toMatchObject({ nodeId: 'a', partitions: 64, streamReplicas: 1, liveMs: 500 });
    expect(cluster({ CLUSTER_LIVE_MS: '5000' })?.liveMs).toBe(5000);
    expect(cluster({ CLUSTER_LIVE_MS: '1' })?.liveMs).toBe(250);
    expect(cluster({ CLUSTER_LIVE_MS: '999999' })?.liveMs).toBe(10_000);
    expect(() => cluster({ CLUSTER_LIVE_MS: 'often' })).toThrow(/CLUSTER_LIVE_MS/);
  });

  it('refuses bad values', () => {
    expect(() => loadConfig({ ...base(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base(), UPLOAD_MAX_BYTES: '-1' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ ...base(), SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...base(), MAIL_PROVIDER: 'fax' })).toThrow(/MAIL_PROVIDER/);
    expect(() => loadConfig({ DATA_DIR: base().DATA_DIR, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('keeps a generated signing secret across starts outside production', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });
});

describe('test-only routes', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([
      // The default (outbox) transports, as browser tests run the server.
      createTestApp({ seed: false, configuredTransports: true }),
      createTestApp({ seed: false, env: { AGRIFLEET_TEST_MODE: '0' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
  });

  it('exist in test mode', async () => {
    expect(on.config.testMode).toBe(true);
    const { answer } = await captchaFor(on);
    expect(answer).toMatch(/^\d{4}$/);

    const sent = await on.app.inject({
      method: 'GET',
      url: '/api/user/baseaccount/getVerifyCode?phoneNum=13900000001&codeType=2',
    });
    expect(sent.statusCode).toBe(200);
    const peek = await on.app.inject({ method: 'GET', url: '/api/__test/code?target=86-13900000001' });
    expect(peek.statusCode).toBe(200);
    const { code } = peek.json();
    expect(code).toMatch(/^\d{4}$/);
    const check = await on.app.inject({
      method: 'GET',
      url: `/api/user/baseaccount/checkVerifyCode?phoneNum=13900000001&code=${code}&checkOpr=2`,
    });
    expect(check.statusCode).toBe(200);
    // The outbox transport keeps the text as sent (demo), unlike real providers.
    const row = await on.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'outbox', status: 'sent' });
    expect(row.body).toContain(code);
  });

  it('do not exist otherwise', async () => {
    expect(off.config.testMode).toBe(false);
    const img = await off.app.inject({ method: 'GET', url: '/api/user/baseaccount/getVerify' });
    const cookie = String(img.headers['set-cookie']).split(';')[0] as string;
    const peek = await off.app.inject({ method: 'GET', url: '/api/__test/captcha', headers: { cookie } });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toMatch(/answer/);
    const code = await off.app.inject({ method: 'GET', url: '/api/__test/code?target=86-13800000001' });
    expect(code.statusCode).toBe(404);
    expect(off.app.hasRoute({ method: 'GET', url: '/api/__test/captcha' })).toBe(false);
    expect(on.app.hasRoute({ method: 'GET', url: '/api/__test/captcha' })).toBe(true);
  });
});
