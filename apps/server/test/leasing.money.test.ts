/**
 * Leasing money through the real app on the demo data (sandbox provider): balances, QR recharges
 * paid on the sandbox page (exactly once), corrections, balance locks released by a recharge, the
 * bill lists, and who may call what (401 / 403 / 404). The ledger stays balanced throughout.
 */
import {
  type AmountAnswer,
  MAX_RECHARGE_MAJOR,
  PAY_PATHS,
  RENTAL_PATHS,
  type RechargeRow,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/messages.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';
import {
  accountId,
  balance,
  demoClient,
  freeDrones,
  leaseDirect,
  MAKER_A,
  OPERATOR_A,
} from './leasing.kit.ts';

const PHONES = {
  makerA: '13800000003',
  makerB: '13800000004',
  operatorA: '13800000005',
  operatorB: '13800000006',
  leaseManager: '13800000008',
} as const;
type Role = keyof typeof PHONES;
type Method = 'GET' | 'POST';

let t: TestApp;
const auth = {} as Record<Role, Record<string, string>>;
const ids = {} as Record<'makerA' | 'makerB' | 'operatorA' | 'operatorB', number>;
let clientId: number;

function call(role: Role | null, method: Method, url: string, q?: object, lang?: string) {
  return t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(q ?? {}).map(([k, v]) => [k, String(v)])) }
      : q === undefined
        ? {}
        : { payload: q }),
  });
}
async function data<T>(role: Role, method: Method, url: string, q?: object): Promise<T> {
  const res = await call(role, method, url, q);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return body(res).data as T;
}

/** Opens a recharge as `role`; answers its number and the sandbox signature from the QR text. */
async function openRecharge(role: Role, amount: number, who: object) {
  const res = await call(role, 'POST', RENTAL_PATHS.wxQrCode, { amount, ...who });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const outTradeNo = String(res.headers['x-out-trade-no']);
  expect(outTradeNo).toMatch(/^LR\d{24}$/);
  const row = await t.db
    .selectFrom('lease_recharges')
    .selectAll()
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirstOrThrow();
  const url = new URL(row.code_url as string);
  expect(url.pathname).toBe(`/pay/sandbox/${outTradeNo}`);
  return { outTradeNo, sig: url.searchParams.get('sig') as string, row };
}

const sandboxGet = (no: string, sig: string) =>
  t.app.inject({ method: 'GET', url: `${PAY_PATHS.sandbox}/${no}`, query: { sig } });
const sandboxPost = (no: string, sig: string) =>
  t.app.inject({ method: 'POST', url: `${PAY_PATHS.sandbox}/${no}`, payload: { sig } });

async function ledgerBalanced() {
  const off = await sql<{ txn_id: string }>`
    SELECT txn_id FROM lease_ledger GROUP BY txn_id, currency HAVING sum(amount_minor) <> 0`.execute(t.db);
  expect(off.rows).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, phone] of Object.entries(PHONES)) auth[role as Role] = (await signInWith(t, phone)).auth;
  ids.makerA = await accountId(t, MAKER_A);
  ids.operatorA = await accountId(t, OPERATOR_A);
  ids.makerB = await accountId(t, '云禾航空科技有限公司');
  ids.operatorB = await accountId(t, '绿野植保服务队');
  ({ clientId } = await demoClient(t, { creditLimitMinor: 0 }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('who may call', () => {
  const calls: Array<[Method, string, object]> = [
    ['GET', RENTAL_PATHS.rechargeRecord, {}],
    ['GET', RENTAL_PATHS.deductionRecord, {}],
    ['GET', RENTAL_PATHS.amount, {}],
    ['POST', RENTAL_PATHS.wxQrCode, { amount: 1 }],
    ['GET', RENTAL_PATHS.rechargeState, { outTradeNo: 'LR202611250000000000000000' }],
    ['POST', RENTAL_PATHS.adjust, { accountId: 1, amount: 1, reason: 'x' }],
  ];
  it('401 without a session, 403 for roles without BillList (operator B, maker B without a lease model)', async () => {
    for (const [m, url, q] of calls) {
      expect((await call(null, m, url, q)).statusCode, url).toBe(401);
      expect((await call('operatorB', m, url, q)).statusCode, url).toBe(403);
      expect((await call('makerB', m, url, q)).statusCode, url).toBe(403);
    }
  });

  it("404 for another lessor's client or a lessor the tenant does not lease from; a tenant may not correct (403)", async () => {
    const other = { accountId: ids.operatorB };
    for (const [m, url, q] of [
      ['GET', RENTAL_PATHS.rechargeRecord, other],
      ['GET', RENTAL_PATHS.deductionRecord, other],
      ['GET', RENTAL_PATHS.amount, other],
      ['POST', RENTAL_PATHS.wxQrCode, { amount: 1, ...other }],
      ['POST', RENTAL_PATHS.adjust, { amount: 1, reason: 'x', ...other }],
    ] as Array<[Method, string, object]>) {
      expect((await call('makerA', m, url, q)).statusCode, url).toBe(404);
      expect((await call('leaseManager', m, url, q)).statusCode, url).toBe(404);
    }
    const notMine = { zzAccountId: ids.makerB };
    for (const [m, url, q] of [
      ['GET', RENTAL_PATHS.rechargeRecord, notMine],
      ['GET', RENTAL_PATHS.deductionRecord, notMine],
      ['GET', RENTAL_PATHS.amount, notMine],
      ['POST', RENTAL_PATHS.wxQrCode, { amount: 1, ...notMine }],
    ] as Array<[Method, string, object]>)
      expect((await call('operatorA', m, url, q)).statusCode, url).toBe(404);
    const adj = await call('operatorA', 'POST', RENTAL_PATHS.adjust, {
      accountId: ids.makerA,
      amount: 1,
      reason: 'x',
    });
    expect(adj.statusCode).toBe(403);
    // An unknown recharge number is 404 to everyone.
    expect(
      (await call('makerA', 'GET', RENTAL_PATHS.rechargeState, { outTradeNo: 'LR202611250000000000000000' }))
        .statusCode,
    ).toBe(404);
  });

  it('malformed input is a 400, never a 500', async () => {
    const who = { accountId: ids.operatorA };
    for (const amount of [0, -1, MAX_RECHARGE_MAJOR + 1, 1.234, 'x'])
      expect(
        (await call('makerA', 'POST', RENTAL_PATHS.wxQrCode, { amount, ...who })).statusCode,
        String(amount),
      ).toBe(400);
    expect((await call('makerA', 'POST', RENTAL_PATHS.wxQrCode, { amount: 1 })).statusCode).toBe(400);
    expect((await call('makerA', 'GET', RENTAL_PATHS.rechargeState, { outTradeNo: 'x' })).statusCode).toBe(
      400,
    );
    expect((await call('makerA', 'GET', RENTAL_PATHS.rechargeRecord, { status: 9 })).statusCode).toBe(400);
    expect((await call('makerA', 'GET', RENTAL_PATHS.deductionRecord, { kind: 1 })).statusCode).toBe(400);
    for (const b of [
      { amount: 0, reason: 'x' },
      { amount: 1, reason: '' },
      { amount: 1, reason: 'x'.repeat(201) },
    ])
      expect((await call('makerA', 'POST', RENTAL_PATHS.adjust, { ...b, ...who })).statusCode).toBe(400);
    expect((await sandboxGet('LR202611250000000000000000', 'nothex')).statusCode).toBe(400);
  });

  it('an unactivated client cannot be recharged (a translated 400)', async () => {
    await t.db.updateTable('lease_clients').set({ active_status: 1 }).where('id', '=', clientId).execute();
    const res = await call(
      'makerA',
      'POST',
      RENTAL_PATHS.wxQrCode,
      { amount: 1, accountId: ids.operatorA },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(translate('leaseRechargeInactive', 'en'));
    await t.db.updateTable('lease_clients').set({ active_status: 2 }).where('id', '=', clientId).execute();
  });
});

describe('sandbox recharge', () => {
  it('QR PNG, the sandbox page, paid once; a second confirmation is a duplicate and changes nothing', async () => {
    const before = await balance(t, clientId);
    const { outTradeNo, sig, row } = await openRecharge('operatorA', 12.5, { zzAccountId: ids.makerA });
    expect(row).toMatchObject({ amount_minor: 1250, status: 1, provider: 'sandbox', client_id: clientId });
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(7_100_000);

    expect((await sandboxGet(outTradeNo, 'f'.repeat(64))).statusCode).toBe(403);
    const info = await sandboxGet(outTradeNo, sig);
    expect(info.statusCode, info.body).toBe(200);
    expect(body(info).data).toMatchObject({
      outTradeNo,
      amount: 1250,
      currency: 'CNY',
      status: 1,
      payee: MAKER_A,
      payer: OPERATOR_A,
    });
    expect(await data('operatorA', 'GET', RENTAL_PATHS.rechargeState, { outTradeNo })).toMatchObject({
      status: 1,
      amount: 1250,
    });

    expect((await sandboxPost(outTradeNo, 'f'.repeat(64))).statusCode).toBe(403);
    const paid = await sandboxPost(outTradeNo, sig);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(body(paid).data).toMatchObject({ outcome: 'paid', status: 2 });
    expect(await balance(t, clientId)).toBe(before + 1250);
    const entries = await t.db.selectFrom('lease_ledger').select('id').execute();

    const again = await sandboxPost(outTradeNo, sig);
    expect(body(again).data).toMatchObject({ outcome: 'duplicate', status: 2 });
    expect(await balance(t, clientId)).toBe(before + 1250);
    expect((await t.db.selectFrom('lease_ledger').select('id').execute()).length).toBe(entries.length);

    const state = await data<{ status: number; paidAt: number }>(
      'makerA',
      'GET',
      RENTAL_PATHS.rechargeState,
      { outTradeNo },
    );
    expect(state.status).toBe(2);
    expect(state.paidAt).toBeGreaterThan(0);
    const notices = await t.db
      .selectFrom('lease_payment_notices')
      .select(['outcome', 'verified'])
      .where('out_trade_no', '=', outTradeNo)
      .orderBy('id')
      .execute();
    expect(notices).toEqual([
      { outcome: 'paid', verified: true },
      { outcome: 'duplicate', verified: true },
    ]);
    const logs = await t.db
      .selectFrom('system_logs')
      .select(['action', 'account_id', 'result'])
      .where('target', '=', `outTradeNo=${outTradeNo}`)
      .orderBy('id')
      .execute();
    expect(
      logs
        .filter((l) => l.action === 'leasePaymentReceived')
        .map((l) => l.account_id)
        .sort(),
    ).toEqual([ids.makerA, ids.operatorA].sort());
    // Request rows carry "METHOD /pattern" (AUDIT_ACTIONS names them: leaseSandboxPay, leaseRechargeQr).
    const pageRows = logs.filter((l) => l.action === `POST ${PAY_PATHS.sandbox}/:outTradeNo`);
    expect(pageRows.map((l) => [l.result, l.account_id])).toEqual([
      [403, null],
      [200, ids.operatorA],
      [200, ids.operatorA],
    ]);
    expect(logs.filter((l) => l.action === `POST ${RENTAL_PATHS.wxQrCode}`)).toHaveLength(1);

    // Both sides see it in the recharge list; the status filter works.
    for (const [role, q] of [
      ['makerA', {}],
      ['leaseManager', { accountId: ids.operatorA }],
      ['operatorA', {}],
      ['operatorA', { zzAccountId: ids.makerA, status: 2 }],
    ] as Array<[Role, object]>) {
      const page = await data<{ records: RechargeRow[]; total: number }>(
        role,
        'GET',
        RENTAL_PATHS.rechargeRecord,
        q,
      );
      expect(
        page.records.find((r) => r.outTradeNo === outTradeNo),
        role,
      ).toMatchObject({
        accountId: ids.operatorA,
        accountName: OPERATOR_A,
        zzAccountId: ids.makerA,
        zzAccountName: MAKER_A,
        amount: 1250,
        currency: 'CNY',
        status: 2,
      });
    }
    expect(
      (await data<{ total: number }>('makerA', 'GET', RENTAL_PATHS.rechargeRecord, { status: 3 })).total,
    ).toBe(0);
    await ledgerBalanced();
  });

  it('a client locked for its balance is unlocked by a recharge (drone row, unlock command)', async () => {
    const [drone] = await freeDrones(t, 1);
    await leaseDirect(t, { clientId, lessor: ids.makerA, client: ids.operatorA }, drone as string);
    const now = await balance(t, clientId);
    // A correction takes the balance to -1.00: the leased drone is locked.
    const adj = await data<{ balance: number }>('makerA', 'POST', RENTAL_PATHS.adjust, {
      accountId: ids.operatorA,
      amount: -(now + 100) / 100,
      reason: 'test correction',
    });
    expect(adj.balance).toBe(-100);
    const lockedRow = await t.db
      .selectFrom('drones')
      .select(['locked', 'lock_reason'])
      .where('drone_id', '=', drone as string)
      .executeTakeFirstOrThrow();
    expect(lockedRow).toEqual({ locked: true, lock_reason: 'balance' });
    const a = await data<AmountAnswer>('operatorA', 'GET', RENTAL_PATHS.amount, {});
    // The demo leases operator A some drones already: they are locked too.
    expect(a).toMatchObject({ balance: -100, currency: 'CNY', creditLimit: 0, locked: true });
    expect(a.lockedDrones).toContain(drone);
    expect(a.events[0]).toMatchObject({ locked: true, balance: -100, cause: 'adjustment' });
    expect(a.events[0]?.droneIds).toEqual(a.lockedDrones);

    const { outTradeNo, sig } = await openRecharge('makerA', 5, { accountId: ids.operatorA });
    expect(body(await sandboxPost(outTradeNo, sig)).data).toMatchObject({ outcome: 'paid' });
    const after = await t.db
      .selectFrom('drones')
      .select(['locked', 'lock_reason'])
      .where('drone_id', '=', drone as string)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ locked: false, lock_reason: null });
    const cmds = await t.db
      .selectFrom('drone_commands')
      .select('type')
      .where('drone_id', '=', drone as string)
      .orderBy('id')
      .execute();
    expect(cmds.map((c) => c.type)).toEqual(['lock', 'unlock']);
    const b = await data<AmountAnswer>('makerA', 'GET', RENTAL_PATHS.amount, { accountId: ids.operatorA });
    expect(b).toMatchObject({ balance: 400, locked: false, lockedDrones: [] });
    expect(b.events.map((e) => [e.locked, e.cause])).toEqual([
      [false, 'recharge'],
      [true, 'adjustment'],
    ]);
    const adjLog = await t.db
      .selectFrom('system_logs')
      .select(['result', 'target'])
      .where('action', '=', `POST ${RENTAL_PATHS.adjust}`)
      .where('result', '=', 200)
      .execute();
    expect(adjLog).toEqual([{ result: 200, target: `accountId=${ids.operatorA}` }]);
    await ledgerBalanced();
  });

  it('deductions: both sides read the charges, newest first, filtered by kind and time', async () => {
    const lease = await t.db
      .selectFrom('leases')
      .select(['id', 'drone_id'])
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    const at = Date.now() - 3_600_000;
    for (const [kind, start, day] of [
      [2, at, null],
      [3, at + 1000, '2026-11-24'],
    ] as Array<[number, number, string | null]>)
      await t.db
        .insertInto('lease_charges')
        .values({
          kind,
          sortie_id: kind === 2 ? 990001 : null,
          fee_day: day,
          lease_id: lease.id,
          client_id: clientId,
          lessor_account_id: ids.makerA,
          client_account_id: ids.operatorA,
          drone_id: lease.drone_id,
          start_time: new Date(start),
          end_time: new Date(start + 600_000),
          area_mu: kind === 2 ? 3.5 : 0,
          duration_s: kind === 2 ? 600 : 0,
          lease_model: 1,
          amount_minor: kind === 2 ? 1750 : 3000,
          currency: 'CNY',
        })
        .execute();
    for (const role of ['makerA', 'leaseManager', 'operatorA'] as Role[]) {
      const page = await data<{
        records: Array<{ kind: number; amount: number; accountName: string }>;
        total: number;
      }>(role, 'GET', RENTAL_PATHS.deductionRecord, {});
      expect(page.total, role).toBe(2);
      expect(page.records.map((r) => [r.kind, r.amount])).toEqual([
        [3, 3000],
        [2, 1750],
      ]);
      expect(page.records[0]?.accountName).toBe(OPERATOR_A);
    }
    expect(
      (await data<{ total: number }>('makerA', 'GET', RENTAL_PATHS.deductionRecord, { kind: 2 })).total,
    ).toBe(1);
    expect(
      (
        await data<{ total: number }>('operatorA', 'GET', RENTAL_PATHS.deductionRecord, {
          startTime: at + 500,
        })
      ).total,
    ).toBe(1);
    expect(
      (await data<{ total: number }>('makerA', 'GET', RENTAL_PATHS.deductionRecord, { endTime: at - 1 }))
        .total,
    ).toBe(0);
  });

  it("maker B as a lessor sees none of maker A's money; its recharge is 404 to maker A and operator A", async () => {
    await t.db.updateTable('accounts').set({ lease_model: 1 }).where('id', '=', ids.makerB).execute();
    const c = await t.db
      .insertInto('lease_clients')
      .values({ manufacturer_account_id: ids.makerB, client_account_id: ids.operatorB, active_status: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await data<{ total: number }>('makerB', 'GET', RENTAL_PATHS.rechargeRecord, {})).total).toBe(0);
    expect((await data<{ total: number }>('makerB', 'GET', RENTAL_PATHS.deductionRecord, {})).total).toBe(0);
    expect((await call('makerB', 'GET', RENTAL_PATHS.amount, { accountId: ids.operatorA })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call('makerB', 'POST', RENTAL_PATHS.adjust, {
          accountId: ids.operatorA,
          amount: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const { outTradeNo, sig } = await openRecharge('makerB', 1, { accountId: ids.operatorB });
    expect((await call('makerA', 'GET', RENTAL_PATHS.rechargeState, { outTradeNo })).statusCode).toBe(404);
    expect((await call('operatorA', 'GET', RENTAL_PATHS.rechargeState, { outTradeNo })).statusCode).toBe(404);
    expect((await call('makerB', 'GET', RENTAL_PATHS.rechargeState, { outTradeNo })).statusCode).toBe(200);
    // A signature of one recharge does not open another.
    const mine = await openRecharge('makerA', 1, { accountId: ids.operatorA });
    expect((await sandboxGet(outTradeNo, mine.sig)).statusCode).toBe(403);
    expect((await sandboxPost(outTradeNo, mine.sig)).statusCode).toBe(403);
    expect(await balance(t, c.id)).toBe(0);
    expect((await sandboxGet(outTradeNo, sig)).statusCode).toBe(200);
  });

  it('a pending recharge past its expiry is closed when its state is asked for', async () => {
    const { outTradeNo } = await openRecharge('makerA', 2, { accountId: ids.operatorA });
    await t.db
      .updateTable('lease_recharges')
      .set({ created_at: new Date(Date.now() - 3 * 3_600_000), expires_at: new Date(Date.now() - 3_600_000) })
      .where('out_trade_no', '=', outTradeNo)
      .execute();
    expect(await data('operatorA', 'GET', RENTAL_PATHS.rechargeState, { outTradeNo })).toMatchObject({
      status: 3,
    });
    await ledgerBalanced();
  });
});
