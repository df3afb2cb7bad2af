/**
 * The access guard (000 §6; ARCHITECTURE "Contract rules"): every /api route declares who may call
 * it, and the server refuses callers outside it with the same tables the web builds menus from.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/platform/auth/guard.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { createTestApp, loginPd, requestCode, signInWith, type TestApp } from './helper.ts';

/** Test-only routes guarded by screens and abilities (no module has such routes yet). */
async function probes(app: FastifyInstance) {
  const probe = (url: string, access: Access) =>
    app.get(url, { config: { access } }, async (req) => ({
      code: 0,
      message: 'ok',
      data: { userId: req.caller?.user.id },
    }));
  probe('/api/__probe/account-list', { screens: ['AccountList'] });
  probe('/api/__probe/monitor', { screens: ['MonitorView'] });
  probe('/api/__probe/clients', { screens: ['ClientList'] });
  probe('/api/__probe/either', { screens: ['AccountList', 'DroneModelList'] });
  probe('/api/__probe/staff', { ability: 'manageStaff' });
  probe('/api/__probe/optional', 'optional');
}

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => routes.push(route),
    beforeReady: async (app) => {
      await app.register(probes);
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const as = async (phone: string) => (await signInWith(t, phone)).auth;

describe('declared access', () => {
  it('is declared by every /api route', async () => {
    const api = routes.filter((r) => r.url.startsWith('/api'));
    const urls = api.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/user/baseaccount/loginPd', '/api/user/info', '/api/docs/json']),
    );
    expect(urls).toContain('/api/oper/regions');
    const undeclared = api.filter((r) => r.config?.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // What the test routes declared is what the guard sees.
    expect(api.find((r) => r.url === '/api/__probe/staff')?.config?.access).toEqual({
      ability: 'manageStaff',
    });
    expect(api.find((r) => r.url === '/api/docs/json')?.config?.access).toBe('public');
  });

  it('is enforced when a route is registered', async () => {
    const build = createTestApp({
      seed: false,
      beforeReady: (app) => {
        app.register(async (scope) => {
          scope.get('/api/__probe/undeclared', async () => ({ ok: true }));
        });
      },
    });
    await expect(build).rejects.toThrow('Route GET /api/__probe/undeclared does not declare config.access');
  });
});

describe('screen-guarded routes', () => {
  it('let the platform in and keep a manufacturer out of AccountList', async () => {
    const platform = await as('13800000001');
    const ok = await get('/api/__probe/account-list', platform);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.userId).toBeTypeOf('number');

    const maker = await as('13800000003');
    const refused = await get('/api/__probe/account-list', { ...maker, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: 'You do not have permission to do this' });
    expect((await get('/api/__probe/account-list', maker)).json().message).toBe(MESSAGES.forbidden.zh);
    // Any one of the listed screens is enough.
    expect((await get('/api/__probe/either', maker)).statusCode).toBe(200);

    // Platform staff (user type 3) does not have the screen either.
    expect((await get('/api/__probe/account-list', await as('13800000009'))).statusCode).toBe(403);
  });

  it('answer 401 without a valid token', async () => {
    expect((await get('/api/__probe/account-list')).statusCode).toBe(401);
    expect((await get('/api/__probe/account-list', { authorization: 'Bearer x.y.z' })).statusCode).toBe(401);
  });

  it('keep an account under review out until it is approved', async () => {
    const code = await requestCode(t, '86-13955550001', '2');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/baseaccount/reg',
      payload: {
        phoneNum: '13955550001',
        verifyCode: code,
        password: 'Review2026',
        accountType: 3,
        accountName: '待审核公司',
        contactName: '钱',
      },
    });
    expect(reg.statusCode).toBe(200);
    const login = await loginPd(t, { phoneNum: '13955550001', password: 'Review2026' });
    const auth = { authorization: `Bearer ${login.json().data.jToken}` };
    expect((await get('/api/__probe/monitor', auth)).statusCode).toBe(403);
    expect((await get('/api/__probe/account-list', auth)).statusCode).toBe(403);
    // Plain signed-in calls still work.
    expect((await get('/api/user/info', auth)).statusCode).toBe(200);

    await t.db
      .updateTable('accounts')
      .set({ check_status: 2 })
      .where('account_name', '=', '待审核公司')
      .execute();
    expect((await get('/api/__probe/monitor', auth)).statusCode).toBe(200);
    expect((await get('/api/__probe/account-list', auth)).statusCode).toBe(403);
  });

  it('follow the host profile: leasing screens exist on localhost, not on the default host', async () => {
    const maker = await as('13800000003');
    expect((await get('/api/__probe/clients', maker)).statusCode).toBe(200);
    expect((await get('/api/__probe/clients', { ...maker, host: 'localhost:8080' })).statusCode).toBe(200);
    expect(
      (await get('/api/__probe/clients', { ...maker, host: 'some-other-host.example' })).statusCode,
    ).toBe(403);
    // The monitor is on every host.
    expect(
      (await get('/api/__probe/monitor', { ...maker, host: 'some-other-host.example' })).statusCode,
    ).toBe(200);
    // A manufacturer without leasing and an operator never see client lists.
    expect((await get('/api/__probe/clients', await as('13800000004'))).statusCode).toBe(403);
    expect((await get('/api/__probe/clients', await as('13800000005'))).statusCode).toBe(403);
    // The lease manager of maker-a does.
    expect((await get('/api/__probe/clients', await as('13800000008'))).statusCode).toBe(200);
  });
});

describe('ability-guarded routes', () => {
  it('follow the user type', async () => {
    expect((await get('/api/__probe/staff', await as('13800000001'))).statusCode).toBe(200);
    expect((await get('/api/__probe/staff', await as('13800000009'))).statusCode).toBe(403);
    expect((await get('/api/__probe/staff', await as('13800000008'))).statusCode).toBe(403);
    expect((await get('/api/__probe/staff')).statusCode).toBe(401);
  });
});

describe('optional access', () => {
  it('identifies a signed-in caller and lets anyone else through', async () => {
    const auth = await as('13800000002');
    expect((await get('/api/__probe/optional', auth)).json().data.userId).toBeTypeOf('number');
    expect((await get('/api/__probe/optional')).json().data.userId).toBeUndefined();
    const bad = await get('/api/__probe/optional', { authorization: 'Bearer bad' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.userId).toBeUndefined();
  });
});
