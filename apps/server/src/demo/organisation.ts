/**
 * The demo's people and paperwork: pilots and teams of the company operators (TeamList), a
 * sub-company of the leasing manufacturer (SubCompanyList), and applications waiting for review:
 * two registrations and a modification for the platform (AccountApplyList), people asking to join
 * the manufacturer and an operator (UserApplyList; the manufacturer's administrator reviews its own).
 * Written through the modules' repositories, as the console's calls write them.
 */
import { parseAccount, type RegBody, regBody } from '@agrifleet/domain';
import { createAccountsWrite } from '../modules/accounts/accounts.write.ts';
import { createUserAppliesRepo } from '../modules/approvals/userApplies.repo.ts';
import { createAuthRepo } from '../modules/auth/auth.repo.ts';
import { createMembersRepo } from '../modules/members/members.repo.ts';
import { createTeamsRepo } from '../modules/teams/teams.repo.ts';
import type { Db } from '../platform/db.ts';

/** Staff users (pilots) of an operator, in teams; the first of each team leads it. */
export const DEMO_TEAMS: Record<string, Array<{ groupName: string; pilots: Array<[string, string]> }>> = {
  'operator-a': [
    {
      groupName: '一队（水稻）',
      pilots: [
        ['刘洋', '13700000101'],
        ['黄磊', '13700000102'],
      ],
    },
    {
      groupName: '二队（小麦）',
      pilots: [
        ['何静', '13700000103'],
        ['高峰', '13700000104'],
        ['罗军', '13700000105'],
      ],
    },
  ],
  'operator-b': [
    {
      groupName: '机动队',
      pilots: [
        ['郑凯', '13700000111'],
        ['梁晨', '13700000112'],
      ],
    },
  ],
};

/** The sub-company of maker-a and its administrator (signs in with the demo password). */
export const DEMO_SUB_COMPANY = {
  accountName: '极翼植保无人机有限公司新疆分公司',
  contactName: '马超',
  phone: '13700000201',
};

const phone = (p: string) => {
  const parsed = parseAccount(p, '86');
  if (parsed?.kind !== 'phone') throw new Error(`demo phone ${p}`);
  return parsed;
};

export async function seedDemoTeams(db: Db, accounts: Map<string, number>, passwordHash: string) {
  const members = createMembersRepo(db);
  const teams = createTeamsRepo(db);
  let made = 0;
  for (const [key, list] of Object.entries(DEMO_TEAMS)) {
    const accountId = accounts.get(key) as number;
    for (const team of list) {
      const ids: number[] = [];
      for (const [userName, p] of team.pilots)
        ids.push(
          await members.create({
            accountId,
            userType: 3,
            userName,
            countryCode: '86',
            phone: p,
            passwordHash,
            teamType: null,
          }),
        );
      const groupId = await teams.create(accountId, team.groupName);
      const { elsewhere } = await teams.add(groupId, ids);
      if (elsewhere.length) throw new Error(`demo team ${team.groupName}: ${elsewhere.join(', ')}`);
      await teams.setLeader(groupId, ids[0] as number);
      made++;
    }
  }
  return made;
}

export async function seedDemoSubCompany(db: Db, parentId: number, passwordHash: string) {
  const { accountId } = await createAccountsWrite(db).create(
    {
      info: {
        accountName: DEMO_SUB_COMPANY.accountName,
        contactName: DEMO_SUB_COMPANY.contactName,
        contactPhone: DEMO_SUB_COMPANY.phone,
        province: '新疆维吾尔自治区',
        contactAddress: '新疆维吾尔自治区石河子市北四东路 18 号',
      },
      accountType: 3,
      operatorType: null,
      vipLevel: 0,
      canCreateSub: false,
      rules: { province: null, city: null, county: null },
      parentId,
      catalogLevel: 2,
      tag: null,
    },
    { name: DEMO_SUB_COMPANY.contactName, login: phone(DEMO_SUB_COMPANY.phone), passwordHash },
  );
  return accountId;
}

const REGISTRATIONS: Array<Omit<RegBody, 'password' | 'verifyCode'> & { phoneNum: string }> = [
  {
    phoneNum: '13700000301',
    accountType: 3,
    operatorType: '1',
    commitWay: '1',
    accountName: '翔农智能装备有限公司',
    legal: '唐宇',
    creditCode: '91320100MA1XYZ1234',
    contactName: '唐宇',
    contactPhone: '13700000301',
    province: '江苏省',
    contactAddress: '江苏省常州市武进区湖塘镇 66 号',
  },
  {
    phoneNum: '13700000302',
    accountType: 4,
    operatorType: '1',
    commitWay: '1',
    accountName: '田园飞防服务社',
    legal: '许亮',
    contactName: '许亮',
    contactPhone: '13700000302',
    province: '安徽省',
    contactAddress: '安徽省宿州市埇桥区 9 号',
  },
];

const JOINS: Array<{ account: string; userName: string; phone: string }> = [
  { account: 'maker-a', userName: '韩雪', phone: '13700000401' },
  { account: 'maker-a', userName: '冯涛', phone: '13700000402' },
  { account: 'operator-a', userName: '邓超', phone: '13700000403' },
];

/**
 * Applications waiting for review: registrations (their accounts unreviewed, as a sign-up leaves
 * them), operator-b's modification of its details, and people asking to join accounts.
 */
export async function seedDemoApplications(db: Db, accounts: Map<string, number>, passwordHash: string) {
  const auth = createAuthRepo(db);
  for (const r of REGISTRATIONS)
    await auth.register(
      regBody.parse({ ...r, password: 'x', verifyCode: 'x' }),
      phone(r.phoneNum),
      passwordHash,
      'zh',
    );
  const operatorB = accounts.get('operator-b') as number;
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', operatorB)
    .where('user_type', '=', 1)
    .executeTakeFirstOrThrow();
  await createAccountsWrite(db).submitInfo(
    operatorB,
    admin.id,
    {
      accountName: '绿野植保服务队',
      contactName: '孙丽',
      contactPhone: '13800000006',
      province: '江苏省',
      contactAddress: '江苏省盐城市亭湖区新洋路 28 号',
    },
    'zh',
    true,
  );
  const joins = createUserAppliesRepo(db);
  for (const j of JOINS)
    await joins.create({
      accountId: accounts.get(j.account) as number,
      userName: j.userName,
      phoneCountry: '86',
      phone: j.phone,
      passwordHash,
      lang: 'zh',
    });
  return { accountApplies: REGISTRATIONS.length + 1, userApplies: JOINS.length };
}
