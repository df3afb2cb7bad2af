/**
 * Issue 21 #10: on a fresh start no demo screen is empty. After the demo's organisations (seedDemo),
 * its activity (seedDemoActivity) and its faulty flights (seedDemoAnomalies), as a first start makes
 * them, each screen's list call answers rows to the demo roles that have the screen, through the API.
 */
import {
  ACCOUNT_PATHS,
  DATASTAT_BASE,
  DATASTAT_ITEM_CALLS,
  INVOICE_LIST_PATH,
  ORDER_LIST_PATH,
  TEAM_LIST_PATH,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/demo/accounts.ts';
import { seedDemoActivity } from '../src/demo/activity.ts';
import { seedDemoAnomalies } from '../src/demo/anomalies.ts';
import { DEMO_SUB_COMPANY, DEMO_TEAMS } from '../src/demo/organisation.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const options = () => ({
  timeZone: t.config.statTimeZone,
  jwtSecret: t.config.jwtSecret,
  origin: 'http://localhost',
});

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoActivity(t.db, options())).not.toBeNull();
  const flown = await seedDemoAnomalies(t.db, { timeZone: t.config.statTimeZone });
  expect(flown.anomalies).toBeGreaterThan(0);
  for (const u of DEMO_USERS) auth[u.phone] = (await signInWith(t, u.phone)).auth;
});
afterAll(async () => {
  await t?.close();
});

async function rows(phone: string, url: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query: { currentPage: '1', pageSize: '50', ...query },
    headers: auth[phone],
  });
  expect(res.statusCode, `${phone} ${url}: ${res.body}`).toBe(200);
  const data = res.json().data;
  return (Array.isArray(data) ? data : data.records) as Array<Record<string, unknown>>;
}

describe('the demo screens have records', () => {
  it('统计列表: saved items for every role with the screen (not the lease manager)', async () => {
    for (const phone of ['01', '02', '03', '04', '05', '06', '07', '09'].map((n) => `138000000${n}`)) {
      const items = await rows(phone, `${DATASTAT_BASE}/${DATASTAT_ITEM_CALLS.list}`);
      expect(items.length, phone).toBeGreaterThanOrEqual(3);
    }
  });

  it('orders in every state and invoices applied for and issued, for the manufacturers and the platform', async () => {
    for (const phone of ['13800000001', '13800000003', '13800000004']) {
      const orders = await rows(phone, ORDER_LIST_PATH);
      expect(new Set(orders.map((o) => o.status)), phone).toEqual(new Set([1, 2, 3]));
      const invoices = await rows(phone, INVOICE_LIST_PATH);
      expect(invoices.length, phone).toBeGreaterThan(0);
    }
    const all = await rows('13800000001', INVOICE_LIST_PATH);
    expect(new Set(all.map((i) => i.status))).toEqual(new Set([1, 2]));
    // A paid order is paid as the app pays it: its payment and ledger entries are there.
    const paid = await t.db.selectFrom('orders').select('id').where('status', '=', 2).execute();
    const payments = await t.db.selectFrom('order_payments').select('order_id').execute();
    expect(payments.map((p) => p.order_id).sort()).toEqual(paid.map((p) => p.id).sort());
    const ledger = await t.db.selectFrom('order_ledger').select('amount_minor').execute();
    expect(ledger).toHaveLength(2 * paid.length);
    expect(ledger.reduce((s, e) => s + Number(e.amount_minor), 0)).toBe(0);
  });

  it('account and user applications wait for the platform; the manufacturer reviews its own', async () => {
    const accounts = await rows('13800000001', '/api/user/account/apply/list', { applyStatus: '1' });
    expect(new Set(accounts.map((a) => a.applyType))).toEqual(new Set([1, 2]));
    const users = await rows('13800000001', '/api/user/user/apply/list', { applyStatus: '1' });
    expect(users.length).toBeGreaterThanOrEqual(3);
    const own = await rows('13800000003', '/api/user/user/apply/list', { applyStatus: '1' });
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(users.length);
  });

  it('teams with members and a leader for the company operators', async () => {
    for (const [phone, key] of [
      ['13800000005', 'operator-a'],
      ['13800000006', 'operator-b'],
    ] as const) {
      const teams = await rows(phone, TEAM_LIST_PATH);
      expect(teams.map((x) => x.groupName).sort(), phone).toEqual(
        (DEMO_TEAMS[key] ?? []).map((x) => x.groupName).sort(),
      );
      for (const team of teams) {
        expect(team.memberCount).toBeGreaterThan(0);
        expect(team.leaderName).toBeTruthy();
      }
    }
  });

  it('a sub-company under 极翼, and its administrator signs in', async () => {
    const subs = await rows('13800000003', ACCOUNT_PATHS.list, { isAll: '0' });
    expect(subs.map((s) => s.accountName)).toContain(DEMO_SUB_COMPANY.accountName);
    expect((await signInWith(t, DEMO_SUB_COMPANY.phone)).auth).toBeTruthy();
  });

  it('anomalies on drones of each operator, raised by the landing rules (types 2 to 5)', async () => {
    const raised = await t.db
      .selectFrom('anomalies')
      .select(['drone_id', 'odd_type', 'yy_account_id', 'sortie_id'])
      .execute();
    expect(new Set(raised.map((a) => a.odd_type))).toEqual(new Set([2, 3, 4, 5]));
    for (const a of raised) expect(a.sortie_id).not.toBeNull();
    for (const phone of ['13800000005', '13800000006', '13800000007', '13800000004']) {
      const { account_id } = await t.db
        .selectFrom('users')
        .select('account_id')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      const drone = raised.find((a) => a.yy_account_id === account_id)?.drone_id;
      expect(drone, phone).toBeDefined();
      const list = await rows(phone, '/api/drone/device/manage/anomalies', { droneId: drone as string });
      expect(list.length, phone).toBeGreaterThan(0);
    }
  });

  it('runs once', async () => {
    expect(await seedDemoActivity(t.db, options())).toBeNull();
    expect(await seedDemoAnomalies(t.db, { timeZone: t.config.statTimeZone })).toEqual({
      sorties: 0,
      anomalies: 0,
    });
  });
});
