/** loginPd, loginSmS, loginOut and refreshToken (000 §3, §4, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import {
  createTestApp,
  demoUser,
  loginPd,
  nextAddress,
  requestCode,
  signIn,
  signInWith,
  type TestApp,
} from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const USER_INFO_FIELDS = [
  'userName',
  'userHeadUrl',
  'userType',
  'accountType',
  'accountName',
  'accountLogo',
  'tag',
  'vipLevel',
  'phoneNum',
  'accountId',
  'checkStatus',
  'teamType',
  'accountCatalogLevel',
  'canCreateSub',
  'ruleProvince',
  'ruleCity',
  'ruleCounty',
];

const now = () => Math.floor(Date.now() / 1000);
const userInfo = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/info', headers: auth });
const bearer = (jToken: string) => ({ authorization: `Bearer ${jToken}` });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user/baseaccount/${url}`,
    payload,
    headers,
    remoteAddress: nextAddress(),
  });

describe('loginPd', () => {
  it('returns jToken, expiry, refresh token and the whole user info', async () => {
    const res = await loginPd(
      t,
      { phoneNum: '13800000001', password: DEMO_PASSWORD },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(200);
    const { code, message, data } = res.json();
    expect(code).toBe(0);
    expect(message).toBe('Success');
    expect(data.jToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.refreshToken).toMatch(/^[\w-]{20,}$/);
    expect(Math.abs(data.expire - (now() + 24 * 3600))).toBeLessThan(60);
    for (const field of USER_INFO_FIELDS) expect(data, field).toHaveProperty(field);
    expect(data).toMatchObject({
      userName: '平台管理员',
      userHeadUrl: null,
      userType: 1,
      accountType: 1,
      accountName: '全国农业机械化协会监管平台',
      accountLogo: null,
      tag: null,
      vipLevel: 0,
      phoneNum: '86-13800000001',
      checkStatus: 2,
      teamType: null,
      accountCatalogLevel: 1,
      canCreateSub: false,
      ruleProvince: null,
      ruleCity: null,
      ruleCounty: null,
    });
    expect(data.accountId).toBeTypeOf('number');
    // The token works.
    const info = await userInfo(bearer(data.jToken));
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ userName: '平台管理员', accountId: data.accountId });
  });

  it('keeps a remembered login for a week', async () => {
    const res = await loginPd(t, {
      phoneNum: '13800000002',
      password: DEMO_PASSWORD,
      rememberPassword: true,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Math.abs(data.expire - (now() + 7 * 24 * 3600))).toBeLessThan(60);
    expect(data).toMatchObject({ accountType: 2, ruleProvince: 156320000 });
    const session = await t.db
      .selectFrom('sessions')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Math.abs(session.expires_at.getTime() / 1000 - data.expire)).toBeLessThan(2);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await loginPd(t, { phoneNum: '13800000001', password: 'wrong1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 1005, message: '账号或密码错误' });
    const unknown = await loginPd(t, { phoneNum: '13911110000', password: DEMO_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    const en = await loginPd(
      t,
      { phoneNum: 'nobody@example.com', password: 'x' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(en.json()).toEqual({ code: 1005, message: 'Wrong account or password' });
  });

  it('refuses a malformed account', async () => {
    const res = await loginPd(t, { phoneNum: 'not-an-account', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.accountFormat.zh);
  });

  it('signs in by e-mail (any case) and by phone with or without the country code', async () => {
    for (const phoneNum of [
      'admin@agrifleet.local',
      'ADMIN@AgriFleet.Local',
      '86-13800000001',
      '13800000001',
      '+86-13800000001',
    ]) {
      const res = await loginPd(t, { phoneNum, password: DEMO_PASSWORD });
      expect(res.statusCode, phoneNum).toBe(200);
      expect(res.json().data.phoneNum).toBe('86-13800000001');
    }
    // The same number under another country code is another account.
    const other = await loginPd(t, { phoneNum: '66-13800000001', password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(400);
  });

  it('refuses a disabled user or account, and drops their sessions', async () => {
    const { auth } = await signIn(t, 'personal operator');
    await t.db.updateTable('users').set({ enabled: false }).where('phone', '=', '13800000007').execute();
    const res = await loginPd(
      t,
      { phoneNum: '13800000007', password: DEMO_PASSWORD },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 1006, message: 'This account has been disabled' });
    // A session of a disabled user is refused with the reason, not a bare 401.
    expect((await userInfo(auth)).statusCode).toBe(403);
    await t.db.updateTable('users').set({ enabled: true }).where('phone', '=', '13800000007').execute();

    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', '13800000007')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('accounts').set({ enabled: false }).where('id', '=', user.account_id).execute();
    expect((await loginPd(t, { phoneNum: '13800000007', password: DEMO_PASSWORD })).statusCode).toBe(403);
    expect((await userInfo(auth)).statusCode).toBe(403);
    await t.db.updateTable('accounts').set({ enabled: true }).where('id', '=', user.account_id).execute();
    expect((await loginPd(t, { phoneNum: '13800000007', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('allows 10 failed tries per account in 15 minutes, from any address', async () => {
    const target = { phoneNum: '13800000004', password: 'wrong1234' };
    for (let i = 0; i < 10; i++) {
      const res = await loginPd(t, target, { remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(400);
    }
    const eleventh = await loginPd(
      t,
      { ...target, password: DEMO_PASSWORD },
      { remoteAddress: nextAddress() },
    );
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(800);
    expect(eleventh.json().message).toMatch(/^操作过于频繁/);
    // Other accounts are not affected.
    expect((await loginPd(t, { phoneNum: '13800000003', password: DEMO_PASSWORD })).statusCode).toBe(200);
    t.advanceLimiterClock(15 * 60 + 1);
    expect((await loginPd(t, { phoneNum: '13800000004', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('forgets the failures of an account after a successful sign-in', async () => {
    for (let i = 0; i < 9; i++) {
      expect((await loginPd(t, { phoneNum: '13800000006', password: 'wrong1234' })).statusCode).toBe(400);
    }
    expect((await loginPd(t, { phoneNum: '13800000006', password: DEMO_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await loginPd(t, { phoneNum: '13800000006', password: 'wrong1234' })).statusCode).toBe(400);
    }
  });

  it('allows 60 sign-in attempts per address in 15 minutes; another address is not limited', async () => {
    const remoteAddress = nextAddress();
    const attempt = (phone: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/baseaccount/loginPd',
        remoteAddress: address,
        payload: { phoneNum: phone, password: 'wrong1234', verifyCode: '0000' },
      });
    for (let i = 0; i < 60; i++) {
      const res = await attempt(`1370000${String(i).padStart(4, '0')}`, remoteAddress);
      expect(res.statusCode).toBe(400);
    }
    const limited = await attempt('13700009999', remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt('13700009999', nextAddress())).statusCode).toBe(400);
  });
});

describe('loginSmS', () => {
  const user = demoUser('government');

  it('signs in with a sign-in code, once', async () => {
    const code = await requestCode(t, user.phoneNum, '1', user.target);
    const res = await post('loginSmS', { phoneNum: user.phoneNum, verifyCode: code, rememberPassword: true });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ userName: user.userName, phoneNum: user.target, accountType: 2 });
    expect(Math.abs(data.expire - (now() + 7 * 24 * 3600))).toBeLessThan(60);
    expect((await userInfo(bearer(data.jToken))).statusCode).toBe(200);

    const again = await post('loginSmS', { phoneNum: user.phoneNum, verifyCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(1003);
  });

  it('refuses a wrong code and a code made for another purpose', async () => {
    t.advanceLimiterClock(61);
    const code = await requestCode(t, user.phoneNum, '1', user.target);
    const wrong = await post('loginSmS', {
      phoneNum: user.phoneNum,
      verifyCode: String((Number(code) + 1) % 10_000).padStart(4, '0'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 1002, message: MESSAGES.codeWrong.zh });

    t.advanceLimiterClock(61);
    const resetCode = await requestCode(t, user.phoneNum, '3', user.target);
    const res = await post('loginSmS', { phoneNum: user.phoneNum, verifyCode: resetCode });
    expect(res.statusCode).toBe(400);
  });

  it('signs in by e-mail code', async () => {
    t.advanceLimiterClock(61);
    const code = await requestCode(t, 'admin@agrifleet.local', '1');
    const res = await post('loginSmS', { phoneNum: 'admin@agrifleet.local', verifyCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userName).toBe('平台管理员');
  });
});

describe('loginOut', () => {
  it('needs a token', async () => {
    const res = await post('loginOut', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: MESSAGES.unauthorized.zh });
  });

  it('ends only this session', async () => {
    const a = await signIn(t, 'staff');
    const b = await signIn(t, 'staff');
    const res = await post('loginOut', {}, { ...a.auth, 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'Success', data: null });
    expect((await userInfo(a.auth)).statusCode).toBe(401);
    expect((await post('loginOut', {}, a.auth)).statusCode).toBe(401);
    expect((await userInfo(b.auth)).statusCode).toBe(200);
  });
});

describe('refreshToken', () => {
  it('gives a new working jToken and rotates the refresh token', async () => {
    const { data } = await signInWith(t, '13800000005');
    const res = await post('refreshToken', { refreshToken: data.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.jToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(next.refreshToken).not.toBe(data.refreshToken);
    expect(next).toMatchObject({ userName: '赵强', accountId: data.accountId });
    expect(Math.abs(next.expire - (now() + 24 * 3600))).toBeLessThan(60);
    expect((await userInfo(bearer(next.jToken))).statusCode).toBe(200);

    const old = await post('refreshToken', { refreshToken: data.refreshToken }, { 'accept-language': 'en' });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: 1010, message: 'The refresh token is invalid or has expired' });
    // The replay of a rotated-out token ends that sign-in: the new token is dead too (auth.refresh.test.ts).
    expect((await post('refreshToken', { refreshToken: next.refreshToken })).statusCode).toBe(401);
  });

  it('keeps a remembered sign-in remembered: the refreshed token lasts a week again', async () => {
    const res = await loginPd(t, {
      phoneNum: '13800000006',
      password: DEMO_PASSWORD,
      rememberPassword: true,
    });
    const refreshed = await post('refreshToken', { refreshToken: res.json().data.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    expect(Math.abs(refreshed.json().data.expire - (now() + 7 * 24 * 3600))).toBeLessThan(60);
  });

  it('refuses the refresh token of a signed-out session, an expired one and garbage', async () => {
    const { data, auth } = await signInWith(t, '13800000003');
    expect((await post('loginOut', {}, auth)).statusCode).toBe(200);
    expect((await post('refreshToken', { refreshToken: data.refreshToken })).statusCode).toBe(401);

    const second = await signInWith(t, '13800000003');
    await t.db
      .updateTable('sessions')
      .set({ refresh_expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', second.data.userId)
      .execute();
    expect((await post('refreshToken', { refreshToken: second.data.refreshToken })).statusCode).toBe(401);

    expect((await post('refreshToken', { refreshToken: 'garbage' })).statusCode).toBe(401);
    expect((await post('refreshToken', {})).statusCode).toBe(400);
  });

  it('refuses a disabled user', async () => {
    const { data } = await signInWith(t, '13800000008');
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', data.userId).execute();
    const res = await post('refreshToken', { refreshToken: data.refreshToken });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(1006);
    await t.db.updateTable('users').set({ enabled: true }).where('id', '=', data.userId).execute();
  });
});
