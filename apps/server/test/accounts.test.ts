/**
 * Account administration API (issue 12 #1, #3) on the demo data: 401 without a session, 403 for a
 * wrong user type or account, another tenant's account not found (404); the list's filters and
 * stats checked against SQL; a government sees only its region's accounts; create sends the first
 * administrator an initial password that signs in; sub-companies only where the 001 §6 rule allows;
 * update, rental options, own account and the modification application.
 */
import { ACCOUNT_PATHS as P } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { accountsKit, newAccount } from './accounts.kit.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let k: Awaited<ReturnType<typeof accountsKit>>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  k = await accountsKit(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The initial password the last notice to `target` carried. */
const passwordSentTo = (target: string) => {
  const m = [...t.sent].reverse().find((s) => s.target === target);
  if (!m?.secret) throw new Error(`no notice to ${target}`);
  expect(m.text).toContain(m.secret);
  return m.secret;
};

async function createAccount(n: string, phone: string, extra: Record<string, unknown> = {}) {
  const res = await k.call('platform', 'POST', P.create, newAccount(n, { adminPhone: phone, ...extra }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { accountId: number; userId: number; noticeSent: boolean };
}

describe('accounts: access', () => {
  it('answers 401 without a session on every call', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', P.list],
      ['GET', `${P.detail}/1`],
      ['POST', P.create, newAccount('x')],
      ['POST', P.subCompany, newAccount('x')],
      ['POST', P.subPlatformSubCompany, newAccount('x')],
      ['PUT', P.update, { accountId: 1, accountName: 'a', contactName: 'b' }],
      ['PUT', P.enable, { accountId: 1, opr: 0 }],
      ['DELETE', `${P.remove}/1`],
      ['GET', P.rental],
      ['POST', P.rental, { accountId: 1, leaseModel: 1 }],
      ['PUT', P.merge, { accountId: 1, mergeAccountId: 2 }],
      ['GET', P.own],
      ['GET', P.ownApplies],
      ['POST', P.info, { accountName: 'a', contactName: 'b' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await k.call(null, method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to a wrong user type or account type', async () => {
    const forbidden: Array<[Parameters<typeof k.call>[0], string, string, unknown?]> = [
      ['staff', 'GET', P.list],
      ['leaseManager', 'GET', P.list],
      ['operatorB', 'GET', P.list], // no sub-account rights
      ['staff', 'POST', P.create, newAccount('s', { adminPhone: '13900000099' })],
      ['government', 'POST', P.create, newAccount('g', { adminPhone: '13900000099' })],
      ['makerA', 'POST', P.create, newAccount('m', { adminPhone: '13900000099' })],
      ['operatorB', 'POST', P.subCompany, newAccount('o', { adminPhone: '13900000099' })],
      ['makerA', 'PUT', P.merge, { accountId: k.ids.makerA, mergeAccountId: k.ids.makerB }],
      ['staff', 'PUT', P.enable, { accountId: k.ids.operatorB, opr: 0 }],
      ['staff', 'POST', P.info, { accountName: 'a', contactName: 'b' }],
      ['leaseManager', 'POST', P.rental, { accountId: k.ids.operatorA, leaseModel: 1 }],
    ];
    for (const [who, method, url, payload] of forbidden) {
      const res = await k.call(who, method as 'GET', url, payload);
      expect(res.statusCode, `${String(who)} ${method} ${url} ${res.body}`).toBe(403);
    }
    expect(await sql`SELECT 1 FROM users WHERE phone = '13900000099'`.execute(t.db)).toMatchObject({
      rows: [],
    });
  });

  it('answers 400 with a translated message to bad input, never 5xx', async () => {
    for (const [method, url, payload] of [
      ['GET', `${P.list}?pageSize=0`],
      ['GET', `${P.detail}/abc`],
      ['PUT', P.enable, { accountId: 1, opr: 2 }],
      ['POST', P.create, { accountType: 9 }],
      ['POST', P.create, newAccount('bad\u0000')],
      ['POST', P.rental, { accountId: 1, leaseModel: 4 }],
    ] as const) {
      const res = await k.call('platform', method, url, payload, 'en');
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    for (const lang of ['en', 'zh'] as const) {
      const res = await k.call('platform', 'POST', P.create, newAccount('nc'), lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.adminContactRequired[lang]);
    }
  });
});

describe('accounts: list and detail', () => {
  it('lists every account for the platform, with stats of the filtered set equal to SQL', async () => {
    const res = await k.call('platform', 'GET', `${P.list}?pageSize=5`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const s = (
      await sql<{ n: number; zf: number; zz: number; yy: number }>`SELECT count(*)::int AS n,
        (count(*) FILTER (WHERE account_type = 2))::int AS zf, (count(*) FILTER (WHERE account_type = 3))::int AS zz,
        (count(*) FILTER (WHERE account_type = 4))::int AS yy FROM accounts`.execute(t.db)
    ).rows[0];
    expect({ total: d.total, zfNum: d.zfNum, zzqyNum: d.zzqyNum, yyqyNum: d.yyqyNum }).toEqual({
      total: s?.n,
      zfNum: s?.zf,
      zzqyNum: s?.zz,
      yyqyNum: s?.yy,
    });
    expect(d.records).toHaveLength(5);
    expect(d.records.map((r: { accountId: number }) => r.accountId)).toEqual(
      [...d.records.map((r: { accountId: number }) => r.accountId)].sort((a, b) => b - a),
    );
  });

  it('filters by accountType, accountName, contactName, userPhone and search', async () => {
    const byType = (await k.call('platform', 'GET', `${P.list}?accountType=3&pageSize=100`)).json().data;
    expect(byType.records.every((r: { accountType: number }) => r.accountType === 3)).toBe(true);
    expect(byType.zfNum).toBe(0);
    expect(byType.yyqyNum).toBe(0);
    const byName = (
      await k.call('platform', 'GET', `${P.list}?accountName=${encodeURIComponent('极翼')}`)
    ).json().data;
    expect(byName.records.map((r: { accountId: number }) => r.accountId)).toEqual([k.ids.makerA]);
    const byPhone = (await k.call('platform', 'GET', `${P.list}?userPhone=00000005`)).json().data;
    expect(byPhone.records.map((r: { accountId: number }) => r.accountId)).toEqual([k.ids.operatorA]);
    const bySearch = (
      await k.call('platform', 'GET', `${P.list}?search=${encodeURIComponent('云禾')}`)
    ).json().data;
    expect(bySearch.records.map((r: { accountId: number }) => r.accountId)).toEqual([k.ids.makerB]);
    const none = (await k.call('platform', 'GET', `${P.list}?contactName=${encodeURIComponent('%')}`)).json()
      .data;
    expect(none.total).toBe(0);
  });

  it('shows a government only the accounts of its region, never others', async () => {
    const js = await createAccount('JS', '13900000001', { province: '江苏省', city: '南京市' });
    const jsEn = await createAccount('JSen', '13900000002', { province: 'Jiangsu', city: '苏州市' });
    const zj = await createAccount('ZJ', '13900000003', { province: '浙江省', city: '杭州市' });
    const d = (await k.call('government', 'GET', `${P.list}?pageSize=1000`)).json().data;
    const seen = d.records.map((r: { accountId: number }) => r.accountId);
    expect(seen).toEqual(expect.arrayContaining([js.accountId, jsEn.accountId, k.ids.government]));
    expect(seen).not.toContain(zj.accountId);
    expect(seen).not.toContain(k.ids.makerA);
    expect(d.records.every((r: { province: string }) => ['江苏省', 'Jiangsu'].includes(r.province))).toBe(
      true,
    );
    expect((await k.call('government', 'GET', `${P.detail}/${zj.accountId}`)).statusCode).toBe(404);
    expect((await k.call('government', 'GET', `${P.detail}/${js.accountId}`)).statusCode).toBe(200);
    // Seen, not managed: 403.
    const upd = await k.call('government', 'PUT', P.update, {
      accountId: js.accountId,
      accountName: 'x',
      contactName: 'y',
    });
    expect(upd.statusCode).toBe(403);

    // A city-level government (Nanjing), created by the platform, signs in with its notice.
    const nj = await createAccount('NJ', '13900000004', {
      accountType: 2,
      ruleCity: 156320100,
      province: '江苏省',
      city: '南京市',
    });
    const { auth } = await signInWith(t, '13900000004', passwordSentTo('86-13900000004'));
    const njSeen = (await k.call(auth, 'GET', `${P.list}?pageSize=1000`))
      .json()
      .data.records.map((r: { accountId: number }) => r.accountId);
    expect(njSeen).toEqual(expect.arrayContaining([js.accountId, nj.accountId]));
    expect(njSeen).not.toContain(jsEn.accountId); // Suzhou
    expect(njSeen).not.toContain(zj.accountId);
  });

  it('shows the stored region names in the caller language (provinces translated, cities in pinyin)', async () => {
    const yc = await createAccount('YC', '13900000005', {
      province: '江苏省',
      city: '盐城市',
      county: '射阳县',
    });
    const row = async (lang: string) =>
      (await k.call('platform', 'GET', `${P.list}?pageSize=1000`, undefined, lang))
        .json()
        .data.records.find((r: { accountId: number }) => r.accountId === yc.accountId);
    expect(await row('en')).toMatchObject({ province: 'Jiangsu', city: 'Yancheng', county: 'Sheyang' });
    expect(await row('ko')).toMatchObject({ province: '장쑤', city: 'Yancheng' });
    expect(await row('zh-TW')).toMatchObject({ province: '江蘇省', city: '鹽城市', county: '射陽縣' });
    expect(await row('zh')).toMatchObject({ province: '江苏省', city: '盐城市', county: '射阳县' });
    const gov = (await k.call('platform', 'GET', `${P.list}?pageSize=1000`, undefined, 'en'))
      .json()
      .data.records.find((r: { accountId: number }) => r.accountId === k.ids.government);
    expect(gov.province).toBe('Jiangsu');
    const detail = await k.call('platform', 'GET', `${P.detail}/${yc.accountId}`, undefined, 'th');
    expect(detail.json().data).toMatchObject({ province: 'เจียงซู', city: 'Yancheng', county: 'Sheyang' });
  });

  it("answers 404 for another tenant's account", async () => {
    expect((await k.call('makerB', 'GET', `${P.detail}/${k.ids.makerA}`)).statusCode).toBe(404);
    expect((await k.call('operatorA', 'GET', `${P.detail}/${k.ids.operatorB}`)).statusCode).toBe(404);
    const own = await k.call('operatorA', 'GET', P.own);
    expect(own.json().data).toMatchObject({ accountId: k.ids.operatorA, accountName: '丰收飞防服务合作社' });
  });
});

describe('accounts: create and sub-companies', () => {
  it('creates an account with its administrator (type 4), who signs in with the initial password', async () => {
    const r = await createAccount('C1', '13900000010', {
      accountType: 4,
      operatorType: '1',
      email: 'c1@example.com',
    });
    expect(r.noticeSent).toBe(true);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', r.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: r.accountId, user_type: 4, phone: '13900000010' });
    const acc = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', r.accountId)
      .executeTakeFirstOrThrow();
    expect(acc).toMatchObject({
      account_type: 4,
      check_status: 2,
      parent_id: null,
      account_catalog_level: 1,
    });
    const pw = passwordSentTo('86-13900000010');
    expect(row.password_hash).not.toContain(pw);
    const { data } = await signInWith(t, '13900000010', pw);
    expect(data.accountId ?? data.userInfo?.accountId).toBeDefined();
    const dup = await k.call(
      'platform',
      'POST',
      P.create,
      newAccount('dup', { adminPhone: '13900000010' }),
      'en',
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.accountExists.en);
  });

  it('lets maker A (level 1, VIP) create a sub-company, and its child only once allowed', async () => {
    const res = await k.call('makerA', 'POST', P.subCompany, newAccount('A1', { adminPhone: '13900000020' }));
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json().data.accountId as number;
    const row = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', child)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      parent_id: k.ids.makerA,
      account_catalog_level: 2,
      account_type: 3,
      can_create_sub: false,
    });
    // The ordinary account may not use the sub-platform call.
    const wrong = await k.call(
      'makerA',
      'POST',
      P.subPlatformSubCompany,
      newAccount('A2', { adminPhone: '13900000021' }),
      'en',
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(MESSAGES.subPlatformEndpoint.en);

    const childAuth = (await signInWith(t, '13900000020', passwordSentTo('86-13900000020'))).auth;
    const denied = await k.call(
      childAuth,
      'POST',
      P.subCompany,
      newAccount('A3', { adminPhone: '13900000022' }),
    );
    expect(denied.statusCode).toBe(403);
    const allow = await k.call('makerA', 'PUT', P.update, {
      accountId: child,
      accountName: row.account_name,
      contactName: 'c',
      canCreateSub: true,
    });
    expect(allow.statusCode, allow.body).toBe(200);
    const grand = await k.call(
      childAuth,
      'POST',
      P.subCompany,
      newAccount('A4', { adminPhone: '13900000023' }),
    );
    expect(grand.statusCode, grand.body).toBe(200);
    const grandId = grand.json().data.accountId;
    expect(
      (
        await t.db
          .selectFrom('accounts')
          .select('account_catalog_level')
          .where('id', '=', grandId)
          .executeTakeFirstOrThrow()
      ).account_catalog_level,
    ).toBe(3);

    const all = (await k.call('makerA', 'GET', `${P.list}?pageSize=100`)).json().data;
    expect(all.records.map((r: { accountId: number }) => r.accountId).sort()).toEqual(
      [child, grandId].sort(),
    );
    const direct = (await k.call('makerA', 'GET', `${P.list}?isAll=0`)).json().data;
    expect(direct.records.map((r: { accountId: number }) => r.accountId)).toEqual([child]);
    expect((await k.call('makerB', 'GET', `${P.detail}/${child}`)).statusCode).toBe(404);
    expect((await k.call('makerB', 'PUT', P.enable, { accountId: child, opr: 0 })).statusCode).toBe(404);
  });

  it('lets a sub-platform create a sub-company only through its own call', async () => {
    const acc = await sql<{
      id: number;
    }>`INSERT INTO accounts (account_type, account_name, tag, vip_level, check_status)
      VALUES (1, '子平台测试', 1, 1, 2) RETURNING id`.execute(t.db);
    const spId = acc.rows[0]?.id as number;
    const hash = (
      await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('phone', '=', '13800000001')
        .executeTakeFirstOrThrow()
    ).password_hash;
    await sql`INSERT INTO users (account_id, user_type, user_name, phone_country, phone, password_hash)
      VALUES (${spId}, 1, '子平台管理员', '86', '13900000030', ${hash})`.execute(t.db);
    const { auth } = await signInWith(t, '13900000030');
    const ordinary = await k.call(
      auth,
      'POST',
      P.subCompany,
      newAccount('SP1', { adminPhone: '13900000031' }),
    );
    expect(ordinary.statusCode).toBe(403);
    const res = await k.call(
      auth,
      'POST',
      P.subPlatformSubCompany,
      newAccount('SP2', { adminPhone: '13900000032', accountType: 4 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', res.json().data.accountId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parent_id: spId, account_type: 4, account_catalog_level: 2 });
  });
});

describe('accounts: update, rental options, own account info', () => {
  it('updates an account the caller manages', async () => {
    const res = await k.call('platform', 'PUT', P.update, {
      accountId: k.ids.operatorB,
      accountName: '绿野植保服务队',
      contactName: '新联系人',
      vipLevel: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ contactName: '新联系人', vipLevel: 2 });
    expect(
      (
        await k.call('makerA', 'PUT', P.update, {
          accountId: k.ids.makerB,
          accountName: 'x',
          contactName: 'y',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reads and sets rental options of managed accounts only', async () => {
    const a = await k.call('platform', 'GET', `${P.rental}?accountId=${k.ids.makerA}`);
    expect(a.json().data).toEqual({ accountId: k.ids.makerA, leaseModel: 1 });
    expect((await k.call('makerA', 'GET', P.rental)).json().data.leaseModel).toBe(1);
    expect((await k.call('makerA', 'GET', `${P.rental}?accountId=${k.ids.makerB}`)).statusCode).toBe(404);
    const set = await k.call('platform', 'POST', P.rental, { accountId: k.ids.makerB, leaseModel: 2 });
    expect(set.statusCode).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('accounts')
          .select('lease_model')
          .where('id', '=', k.ids.makerB)
          .executeTakeFirstOrThrow()
      ).lease_model,
    ).toBe(2);
    expect(
      (await k.call('makerA', 'POST', P.rental, { accountId: k.ids.makerB, leaseModel: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await k.call('makerA', 'POST', P.rental, { accountId: k.ids.makerA, leaseModel: 3 })).statusCode,
    ).toBe(403);
  });

  it("turns a reviewed account's info update into one modification application", async () => {
    const body = { accountName: '丰收飞防服务合作社（新）', contactName: '赵强', contactPhone: '025-1234' };
    const res = await k.call('operatorA', 'POST', P.info, body);
    expect(res.statusCode, res.body).toBe(200);
    const apply = await t.db
      .selectFrom('account_applies')
      .selectAll()
      .where('id', '=', res.json().data.applyId)
      .executeTakeFirstOrThrow();
    expect(apply).toMatchObject({ account_id: k.ids.operatorA, apply_type: 2, apply_status: 1 });
    expect(apply.payload).toMatchObject(body);
    const name = await t.db
      .selectFrom('accounts')
      .select('account_name')
      .where('id', '=', k.ids.operatorA)
      .executeTakeFirstOrThrow();
    expect(name.account_name).toBe('丰收飞防服务合作社'); // unchanged until passed
    for (const lang of ['en', 'zh'] as const) {
      const again = await k.call('operatorA', 'POST', P.info, body, lang);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MESSAGES.applyPending[lang]);
    }
    const list = (await k.call('operatorA', 'GET', P.ownApplies)).json().data;
    expect(list[0]).toMatchObject({ applyType: 2, applyStatus: 1 });
  });

  it('lets an unreviewed account correct its registration', async () => {
    await sql`UPDATE accounts SET check_status = 3 WHERE id = ${k.ids.personal}`.execute(t.db);
    const res = await k.call('personal', 'POST', P.info, {
      accountName: '张伟',
      contactName: '张伟',
      province: '江苏省',
    });
    expect(res.statusCode, res.body).toBe(200);
    const acc = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', k.ids.personal)
      .executeTakeFirstOrThrow();
    expect(acc).toMatchObject({ province: '江苏省', check_status: 1 });
    const apply = await t.db
      .selectFrom('account_applies')
      .selectAll()
      .where('id', '=', res.json().data.applyId)
      .executeTakeFirstOrThrow();
    expect(apply).toMatchObject({ apply_type: 1, apply_status: 1 });
  });
});
