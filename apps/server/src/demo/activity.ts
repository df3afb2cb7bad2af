/**
 * The demo's activity beside its organisations (issue 21 #10: no screen of a fresh start is empty):
 * saved statistics items, orders and invoices, applications waiting for review, pilots in teams, a
 * sub-company (the anomalies come with the history: anomalies.ts). Runs once, on the database seedDemo has just
 * filled (main.ts on a first start, test/console.ts): an account with stat items already means it ran.
 * The API tests seed the organisations alone (seedDemo) and make the records they count themselves.
 */
import { hashPassword } from '../modules/auth/auth.service.ts';
import type { Db } from '../platform/db.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS } from './accounts.ts';
import { seedDemoOrders } from './orders.ts';
import { seedDemoApplications, seedDemoSubCompany, seedDemoTeams } from './organisation.ts';
import { seedDemoStatItems } from './statItems.ts';

export interface DemoActivityOptions {
  /** The statistics time zone (STAT_TIMEZONE). */
  timeZone: string;
  /** The console's JWT secret (the sandbox code of the order left paying is signed with it). */
  jwtSecret: string;
  /** The console's address (in that sandbox code). */
  origin: string;
}

export interface DemoActivity {
  statItems: number;
  orders: number;
  invoices: number;
  accountApplies: number;
  userApplies: number;
  teams: number;
  subCompanies: number;
  ms: number;
}

/** The demo accounts' ids and their first administrators' user ids, by key. */
export async function demoIds(db: Db) {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['u.id as userId', 'u.phone', 'a.id as accountId', 'a.account_type'])
    .where(
      'u.phone',
      'in',
      DEMO_USERS.map((u) => u.phone),
    )
    .execute();
  const accounts = new Map<string, number>();
  const admins = new Map<string, number>();
  for (const u of DEMO_USERS) {
    const row = rows.find((r) => r.phone === u.phone);
    if (!row) continue;
    accounts.set(u.account, row.accountId);
    if (u.userType === 1 && !admins.has(u.account)) admins.set(u.account, row.userId);
  }
  return { accounts, admins };
}

/** Seeds the activity once; null when it is there already (or the organisations are not). */
export async function seedDemoActivity(db: Db, o: DemoActivityOptions): Promise<DemoActivity | null> {
  const started = Date.now();
  const done = await db.selectFrom('stat_items').select('stat_id').limit(1).executeTakeFirst();
  if (done) return null;
  const { accounts, admins } = await demoIds(db);
  if (!accounts.has('platform')) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  let statItems = 0;
  for (const a of DEMO_ACCOUNTS) {
    const id = accounts.get(a.key);
    const admin = admins.get(a.key);
    if (id !== undefined && admin !== undefined)
      statItems += await seedDemoStatItems(db, { id, type: a.accountType }, admin);
  }
  const makers = [
    { key: 'maker-a', taxNum: '91320100MA1JYKB001' },
    { key: 'maker-b', taxNum: '91320200MA1YHHK002' },
  ].map((m) => ({
    accountId: accounts.get(m.key) as number,
    userId: admins.get(m.key) as number,
    name: DEMO_ACCOUNTS.find((a) => a.key === m.key)?.accountName as string,
    taxNum: m.taxNum,
  }));
  const orders = await seedDemoOrders(db, makers, admins.get('platform') as number, o);
  const teams = await seedDemoTeams(db, accounts, passwordHash);
  await seedDemoSubCompany(db, accounts.get('maker-a') as number, passwordHash);
  const applies = await seedDemoApplications(db, accounts, passwordHash);
  return {
    statItems,
    ...orders,
    ...applies,
    teams,
    subCompanies: 1,
    ms: Date.now() - started,
  };
}
