/**
 * Nobody locks an account out of sign-in with free requests (issue 9, finding 15): only attempts
 * that solved the captcha, or guessed at a live sign-in code, count against the account; the
 * old-password check of the profile update is limited too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { uploadAvatar } from './avatar.ts';
import {
  captchaFor,
  createTestApp,
  loginPd,
  nextAddress,
  requestCode,
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

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user/baseaccount/${url}`,
    payload,
    headers,
    remoteAddress: nextAddress(),
  });

describe('per-account sign-in limit', () => {
  it('does not count attempts without a captcha, nor with a wrong one', async () => {
    const phoneNum = '13800000004';
    for (let i = 0; i < 15; i++) {
      // No captcha at all (an attacker's script), then a live captcha answered wrongly.
      const none = await post('loginPd', { phoneNum, password: 'wrong1234', verifyCode: '0000' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(MESSAGES.captchaWrong.zh);
      const remoteAddress = nextAddress();
      const { cookie, answer } = await captchaFor(t, { remoteAddress });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/user/baseaccount/loginPd',
        headers: { cookie },
        remoteAddress,
        payload: {
          phoneNum,
          password: DEMO_PASSWORD,
          verifyCode: String((Number(answer) + 1) % 10_000).padStart(4, '0'),
        },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(MESSAGES.captchaWrong.zh);
    }
    // The owner signs in at once.
    const owner = await loginPd(t, { phoneNum, password: DEMO_PASSWORD }, { remoteAddress: nextAddress() });
    expect(owner.statusCode).toBe(200);
  });

  it('still counts wrong passwords sent with a solved captcha: the 11th is refused', async () => {
    const phoneNum = '13800000007';
    for (let i = 0; i < 10; i++) {
      const res = await loginPd(t, { phoneNum, password: 'wrong1234' }, { remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.loginFailed.zh);
    }
    const locked = await loginPd(t, { phoneNum, password: DEMO_PASSWORD }, { remoteAddress: nextAddress() });
    expect(locked.statusCode).toBe(429);
    t.advanceLimiterClock(15 * 60 + 1);
  });

  it('does not let sign-in code requests without a live code lock the account', async () => {
    const phoneNum = '13800000006';
    for (let i = 0; i < 15; i++) {
      const res = await post('loginSmS', { phoneNum, verifyCode: '0000' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(1003);
    }
    expect((await loginPd(t, { phoneNum, password: DEMO_PASSWORD })).statusCode).toBe(200);
    const code = await requestCode(t, phoneNum, '1', `86-${phoneNum}`);
    expect((await post('loginSmS', { phoneNum, verifyCode: code })).statusCode).toBe(200);
  });

  it('limits wrong guesses at live sign-in codes, apart from the password sign-in', async () => {
    const phoneNum = '13800000005';
    const target = `86-${phoneNum}`;
    let refused = 0;
    let code = '';
    // Four wrong guesses per code (the fifth would end the code); three codes: 12 guesses.
    for (let round = 0; round < 3; round++) {
      t.advanceLimiterClock(61);
      code = await requestCode(t, phoneNum, '1', target);
      const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
      for (let i = 0; i < 4; i++) {
        const res = await post('loginSmS', { phoneNum, verifyCode: wrong });
        if (res.statusCode === 429) refused++;
        else expect(res.json().code).toBe(1002);
      }
    }
    expect(refused).toBe(2);
    // Even the right code is refused now; the password sign-in is not affected.
    expect((await post('loginSmS', { phoneNum, verifyCode: code })).statusCode).toBe(429);
    expect((await loginPd(t, { phoneNum, password: DEMO_PASSWORD })).statusCode).toBe(200);
    t.advanceLimiterClock(15 * 60 + 1);
  });
});

describe('old-password checks of the profile update', () => {
  it('allows 10 wrong old passwords per user in 15 minutes', async () => {
    const { auth } = await signInWith(t, '13800000009');
    const avatar = await uploadAvatar(t, auth);
    const update = (oldPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { ...auth, 'accept-language': 'en' },
        payload: { userName: '吴磊', userHeadUrl: avatar, oldPassword, newPassword: 'Better2026' },
      });
    for (let i = 0; i < 10; i++) {
      const res = await update(`wrong${1000 + i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(1009);
    }
    const limited = await update(DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    // Nothing changed: the old password still signs in.
    expect((await loginPd(t, { phoneNum: '13800000009', password: DEMO_PASSWORD })).statusCode).toBe(200);
    t.advanceLimiterClock(15 * 60 + 1);
    expect((await update(DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
