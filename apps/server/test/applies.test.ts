/** Review of account applications: platform only (AccountApplyList + manageAccount). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextAddress, requestCode, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let admin: Record<string, string>;
let applicant: { auth: Record<string, string>; accountId: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInWith(t, '13800000001')).auth;
  const code = await requestCode(t, '13700000042', '2', '86-13700000042');
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/user/baseaccount/reg',
    remoteAddress: nextAddress(),
    payload: {
      phoneNum: '86-13700000042',
      password: 'Apply2026',
      verifyCode: code,
      accountType: 4,
      accountName: '金穗飞防服务队',
      contactName: '马强',
      province: '江苏省',
      city: '苏州市',
    },
  });
  expect(reg.statusCode).toBe(200);
  const signed = await signInWith(t, '13700000042', 'Apply2026');
  applicant = { auth: signed.auth, accountId: signed.data.accountId };
});
afterAll(async () => {
  await t?.close();
});

const list = (query: Record<string, string>, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/account/apply/list', query, headers });
const decide = (payload: Record<string, number>, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/account/apply/status', payload, headers });

describe('account applications', () => {
  it('need a token', async () => {
    expect((await list({}, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/account/apply/1' })).statusCode).toBe(401);
    expect((await decide({ applyId: 1, applyStatus: 2 }, {})).statusCode).toBe(401);
  });

  it('are refused to every role but the platform admin, and to the applicant itself', async () => {
    for (const phone of ['13800000002', '13800000003', '13800000005', '13800000009']) {
      const { auth } = await signInWith(t, phone);
      const res = await list({}, { ...auth, 'accept-language': 'en' });
      expect(res.statusCode, phone).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: 'You do not have permission to do this' });
      expect((await decide({ applyId: 1, applyStatus: 2 }, auth)).statusCode, phone).toBe(403);
    }
    expect((await list({}, applicant.auth)).statusCode).toBe(403);
  });

  it('lists the registration as unaudited, with filters and paging', async () => {
    const res = await list({ applyStatus: '1' }, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 20 });
    expect(page.records[0]).toMatchObject({
      accountId: applicant.accountId,
      accountName: '金穗飞防服务队',
      accountType: 4,
      applyType: 1,
      applyStatus: 1,
      contactName: '马强',
      phoneNum: '86-13700000042',
      reviewTime: null,
    });
    expect((await list({ accountName: '金穗' }, admin)).json().data.total).toBe(1);
    expect((await list({ accountName: '不存在' }, admin)).json().data.total).toBe(0);
    expect((await list({ applyStatus: '2' }, admin)).json().data.total).toBe(0);
    expect((await list({ applyStatus: '9' }, admin)).statusCode).toBe(400);
  });

  it('shows what was submitted, never the password or the code', async () => {
    const { records } = (await list({}, admin)).json().data;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/account/apply/${records[0].applyId}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const { content } = res.json().data;
    expect(content).toMatchObject({ accountName: '金穗飞防服务队', province: '江苏省', city: '苏州市' });
    expect(JSON.stringify(content)).not.toMatch(/Apply2026|password|verifyCode/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/account/apply/999999', headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('passing it makes the account reviewed (checkStatus 2); it cannot be decided twice', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: applicant.auth });
    expect(before.json().data.checkStatus).toBe(1);
    const { records } = (await list({}, admin)).json().data;
    const applyId = records[0].applyId;
    expect((await decide({ applyId, applyStatus: 2 }, admin)).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: applicant.auth });
    expect(after.json().data.checkStatus).toBe(2);
    const again = await decide({ applyId, applyStatus: 3 }, { ...admin, 'accept-language': 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application has already been reviewed');
    expect((await decide({ applyId: 999999, applyStatus: 2 }, admin)).statusCode).toBe(404);
    expect((await decide({ applyId, applyStatus: 1 }, admin)).statusCode).toBe(400);
    const passed = (await list({ applyStatus: '2' }, admin)).json().data.records[0];
    expect(passed.reviewTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('is served on any host whose profile offers the screen (the default profile does)', async () => {
    expect((await list({}, { ...admin, host: 'console.example.org' })).statusCode).toBe(200);
  });
});
