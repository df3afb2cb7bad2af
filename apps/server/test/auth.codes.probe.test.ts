/**
 * A code request tells nobody whether an account exists (issue 9, finding 18): registered and
 * unregistered accounts get the same status, body and timing class for every code type; the owner
 * gets the message that fits (the code, or "already registered" / "not registered"); the limits hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { createTestApp, nextAddress, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getCode = (phoneNum: string, codeType: string, lang = 'zh', remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/baseaccount/getVerifyCode',
    query: { phoneNum, codeType },
    headers: { 'accept-language': lang },
    remoteAddress,
  });
const checkCode = (phoneNum: string, code: string, checkOpr: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/baseaccount/checkVerifyCode',
    query: { phoneNum, code, checkOpr },
  });
const sentTo = (target: string) => t.sent.filter((m) => m.target === target);

/** What a caller sees of a response: status, body, and the headers a client could compare. */
const seen = (res: Awaited<ReturnType<typeof getCode>>) => ({
  status: res.statusCode,
  body: res.body,
  type: res.headers['content-type'],
  length: res.headers['content-length'],
});

describe('code requests for registered and unregistered accounts', () => {
  const registered = { phone: '13800000002', email: 'admin@agrifleet.local' };
  const unregistered = { phone: '13911112222', email: 'nobody@example.com' };

  for (const [codeType, purpose] of [
    ['1', 'sign-in'],
    ['2', 'registration'],
    ['3', 'reset'],
  ] as const) {
    it(`answers a ${purpose} code request alike, and each owner gets one fitting message`, async () => {
      t.advanceLimiterClock(61);
      for (const kind of ['phone', 'email'] as const) {
        for (const lang of ['zh', 'en']) {
          const a = await getCode(registered[kind], codeType, lang);
          const b = await getCode(unregistered[kind], codeType, lang);
          expect(seen(a)).toEqual(seen(b));
          expect(a.statusCode).toBe(200);
          t.advanceLimiterClock(61);
        }
        const regTarget = kind === 'phone' ? `86-${registered.phone}` : registered.email;
        const unregTarget = kind === 'phone' ? `86-${unregistered.phone}` : unregistered.email;
        const toRegistered = sentTo(regTarget).at(-1);
        const toUnregistered = sentTo(unregTarget).at(-1);
        const codeText = (m: typeof toRegistered) =>
          MESSAGES.codeSms.en.replace('{code}', m?.secret ?? '(none)');
        if (codeType === '2') {
          // Registration: the registered owner is told to sign in or reset, with no code.
          expect(toRegistered?.text).toBe(MESSAGES.codeSmsRegistered.en);
          expect(toRegistered?.secret).toBeUndefined();
          expect(toUnregistered?.text).toBe(codeText(toUnregistered));
        } else {
          expect(toRegistered?.text).toBe(codeText(toRegistered));
          expect(toUnregistered?.text).toBe(MESSAGES.codeSmsUnregistered.en);
          expect(toUnregistered?.secret).toBeUndefined();
        }
      }
    });
  }

  it('gives checkVerifyCode nothing to tell them apart either', async () => {
    t.advanceLimiterClock(61);
    for (const codeType of ['1', '2', '3']) {
      expect((await getCode(registered.phone, codeType)).statusCode).toBe(200);
      expect((await getCode(unregistered.phone, codeType)).statusCode).toBe(200);
      const a = await checkCode(registered.phone, '0000', codeType);
      const b = await checkCode(unregistered.phone, '0000', codeType);
      expect({ status: a.statusCode, body: a.body }).toEqual({ status: b.statusCode, body: b.body });
      t.advanceLimiterClock(61);
    }
  });

  it('keeps the limits: one request a minute per account, whoever it is', async () => {
    t.advanceLimiterClock(61);
    for (const phone of [registered.phone, unregistered.phone]) {
      expect((await getCode(phone, '2')).statusCode).toBe(200);
      const again = await getCode(phone, '1');
      expect(again.statusCode).toBe(429);
    }
    const address = nextAddress();
    for (let i = 0; i < 30; i++)
      expect((await getCode(`1370000${String(i).padStart(4, '0')}`, '1', 'zh', address)).statusCode).toBe(
        200,
      );
    expect((await getCode('13800000009', '1', 'zh', address)).statusCode).toBe(429);
  });
});
