/** User applications: a person asks to join an account; the platform or that account's admin decides. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/auth.service.ts';
import { createTestApp, nextAddress, requestCode, signInWith, type TestApp } from './helper.ts';

type Headers = Record<string, string>;
let t: TestApp;
let platform: Headers;
let makerA: { auth: Headers; accountId: number };
let operatorA: { auth: Headers; accountId: number };
let makerName: string;

const submit = (payload: Record<string, unknown>, headers: Headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/user/apply',
    payload,
    headers,
    remoteAddress: nextAddress(),
  });
const list = (query: Record<string, string>, headers: Headers) =>
  t.app.inject({ method: 'GET', url: '/api/user/user/apply/list', query, headers });
const detail = (applyId: number, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/user/user/apply/${applyId}`, headers });
const decide = (payload: Record<string, unknown>, headers: Headers) =>
  t.app.inject({ method: 'PUT', url: '/api/user/user/apply/status', payload, headers });

async function apply(phone: string, to: { accountId?: number; accountName?: string }, userName: string) {
  const verifyCode = await requestCode(t, phone, '2', `86-${phone}`);
  const res = await submit(
    { ...to, userName, phoneNum: phone, verifyCode, password: 'Join2026x' },
    { 'accept-language': 'en' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.applyId as number;
}

let toMaker: number;
let toOperator: number;

beforeAll(async () => {
  t = await createTestApp();
  platform = (await signInWith(t, '13800000001')).auth;
  const m = await signInWith(t, '13800000003');
  makerA = { auth: m.auth, accountId: m.data.accountId };
  const o = await signInWith(t, '13800000005');
  operatorA = { auth: o.auth, accountId: o.data.accountId };
  makerName = (
    await t.db
      .selectFrom('accounts')
      .select('account_name')
      .where('id', '=', makerA.accountId)
      .executeTakeFirstOrThrow()
  ).account_name;
  toMaker = await apply('13700000101', { accountName: makerName }, '刘洋');
  toOperator = await apply('13700000102', { accountId: operatorA.accountId }, '何平');
});
afterAll(async () => {
  await t?.close();
});

describe('submitting a user application (public)', () => {
  it('checks the account, the phone, the code and the password; one open application per phone', async () => {
    const code = await requestCode(t, '13700000103', '2', '86-13700000103');
    const base = {
      accountId: makerA.accountId,
      userName: '赵六',
      phoneNum: '13700000103',
      password: 'Join2026x',
    };
    const wrong = await submit(
      { ...base, verifyCode: code === '0000' ? '1111' : '0000' },
      { 'accept-language': 'en' },
    );
    expect(wrong.statusCode).toBe(400);
    const unknown = await submit(
      { ...base, accountId: 999999, verifyCode: code },
      { 'accept-language': 'en' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such organisation');
    const unknownZh = await submit({
      ...base,
      accountId: undefined,
      accountName: '没有这个机构',
      verifyCode: code,
    });
    expect(unknownZh.json().message).toBe('未找到该机构');
    expect((await submit({ ...base, password: 'short', verifyCode: code })).statusCode).toBe(400);
    expect((await submit({ ...base, phoneNum: 'abc', verifyCode: code })).statusCode).toBe(400);
    expect((await submit({ ...base, userName: '', verifyCode: code })).statusCode).toBe(400);
    // A phone that became a user since its code was sent cannot apply.
    await t.db
      .insertInto('users')
      .values({
        account_id: makerA.accountId,
        user_type: 3,
        user_name: '赵六',
        phone_country: '86',
        phone: '13700000103',
        email: null,
        password_hash: 'x',
        avatar_url: null,
        team_type: null,
      })
      .execute();
    const taken = await submit({ ...base, verifyCode: code }, { 'accept-language': 'en' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This account is already registered');
    // The phone of an open application cannot apply again.
    t.advanceLimiterClock(61);
    const again = await requestCode(t, '13700000101', '2', '86-13700000101');
    const dup = await submit(
      { ...base, phoneNum: '13700000101', verifyCode: again },
      { 'accept-language': 'en' },
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This phone number already has an application waiting for review');
  });

  it('an account not yet reviewed cannot be joined', async () => {
    await t.db
      .updateTable('accounts')
      .set({ check_status: 1 })
      .where('id', '=', operatorA.accountId)
      .execute();
    const code = await requestCode(t, '13700000104', '2', '86-13700000104');
    const res = await submit({
      accountId: operatorA.accountId,
      userName: 'x',
      phoneNum: '13700000104',
      verifyCode: code,
      password: 'Join2026x',
    });
    await t.db
      .updateTable('accounts')
      .set({ check_status: 2 })
      .where('id', '=', operatorA.accountId)
      .execute();
    expect(res.statusCode).toBe(404);
  });
});

describe('reviewing user applications', () => {
  it('need a token', async () => {
    expect((await list({}, {})).statusCode).toBe(401);
    expect((await detail(toMaker, {})).statusCode).toBe(401);
    expect((await decide({ applyId: toMaker, applyStatus: 2 }, {})).statusCode).toBe(401);
  });

  it('are refused to staff and lease managers (no manageStaff, no platform review)', async () => {
    for (const phone of ['13800000009', '13800000008']) {
      const { auth } = await signInWith(t, phone);
      const res = await list({}, { ...auth, 'accept-language': 'en' });
      expect(res.statusCode, phone).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do this');
      expect((await detail(toMaker, auth)).statusCode, phone).toBe(403);
      expect((await decide({ applyId: toMaker, applyStatus: 2 }, auth)).statusCode, phone).toBe(403);
    }
  });

  it('the platform sees all, with the filters; an account admin only its own', async () => {
    const all = (await list({}, platform)).json().data;
    expect(all.total).toBe(2);
    expect(all.records.map((r: { applyId: number }) => r.applyId)).toEqual([toOperator, toMaker]);
    expect(all.records[1]).toMatchObject({
      accountId: makerA.accountId,
      accountName: makerName,
      accountType: 3,
      adminPhone: '86-13800000003',
      userName: '刘洋',
      phoneNum: '86-13700000101',
      applyStatus: 1,
      reason: null,
      userId: null,
      reviewTime: null,
    });
    expect(JSON.stringify(all)).not.toMatch(/password|argon/);
    const ids = async (q: Record<string, string>) =>
      (await list(q, platform)).json().data.records.map((r: { applyId: number }) => r.applyId);
    expect(await ids({ order: '2' })).toEqual([toMaker, toOperator]);
    expect(await ids({ adminPhone: '13800000003' })).toEqual([toMaker]);
    expect(await ids({ userName: '何' })).toEqual([toOperator]);
    expect(await ids({ accountName: makerName })).toEqual([toMaker]);
    expect(await ids({ accountType: '4' })).toEqual([toOperator]);
    expect(await ids({ applyStatus: '2' })).toEqual([]);
    expect((await list({ applyStatus: '7' }, platform)).statusCode).toBe(400);
    const own = (await list({}, makerA.auth)).json().data;
    expect(own.records.map((r: { applyId: number }) => r.applyId)).toEqual([toMaker]);
    expect((await detail(toMaker, makerA.auth)).json().data.userName).toBe('刘洋');
  });

  it("another account's application is not found for an account admin", async () => {
    expect((await detail(toMaker, operatorA.auth)).statusCode).toBe(404);
    expect((await decide({ applyId: toMaker, applyStatus: 2 }, operatorA.auth)).statusCode).toBe(404);
    expect((await detail(toMaker, platform)).statusCode).toBe(200);
    expect((await detail(999999, platform)).statusCode).toBe(404);
  });

  it("an enterprise admin (manageStaff) passes its account's: the staff user exists and can sign in", async () => {
    const hash = await hashPassword('Admin2026x');
    await t.db
      .insertInto('users')
      .values({
        account_id: makerA.accountId,
        user_type: 4,
        user_name: '企业管理员',
        phone_country: '86',
        phone: '13700000199',
        email: null,
        password_hash: hash,
        avatar_url: null,
        team_type: null,
      })
      .execute();
    const enterprise = (await signInWith(t, '13700000199', 'Admin2026x')).auth;
    const noReason = await decide(
      { applyId: toMaker, applyStatus: 3 },
      { ...enterprise, 'accept-language': 'en' },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please give a reason for the rejection');
    const sentBefore = t.sent.length;
    const res = await decide({ applyId: toMaker, applyStatus: 2 }, enterprise);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ notified: true });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', '13700000101')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      account_id: makerA.accountId,
      user_type: 3,
      user_name: '刘洋',
      phone_country: '86',
    });
    const signed = await signInWith(t, '13700000101', 'Join2026x');
    expect(signed.data).toMatchObject({ accountId: makerA.accountId, userType: 3 });
    expect(t.sent[sentBefore]).toMatchObject({ channel: 'sms', target: '86-13700000101' });
    expect(t.sent[sentBefore]?.text).toBe(
      `[AgriFleet] Your request to join (${makerName}) has been approved.`,
    );
    expect((await detail(toMaker, platform)).json().data).toMatchObject({ applyStatus: 2, userId: user.id });
    const again = await decide(
      { applyId: toMaker, applyStatus: 3, reason: 'x' },
      { ...platform, 'accept-language': 'zh' },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      (await import('../src/platform/messages.ts')).translate('applyDecided', 'zh'),
    );
    const stored = await t.db
      .selectFrom('user_applies')
      .select('password_hash')
      .where('id', '=', toMaker)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toBe('');
  });

  it('the platform rejects with a reason: no user, the applicant told why', async () => {
    const sentBefore = t.sent.length;
    const res = await decide({ applyId: toOperator, applyStatus: 3, reason: '本机构不招新成员' }, platform);
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('users').select('id').where('phone', '=', '13700000102').executeTakeFirst(),
    ).toBeUndefined();
    expect(t.sent[sentBefore]?.text).toContain('Reason: 本机构不招新成员');
    expect((await list({ applyStatus: '3' }, platform)).json().data.records[0]).toMatchObject({
      applyId: toOperator,
      reason: '本机构不招新成员',
    });
  });
});
