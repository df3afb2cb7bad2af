/**
 * Issue 20, finding 9: the Host header widened access. The shipped host list gives localhost every
 * screen; under NODE_ENV=production those development profiles ("dev": true) are ignored, so
 * `Host: localhost` gets the default profile like any unlisted name, and the same token is refused a
 * leasing screen whatever host it names. Outside production (npm start) localhost keeps every screen.
 */
import { randomUUID } from 'node:crypto';
import { ALL_SCREENS, DEFAULT_HOST_SCREENS, RENTAL_PATHS } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../src/platform/auth/tokens.ts';
import { parseHostProfiles } from '../src/platform/hostProfiles.ts';
import { createTestApp, demoUser, signIn, type TestApp } from './helper.ts';

const MAKER = 'manufacturer (sub-accounts, leasing)';

/** A session of a demo user made straight in the database (production has no test captcha). */
async function tokenFor(t: TestApp, role: string) {
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', demoUser(role).phoneNum)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + 3600_000);
  await t.db
    .insertInto('sessions')
    .values({
      id,
      user_id: user.id,
      refresh_hash: randomUUID(),
      expires_at: expiresAt,
      refresh_expires_at: expiresAt,
      remember: false,
      ip: '127.0.0.1',
      user_agent: 'test',
    })
    .execute();
  const token = await createTokenSigner(t.config.jwtSecret).sign(
    { userId: user.id, sessionId: id },
    expiresAt,
  );
  return { authorization: `Bearer ${token}` };
}

const clients = (t: TestApp, host: string, auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: RENTAL_PATHS.customerList, headers: { ...auth, host } });
const profile = async (t: TestApp, host: string, headers: Record<string, string> = {}) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/system/host-profile', headers: { host, ...headers } })
  ).json().data;

describe('host profiles under NODE_ENV=production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AGRIFLEET_TEST_MODE: '',
        ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION: '1',
        TRUST_PROXY: '',
      },
    });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('give localhost, 127.0.0.1 and the other shipped development names the default profile', async () => {
    for (const host of [
      'localhost',
      'localhost:8080',
      '127.0.0.1',
      '[::1]:8080',
      'alt.localhost',
      'tw.localhost',
    ]) {
      const p = await profile(prod, host);
      expect(p.name, host).toBe('default');
      expect([...p.screens].sort(), host).toEqual([...DEFAULT_HOST_SCREENS].sort());
    }
  });

  it('refuse a leasing screen to the same token whatever host it names', async () => {
    const auth = await tokenFor(prod, MAKER);
    for (const host of ['prod.example.com', 'localhost', '127.0.0.1', 'LOCALHOST:8080', 'alt.localhost']) {
      const res = await clients(prod, host, auth);
      expect(res.statusCode, `${host} ${res.body}`).toBe(403);
    }
  });

  it('take X-Forwarded-Host only behind a trusted proxy', async () => {
    // TRUST_PROXY is off: a forwarded name counts for nothing, the Host header decides.
    expect((await profile(prod, 'prod.example.com', { 'x-forwarded-host': 'localhost' })).name).toBe(
      'default',
    );
  });
});

describe('host profiles outside production (npm start)', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('keep every screen for localhost and the default profile for other names', async () => {
    expect([...(await profile(dev, 'localhost')).screens].sort()).toEqual([...ALL_SCREENS].sort());
    const { auth } = await signIn(dev, MAKER);
    expect((await clients(dev, 'localhost', auth)).statusCode).toBe(200);
    expect((await clients(dev, 'prod.example.com', auth)).statusCode).toBe(403);
  });
});

describe('parseHostProfiles', () => {
  const file = {
    default: { name: 'default' },
    profiles: [
      { name: 'local', dev: true, hosts: ['localhost'], screens: 'all' },
      { name: 'site', hosts: ['console.example.com'], screens: 'all' },
    ],
  };

  it('matches listed names only, exactly, and drops development profiles in production', () => {
    const prod = parseHostProfiles(file, { production: true });
    expect(prod.resolve('localhost').name).toBe('default');
    expect(prod.resolve('console.example.com').name).toBe('site');
    expect(prod.resolve('CONSOLE.example.com').name).toBe('site');
    for (const near of ['console.example.com.evil', 'x.console.example.com', 'console.example.co'])
      expect(prod.resolve(near).name, near).toBe('default');
    expect(prod.all().map((p) => p.name)).toEqual(['default', 'site']);
    expect(prod.resolve('console.example.com')).not.toHaveProperty('dev');
    const dev = parseHostProfiles(file, { production: false });
    expect(dev.resolve('localhost').name).toBe('local');
  });
});
