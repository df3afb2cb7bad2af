/**
 * Teams (/api/user/team: list, create, name, delete, members, leader, remove member, add members,
 * selectable) through the real app on the demo data: 401 without a session; 403 for staff, the
 * lease manager, the platform and a manufacturer (no TeamList), the personal operator (hidden) and
 * a writer without manageTeam; another account's team is not found (404) and its users cannot be
 * added (400); bad input answers 4xx translated (en and zh); one team per user; the leader is a member.
 */
import {
  TEAM_LEADER_PATH,
  TEAM_LIST_PATH,
  TEAM_MEMBERS_PATH,
  TEAM_NAME_PATH,
  TEAM_PATH,
  TEAM_SELECTABLE_PATH,
  type TeamMember,
  type TeamRow,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const PHONES = {
  platform: '13800000001',
  makerA: '13800000003',
  operatorA: '13800000005',
  operatorB: '13800000006',
  personal: '13800000007',
  leaseManager: '13800000008',
  staff: '13800000009',
} as const;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (role: string | null, method: Method, url: string, payload?: unknown, lang?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function addUser(ofPhone: string, phone: string, userType: number, name: string) {
  const admin = await t.db
    .selectFrom('users')
    .select(['account_id', 'password_hash'])
    .where('phone', '=', ofPhone)
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

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ids.pilot1 = await addUser(PHONES.operatorA, '13700000101', 3, '飞手一');
  ids.pilot2 = await addUser(PHONES.operatorA, '13700000102', 3, '飞手二');
  ids.bizA = await addUser(PHONES.operatorA, '13700000103', 5, '业务甲');
  ids.staffA = await addUser(PHONES.operatorA, '13700000104', 3, '员工甲');
  ids.pilotB = await addUser(PHONES.operatorB, '13700000201', 3, '飞手乙');
  for (const [role, phone] of Object.entries(PHONES)) auth[role] = (await signInWith(t, phone)).auth;
  auth.bizA = (await signInWith(t, '13700000103')).auth;
  auth.staffA = (await signInWith(t, '13700000104')).auth;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ENDPOINTS: [Method, string, unknown?][] = [
  ['GET', TEAM_LIST_PATH],
  ['POST', TEAM_PATH, { groupName: 'x' }],
  ['PUT', TEAM_NAME_PATH, { groupId: 1, groupName: 'y' }],
  ['DELETE', `${TEAM_PATH}/1`],
  ['GET', `${TEAM_MEMBERS_PATH}/1`],
  ['PUT', TEAM_LEADER_PATH, { groupId: 1, leaderUserId: 1 }],
  ['DELETE', `${TEAM_PATH}/1/1`],
  ['POST', TEAM_MEMBERS_PATH, { groupId: 1, userIds: [1] }],
  ['GET', `${TEAM_SELECTABLE_PATH}/1`],
];

describe('teams: who may call', () => {
  it('answers 401 without a session, for every call', async () => {
    for (const [m, url, p] of ENDPOINTS)
      expect((await call(null, m, url, p)).statusCode, `${m} ${url}`).toBe(401);
  });

  it('refuses staff, the lease manager, the platform, a manufacturer and the personal operator (403)', async () => {
    for (const role of ['staff', 'staffA', 'leaseManager', 'platform', 'makerA', 'personal']) {
      for (const [m, url, p] of ENDPOINTS)
        expect((await call(role, m, url, p)).statusCode, `${role} ${m} ${url}`).toBe(403);
    }
  });
});

describe('teams: the flow', () => {
  it('creates, lists, renames; a name twice is 409; bad input 400 in en and zh', async () => {
    const res = await call('operatorA', 'POST', TEAM_PATH, { groupName: '一队' });
    expect(res.statusCode, res.body).toBe(200);
    ids.team = (body(res).data as { groupId: number }).groupId;
    // A business admin manages teams too (manageTeam).
    const biz = await call('bizA', 'POST', TEAM_PATH, { groupName: '二队' });
    expect(biz.statusCode, biz.body).toBe(200);
    ids.team2 = (body(biz).data as { groupId: number }).groupId;
    const dup = await call('operatorA', 'POST', TEAM_PATH, { groupName: '一队' }, 'en');
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('A team with this name already exists');
    const en = await call('operatorA', 'POST', TEAM_PATH, { groupName: '   ' }, 'en');
    const zh = await call('operatorA', 'POST', TEAM_PATH, { groupName: 'x'.repeat(51) }, 'zh');
    expect([en.statusCode, zh.statusCode]).toEqual([400, 400]);
    expect(body(en).message).toMatch(/[A-Za-z]/);
    expect(body(zh).message).toMatch(/[\u4e00-\u9fff]/);
    expect(
      (await call('operatorA', 'PUT', TEAM_NAME_PATH, { groupId: ids.team, groupName: '飞防一队' }))
        .statusCode,
    ).toBe(200);
    const list = body(await call('operatorA', 'GET', TEAM_LIST_PATH)).data as TeamRow[];
    expect(list.map((r) => r.groupName)).toEqual(['飞防一队', '二队']);
    expect(body(await call('operatorB', 'GET', TEAM_LIST_PATH)).data).toEqual([]);
  });

  it('adds members of the account only, one team per user; selectable are those in no team', async () => {
    const sel = body(await call('operatorA', 'GET', `${TEAM_SELECTABLE_PATH}/${ids.team}`))
      .data as TeamMember[];
    expect(sel.map((u) => u.userId)).toEqual(expect.arrayContaining([ids.pilot1, ids.pilot2]));
    expect(sel.some((u) => u.userId === ids.pilotB)).toBe(false);
    const add = await call('operatorA', 'POST', TEAM_MEMBERS_PATH, {
      groupId: ids.team,
      userIds: [ids.pilot1, ids.pilot2],
    });
    expect(add.statusCode, add.body).toBe(200);
    const rows = await t.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', ids.team as number)
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([ids.pilot1, ids.pilot2]);
    const other = await call(
      'operatorA',
      'POST',
      TEAM_MEMBERS_PATH,
      { groupId: ids.team, userIds: [ids.pilotB] },
      'en',
    );
    expect(other.statusCode).toBe(400);
    expect(body(other).message).toBe('Only members of your account can be added');
    const twice = await call(
      'operatorA',
      'POST',
      TEAM_MEMBERS_PATH,
      { groupId: ids.team2, userIds: [ids.pilot1] },
      'zh',
    );
    expect(twice.statusCode).toBe(409);
    expect(body(twice).message).toContain('飞手一');
    const after = body(await call('operatorA', 'GET', `${TEAM_SELECTABLE_PATH}/${ids.team2}`))
      .data as TeamMember[];
    expect(after.some((u) => u.userId === ids.pilot1)).toBe(false);
    expect(
      (await call('operatorA', 'POST', TEAM_MEMBERS_PATH, { groupId: ids.team, userIds: [] })).statusCode,
    ).toBe(400);
  });

  it('sets the leader among the members; the list and members show it', async () => {
    const notMember = await call(
      'operatorA',
      'PUT',
      TEAM_LEADER_PATH,
      { groupId: ids.team, leaderUserId: ids.bizA },
      'en',
    );
    expect(notMember.statusCode).toBe(400);
    expect(body(notMember).message).toBe('The leader must be a member of the team');
    expect(
      (await call('operatorA', 'PUT', TEAM_LEADER_PATH, { groupId: ids.team, leaderUserId: ids.pilot1 }))
        .statusCode,
    ).toBe(200);
    const members = body(await call('operatorA', 'GET', `${TEAM_MEMBERS_PATH}/${ids.team}`))
      .data as TeamMember[];
    expect(members.map((m) => [m.userId, m.leader])).toEqual([
      [ids.pilot1, true],
      [ids.pilot2, false],
    ]);
    expect(members[0]?.phone).toBe('137*****101');
    const team = (body(await call('operatorA', 'GET', TEAM_LIST_PATH)).data as TeamRow[]).find(
      (r) => r.groupId === ids.team,
    );
    expect([team?.leaderUserId, team?.leaderName, team?.memberCount]).toEqual([ids.pilot1, '飞手一', 2]);
  });

  it("another account's team is not found (404) for every call, and stays unchanged", async () => {
    const g = ids.team as number;
    const calls: [Method, string, unknown?][] = [
      ['PUT', TEAM_NAME_PATH, { groupId: g, groupName: 'hijack' }],
      ['DELETE', `${TEAM_PATH}/${g}`],
      ['GET', `${TEAM_MEMBERS_PATH}/${g}`],
      ['PUT', TEAM_LEADER_PATH, { groupId: g, leaderUserId: ids.pilot2 }],
      ['DELETE', `${TEAM_PATH}/${g}/${ids.pilot1}`],
      ['POST', TEAM_MEMBERS_PATH, { groupId: g, userIds: [ids.pilotB] }],
      ['GET', `${TEAM_SELECTABLE_PATH}/${g}`],
    ];
    for (const [m, url, p] of calls) {
      const res = await call('operatorB', m, url, p, 'en');
      expect(res.statusCode, `${m} ${url}`).toBe(404);
      expect(body(res).message).toBe('Team not found');
    }
    const row = await t.db
      .selectFrom('teams')
      .select(['group_name', 'leader_user_id'])
      .where('id', '=', g)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ group_name: '飞防一队', leader_user_id: ids.pilot1 });
  });

  it('removes a member (its lead too) and deletes a team, its members free again', async () => {
    expect((await call('operatorA', 'DELETE', `${TEAM_PATH}/${ids.team}/${ids.bizA}`)).statusCode).toBe(404);
    expect((await call('operatorA', 'DELETE', `${TEAM_PATH}/${ids.team}/${ids.pilot1}`)).statusCode).toBe(
      200,
    );
    const row = await t.db
      .selectFrom('teams')
      .select('leader_user_id')
      .where('id', '=', ids.team as number)
      .executeTakeFirstOrThrow();
    expect(row.leader_user_id).toBeNull();
    expect((await call('operatorA', 'DELETE', `${TEAM_PATH}/${ids.team}`)).statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('team_members')
        .select('user_id')
        .where('user_id', '=', ids.pilot2 as number)
        .execute(),
    ).toEqual([]);
    expect((await call('operatorA', 'DELETE', `${TEAM_PATH}/${ids.team}`)).statusCode).toBe(404);
    expect((await call('operatorA', 'DELETE', `${TEAM_PATH}/x`)).statusCode).toBe(400);
  });
});
