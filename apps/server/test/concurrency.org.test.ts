/**
 * Check-then-writes of the organisation modules under parallel requests (issue 20 item 2,
 * docs/concurrency.md): every test fires real parallel requests at the app and asserts the
 * invariant, and that the losers get a 409 in their language, never a 5xx.
 *
 * - accounts: 20 parallel creations with one administrator phone;
 * - account modification applications: 20 parallel submissions of one account;
 * - approvals: 20 parallel approvals of one account application, of one join application;
 * - members: the account's administrators demoted in parallel keep one;
 * - teams: 20 parallel creations of one team name;
 * - accounts (telemetry keys): 20 parallel key creations of one account keep one live key; one vid
 *   claimed by two accounts at once goes to one.
 */
import {
  ACCOUNT_PATHS,
  MEMBER_PATH,
  TEAM_LEADER_PATH,
  TEAM_MEMBERS_PATH,
  TEAM_PATH,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { newAccount } from './accounts.kit.ts';
import { callerOf, type Method, parallel, statuses } from './concurrency.kit.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const N = 20;

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, phone] of Object.entries({
    platform: '13800000001',
    makerA: '13800000003',
    makerB: '13800000004',
    operatorA: '13800000005',
  }))
    auth[role] = (await signInWith(t, phone)).auth;
});
afterAll(() => t?.close());

const call = (role: string, method: Method, url: string, payload: unknown, lang = 'en') =>
  callerOf(() => t, auth)(role, method, url, payload, lang);
const accountOf = async (phone: string) =>
  await t.db
    .selectFrom('users')
    .select(['account_id', 'id', 'password_hash'])
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();

/** The losers: a 409 whose message is translated (English here, Chinese for the same call in zh). */
function losers(res: Array<{ statusCode: number; body: string }>, en: string) {
  const lost = res.filter((r) => r.statusCode !== 200);
  for (const r of lost) {
    expect(r.statusCode, r.body).toBe(409);
    expect(body(r as never).message).toBe(en);
  }
  return lost.length;
}

describe('accounts', () => {
  it('20 parallel creations of accounts with one administrator phone: one account, the rest get 409', async () => {
    const res = await parallel(N, (i) =>
      call('platform', 'POST', ACCOUNT_PATHS.create, newAccount(`并发${i}`, { adminPhone: '13700003001' })),
    );
    expect(
      res.filter((r) => r.statusCode === 200),
      res.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(losers(res, MESSAGES.accountExists.en)).toBe(N - 1);
    const users = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('phone', '=', '13700003001')
      .execute();
    expect(users).toHaveLength(1);
    // The losers' accounts were rolled back with their administrator.
    const made = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', 'like', '测试账号并发%')
      .execute();
    expect(made.map((a) => a.id)).toEqual(users.map((u) => u.account_id));
  });
});

describe('account modification applications', () => {
  it('20 parallel modification applications of one account: one waits for review, the rest get 409', async () => {
    const { account_id } = await accountOf('13800000003');
    const res = await parallel(N, (i) =>
      call('makerA', 'POST', ACCOUNT_PATHS.info, { accountName: `极翼改名${i}`, contactName: '并发' }),
    );
    expect(
      res.filter((r) => r.statusCode === 200),
      res.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(losers(res, MESSAGES.applyPending.en)).toBe(N - 1);
    const waiting = await t.db
      .selectFrom('account_applies')
      .select('id')
      .where('account_id', '=', account_id)
      .where('apply_type', '=', 2)
      .where('apply_status', '=', 1)
      .execute();
    expect(waiting).toHaveLength(1);
  });
});

describe('approvals', () => {
  it('20 parallel approvals of one account application: one succeeds, the rest get 409', async () => {
    const { account_id, id } = await accountOf('13800000005');
    const { id: applyId } = await t.db
      .insertInto('account_applies')
      .values({
        account_id,
        user_id: id,
        apply_type: 2,
        payload: JSON.stringify({ contactName: '并发审核' }),
        lang: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await parallel(N, (i) =>
      call('platform', 'PUT', '/api/user/account/apply/status', {
        applyId,
        applyStatus: i % 2 ? 2 : 3,
        reason: `第 ${i} 位`,
      }),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(losers(res, 'This application has already been reviewed')).toBe(N - 1);
    const zh = await call(
      'platform',
      'PUT',
      '/api/user/account/apply/status',
      { applyId, applyStatus: 2 },
      'zh',
    );
    expect(zh.statusCode).toBe(409);
    expect(body(zh).message).not.toBe('This application has already been reviewed');
  });

  it('20 parallel approvals of one join application: one user is made, the rest get 409', async () => {
    const { account_id, password_hash } = await accountOf('13800000005');
    const { id: applyId } = await t.db
      .insertInto('user_applies')
      .values({
        account_id,
        user_name: '并发申请人',
        phone_country: '86',
        phone: '13700009901',
        password_hash,
        lang: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await parallel(N, () =>
      call('platform', 'PUT', '/api/user/user/apply/status', { applyId, applyStatus: 2 }),
    );
    expect(
      res.filter((r) => r.statusCode === 200),
      res.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(losers(res, 'This application has already been reviewed')).toBe(N - 1);
    const users = await t.db.selectFrom('users').select('id').where('phone', '=', '13700009901').execute();
    expect(users).toHaveLength(1);
  });
});

describe('members', () => {
  it('demoting every administrator of an account at once keeps one (the others get 409)', async () => {
    for (let round = 0; round < 3; round++) {
      const { id: accountId } = await t.db
        .insertInto('accounts')
        .values({
          account_type: 4,
          account_name: `并发管理员队${round}`,
          check_status: 2,
          account_catalog_level: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { password_hash } = await accountOf('13800000005');
      const admins = await t.db
        .insertInto('users')
        .values(
          Array.from({ length: 4 }, (_, i) => ({
            account_id: accountId,
            user_type: 4,
            user_name: `管理员${round}-${i}`,
            phone_country: '86',
            phone: `1370001${round}${String(i).padStart(3, '0')}`,
            password_hash,
          })),
        )
        .returning('id')
        .execute();
      const res = await Promise.all(
        admins.map((a) => call('platform', 'PUT', MEMBER_PATH, { userId: a.id, userType: 3 })),
      );
      expect(statuses(res), res.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 409]);
      losers(res, "The account's last administrator cannot be deleted or disabled");
      const left = await t.db
        .selectFrom('users')
        .select('id')
        .where('account_id', '=', accountId)
        .where('user_type', 'in', [1, 4])
        .execute();
      expect(left).toHaveLength(1);
    }
  });
});

describe('teams', () => {
  it('20 parallel creations of one team name: one team, the rest get 409', async () => {
    const res = await parallel(N, (i) =>
      call('operatorA', 'POST', TEAM_PATH, { groupName: i % 2 ? '并发飞防队' : '并发飞防队' }),
    );
    expect(
      res.filter((r) => r.statusCode === 200),
      res.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(losers(res, 'A team with this name already exists')).toBe(N - 1);
    const rows = await t.db.selectFrom('teams').select('id').where('group_name', '=', '并发飞防队').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('team members', () => {
  const team = async (name: string) => {
    const res = await call('operatorA', 'POST', TEAM_PATH, { groupName: name });
    expect(res.statusCode, res.body).toBe(200);
    return (body(res).data as { groupId: number }).groupId;
  };
  const newUser = async (i: number) => {
    const { account_id, password_hash } = await accountOf('13800000005');
    return (
      await t.db
        .insertInto('users')
        .values({
          account_id,
          user_type: 3,
          user_name: `队员${i}`,
          phone_country: '86',
          phone: `137000200${String(i).padStart(2, '0')}`,
          password_hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };

  it('one user added to two teams at once joins one; the other call gets 409 and adds nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await team(`甲队${round}`), await team(`乙队${round}`)];
      const [u, v] = [await newUser(round * 2), await newUser(round * 2 + 1)];
      const res = await Promise.all([
        call('operatorA', 'POST', TEAM_MEMBERS_PATH, { groupId: a, userIds: [u, v] }),
        call('operatorA', 'POST', TEAM_MEMBERS_PATH, { groupId: b, userIds: [u] }),
      ]);
      expect(statuses(res), res.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const rows = await t.db
        .selectFrom('team_members')
        .select(['user_id', 'team_id'])
        .where('user_id', 'in', [u, v])
        .execute();
      // All or none: the winner's users are in its team, the loser added nothing.
      const winner = res[0]?.statusCode === 200 ? a : b;
      expect(rows.every((r) => r.team_id === winner)).toBe(true);
      expect(rows.length).toBe(winner === a ? 2 : 1);
    }
  });

  it('a member made leader while being removed is never left leading a team it left', async () => {
    for (let round = 0; round < 5; round++) {
      const g = await team(`领队${round}`);
      const u = await newUser(20 + round);
      expect(
        (await call('operatorA', 'POST', TEAM_MEMBERS_PATH, { groupId: g, userIds: [u] })).statusCode,
      ).toBe(200);
      const res = await Promise.all([
        call('operatorA', 'PUT', TEAM_LEADER_PATH, { groupId: g, leaderUserId: u }),
        call('operatorA', 'DELETE', `${TEAM_PATH}/${g}/${u}`, undefined),
      ]);
      for (const r of res) expect(r.statusCode, r.body).toBeLessThan(500);
      const row = await t.db
        .selectFrom('teams')
        .select('leader_user_id')
        .where('id', '=', g)
        .executeTakeFirstOrThrow();
      const member = await t.db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', g)
        .execute();
      if (row.leader_user_id !== null) expect(member.map((m) => m.user_id)).toContain(row.leader_user_id);
    }
  });
});

describe('telemetry keys', () => {
  const KEY_PATH = '/api/user/account/secretKey';
  it('20 parallel key creations of one account leave exactly one live key', async () => {
    const res = await parallel(N, (i) => call('makerA', 'PUT', KEY_PATH, { vid: `race-a-${i}` }));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    const { account_id } = await accountOf('13800000003');
    const live = await t.db
      .selectFrom('account_keys')
      .select('vid')
      .where('account_id', '=', account_id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('one vid claimed by two accounts at once goes to one; the other gets 409 vidTaken', async () => {
    for (let round = 0; round < 5; round++) {
      const vid = `race-shared-${round}`;
      const res = await Promise.all([
        call('makerA', 'PUT', KEY_PATH, { vid }),
        call('makerB', 'PUT', KEY_PATH, { vid }),
      ]);
      expect(statuses(res), res.map((r) => r.body).join('\n')).toEqual([200, 409]);
      losers(res, 'This vid is already in use');
    }
  });
});
