/** Review of account applications: platform only (AccountApplyList + manageAccount). */
import { MODEL_LIST_PATH } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextAddress, requestCode, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let admin: Record<string, string>;
let applicant: { auth: Record<string, string>; accountId: number };
type Headers = Record<string, string>;

async function register(phone: string, accountType: number, accountName: string) {
  const code = await requestCode(t, phone, '2', `86-${phone}`);
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/user/baseaccount/reg',
    remoteAddress: nextAddress(),
    payload: {
      phoneNum: `86-${phone}`,
      password: 'Apply2026',
      verifyCode: code,
      accountType,
      accountName,
      contactName: '马强',
      province: '江苏省',
      city: '苏州市',
    },
  });
  expect(reg.statusCode).toBe(200);
  const signed = await signInWith(t, phone, 'Apply2026');
  return { auth: signed.auth, accountId: signed.data.accountId as number };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInWith(t, '13800000001')).auth;
  applicant = await register('13700000042', 3, '金穗无人机制造');
});
afterAll(async () => {
  await t?.close();
});

const list = (query: Record<string, string>, headers: Headers) =>
  t.app.inject({ method: 'GET', url: '/api/user/account/apply/list', query, headers });
const detail = (applyId: number, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/user/account/apply/${applyId}`, headers });
const decide = (payload: Record<string, unknown>, headers: Headers) =>
  t.app.inject({ method: 'PUT', url: '/api/user/account/apply/status', payload, headers });
const mine = (headers: Headers) =>
  t.app.inject({ method: 'GET', url: '/api/user/account/apply/mine', headers });
const applyOf = async (accountId: number, applyType = 1) =>
  (
    await t.db
      .selectFrom('account_applies')
      .select('id')
      .where('account_id', '=', accountId)
      .where('apply_type', '=', applyType)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
/** A modification application as the accounts module's POST /api/user/account/info stores it. */
async function modification(accountId: number, payload: object) {
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('account_applies')
    .values({
      account_id: accountId,
      user_id: user.id,
      apply_type: 2,
      payload: JSON.stringify(payload),
      lang: 'en',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('account applications', () => {
  it('need a token', async () => {
    expect((await list({}, {})).statusCode).toBe(401);
    expect((await detail(1, {})).statusCode).toBe(401);
    expect((await decide({ applyId: 1, applyStatus: 2 }, {})).statusCode).toBe(401);
    expect((await mine({})).statusCode).toBe(401);
  });

  it('are refused to every role but the platform admin, and to the applicant itself', async () => {
    const applyId = await applyOf(applicant.accountId);
    for (const phone of ['13800000002', '13800000003', '13800000005', '13800000009']) {
      const { auth } = await signInWith(t, phone);
      const res = await list({}, { ...auth, 'accept-language': 'en' });
      expect(res.statusCode, phone).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: 'You do not have permission to do this' });
      expect((await detail(applyId, auth)).statusCode, phone).toBe(403);
      expect((await decide({ applyId, applyStatus: 2 }, auth)).statusCode, phone).toBe(403);
    }
    expect((await list({}, applicant.auth)).statusCode).toBe(403);
    expect((await decide({ applyId, applyStatus: 2 }, applicant.auth)).statusCode).toBe(403);
  });

  it('lists the registration as unaudited, with filters, paging and the unaudited counts', async () => {
    const res = await list({ applyStatus: '1' }, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 20 });
    expect(page.records[0]).toMatchObject({
      accountId: applicant.accountId,
      accountName: '金穗无人机制造',
      accountType: 3,
      applyType: 1,
      applyStatus: 1,
      contactName: '马强',
      phoneNum: '86-13700000042',
      reason: null,
      reviewTime: null,
    });
    const counts = await sql<{ zf: number; zz: number; yy: number }>`SELECT
        count(*) FILTER (WHERE a.account_type = 2)::int AS zf, count(*) FILTER (WHERE a.account_type = 3)::int AS zz,
        count(*) FILTER (WHERE a.account_type = 4)::int AS yy
      FROM account_applies ap JOIN accounts a ON a.id = ap.account_id WHERE ap.apply_status = 1`.execute(
      t.db,
    );
    const c = counts.rows[0] ?? { zf: -1, zz: -1, yy: -1 };
    expect(c.zz).toBeGreaterThanOrEqual(1);
    expect(page).toMatchObject({ zfNotCheckNum: c.zf, zzqyCheckNum: c.zz, yyqyCheckNum: c.yy });
    // The counts ignore applyStatus (the queue), follow the other filters.
    expect((await list({ applyStatus: '2' }, admin)).json().data.zzqyCheckNum).toBe(c.zz);
    expect((await list({ accountName: '不存在' }, admin)).json().data).toMatchObject({
      total: 0,
      zzqyCheckNum: 0,
    });
    expect((await list({ accountName: '金穗' }, admin)).json().data.total).toBe(1);
    expect(
      (await list({ accountId: String(applicant.accountId), applyType: '1' }, admin)).json().data.total,
    ).toBe(1);
    expect(
      (await list({ accountId: String(applicant.accountId), applyType: '2' }, admin)).json().data.total,
    ).toBe(0);
    expect((await list({ applyStatus: '9' }, admin)).statusCode).toBe(400);
    expect((await list({ order: '3' }, admin)).statusCode).toBe(400);
    expect((await list({ accountName: 'x'.repeat(101) }, admin)).statusCode).toBe(400);
  });

  it('shows what was submitted beside the account now, never the password or the code', async () => {
    const res = await detail(await applyOf(applicant.accountId), admin);
    expect(res.statusCode).toBe(200);
    const { content, current } = res.json().data;
    expect(content).toMatchObject({ accountName: '金穗无人机制造', province: '江苏省', city: '苏州市' });
    expect(current).toMatchObject({ accountName: '金穗无人机制造', contactName: '马强', legal: null });
    expect(JSON.stringify(content)).not.toMatch(/Apply2026|password|verifyCode/);
    expect((await detail(999999, admin)).statusCode).toBe(404);
    expect((await detail(0, admin)).statusCode).toBe(400);
  });

  it('a rejection needs a reason, of bounded length, in the caller language', async () => {
    const applyId = await applyOf(applicant.accountId);
    const en = await decide({ applyId, applyStatus: 3 }, { ...admin, 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Please give a reason for the rejection');
    const zh = await decide(
      { applyId, applyStatus: 3, reason: '   ' },
      { ...admin, 'accept-language': 'zh' },
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('驳回时请填写原因');
    expect((await decide({ applyId, applyStatus: 3, reason: 'x'.repeat(201) }, admin)).statusCode).toBe(400);
    expect((await decide({ applyId, applyStatus: 3, reason: 'a\u0000b' }, admin)).statusCode).toBe(400);
    expect((await detail(applyId, admin)).json().data.applyStatus).toBe(1);
  });

  it('passing a registration makes the account reviewed: its menus open at its next request, SMS sent', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: applicant.auth });
    expect(before.json().data.checkStatus).toBe(1);
    const models = () => t.app.inject({ method: 'GET', url: MODEL_LIST_PATH, headers: applicant.auth });
    expect((await models()).statusCode).toBe(403);
    const applyId = await applyOf(applicant.accountId);
    const sentBefore = t.sent.length;
    const res = await decide({ applyId, applyStatus: 2 }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ notified: true });
    const after = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: applicant.auth });
    expect(after.json().data.checkStatus).toBe(2);
    expect((await models()).statusCode).toBe(200);
    const sms = t.sent.slice(sentBefore);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', target: '86-13700000042' });
    expect(sms[0]?.text).toBe('【AgriFleet】您的注册申请（金穗无人机制造）已审核通过。');
    const again = await decide(
      { applyId, applyStatus: 3, reason: '重复' },
      { ...admin, 'accept-language': 'en' },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application has already been reviewed');
    expect((await decide({ applyId, applyStatus: 2 }, admin)).statusCode).toBe(409);
    expect((await decide({ applyId: 999999, applyStatus: 2 }, admin)).statusCode).toBe(404);
    expect((await decide({ applyId, applyStatus: 1 }, admin)).statusCode).toBe(400);
    const passed = (await list({ applyStatus: '2', accountId: String(applicant.accountId) }, admin)).json()
      .data;
    expect(passed.records[0].reviewTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    const row = await t.db
      .selectFrom('accounts')
      .select('check_status')
      .where('id', '=', applicant.accountId)
      .executeTakeFirstOrThrow();
    expect(row.check_status).toBe(2);
  });

  it('a passed modification changes the account in the same decision; the applicant told in its language', async () => {
    const applyId = await modification(applicant.accountId, {
      accountName: '金穗智能装备',
      contactName: '马强',
      legal: '马强',
      city: '无锡市',
    });
    const d = (await detail(applyId, admin)).json().data;
    expect(d).toMatchObject({ applyType: 2, content: { accountName: '金穗智能装备', city: '无锡市' } });
    expect(d.current).toMatchObject({ accountName: '金穗无人机制造', city: '苏州市', legal: null });
    const sentBefore = t.sent.length;
    expect((await decide({ applyId, applyStatus: 2, reason: 'ok' }, admin)).statusCode).toBe(200);
    const acc = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', applicant.accountId)
      .executeTakeFirstOrThrow();
    expect(acc).toMatchObject({
      account_name: '金穗智能装备',
      legal: '马强',
      city: '无锡市',
      province: '江苏省',
      check_status: 2,
    });
    expect(t.sent[sentBefore]?.text).toBe(
      '[AgriFleet] Your account change request (金穗智能装备) has been approved.',
    );
  });

  it('a rejected modification leaves the account unchanged; the applicant reads the reason', async () => {
    const before = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', applicant.accountId)
      .executeTakeFirstOrThrow();
    const applyId = await modification(applicant.accountId, { accountName: '假冒名称', contactName: '李四' });
    const sentBefore = t.sent.length;
    const res = await decide({ applyId, applyStatus: 3, reason: '营业执照与名称不符' }, admin);
    expect(res.statusCode).toBe(200);
    const after = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', applicant.accountId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(t.sent[sentBefore]).toMatchObject({ channel: 'sms', target: '86-13700000042' });
    expect(t.sent[sentBefore]?.text).toContain('Reason: 营业执照与名称不符');
    const own = await mine(applicant.auth);
    expect(own.statusCode).toBe(200);
    expect(own.json().data[0]).toMatchObject({
      applyId,
      applyType: 2,
      applyStatus: 3,
      reason: '营业执照与名称不符',
    });
    expect(own.json().data.map((a: { applyType: number }) => a.applyType)).toEqual([2, 2, 1]);
    const listed = (await list({ accountId: String(applicant.accountId), applyStatus: '3' }, admin)).json()
      .data;
    expect(listed.records[0]).toMatchObject({ applyId, reason: '营业执照与名称不符' });
  });

  it('two reviewers deciding at once: one decision wins, the other gets 409', async () => {
    const applyId = await modification(applicant.accountId, {
      accountName: '金穗智能装备',
      contactName: '马强',
    });
    const [a, b] = await Promise.all([
      decide({ applyId, applyStatus: 2 }, admin),
      decide({ applyId, applyStatus: 3, reason: '并发' }, admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const row = await t.db
      .selectFrom('account_applies')
      .select(['apply_status', 'reason'])
      .where('id', '=', applyId)
      .executeTakeFirstOrThrow();
    expect(row.apply_status).toBe(a.statusCode === 200 ? 2 : 3);
  });

  it("another account's applications are not in one's own (mine is the caller's account only)", async () => {
    const maker = await signInWith(t, '13800000003');
    const res = await mine(maker.auth);
    expect(res.statusCode).toBe(200);
    const ids = await t.db
      .selectFrom('account_applies')
      .select('id')
      .where('account_id', '=', maker.data.accountId)
      .execute();
    expect(
      res
        .json()
        .data.map((a: { applyId: number }) => a.applyId)
        .sort(),
    ).toEqual(ids.map((r) => r.id).sort());
    expect(JSON.stringify(res.json().data)).not.toContain('金穗');
  });

  it('is served on any host whose profile offers the screen (the default profile does)', async () => {
    expect((await list({}, { ...admin, host: 'console.example.org' })).statusCode).toBe(200);
  });
});
