/**
 * The system log's list (GET /api/user/log/list) through the real app on the demo data, rows written
 * by the app's own audit hook (sign-ins, a refused write, a not-found write) and by its writer
 * (platform/audit.ts) for a refused device: 401 without a session; 403 for staff, a business admin
 * and a lease manager (no viewSystemLogs or no SystemLogList); each account sees only its own rows,
 * the platform all; every filter against plain SQL (both ways the repository reads: a walk per id and
 * one walk of the time index); default types 1 and 2; bad input 400 in en and zh; no route edits or
 * deletes the log; AUDIT_ACTIONS names every write route the app registers.
 */
import { AUDIT_ACTIONS, auditActionKey, SYSLOG_LIST_PATH, type SyslogPage } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0026 from '../src/migrations/0026_syslog.ts';
import { createSyslogRepo, type LogFilter } from '../src/modules/syslog/syslog.repo.ts';
import { createAudit } from '../src/platform/audit.ts';
import { isAudited } from '../src/platform/auditHook.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
let ids: Record<string, number> = {};
const routes: Array<{ method: string; url: string; audit: unknown }> = [];

async function list(role: string | null, query = '', lang: 'en' | 'zh' = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `${SYSLOG_LIST_PATH}${query ? `?${query}` : ''}`,
    headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
  });
}
const pageOf = async (role: string, query = '') => {
  const res = await list(role, query);
  expect(res.statusCode, `${role} ${query} ${res.body}`).toBe(200);
  return body(res).data as SyslogPage;
};

/** Row ids in list order, by plain SQL (`where` is the test's own text). */
async function sqlIds(where: string, order: 'DESC' | 'ASC' = 'DESC', limit = 20) {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM system_logs WHERE ${sql.raw(where)}
    ORDER BY created_at ${sql.raw(order)}, id ${sql.raw(order)} LIMIT ${limit}`.execute(t.db);
  return rows.map((r) => Number(r.id));
}
const countSql = async (where: string) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*)::text AS n FROM system_logs WHERE ${sql.raw(where)}`.execute(
        t.db,
      )
    ).rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (r) => {
      for (const m of [r.method].flat())
        routes.push({ method: m, url: r.url, audit: (r.config as { audit?: unknown } | undefined)?.audit });
    },
  });
  // The name pieces index (0026_syslog), applied here while migrations/index.ts does not list it yet.
  await m0026.up(t.db as never);
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  ids = callers.ids;
  auth.staff = (await signInWith(t, '13800000009')).auth;
  // A business admin (user type 5) of operator A, with the demo password.
  const admin = await t.db
    .selectFrom('users')
    .select(['account_id', 'password_hash'])
    .where('phone', '=', '13800000005')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('users')
    .values({
      account_id: admin.account_id,
      user_type: 5,
      user_name: '业务管理员日志',
      phone_country: '86',
      phone: '13800000095',
      password_hash: admin.password_hash,
    })
    .execute();
  auth.business = (await signInWith(t, '13800000095')).auth;
  // Writes the hook logs: a refused one (403) and one answered 404, by operator A and maker A.
  await t.app.inject({
    method: 'PUT',
    url: '/api/drone/rtk/manage/bind',
    headers: auth.operatorA,
    payload: { devId: 'NOSUCH01', qxdsk: 'qxTESTKEY0001' },
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/drone/rtk/manage/allow/NOSUCH01',
    headers: auth.makerA,
    payload: { opr: 1 },
  });
  // A refused device (type 3), as the telemetry key check writes it.
  await createAudit(t.db).write({
    actor: { accountId: ids.operatorA as number, userId: null },
    logType: 3,
    action: 'deviceKeyRefused',
    method: null,
    path: null,
    target: 'vid=test',
    result: 403,
    ip: '10.0.0.9',
    detail: {},
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('who may read the log', () => {
  it('answers 401 without a session and 403 to staff, a business admin and a lease manager', async () => {
    expect((await list(null)).statusCode).toBe(401);
    for (const role of ['staff', 'business', 'leaseManager']) {
      const en = await list(role, '', 'en');
      expect(en.statusCode, role).toBe(403);
      expect(body(en).message).toBe('You do not have permission to do this');
      const zh = await list(role, '', 'zh');
      expect(zh.statusCode, role).toBe(403);
      expect(body(zh).message).not.toBe(body(en).message);
    }
  });

  it('shows each account only its own rows, and the platform every row (default types 1 and 2)', async () => {
    for (const role of ['operatorA', 'makerA', 'government']) {
      const p = await pageOf(role);
      const account = (
        await t.db
          .selectFrom('accounts')
          .innerJoin('users', 'users.account_id', 'accounts.id')
          .select('accounts.id')
          .where(
            'users.phone',
            '=',
            role === 'operatorA' ? '13800000005' : role === 'makerA' ? '13800000003' : '13800000002',
          )
          .executeTakeFirstOrThrow()
      ).id;
      const where = `account_id = ${account} AND log_type IN (1, 2)`;
      expect(p.records.length, role).toBeGreaterThan(0);
      expect(
        p.records.map((r) => r.id),
        role,
      ).toEqual(await sqlIds(where));
      expect(p.total, role).toBe(await countSql(where));
      expect(p.capped).toBe(false);
    }
    const all = await pageOf('platform', 'pageSize=100');
    expect(all.records.map((r) => r.id)).toEqual(await sqlIds('log_type IN (1, 2)', 'DESC', 100));
    expect(all.total).toBe(await countSql('log_type IN (1, 2)'));
    // Other accounts' rows are in the platform's list.
    expect(new Set(all.records.map((r) => r.accountName)).size).toBeGreaterThan(3);
  });

  it('lists the refused and the not-found write with their status, action key and target', async () => {
    const op = await pageOf('operatorA', 'logType=2');
    const bind = op.records.find((r) => r.action === 'PUT /api/drone/rtk/manage/bind');
    expect(bind).toMatchObject({ result: 403, actionKey: AUDIT_ACTIONS['PUT /api/drone/rtk/manage/bind'] });
    // Refused before its body is read: the target of a 403 is not known.
    expect(bind?.userName).toBe('赵强');
    const maker = await pageOf('makerA', 'logType=2');
    const allow = maker.records.find((r) => r.action === 'PUT /api/drone/rtk/manage/allow/:devId');
    expect(allow).toMatchObject({
      result: 404,
      target: 'devId=NOSUCH01',
      accountName: '极翼植保无人机有限公司',
    });
    // Operator A's list has no row of maker A.
    expect(op.records.some((r) => r.accountName !== '丰收飞防服务合作社')).toBe(false);
  });
});

describe('filters', () => {
  it('matches plain SQL for types, names, times and order', async () => {
    const op = ids.operatorA as number;
    const mid = (
      await sql<{ t: Date }>`SELECT created_at AS t FROM system_logs ORDER BY id LIMIT 1 OFFSET 3`.execute(
        t.db,
      )
    ).rows[0]?.t as Date;
    const cases: Array<[string, string, string, 'DESC' | 'ASC']> = [
      ['platform', 'logType=3', 'log_type = 3', 'DESC'],
      ['platform', 'logType=1,2,3', 'true', 'DESC'],
      ['platform', 'logType=1&logType=3', 'log_type IN (1, 3)', 'DESC'],
      ['platform', 'logType=2&order=2', 'log_type = 2', 'ASC'],
      [
        'platform',
        `accountName=${encodeURIComponent('丰收')}`,
        `account_id = ${op} AND log_type IN (1, 2)`,
        'DESC',
      ],
      [
        'platform',
        `accountName=${encodeURIComponent('有限公司')}&logType=1`,
        `account_id IN (SELECT id FROM accounts WHERE account_name LIKE '%有限公司%') AND log_type = 1`,
        'DESC',
      ],
      [
        'platform',
        `userName=${encodeURIComponent('赵')}`,
        `user_name = '赵强' AND log_type IN (1, 2)`,
        'DESC',
      ],
      [
        'platform',
        `userName=${encodeURIComponent('李明')}&accountName=${encodeURIComponent('丰收')}`,
        'false',
        'DESC',
      ],
      [
        'platform',
        `startTime=${mid.getTime()}&order=2&logType=1,2,3`,
        `created_at >= '${mid.toISOString()}'`,
        'ASC',
      ],
      [
        'platform',
        `endTime=${mid.getTime()}`,
        `created_at <= '${mid.toISOString()}' AND log_type IN (1, 2)`,
        'DESC',
      ],
      ['operatorA', 'logType=3', `account_id = ${op} AND log_type = 3`, 'DESC'],
      // accountName is the platform's filter: another account's caller sees its own log all the same.
      [
        'operatorA',
        `accountName=${encodeURIComponent('极翼')}`,
        `account_id = ${op} AND log_type IN (1, 2)`,
        'DESC',
      ],
      ['operatorA', `userName=${encodeURIComponent('李明')}`, 'false', 'DESC'],
    ];
    for (const [role, q, where, order] of cases) {
      const p = await pageOf(role, q);
      expect(
        p.records.map((r) => r.id),
        `${role} ${q}`,
      ).toEqual(await sqlIds(where, order));
      expect(p.total, `${role} ${q}`).toBe(await countSql(where));
    }
    const type3 = await pageOf('platform', 'logType=3');
    expect(type3.records[0]).toMatchObject({ action: 'deviceKeyRefused', result: 403, logType: 3 });
  });

  it('reads the same rows per id and by one walk of the time index, and pages', async () => {
    const repo = createSyslogRepo(t.db);
    const accounts = (await t.db.selectFrom('accounts').select('id').execute()).map((a) => a.id);
    const users = (await t.db.selectFrom('users').select('id').execute()).map((u) => u.id);
    const base: LogFilter = {
      accountIds: null,
      userIds: null,
      userNameLike: null,
      types: [1, 2],
      from: null,
      to: null,
      order: 1,
    };
    for (const f of [
      { ...base, accountIds: accounts },
      { ...base, userIds: users, order: 2 as const },
      { ...base, types: [1, 2, 3] as Array<1 | 2 | 3> },
      { ...base, accountIds: accounts.slice(0, 3), types: [2] as Array<1 | 2 | 3> },
    ])
      for (const [offset, size] of [
        [0, 5],
        [3, 4],
        [0, 50],
      ] as const) {
        const walked = await repo.page(f, offset, size);
        const plain = await repo.page(f, offset, size, { walk: false });
        expect(walked.map((r) => r.id)).toEqual(plain.map((r) => r.id));
      }
    const p1 = await pageOf('platform', 'pageSize=3');
    const p2 = await pageOf('platform', 'pageSize=3&currentPage=2');
    expect(p2.records.map((r) => r.id)).toEqual(
      await sqlIds('log_type IN (1, 2)', 'DESC', 6).then((x) => x.slice(3)),
    );
    expect(p1.records[0]?.id).not.toBe(p2.records[0]?.id);
  });

  it('resolves names the same through the name pieces index and without it', async () => {
    const names = ['赵', '赵强', '强', '有限公司', '极翼植保', 'x', '%', '_'];
    const withIndex = createSyslogRepo(t.db);
    const got = async (repo: ReturnType<typeof createSyslogRepo>) => {
      const out: unknown[] = [];
      for (const n of names)
        out.push((await repo.userIdsByName(n, null)).sort(), (await repo.accountIdsByName(n)).sort());
      return out;
    };
    const indexed = await got(withIndex);
    await sql`DROP FUNCTION name_grams(text) CASCADE`.execute(t.db);
    try {
      expect(await got(createSyslogRepo(t.db))).toEqual(indexed);
    } finally {
      await m0026.up(t.db as never);
    }
    expect((indexed[0] as number[]).length).toBeGreaterThan(0);
    expect(indexed[6]).toEqual([]);
  });

  it('refuses bad input with a translated 400', async () => {
    for (const q of [
      'logType=4',
      'logType=0,1',
      'pageSize=101',
      'currentPage=0',
      'order=3',
      'startTime=x',
      'currentPage=501',
      `userName=${'x'.repeat(101)}`,
      'userName=%00',
    ]) {
      const en = await list('platform', q, 'en');
      expect(en.statusCode, q).toBe(400);
      expect(body(en).message, q).toMatch(
        /^Invalid value for (logType|pageSize|currentPage|order|startTime|userName)/,
      );
      const zh = await list('platform', q, 'zh');
      expect(zh.statusCode, q).toBe(400);
      expect(body(zh).message, q).toMatch(/^参数 \S+ 有误$/);
    }
  });
});

describe('the log as a record', () => {
  it('has no call that edits or deletes it', () => {
    const writes = routes.filter(
      (r) => r.url.startsWith('/api/user/log') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
  });

  it('names every logged write route in AUDIT_ACTIONS', () => {
    const logged = routes
      .filter((r) => isAudited(r.method, r.url, r.audit as false | 1 | 2 | 3 | undefined))
      .map((r) => `${r.method} ${r.url}`);
    expect(logged.length).toBeGreaterThan(30);
    expect(logged.filter((a) => !auditActionKey(a))).toEqual([]);
  });
});
