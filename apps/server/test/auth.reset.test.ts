/** PUT user/baseaccount/resetPassword (000 §3, §4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { createTestApp, loginPd, nextAddress, requestCode, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const reset = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/baseaccount/resetPassword',
    payload,
    headers,
    remoteAddress: nextAddress(),
  });
const userInfo = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/info', headers: auth });
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('resetPassword', () => {
  it('sets the new password and ends every session of the user', async () => {
    const a = await signInWith(t, '13800000006');
    const b = await signInWith(t, '86-13800000006');
    const other = await signInWith(t, '13800000005');
    const verifyCode = await requestCode(t, '13800000006', '3', '86-13800000006');
    const res = await reset(
      { phoneNum: '13800000006', password: 'NewPass2026', verifyCode },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'Success', data: null });

    expect((await loginPd(t, { phoneNum: '13800000006', password: DEMO_PASSWORD })).statusCode).toBe(400);
    expect((await loginPd(t, { phoneNum: '13800000006', password: 'NewPass2026' })).statusCode).toBe(200);
    expect((await userInfo(a.auth)).statusCode).toBe(401);
    expect((await userInfo(b.auth)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/baseaccount/refreshToken',
      payload: { refreshToken: a.data.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // Someone else's session is untouched.
    expect((await userInfo(other.auth)).statusCode).toBe(200);
  });

  it('refuses a wrong code and keeps the password', async () => {
    const code = await requestCode(t, '13800000004', '3', '86-13800000004');
    const res = await reset({
      phoneNum: '13800000004',
      password: 'NewPass2026',
      verifyCode: otherCode(code),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 1002, message: MESSAGES.codeWrong.zh });
    expect((await loginPd(t, { phoneNum: '13800000004', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a code already used', async () => {
    t.advanceLimiterClock(61);
    const verifyCode = await requestCode(t, '13800000004', '3', '86-13800000004');
    expect((await reset({ phoneNum: '13800000004', password: 'First2026pw', verifyCode })).statusCode).toBe(
      200,
    );
    const again = await reset({ phoneNum: '13800000004', password: 'Second2026pw', verifyCode });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(1003);
    expect((await loginPd(t, { phoneNum: '13800000004', password: 'First2026pw' })).statusCode).toBe(200);
  });

  it('refuses a code made for sign-in', async () => {
    const code = await requestCode(t, '13800000003', '1', '86-13800000003');
    const res = await reset({ phoneNum: '13800000003', password: 'NewPass2026', verifyCode: code });
    expect(res.statusCode).toBe(400);
    expect((await loginPd(t, { phoneNum: '13800000003', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('checks the password rule before it spends the code', async () => {
    const verifyCode = await requestCode(t, '13800000002', '3', '86-13800000002');
    const weak = await reset(
      { phoneNum: '13800000002', password: 'abcdefgh', verifyCode },
      { 'accept-language': 'en' },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must be 8~16 digits of letters and numbers combination');
    expect((await reset({ phoneNum: '13800000002', password: 'Strong2026', verifyCode })).statusCode).toBe(
      200,
    );
  });

  it('resets by e-mail, given as email or as phoneNum', async () => {
    const first = await requestCode(t, 'admin@agrifleet.local', '3');
    expect(
      (await reset({ email: 'admin@agrifleet.local', password: 'Mail2026pw', verifyCode: first })).statusCode,
    ).toBe(200);
    expect((await loginPd(t, { phoneNum: 'admin@agrifleet.local', password: 'Mail2026pw' })).statusCode).toBe(
      200,
    );
    t.advanceLimiterClock(61);
    const second = await requestCode(t, 'admin@agrifleet.local', '3');
    expect(
      (await reset({ phoneNum: 'admin@agrifleet.local', password: 'Mail2027pw', verifyCode: second }))
        .statusCode,
    ).toBe(200);
    expect((await loginPd(t, { phoneNum: '13800000001', password: 'Mail2027pw' })).statusCode).toBe(200);
  });

  it('refuses a request without an account, or for an account without a code', async () => {
    const none = await reset({ password: 'NewPass2026', verifyCode: '1234' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.accountFormat.zh);
    const unknown = await reset({ phoneNum: '13911119999', password: 'NewPass2026', verifyCode: '1234' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(1003);
    const missing = await reset(
      { phoneNum: '13800000002', password: 'NewPass2026' },
      { 'accept-language': 'en' },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid value for verifyCode');
  });
});
