/** GET user/baseaccount/getVerify and the captcha check of loginPd (000 §3, §4, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { captchaFor, createTestApp, demoUser, nextAddress, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const admin = demoUser('platform super admin');
const wrongAnswer = (answer: string) => String((Number(answer) + 1) % 10_000).padStart(4, '0');

const loginWith = (cookie: string | undefined, verifyCode: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/baseaccount/loginPd',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: { phoneNum: admin.phoneNum, password: admin.password, verifyCode },
  });

describe('getVerify', () => {
  it('returns an SVG image and binds it by an HttpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/baseaccount/getVerify?r=0.123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('<svg')).toBe(true);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^agrifleet_captcha=[0-9a-f-]{36};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/api');
    expect(cookie).toMatch(/Max-Age=\d+/);
  });

  it('makes a 4-digit answer per request', async () => {
    const a = await captchaFor(t);
    const b = await captchaFor(t);
    expect(a.answer).toMatch(/^\d{4}$/);
    expect(b.answer).toMatch(/^\d{4}$/);
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('limits how many captchas one address makes (120 a minute)', async () => {
    const remoteAddress = nextAddress();
    const get = () => t.app.inject({ method: 'GET', url: '/api/user/baseaccount/getVerify', remoteAddress });
    for (let i = 0; i < 120; i++) expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/user/baseaccount/getVerify',
      remoteAddress: nextAddress(),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('captcha at password sign-in', () => {
  it('accepts the right answer once', async () => {
    const { cookie, answer } = await captchaFor(t);
    const first = await loginWith(cookie, answer);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.jToken).toBeTypeOf('string');

    const again = await loginWith(cookie, answer);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 1001, message: MESSAGES.captchaWrong.zh });
  });

  it('is used up by a wrong answer too (the page must load a new one)', async () => {
    const { cookie, answer } = await captchaFor(t);
    expect((await loginWith(cookie, wrongAnswer(answer))).statusCode).toBe(400);
    const right = await loginWith(cookie, answer);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe(1001);
  });

  it("does not accept another cookie's captcha, nor none", async () => {
    const a = await captchaFor(t);
    let b = await captchaFor(t);
    while (b.answer === a.answer) b = await captchaFor(t);
    const crossed = await loginWith(b.cookie, a.answer);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe(1001);

    const noCookie = await loginWith(undefined, a.answer);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().code).toBe(1001);

    // a's own captcha is still good: only the cookie holder's captcha was tried (and spent).
    expect((await loginWith(a.cookie, a.answer)).statusCode).toBe(200);
  });

  it('refuses an expired captcha', async () => {
    const { cookie, answer } = await captchaFor(t);
    await t.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await loginWith(cookie, answer);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1001);
  });

  it('answers a wrong captcha in the caller language (zh by default)', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, '图形验证码错误或已失效'],
      [{ 'accept-language': 'en-US,en;q=0.9' }, 'The image code is wrong or has expired'],
      [{ 'accept-language': 'th-TH,th;q=0.9,en;q=0.5' }, MESSAGES.captchaWrong.th],
      [{ 'accept-language': 'ko-KR' }, MESSAGES.captchaWrong.ko],
      [{ 'accept-language': 'zh-TW' }, '圖形驗證碼錯誤或已失效'],
      [{ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, '图形验证码错误或已失效'],
      [{ 'accept-language': 'fr-FR' }, '图形验证码错误或已失效'],
    ];
    for (const [headers, message] of cases) {
      const { cookie, answer } = await captchaFor(t);
      const res = await loginWith(cookie, wrongAnswer(answer), headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 1001, message });
    }
    expect(MESSAGES.captchaWrong.th).toMatch(/[\u0E00-\u0E7F]/);
    expect(MESSAGES.captchaWrong.ko).toMatch(/[\uAC00-\uD7AF]/);
  });
});
