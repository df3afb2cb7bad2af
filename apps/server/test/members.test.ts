/**
 * Members (/api/user/member: list, getVerifyCode, checkVerifyCode, create, update, delete, enable)
 * through the real app on the demo data: 401 without a session; 403 for user types without
 * MemberList (staff, lease manager, business admin) and for the personal operator; another
 * account's member is not found (404); bad input answers 4xx translated (en and zh); the grant rule;
 * the SMS code; a disabled member's next request is refused; the last administrator is kept.
 */
import {
  MEMBER_CHECK_CODE_PATH,
  MEMBER_CODE_PATH,
  MEMBER_ENABLE_PATH,
  MEMBER_LIST_PATH,
  MEMBER_PATH,
  type MemberPage,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const PHONES = {
  platform: '13800000001',
  government: '13800000002',
  makerA: '13800000003',
  operatorA: '13800000005',
  operatorB: '13800000006',
  personal: '13800000007',
  leaseManager: '13800000008',
  staff: '13800000009',
  // Added below in operator A: an enterprise admin (4) and a business admin (5).
  entAdminA: '13700000004',
  bizAdminA: '13700000005',
} as const;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (role: string | null, method: Method, url: string, payload?: unknown, lang?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function userIdOf(phone: string) {
  const r = await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return r.id;
}

/** Adds a user to operator A's account with the demo password. */
async function addUser(phone: string, userType: number, name: string) {
  const admin = await t.db
    .selectFrom('users')
    .select(['account_id', 'password_hash'])
    .where('phone', '=', PHONES.operatorA)
    .executeTakeFirstOrThrow();
  const r = await t.db
    .insertInto('users')
    .values({
      account_id: admin.account_id,
      user_type: userType,
      user_name: name,
      phone_country: '86',
      phone,
      password_hash: admin.password_hash,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Gets a code for phone as role and creates the member with it. */
async function createMember(role: string, phone: string, userType: number, userName = `M${phone.slice(-4)}`) {
  t.advanceLimiterClock(61);
  const sent = await call(role, 'GET', `${MEMBER_CODE_PATH}?phoneNum=${phone}`);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = t.lastCode(`86-${phone}`);
  return call(role, 'POST', MEMBER_PATH, { phoneNum: phone, code, userName, userType });
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ids.entAdminA = await addUser(PHONES.entAdminA, 4, '企业管理员甲');
  ids.bizAdminA = await addUser(PHONES.bizAdminA, 5, '业务管理员甲');
  for (const [role, phone] of Object.entries(PHONES)) {
    auth[role] = (await signInWith(t, phone)).auth;
    ids[role] = ids[role] ?? (await userIdOf(phone));
  }
  const acc = await t.db
    .selectFrom('users')
    .select('account_id')
    .where('id', '=', ids.operatorA as number)
    .executeTakeFirstOrThrow();
  ids.accountA = acc.account_id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ENDPOINTS: [Method, string, unknown?][] = [
  ['GET', MEMBER_LIST_PATH],
  ['GET', `${MEMBER_CODE_PATH}?phoneNum=13900000000`],
  ['GET', `${MEMBER_CHECK_CODE_PATH}?phoneNum=13900000000&code=1234`],
  ['POST', MEMBER_PATH, { phoneNum: '13900000000', code: '1234', userName: 'x', userType: 3 }],
  ['PUT', MEMBER_PATH, { userId: 1, userName: 'x' }],
  ['DELETE', `${MEMBER_PATH}/1`],
  ['PUT', MEMBER_ENABLE_PATH, { userId: 1, opr: 0 }],
];

describe('members: who may call', () => {
  it('answers 401 without a session, for every call', async () => {
    for (const [m, url, p] of ENDPOINTS)
      expect((await call(null, m, url, p)).statusCode, `${m} ${url}`).toBe(401);
  });

  it('refuses staff, the lease manager, a business admin and the personal operator (403), every call', async () => {
    for (const role of ['staff', 'leaseManager', 'bizAdminA', 'personal']) {
      for (const [m, url, p] of ENDPOINTS) {
        const res = await call(role, m, url, p);
        expect(res.statusCode, `${role} ${m} ${url}`).toBe(403);
      }
    }
  });
});

describe('members: list', () => {
  it("an operator sees its own account's members only, as SQL counts them", async () => {
    const res = await call('operatorA', 'GET', MEMBER_LIST_PATH);
    expect(res.statusCode).toBe(200);
    const page = body(res).data as MemberPage;
    const n = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', ids.accountA as number)
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(n.n));
    expect(page.records.every((r) => r.accountId === ids.accountA)).toBe(true);
    // Phones masked (001 §5), and the caller itself is not manageable.
    expect(page.records.find((r) => r.userId === ids.operatorA)?.phone).toBe('138*****005');
    expect(page.records.find((r) => r.userId === ids.operatorA)?.manageable).toBe(false);
    expect(page.grantable).toEqual([3, 4, 5]);
  });

  it('filters by userName, phone, userType and enabled; the platform sees all or one account', async () => {
    const byName = body(
      await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?userName=${encodeURIComponent('企业')}`),
    ).data as MemberPage;
    expect(byName.records.map((r) => r.userId)).toEqual([ids.entAdminA]);
    const byPhone = body(await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?phone=70000000`))
      .data as MemberPage;
    expect(byPhone.records.map((r) => r.userId).sort()).toEqual([ids.entAdminA, ids.bizAdminA].sort());
    const byType = body(await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?userType=5`)).data as MemberPage;
    expect(byType.records.map((r) => r.userId)).toEqual([ids.bizAdminA]);
    const disabled = body(await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?enabled=false`))
      .data as MemberPage;
    expect(disabled.total).toBe(0);
    const all = body(await call('platform', 'GET', MEMBER_LIST_PATH)).data as MemberPage;
    const n = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(n.n));
    const one = body(await call('platform', 'GET', `${MEMBER_LIST_PATH}?accountId=${ids.accountA}`))
      .data as MemberPage;
    expect(one.records.every((r) => r.accountId === ids.accountA)).toBe(true);
    // Another account's filter is ignored for everyone but the platform.
    const b = body(await call('operatorB', 'GET', `${MEMBER_LIST_PATH}?accountId=${ids.accountA}`))
      .data as MemberPage;
    expect(b.records.some((r) => r.accountId === ids.accountA)).toBe(false);
  });

  it('bad filters answer 400 translated', async () => {
    const en = await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?userType=2`, undefined, 'en');
    const zh = await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?pageSize=100000`, undefined, 'zh');
    expect([en.statusCode, zh.statusCode]).toEqual([400, 400]);
    expect(body(en).message).toMatch(/[A-Za-z]/);
    expect(body(zh).message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('members: code and create', () => {
  it('sends a code by SMS, checks it, creates the member with it once', async () => {
    const phone = '13900000001';
    const sent = await call('operatorA', 'GET', `${MEMBER_CODE_PATH}?phoneNum=${phone}`);
    expect(sent.statusCode, sent.body).toBe(200);
    const msg = t.sent.at(-1);
    expect(msg?.target).toBe(`86-${phone}`);
    expect(msg?.channel).toBe('sms');
    const code = t.lastCode(`86-${phone}`);
    // Rate limited like the sign-in codes: one a minute per phone.
    expect((await call('operatorA', 'GET', `${MEMBER_CODE_PATH}?phoneNum=${phone}`)).statusCode).toBe(429);
    const wrong = code === '0000' ? '1111' : '0000';
    const bad = await call(
      'operatorA',
      'GET',
      `${MEMBER_CHECK_CODE_PATH}?phoneNum=${phone}&code=${wrong}`,
      undefined,
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/code/i);
    expect(
      (await call('operatorA', 'GET', `${MEMBER_CHECK_CODE_PATH}?phoneNum=${phone}&code=${code}`)).statusCode,
    ).toBe(200);
    const created = await call('operatorA', 'POST', MEMBER_PATH, {
      phoneNum: phone,
      code,
      userName: '新飞手',
      userType: 3,
      teamType: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const userId = (body(created).data as { userId: number }).userId;
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect([row.account_id, row.user_type, row.user_name, row.phone, row.team_type]).toEqual([
      ids.accountA,
      3,
      '新飞手',
      phone,
      1,
    ]);
    const again = await call(
      'operatorA',
      'POST',
      MEMBER_PATH,
      { phoneNum: phone, code, userName: 'x', userType: 3 },
      'zh',
    );
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('该手机号已是平台用户');
    // The creation is in the system log.
    const log = await t.db
      .selectFrom('system_logs')
      .select(['target', 'result'])
      .where('path', 'like', '/api/user/member%')
      .where('user_id', '=', ids.operatorA as number)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(log.some((l) => l.target === `userId=${userId}` && l.result === 200)).toBe(true);
  });

  it('refuses a code for a phone that is already a user (409) and a malformed phone (400, en and zh)', async () => {
    expect(
      (await call('operatorA', 'GET', `${MEMBER_CODE_PATH}?phoneNum=${PHONES.operatorB}`)).statusCode,
    ).toBe(409);
    const en = await call('operatorA', 'GET', `${MEMBER_CODE_PATH}?phoneNum=12345`, undefined, 'en');
    const zh = await call('operatorA', 'GET', `${MEMBER_CODE_PATH}?phoneNum=12345`, undefined, 'zh');
    expect([en.statusCode, zh.statusCode]).toEqual([400, 400]);
    expect(body(en).message).toBe('Please enter a correct phone number');
    expect(body(zh).message).toBe('请输入正确的手机号');
  });

  it('grants by the rule: nobody grants 1, an enterprise admin not 4, 6 only in a lease account', async () => {
    const one = await call('operatorA', 'POST', MEMBER_PATH, {
      phoneNum: '13900000009',
      code: '1234',
      userName: 'x',
      userType: 1,
    });
    expect(one.statusCode).toBe(400);
    // The grant is checked before the code: no code is spent on a refused type.
    const six = await call('operatorA', 'POST', MEMBER_PATH, {
      phoneNum: '13900000002',
      code: '1234',
      userName: 'x',
      userType: 6,
    });
    expect(six.statusCode).toBe(403);
    expect(body(six).message).toMatch(/[\u4e00-\u9fff]/);
    const four = await call('entAdminA', 'POST', MEMBER_PATH, {
      phoneNum: '13900000003',
      code: '1234',
      userName: 'x',
      userType: 4,
    });
    expect(four.statusCode).toBe(403);
    const staff = await createMember('entAdminA', '13900000003', 3);
    expect(staff.statusCode, staff.body).toBe(200);
    // Maker A leases (lease model 1): its admin grants a lease manager.
    const lease = await createMember('makerA', '13900000004', 6);
    expect(lease.statusCode, lease.body).toBe(200);
  });

  it('refuses a wrong code and a bad password (400)', async () => {
    t.advanceLimiterClock(61);
    await call('operatorA', 'GET', `${MEMBER_CODE_PATH}?phoneNum=13900000005`);
    const code = t.lastCode('86-13900000005');
    const wrong = code === '0000' ? '1111' : '0000';
    expect(
      (
        await call('operatorA', 'POST', MEMBER_PATH, {
          phoneNum: '13900000005',
          code: wrong,
          userName: 'x',
          userType: 3,
        })
      ).statusCode,
    ).toBe(400);
    const pw = await call(
      'operatorA',
      'POST',
      MEMBER_PATH,
      { phoneNum: '13900000005', code, userName: 'x', userType: 3, password: 'short' },
      'en',
    );
    expect(pw.statusCode).toBe(400);
    expect(body(pw).message).toMatch(/Password/);
  });
});

describe('members: update, enable, delete', () => {
  it('updates a member; another account is 404; a type above the caller is 403', async () => {
    const ok = await call('operatorA', 'PUT', MEMBER_PATH, {
      userId: ids.bizAdminA,
      userName: '业务管理员乙',
      teamType: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['user_name', 'team_type'])
      .where('id', '=', ids.bizAdminA as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_name: '业务管理员乙', team_type: 2 });
    const other = await call('operatorB', 'PUT', MEMBER_PATH, { userId: ids.bizAdminA, userName: 'x' }, 'en');
    expect(other.statusCode).toBe(404);
    expect(body(other).message).toBe('Member not found');
    // An enterprise admin cannot touch the account's super admin nor make someone an enterprise admin.
    expect(
      (await call('entAdminA', 'PUT', MEMBER_PATH, { userId: ids.operatorA, userName: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('entAdminA', 'PUT', MEMBER_PATH, { userId: ids.bizAdminA, userType: 4 })).statusCode,
    ).toBe(403);
    expect(
      (await call('operatorA', 'PUT', MEMBER_PATH, { userId: ids.bizAdminA, userName: '' })).statusCode,
    ).toBe(400);
  });

  it("disabling ends the member's sessions at once; enabling lets it sign in again", async () => {
    const member = await signInWith(t, PHONES.bizAdminA);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/baseaccount/getUserInfo', headers: member.auth }))
        .statusCode,
    ).not.toBe(401);
    expect(
      (await call('operatorB', 'PUT', MEMBER_ENABLE_PATH, { userId: ids.bizAdminA, opr: 0 })).statusCode,
    ).toBe(404);
    const off = await call('operatorA', 'PUT', MEMBER_ENABLE_PATH, { userId: ids.bizAdminA, opr: 0 });
    expect(off.statusCode, off.body).toBe(200);
    const live = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', ids.bizAdminA as number)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const next = await t.app.inject({ method: 'GET', url: MEMBER_LIST_PATH, headers: member.auth });
    // Refused with the clear reason (account disabled, 1006), not served.
    expect(next.statusCode, next.body).toBe(403);
    expect(body(next).code).toBe(1006);
    await expect(signInWith(t, PHONES.bizAdminA)).rejects.toThrow();
    expect(
      (await call('operatorA', 'PUT', MEMBER_ENABLE_PATH, { userId: ids.bizAdminA, opr: 1 })).statusCode,
    ).toBe(200);
    await expect(signInWith(t, PHONES.bizAdminA)).resolves.toBeTruthy();
    expect(
      (await call('operatorA', 'PUT', MEMBER_ENABLE_PATH, { userId: ids.bizAdminA, opr: 2 })).statusCode,
    ).toBe(400);
  });

  it('refuses yourself (400) and the last administrator (409)', async () => {
    const self = await call('entAdminA', 'PUT', MEMBER_ENABLE_PATH, { userId: ids.entAdminA, opr: 0 }, 'en');
    expect(self.statusCode).toBe(400);
    expect(body(self).message).toBe('You cannot delete or disable yourself');
    expect((await call('operatorA', 'DELETE', `${MEMBER_PATH}/${ids.operatorA}`)).statusCode).toBe(400);
    // Operator A's super admin disabled by hand: the enterprise admin is its last administrator.
    await t.db
      .updateTable('users')
      .set({ enabled: false })
      .where('id', '=', ids.operatorA as number)
      .execute();
    try {
      const last = await call('platform', 'PUT', MEMBER_ENABLE_PATH, { userId: ids.entAdminA, opr: 0 }, 'zh');
      expect(last.statusCode).toBe(409);
      expect(body(last).message).toBe('不能删除或停用帐号的最后一位管理员'.replace('帐', '账'));
      expect((await call('platform', 'DELETE', `${MEMBER_PATH}/${ids.entAdminA}`)).statusCode).toBe(409);
      expect(
        (await call('platform', 'PUT', MEMBER_PATH, { userId: ids.entAdminA, userType: 5 })).statusCode,
      ).toBe(409);
    } finally {
      await t.db
        .updateTable('users')
        .set({ enabled: true })
        .where('id', '=', ids.operatorA as number)
        .execute();
    }
  });

  it('deletes a member: gone from the list, sessions ended, phone free; another account 404', async () => {
    const userId = await addUser('13900000007', 3, '将删除');
    expect((await call('operatorB', 'DELETE', `${MEMBER_PATH}/${userId}`)).statusCode).toBe(404);
    expect((await call('operatorA', 'DELETE', `${MEMBER_PATH}/abc`)).statusCode).toBe(400);
    const res = await call('operatorA', 'DELETE', `${MEMBER_PATH}/${userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = body(await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?pageSize=500`)).data as MemberPage;
    expect(page.records.some((r) => r.userId === userId)).toBe(false);
    // The totals (unfiltered: users less removals; filtered: anti-join) count the removed member out.
    const live = await t.db
      .selectFrom('users as u')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('u.account_id', '=', ids.accountA as number)
      .where('u.id', 'not in', (eb) => eb.selectFrom('member_removals').select('user_id'))
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(live.n));
    const disabled = body(await call('operatorA', 'GET', `${MEMBER_LIST_PATH}?enabled=false`))
      .data as MemberPage;
    expect(disabled.records.some((r) => r.userId === userId)).toBe(false);
    const byType = body(
      await call('platform', 'GET', `${MEMBER_LIST_PATH}?userType=3&accountId=${ids.accountA}`),
    ).data as MemberPage;
    expect(byType.records.some((r) => r.userId === userId)).toBe(false);
    expect((await call('operatorA', 'DELETE', `${MEMBER_PATH}/${userId}`)).statusCode).toBe(404);
    const removal = await t.db
      .selectFrom('member_removals')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(removal.phone).toBe('13900000007');
    // The phone can join again.
    const again = await createMember('operatorA', '13900000007', 3);
    expect(again.statusCode, again.body).toBe(200);
  });
});
