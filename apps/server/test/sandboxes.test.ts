/**
 * Issue 20 items 3 and 4, "Production never runs a sandbox": under NODE_ENV=production the sandbox
 * payment provider (leasing recharges and service-fee orders) and the outbox SMS and e-mail
 * transports refuse to start, naming what to set, unless ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1
 * allows them (then the console starts and warns). When no sandbox pays, its page and its calls
 * answer 404.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ORDER_SANDBOX_PATH, PAY_PATHS, SANDBOX_PAY_PAGE } from '@agrifleet/domain';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { transportsFromConfig } from '../src/platform/messaging.ts';
import { paymentsFrom } from '../src/platform/payments/fromEnv.ts';
import { ALLOW_SANDBOX_VAR } from '../src/platform/sandboxes.ts';
import { createTestApp } from './helper.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-sbx-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const prod = () => ({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'production' });
const REAL = {
  SMS_PROVIDER: 'twilio',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://mail.example.com',
  PAYMENT_PROVIDER: 'wechatpay',
};

describe('production refuses sandboxes', () => {
  it('loadConfig stops the start, naming each sandbox and the variable', () => {
    let message = '';
    try {
      loadConfig(prod());
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('NODE_ENV=production refuses sandbox providers');
    for (const part of [
      'SMS_PROVIDER=twilio',
      'MAIL_PROVIDER=smtp',
      'leasing recharges',
      'service-fee orders',
    ])
      expect(message).toContain(part);
    expect(message).toContain(`${ALLOW_SANDBOX_VAR}=1`);
    // Any one sandbox left is enough to refuse.
    expect(() => loadConfig({ ...prod(), ...REAL, SMS_PROVIDER: 'outbox' })).toThrow(
      /SMS codes on the outbox/,
    );
    expect(() => loadConfig({ ...prod(), ...REAL, ORDER_PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /service-fee orders on the sandbox/,
    );
    expect(() => loadConfig({ ...prod(), [ALLOW_SANDBOX_VAR]: 'true' })).toThrow(/refuses sandbox/);
    // Real providers everywhere: no variable needed.
    expect(loadConfig({ ...prod(), ...REAL }).allowSandboxProviders).toBe(false);
    // Allowed explicitly (a staging console): it starts.
    expect(loadConfig({ ...prod(), [ALLOW_SANDBOX_VAR]: '1' }).allowSandboxProviders).toBe(true);
    // Outside production nothing changes (npm start, tests).
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32) })).not.toThrow();
  });

  it('the provider factories refuse too, whatever configuration they are handed', () => {
    const strict = { jwtSecret: 's', production: true, allowSandboxProviders: false };
    expect(() => paymentsFrom({}, 'leasing', strict)).toThrow(/leasing recharges on the sandbox/);
    expect(() => paymentsFrom({}, 'orders', strict)).toThrow(/service-fee orders on the sandbox/);
    expect(paymentsFrom({}, 'orders', { ...strict, allowSandboxProviders: true }).sandbox).not.toBeNull();
    const config = loadConfig({ ...prod(), [ALLOW_SANDBOX_VAR]: '1' });
    const warnings: string[] = [];
    const log = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _e, done) {
          warnings.push(String(chunk));
          done();
        },
      }),
    );
    expect(() => transportsFromConfig({ ...config, allowSandboxProviders: false }, log)).toThrow(
      /SMS codes on the outbox.*e-mail codes on the outbox/,
    );
    expect(transportsFromConfig(config, log).sms.name).toBe('outbox');
    expect(warnings.join('')).toContain(`${ALLOW_SANDBOX_VAR}=1`);
  });

  it('a production console allowed its sandboxes starts and warns that it runs them', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp({
      seed: false,
      configuredTransports: true,
      logStream: sink,
      env: { NODE_ENV: 'production', AGRIFLEET_TEST_MODE: '0', [ALLOW_SANDBOX_VAR]: '1' },
    });
    try {
      const text = lines.join('');
      for (const what of ['SMS codes', 'e-mail codes', 'leasing recharges', 'service-fee orders'])
        expect(text).toContain(what);
      expect(text).toContain('Never in real production');
      // Its sandbox calls exist (an unknown order: 404 from the service, not a missing route).
      const res = await t.app.inject({
        method: 'GET',
        url: `${ORDER_SANDBOX_PATH}/OR${'1'.repeat(18)}01`,
        query: { sig: 'a'.repeat(64) },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('the sandbox page and calls exist only while a sandbox pays', () => {
  const web = () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>AgriFleet</title>');
    return dir;
  };
  const LR = `LR20260101${'1'.repeat(16)}`;
  const OR = `OR${'2'.repeat(18)}01`;
  const sig = 'a'.repeat(64);

  it('answers the web page while the sandbox is the provider', async () => {
    const t = await createTestApp({ seed: false, env: { WEB_DIST: web() } });
    try {
      const page = await t.app.inject({ method: 'GET', url: `${SANDBOX_PAY_PAGE}/${LR}?sig=${sig}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('AgriFleet');
    } finally {
      await t.close();
    }
  });

  it('answers 404 for the page and every sandbox call when WeChat Pay is the provider', async () => {
    const dir = tempDir();
    const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'm.pem'), rsa().privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(join(dir, 'p.pem'), rsa().publicKey.export({ type: 'spki', format: 'pem' }));
    const env = {
      PAYMENT_PROVIDER: 'wechatpay',
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'm.pem'),
      WECHATPAY_APIV3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
      WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: join(dir, 'p.pem'),
      WECHATPAY_PLATFORM_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
      WECHATPAY_NOTIFY_URL: 'https://console.example.com/api/rental/pay/notify/wechatpay',
    };
    // The modules read the provider variables from the process environment at start.
    Object.assign(process.env, env);
    let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
    try {
      t = await createTestApp({ seed: false, env: { WEB_DIST: web() } });
      const app = t.app;
      const page = await app.inject({ method: 'GET', url: `${SANDBOX_PAY_PAGE}/${LR}?sig=${sig}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('AgriFleet');
      for (const [method, url] of [
        ['GET', `${PAY_PATHS.sandbox}/${LR}?sig=${sig}`],
        ['POST', `${PAY_PATHS.sandbox}/${LR}`],
        ['GET', `${ORDER_SANDBOX_PATH}/${OR}?sig=${sig}`],
        ['POST', `${ORDER_SANDBOX_PATH}/${OR}`],
      ] as const) {
        const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: { sig } } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // Nor does a sandbox notification pay anything.
      const n = await app.inject({
        method: 'POST',
        url: `${PAY_PATHS.notify}/sandbox`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ outTradeNo: LR, sig }),
      });
      expect(n.statusCode).toBe(404);
    } finally {
      await t?.close();
      for (const k of Object.keys(env)) delete process.env[k];
    }
  });
});
