/** GET user/baseaccount/getVerifyCode and checkVerifyCode (000 §3, §4, §7, §9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { createTestApp, nextAddress, requestCode, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getCode = (
  phoneNum: string,
  codeType: string,
  remoteAddress = nextAddress(),
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/baseaccount/getVerifyCode',
    query: { phoneNum, codeType },
    remoteAddress,
    headers,
  });

const checkCode = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/baseaccount/checkVerifyCode', query });

const reset = (phoneNum: string, verifyCode: string, password = 'fresh2026pw') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/baseaccount/resetPassword',
    payload: { phoneNum, password, verifyCode },
  });

const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('getVerifyCode', () => {
  // Registered and unregistered accounts get the same answer: auth.codes.probe.test.ts.

  it('refuses a malformed account and an unknown code type', async () => {
    const bad = await getCode('12345', '1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.accountFormat.zh);
    const type = await getCode('13800000002', '9');
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toContain('codeType');
  });

  it('sends phones through the SMS transport and e-mails through the e-mail transport', async () => {
    const before = t.sent.length;
    const ok = await getCode('13800000002', '1', nextAddress(), { 'accept-language': 'en' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 0, message: 'Success', data: null });
    const sms = t.sent[before];
    expect(sms).toMatchObject({ channel: 'sms', transport: 'sms-test', target: '86-13800000002' });
    expect(sms?.secret).toMatch(/^\d{4}$/);
    expect(sms?.text).toBe(
      `[AgriFleet] Your verification code is ${sms?.secret}. It is valid for 5 minutes.`,
    );

    const mail = await getCode('Admin@AgriFleet.local', '3');
    expect(mail.statusCode).toBe(200);
    const email = t.sent[before + 1];
    expect(email).toMatchObject({
      channel: 'email',
      transport: 'email-test',
      target: 'admin@agrifleet.local',
    });
    expect(email?.subject).toBe(MESSAGES.codeMailSubject.zh);
    expect(email?.text).toContain(email?.secret as string);

    // Both attempts are on record, the code itself masked for a real provider.
    const rows = await t.db.selectFrom('outbox_messages').selectAll().orderBy('id').execute();
    const smsRow = rows.find((r) => r.target === '86-13800000002');
    expect(smsRow).toMatchObject({ channel: 'sms', provider: 'sms-test', status: 'sent', error: null });
    expect(smsRow?.body).not.toContain(sms?.secret as string);
    expect(smsRow?.body).toContain('****');
    expect(rows.find((r) => r.target === 'admin@agrifleet.local')).toMatchObject({
      channel: 'email',
      status: 'sent',
    });
  });

  it('reads a bare number, "86-" and "+86-" as the same phone', async () => {
    await requestCode(t, '13800000003', '1', '86-13800000003');
    t.advanceLimiterClock(61);
    await requestCode(t, '+86-13800000003', '1', '86-13800000003');
    t.advanceLimiterClock(61);
    await requestCode(t, '66-812345678', '2');
    expect(t.sent.at(-1)?.target).toBe('66-812345678');
  });

  it('allows one code a minute per account (429 with retry-after), counted per account', async () => {
    const first = await getCode('13800000004', '1');
    expect(first.statusCode).toBe(200);
    // From another address: the limit follows the account, not the address.
    const again = await getCode('86-13800000004', '1', nextAddress(), { 'accept-language': 'en' });
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.json()).toEqual({
      code: 429,
      message: `Too many requests, please try again in ${wait} seconds`,
    });
    // Another account is not held up.
    expect((await getCode('13800000005', '1')).statusCode).toBe(200);
    // A minute later the account may ask again.
    t.advanceLimiterClock(61);
    expect((await getCode('13800000004', '1')).statusCode).toBe(200);
  });

  it('allows 10 codes an hour per account', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await getCode('13800000006', '3')).statusCode).toBe(200);
      t.advanceLimiterClock(61);
    }
    const res = await getCode('13800000006', '3');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    t.advanceLimiterClock(3600);
    expect((await getCode('13800000006', '3')).statusCode).toBe(200);
  });

  it('allows 30 code requests an hour per address; another address is not limited', async () => {
    const address = nextAddress();
    for (let i = 0; i < 30; i++) {
      const res = await getCode(`139000${String(i).padStart(5, '0')}`, '2', address);
      expect(res.statusCode).toBe(200);
    }
    const limited = await getCode('13900099999', '2', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(t.sent.some((m) => m.target === '86-13900099999')).toBe(false);
    expect((await getCode('13900099999', '2', nextAddress())).statusCode).toBe(200);
  });

  it('reports a provider failure, records it, and lets the caller retry at once', async () => {
    t.sms.fail = true;
    try {
      const res = await getCode('13800000007', '1', nextAddress(), { 'accept-language': 'en' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.codeSendFailed.en);
    } finally {
      t.sms.fail = false;
    }
    const row = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('target', '=', '86-13800000007')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'sms', status: 'failed', error: 'provider down' });
    // Nothing was delivered, so the once-a-minute rule does not hold the retry back (000 §4).
    expect((await getCode('13800000007', '1')).statusCode).toBe(200);
  });
});

describe('checkVerifyCode', () => {
  it('accepts the right code without using it up', async () => {
    const code = await requestCode(t, '13800000008', '3', '86-13800000008');
    const ok = await checkCode({ phoneNum: '13800000008', code, checkOpr: '3' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().code).toBe(0);
    // The web sends the code as verifyCode too.
    expect(
      (await checkCode({ phoneNum: '86-13800000008', verifyCode: code, checkOpr: '3' })).statusCode,
    ).toBe(200);
    // Still good for the reset itself.
    expect((await reset('13800000008', code)).statusCode).toBe(200);
  });

  it('counts wrong codes; after 5 even the right code fails', async () => {
    const code = await requestCode(t, '13800000009', '3', '86-13800000009');
    for (let i = 1; i <= 4; i++) {
      const res = await checkCode({ phoneNum: '13800000009', code: otherCode(code), checkOpr: '3' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 1002, message: MESSAGES.codeWrong.zh });
    }
    const fifth = await checkCode({ phoneNum: '13800000009', code: otherCode(code), checkOpr: '3' });
    expect(fifth.json()).toEqual({ code: 1004, message: MESSAGES.codeAttempts.zh });
    const right = await checkCode({ phoneNum: '13800000009', code, checkOpr: '3' });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe(1004);
    expect((await reset('13800000009', code)).json().code).toBe(1004);
  });

  it('refuses an expired code', async () => {
    const code = await requestCode(t, 'admin@agrifleet.local', '3');
    await t.db
      .updateTable('verify_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('target', '=', 'admin@agrifleet.local')
      .execute();
    const res = await checkCode({ phoneNum: 'admin@agrifleet.local', code, checkOpr: '3' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 1003, message: MESSAGES.codeExpired.zh });
  });

  it('checks a code against its own purpose and replaces older codes', async () => {
    const first = await requestCode(t, '13800000002', '3', '86-13800000002');
    // A reset code is no sign-in code.
    const wrongPurpose = await checkCode({ phoneNum: '13800000002', code: first, checkOpr: '1' });
    expect(wrongPurpose.statusCode).toBe(400);
    t.advanceLimiterClock(61);
    const second = await requestCode(t, '13800000002', '3', '86-13800000002');
    if (second !== first) {
      const old = await checkCode({ phoneNum: '13800000002', code: first, checkOpr: '3' });
      expect(old.statusCode).toBe(400);
    }
    expect((await checkCode({ phoneNum: '13800000002', code: second, checkOpr: '3' })).statusCode).toBe(200);
  });
});

describe('guesses per target (issue 20, finding 1)', () => {
  const guess = (phoneNum: string, code: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/baseaccount/checkVerifyCode',
      query: { phoneNum, code, checkOpr: '2' },
      headers,
      remoteAddress: nextAddress(),
    });

  it('does not count right guesses: the owner may check the code as often as the form asks', async () => {
    const phone = '13912345601';
    const code = await requestCode(t, phone, '2', `86-${phone}`);
    for (let i = 0; i < 12; i++) expect((await guess(phone, code)).statusCode).toBe(200);
  });

  it('after 10 wrong guesses over two codes, a third code is refused alike whether right or wrong', async () => {
    const phone = '13912345602';
    for (let round = 0; round < 2; round++) {
      t.advanceLimiterClock(61);
      const code = await requestCode(t, phone, '2', `86-${phone}`);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await guess(phone, otherCode(code))).json().code);
      expect(answers).toEqual([1002, 1002, 1002, 1002, 1004]);
    }
    t.advanceLimiterClock(61);
    const code = await requestCode(t, phone, '2', `86-${phone}`);
    const right = await guess(phone, code, { 'accept-language': 'en' });
    const wrong = await guess(phone, otherCode(code), { 'accept-language': 'en' });
    for (const res of [right, wrong]) {
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(23 * 3600);
      expect(res.json()).toEqual({
        code: 429,
        message: `Too many requests, please try again in ${wait} seconds`,
      });
    }
  });
});
