/**
 * Every check-then-write of sign-in under parallel requests (issue 20, findings 1 and 2; the
 * inventory is in modules/auth/README.md): code guesses are counted before they are compared, per
 * code, per target across codes and purposes, and per address; a code, a captcha and a refresh token
 * are used once; one phone registers once; the sign-in lockout holds; a new code replaces the old.
 * Requests are fired at once (Promise.all of app.inject) against the real app and database.
 */
import { LIMITS } from '@agrifleet/domain';
import { verify as argonVerify } from '@node-rs/argon2';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';
import { createCodeService } from '../src/modules/auth/codes.ts';
import { createSharedLimiter, RATE_RULES } from '../src/platform/rateLimit.ts';
import { captchaFor, createTestApp, nextAddress, requestCode, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PER_CODE = LIMITS.codeMaxAttempts;
const PER_TARGET = RATE_RULES.codeGuessPerTarget.limit;
const PER_ADDRESS = RATE_RULES.codeGuessPerAddress.limit;
const BURST = 2_000;

const base = '/api/user/baseaccount';
const resetGuess = (phoneNum: string, verifyCode: string, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'PUT',
    url: `${base}/resetPassword`,
    payload: { phoneNum, password: `Taken${verifyCode}x`, verifyCode },
    remoteAddress,
  });
const checkGuess = (phoneNum: string, code: string, checkOpr = '3', remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'GET',
    url: `${base}/checkVerifyCode`,
    query: { phoneNum, code, checkOpr },
    remoteAddress,
  });

/** `n` four-digit codes, none of them `right`. */
const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => String(i).padStart(4, '0'))
    .filter((c) => c !== right)
    .slice(0, n);

/** How the burst was answered: codeWrong (1002) can only come from a comparison. */
function tally(responses: LightMyRequestResponse[]) {
  const by = (pred: (r: LightMyRequestResponse) => boolean) => responses.filter(pred).length;
  return {
    ok: by((r) => r.statusCode === 200),
    wrong: by((r) => r.statusCode === 400 && r.json().code === 1002),
    attempts: by((r) => r.statusCode === 400 && r.json().code === 1004),
    limited: by((r) => r.statusCode === 429),
    serverErrors: by((r) => r.statusCode >= 500),
    other: by((r) => ![200, 400, 429].includes(r.statusCode)),
    /** One answer of each unexpected kind, for the failure message. */
    odd: [...new Set(responses.filter((r) => ![200, 400, 429].includes(r.statusCode)).map((r) => r.body))]
      .slice(0, 3)
      .join(' | '),
  };
}

/** The comparisons the database counted for a target: attempts over its codes. */
async function attemptsOf(target: string): Promise<number> {
  const rows = await t.db
    .selectFrom('verify_codes')
    .select('attempts')
    .where('target', '=', target)
    .execute();
  return rows.reduce((s, r) => s + r.attempts, 0);
}

async function passwordIs(phone: string, password: string): Promise<boolean> {
  const u = await t.db
    .selectFrom('users')
    .select('password_hash')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return argonVerify(u.password_hash, password);
}

describe('code guesses (finding 1)', () => {
  it(`${BURST} parallel resetPassword guesses compare at most ${PER_CODE}; the right code then fails`, {
    timeout: 120_000,
  }, async () => {
    const phone = '13800000006';
    const target = `86-${phone}`;
    const right = await requestCode(t, phone, '3', target);
    const res = await Promise.all(wrongCodes(right, BURST).map((c) => resetGuess(phone, c)));
    const n = tally(res);
    expect(n.serverErrors, n.odd).toBe(0);
    expect(n.other, n.odd).toBe(0);
    expect(n.ok).toBe(0);
    // A wrong guess answers 1002 only while the code has attempts left: at most PER_CODE - 1 of them.
    expect(n.wrong).toBeLessThanOrEqual(PER_CODE - 1);
    expect(await attemptsOf(target)).toBeLessThanOrEqual(PER_CODE);
    // Wrong, then right: once the wrong guesses have spent the code, the right one fails and the
    // password is unchanged. (A guess refused uncompared, say 429 while the pool was busy, leaves
    // its attempt unspent: then the right code is the comparison that attempt allows.)
    const spent = (await attemptsOf(target)) >= PER_CODE;
    const late = await resetGuess(phone, right);
    expect(late.statusCode === 200).toBe(!spent);
    if (spent) {
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe(1004);
      expect(await passwordIs(phone, DEMO_PASSWORD)).toBe(true);
    }
  });

  it(`${BURST} parallel checkVerifyCode guesses compare at most ${PER_CODE}`, {
    timeout: 120_000,
  }, async () => {
    const phone = '13800000007';
    const target = `86-${phone}`;
    const right = await requestCode(t, phone, '3', target);
    const n = tally(await Promise.all(wrongCodes(right, BURST).map((c) => checkGuess(phone, c))));
    expect(n.serverErrors + n.other + n.ok, n.odd).toBe(0);
    expect(n.wrong).toBeLessThanOrEqual(PER_CODE - 1);
    expect(await attemptsOf(target)).toBeLessThanOrEqual(PER_CODE);
    const spent = (await attemptsOf(target)) >= PER_CODE;
    expect((await checkGuess(phone, right)).statusCode === 200).toBe(!spent);
  });

  it(`guesses per target are limited across codes and purposes: at most ${PER_TARGET} a day`, {
    timeout: 120_000,
  }, async () => {
    const phone = '13800000002';
    const target = `86-${phone}`;
    let wrong = 0;
    // An attacker asks for a new code whenever the last one is spent, alternating purposes.
    for (let round = 0; round < 4; round++) {
      t.advanceLimiterClock(61);
      const type = round % 2 ? '1' : '3';
      const right = await requestCode(t, phone, type, target);
      const burst = wrongCodes(right, 250).map((c) => checkGuess(phone, c, type));
      const n = tally(await Promise.all(burst));
      expect(n.serverErrors + n.other + n.ok, n.odd).toBe(0);
      wrong += n.wrong;
    }
    expect(await attemptsOf(target)).toBeLessThanOrEqual(PER_TARGET);
    expect(wrong).toBeLessThanOrEqual(PER_TARGET);
    // Spent: even the right code of a fresh one is refused without being compared.
    t.advanceLimiterClock(61);
    const right = await requestCode(t, phone, '3', target);
    const refused = await checkGuess(phone, right);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    // A day later the target may guess again.
    t.advanceLimiterClock(24 * 3600 + 1);
    expect((await checkGuess(phone, right)).statusCode).toBe(200);
  });

  it(`guesses per address are limited across targets: at most ${PER_ADDRESS}`, async () => {
    const phones = Array.from({ length: 10 }, (_, i) => `1390000010${i}`);
    const codes = new Map<string, string>();
    for (const p of phones) codes.set(p, await requestCode(t, p, '2', `86-${p}`));
    const address = nextAddress();
    const burst = phones.flatMap((p) =>
      wrongCodes(codes.get(p) as string, 40).map((c) => checkGuess(p, c, '2', address)),
    );
    const n = tally(await Promise.all(burst));
    expect(n.serverErrors + n.other + n.ok, n.odd).toBe(0);
    let counted = 0;
    for (const p of phones) counted += await attemptsOf(`86-${p}`);
    expect(counted).toBeLessThanOrEqual(PER_ADDRESS);
    expect(n.limited).toBeGreaterThan(0);
    // Another address may still guess at those targets (at one whose code has attempts left).
    const counts = await Promise.all(phones.map((p) => attemptsOf(`86-${p}`)));
    const p = phones[counts.indexOf(Math.min(...counts))] as string;
    expect((await checkGuess(p, codes.get(p) as string, '2')).statusCode).toBe(200);
  });

  it('counts a wrong guess made through a write route (the reset) once the request has answered', async () => {
    const phone = '13800000009';
    const target = `86-${phone}`;
    const right = await requestCode(t, phone, '3', target);
    for (const c of wrongCodes(right, 3)) expect((await resetGuess(phone, c)).json().code).toBe(1002);
    expect(await attemptsOf(target)).toBe(3);
  });
});

describe('single use and uniqueness (finding 2)', () => {
  it('a code used by 50 parallel resets resets once', async () => {
    const phone = '13800000003';
    const right = await requestCode(t, phone, '3', `86-${phone}`);
    const passwords = Array.from({ length: 50 }, (_, i) => `Parallel${1000 + i}`);
    const res = await Promise.all(
      passwords.map((password) =>
        t.app.inject({
          method: 'PUT',
          url: `${base}/resetPassword`,
          payload: { phoneNum: phone, password, verifyCode: right },
          remoteAddress: nextAddress(),
        }),
      ),
    );
    const ok = res.map((r, i) => (r.statusCode === 200 ? i : -1)).filter((i) => i >= 0);
    expect(ok).toHaveLength(1);
    // The others: used up (1003), or refused uncompared while the code's attempts (1004) or the
    // target's budget (429) were taken by the parallel ones.
    for (const r of res) if (r.statusCode !== 200) expect([1003, 1004, 429]).toContain(r.json().code);
    expect(await passwordIs(phone, passwords[ok[0] as number] as string)).toBe(true);
  });

  it('a captcha answered by 50 parallel sign-ins lets one through', async () => {
    const address = nextAddress();
    const { cookie, answer } = await captchaFor(t, { remoteAddress: address });
    const res = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: `${base}/loginPd`,
          headers: { cookie },
          remoteAddress: address,
          payload: { phoneNum: '13800000005', password: DEMO_PASSWORD, verifyCode: answer },
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of res) if (r.statusCode !== 200) expect(r.json().code).toBe(1001);
  });

  it('a captcha is spent by a sign-in that was refused (its request changed nothing else)', async () => {
    const remoteAddress = nextAddress();
    const { cookie, answer } = await captchaFor(t, { remoteAddress });
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/loginPd`,
        headers: { cookie },
        remoteAddress,
        payload: { phoneNum: '13800000001', password, verifyCode: answer },
      });
    expect((await signIn('wrong1234')).json().code).not.toBe(1001);
    expect((await signIn(DEMO_PASSWORD)).json().code).toBe(1001);
  });

  it('a refresh token sent 50 times in parallel is rotated once', async () => {
    const { data } = await signInWith(t, '13800000005');
    const res = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: `${base}/refreshToken`,
          payload: { refreshToken: data.refreshToken },
          remoteAddress: nextAddress(),
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 401)).toHaveLength(49);
    // A replay cannot be told from theft: the sign-in is ended whole, the new token with it.
    const winner = res.find((r) => r.statusCode === 200)?.json().data;
    const again = await t.app.inject({
      method: 'POST',
      url: `${base}/refreshToken`,
      payload: { refreshToken: winner.refreshToken },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode).toBe(401);
  });

  it('50 parallel registrations of one phone make one user', async () => {
    const phone = '13912349999';
    const verifyCode = await requestCode(t, phone, '2', `86-${phone}`);
    const res = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `${base}/reg`,
          remoteAddress: nextAddress(),
          payload: {
            phoneNum: phone,
            verifyCode,
            password: 'Grow2026ok',
            accountType: '4',
            operatorType: '1',
            commitWay: '1',
            accountName: `并发合作社${i}`,
            contactName: '刘洋',
            customDomain: '',
          },
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const users = await t.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(users).toHaveLength(1);
  });

  it('50 parallel requests for one target leave one live code', async () => {
    const codes = createCodeService(t.db, 'x'.repeat(32), createSharedLimiter(t.db));
    await Promise.all(Array.from({ length: 50 }, () => codes.issue('86-13900000200', '3')));
    const live = await t.db
      .selectFrom('verify_codes')
      .select('id')
      .where('target', '=', '86-13900000200')
      .where('consumed_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });
});

describe('the shared limiter', () => {
  it('counts exactly the limit of 100 parallel takes, gives back exactly one hit, and rolls its window', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const shared = createSharedLimiter(t.db, () => now);
    const rule = { limit: 10, windowSeconds: 3600 };
    const res = await Promise.allSettled(Array.from({ length: 100 }, () => shared.take('test:k', rule)));
    const taken = res.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(taken).toHaveLength(10);
    // All ten at the same instant: giving one back frees one place, not ten.
    await shared.giveBack(taken[0] as (typeof taken)[0]);
    await shared.take('test:k', rule);
    await expect(shared.take('test:k', rule)).rejects.toMatchObject({ status: 429 });
    // Rolling: half an hour on, still full (the wait is the other half); an hour on, free again.
    now += 1800_000;
    await expect(shared.take('test:k', rule)).rejects.toMatchObject({ params: { seconds: 1800 } });
    now += 1800_000 + 1;
    await shared.take('test:k', rule);
  });
});

describe('sign-in lockout (finding 2)', () => {
  it(`30 parallel wrong passwords with solved captchas: at most ${RATE_RULES.loginPerAccount.limit} are checked`, async () => {
    const phone = '13800000004';
    const solved = [];
    for (let i = 0; i < 30; i++) {
      const remoteAddress = nextAddress();
      solved.push({ remoteAddress, ...(await captchaFor(t, { remoteAddress })) });
    }
    const res = await Promise.all(
      solved.map(({ remoteAddress, cookie, answer }) =>
        t.app.inject({
          method: 'POST',
          url: `${base}/loginPd`,
          headers: { cookie },
          remoteAddress,
          payload: { phoneNum: phone, password: 'wrong1234', verifyCode: answer },
        }),
      ),
    );
    const checked = res.filter((r) => r.statusCode === 400 && r.json().code !== 1001);
    expect(checked.length).toBeLessThanOrEqual(RATE_RULES.loginPerAccount.limit);
    expect(res.filter((r) => r.statusCode === 429).length).toBe(30 - checked.length);
    t.advanceLimiterClock(15 * 60 + 1);
  });
});
