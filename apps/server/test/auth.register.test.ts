/** POST user/baseaccount/reg (000 §3, §4, §5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { createTestApp, loginPd, nextAddress, requestCode, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const reg = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/baseaccount/reg',
    payload,
    headers,
    remoteAddress: nextAddress(),
  });

const company = (over: Record<string, unknown> = {}) => ({
  password: 'Grow2026ok',
  accountType: '3',
  operatorType: '1',
  commitWay: '1',
  accountName: '青禾植保科技有限公司',
  legal: '刘洋',
  creditCode: '91320100MA1XXXXX0X',
  contactName: '刘洋',
  province: '江苏省/南京市/玄武区',
  city: '南京市',
  county: '玄武区',
  contactAddress: '中山路 1 号',
  contactPhone: '025-12345678',
  email: 'contact@qinghe.example',
  busiLicense: '/api/files/00000000-0000-0000-0000-000000000000.png',
  companyLogo: '/api/files/00000000-0000-0000-0000-000000000001.png',
  customDomain: 'qinghe',
  ...over,
});

describe('reg', () => {
  it('registers a manufacturer for review: account, admin user and application', async () => {
    const verifyCode = await requestCode(t, '86-13912340001', '2');
    const res = await reg(
      { ...company(), phoneNum: '86-13912340001', verifyCode },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'Success', data: null });

    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', '13912340001')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      phone_country: '86',
      user_type: 1,
      user_name: '刘洋',
      email: null,
      enabled: true,
    });
    expect(user.password_hash).not.toContain('Grow2026ok');
    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', user.account_id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      account_type: 3,
      account_name: '青禾植保科技有限公司',
      check_status: 1,
      legal: '刘洋',
      credit_code: '91320100MA1XXXXX0X',
      contact_name: '刘洋',
      contact_phone: '025-12345678',
      email: 'contact@qinghe.example',
      busi_license_url: '/api/files/00000000-0000-0000-0000-000000000000.png',
      logo_url: '/api/files/00000000-0000-0000-0000-000000000001.png',
      custom_domain: 'qinghe',
      operator_type: null,
      enabled: true,
    });
    const applies = await t.db
      .selectFrom('account_applies')
      .selectAll()
      .where('account_id', '=', account.id)
      .execute();
    expect(applies).toHaveLength(1);
    expect(applies[0]).toMatchObject({ user_id: user.id, apply_type: 1, apply_status: 1 });
    const payload = applies[0]?.payload as Record<string, unknown>;
    expect(payload).toMatchObject({ accountName: '青禾植保科技有限公司', accountType: 3 });
    expect(payload).not.toHaveProperty('password');
    expect(payload).not.toHaveProperty('verifyCode');

    // The new user signs in and is not yet reviewed.
    const login = await loginPd(t, { phoneNum: '13912340001', password: 'Grow2026ok' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      accountType: 3,
      userType: 1,
      checkStatus: 1,
      accountName: '青禾植保科技有限公司',
    });
    expect(login.json().data.checkStatus).not.toBe(2);
  });

  it('does not take the same code twice', async () => {
    const verifyCode = await requestCode(t, '86-13912340002', '2');
    const body = { ...company({ customDomain: '' }), phoneNum: '13912340002', verifyCode, accountType: 4 };
    expect((await reg(body)).statusCode).toBe(200);
    const again = await reg({ ...body, accountName: '另一家公司' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(1003);
    const count = await t.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(9);
  });

  it('registers an operator with its operator type', async () => {
    const verifyCode = await requestCode(t, '86-13912340003', '2');
    const res = await reg({
      ...company({ customDomain: null }),
      phoneNum: '13912340003',
      verifyCode,
      accountType: 4,
      operatorType: '2',
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('accounts as a')
      .innerJoin('users as u', 'u.account_id', 'a.id')
      .select(['a.account_type', 'a.operator_type', 'a.check_status'])
      .where('u.phone', '=', '13912340003')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_type: 4, operator_type: '2', check_status: 1 });
  });

  it('registers by e-mail', async () => {
    const verifyCode = await requestCode(t, 'Farm@Example.com', '2', 'farm@example.com');
    expect(t.sent.at(-1)?.channel).toBe('email');
    const res = await reg({
      ...company({ customDomain: undefined, email: 'Farm@Example.com' }),
      phoneNum: undefined,
      verifyCode,
      accountType: 4,
    });
    expect(res.statusCode).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'farm@example.com')
      .executeTakeFirstOrThrow();
    expect(user.phone).toBeNull();
    const { data } = await signInWith(t, 'farm@example.com', 'Grow2026ok');
    expect(data).toMatchObject({ accountType: 4, checkStatus: 1, phoneNum: null, email: 'farm@example.com' });
  });

  it('checks the password rule before it spends the code', async () => {
    const verifyCode = await requestCode(t, '86-13912340004', '2');
    for (const password of ['short1', 'lettersonly', '1234567890', 'toolongpassword12345', 'has space 123']) {
      const res = await reg(
        { ...company({ customDomain: null }), phoneNum: '13912340004', verifyCode, password },
        { 'accept-language': 'en' },
      );
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toBe('Password must be 8~16 digits of letters and numbers combination');
    }
    const zh = await reg({
      ...company({ customDomain: null }),
      phoneNum: '13912340004',
      verifyCode,
      password: 'weak',
    });
    expect(zh.json().message).toBe(MESSAGES.passwordRule.zh);
    const ok = await reg({ ...company({ customDomain: null }), phoneNum: '13912340004', verifyCode });
    expect(ok.statusCode).toBe(200);
  });

  it('names a missing or invalid field', async () => {
    const { accountName: _a, ...noName } = company();
    const missing = await reg(
      { ...noName, phoneNum: '13912340005', verifyCode: '1234' },
      { 'accept-language': 'en' },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 400, message: 'Invalid value for accountName' });

    const blank = await reg({
      ...company({ contactName: '   ' }),
      phoneNum: '13912340005',
      verifyCode: '1234',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('contactName');

    for (const accountType of [1, 2, 5, '1']) {
      const res = await reg({ ...company({ accountType }), phoneNum: '13912340005', verifyCode: '1234' });
      expect(res.statusCode, String(accountType)).toBe(400);
      expect(res.json().message).toContain('accountType');
    }
    const noAccount = await reg({ ...company({ email: null }), verifyCode: '1234' });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().message).toBe(MESSAGES.accountFormat.zh);
  });

  it('refuses a code that was never sent, or sent for another purpose', async () => {
    const none = await reg({
      ...company({ customDomain: null }),
      phoneNum: '13912340006',
      verifyCode: '1234',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe(1003);
    // A sign-in code of an existing account cannot register it again.
    const code = await requestCode(t, '13800000002', '1', '86-13800000002');
    const res = await reg({ ...company({ customDomain: null }), phoneNum: '13800000002', verifyCode: code });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a company domain that is taken, without losing the code', async () => {
    const verifyCode = await requestCode(t, '86-13912340007', '2');
    const res = await reg(
      { ...company({ customDomain: 'qinghe' }), phoneNum: '13912340007', verifyCode },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.customDomainTaken.en);
    const ok = await reg({ ...company({ customDomain: 'qinghe2' }), phoneNum: '13912340007', verifyCode });
    expect(ok.statusCode).toBe(200);
  });

  it('lets one of two applicants racing for a domain win; the other gets 409', async () => {
    const a = await requestCode(t, '86-13912340008', '2');
    const b = await requestCode(t, '86-13912340009', '2');
    const results = await Promise.all([
      reg({ ...company({ customDomain: 'race' }), phoneNum: '13912340008', verifyCode: a }),
      reg({ ...company({ customDomain: 'race' }), phoneNum: '13912340009', verifyCode: b }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().message).toBe(MESSAGES.customDomainTaken.zh);
  });

  it('limits registrations per address', async () => {
    const remoteAddress = nextAddress();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/baseaccount/reg',
        remoteAddress,
        payload: { ...company({ customDomain: null }), phoneNum: '13912349999', verifyCode: '0000' },
      });
    for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });
});
