/**
 * Issue 20 item 4: an order is paid only when the payment provider confirms it. POST pay starts a
 * payment (the sandbox's QR code, handed out again while good); the order stays unpaid until the
 * provider's signed notification, an order query, or the sandbox page confirms; ten confirmations at
 * once pay it exactly once (one payment, two ledger entries, one system-log row); forged or unknown
 * ones change nothing and are logged; a payment under way cannot be cancelled. Access of the new
 * payment state call: 401, wrong role, other tenant.
 */
import {
  ORDER_CANCEL_PATH,
  ORDER_CREATE_PATH,
  ORDER_DETAIL_PATH,
  ORDER_NOTIFY_PATH,
  ORDER_PAY_PATH,
  ORDER_PAYMENT_PATH,
  ORDER_SANDBOX_PATH,
  ORDER_STATUS,
  type OrderPayAnswer,
  type OrderPayment,
  type OrderPaymentState,
  type OrderRow,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsRepo } from '../src/modules/orders/payments.repo.ts';
import { createOrderPayments } from '../src/modules/orders/payments.service.ts';
import { createAudit } from '../src/platform/audit.ts';
import type { Payments } from '../src/platform/payments/fromEnv.ts';
import type { PaymentProvider } from '../src/platform/payments/provider.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
let dronesA: string[] = [];
const YEAR = new Date().getUTCFullYear();

type Method = 'GET' | 'POST';
const call = (role: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: role ? auth[role] : {}, ...(payload ? { payload } : {}) });
const data = <T>(res: Awaited<ReturnType<typeof call>>) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return body(res).data as T;
};

let next = 0;
async function newOrder(): Promise<OrderRow> {
  return data<OrderRow>(
    await call('makerA', 'POST', ORDER_CREATE_PATH, { droneId: dronesA[next++], year: YEAR }),
  );
}
async function startPay(orderSn: string): Promise<OrderPayment> {
  const r = data<OrderPayAnswer>(await call('makerA', 'POST', `${ORDER_PAY_PATH}/${orderSn}`));
  expect(r.status).toBe(ORDER_STATUS.unpaid);
  return r.payment as OrderPayment;
}
const sigOf = (p: OrderPayment) => new URL(p.codeUrl).searchParams.get('sig') as string;
const statusOf = async (orderSn: string) =>
  data<OrderRow>(await call('makerA', 'GET', `${ORDER_DETAIL_PATH}/${orderSn}`)).status;
const notify = (provider: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${ORDER_NOTIFY_PATH}/${provider}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const countOf = async (q: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await q.execute(t.db)).rows[0]?.n);
const paymentsOf = (orderId: number) =>
  countOf(sql<{ n: string }>`SELECT count(*) AS n FROM order_payments WHERE order_id = ${orderId}`);
const ledgerOf = (orderId: number) =>
  countOf(sql<{ n: string }>`
    SELECT count(*) AS n FROM order_ledger l JOIN order_payments p ON p.id = l.payment_id WHERE p.order_id = ${orderId}`);
const logRows = (action: string, target: string) =>
  countOf(
    sql<{ n: string }>`SELECT count(*) AS n FROM system_logs WHERE action = ${action} AND target = ${target}`,
  );

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const fleet = await fleetCallers(t);
  Object.assign(auth, fleet.auth);
  Object.assign(ids, fleet.ids);
  auth.staff = (await signInWith(t, '13800000009')).auth;
  const rows = await t.db
    .selectFrom('drones')
    .select('drone_id')
    .where('zz_account_id', '=', ids.makerA as number)
    .orderBy('drone_id')
    .limit(8)
    .execute();
  dronesA = rows.map((r) => r.drone_id);
  expect(dronesA.length).toBeGreaterThan(6);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('an order is paid only when the provider confirms', () => {
  it('starts a payment (the order stays unpaid), hands the same code out again, and pays on confirmation', async () => {
    const order = await newOrder();
    const p = await startPay(order.orderSn);
    expect(p).toMatchObject({ provider: 'sandbox', outTradeNo: `OR${order.orderSn}01` });
    expect(p.sandboxUrl).toBe(p.codeUrl);
    expect(new URL(p.codeUrl).pathname).toBe(`/pay/sandbox/${p.outTradeNo}`);
    expect(p.expiresAt).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(await statusOf(order.orderSn)).toBe(ORDER_STATUS.unpaid);
    expect(await paymentsOf(order.orderId)).toBe(0);
    // Asked again while the code is good: the same code, no second attempt.
    expect((await startPay(order.orderSn)).outTradeNo).toBe(p.outTradeNo);
    const state = data<OrderPaymentState>(
      await call('makerA', 'GET', `${ORDER_PAYMENT_PATH}/${order.orderSn}`),
    );
    expect(state).toMatchObject({ status: 1, outTradeNo: p.outTradeNo, paidAt: null });

    // A forged signature, a signature of another order, an unknown attempt: nothing changes.
    const forged = await t.app.inject({
      method: 'POST',
      url: `${ORDER_SANDBOX_PATH}/${p.outTradeNo}`,
      payload: { sig: 'a'.repeat(64) },
    });
    expect(forged.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${ORDER_SANDBOX_PATH}/OR${order.orderSn}02`,
      payload: { sig: sigOf(p) },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await notify('sandbox', { outTradeNo: p.outTradeNo, sig: 'b'.repeat(64) });
    expect(bad.statusCode).toBe(401);
    expect(await logRows('orderPaymentRefused', `outTradeNo=${p.outTradeNo}`)).toBe(0);
    const refusedRows = await countOf(
      sql<{ n: string }>`SELECT count(*) AS n FROM system_logs WHERE action = 'orderPaymentRefused'`,
    );
    expect(refusedRows).toBeGreaterThan(0);
    expect(await statusOf(order.orderSn)).toBe(ORDER_STATUS.unpaid);

    // The page shows the order, then confirms it.
    const info = await t.app.inject({
      method: 'GET',
      url: `${ORDER_SANDBOX_PATH}/${p.outTradeNo}`,
      query: { sig: sigOf(p) },
    });
    expect(body(info).data).toMatchObject({ outTradeNo: p.outTradeNo, amount: order.amount, status: 1 });
    const paid = await t.app.inject({
      method: 'POST',
      url: `${ORDER_SANDBOX_PATH}/${p.outTradeNo}`,
      payload: { sig: sigOf(p) },
    });
    expect(body(paid).data).toMatchObject({ outcome: 'paid', status: 2 });
    const after = data<OrderRow>(await call('makerA', 'GET', `${ORDER_DETAIL_PATH}/${order.orderSn}`));
    expect(after).toMatchObject({
      status: 2,
      paymentProvider: 'sandbox',
      paymentRef: `sandbox-${p.outTradeNo}`,
    });
    expect(await logRows('orderPaymentReceived', `orderSn=${order.orderSn}`)).toBe(1);
    expect((await call('makerA', 'POST', `${ORDER_PAY_PATH}/${order.orderSn}`)).statusCode).toBe(409);
  });

  it('ten notifications at once pay the order exactly once', async () => {
    const order = await newOrder();
    const p = await startPay(order.orderSn);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => notify('sandbox', { outTradeNo: p.outTradeNo, sig: sigOf(p) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await statusOf(order.orderSn)).toBe(ORDER_STATUS.paid);
    expect(await paymentsOf(order.orderId)).toBe(1);
    expect(await ledgerOf(order.orderId)).toBe(2);
    expect(await logRows('orderPaymentReceived', `orderSn=${order.orderSn}`)).toBe(1);
    // Replayed later: a duplicate, still once.
    expect((await notify('sandbox', { outTradeNo: p.outTradeNo, sig: sigOf(p) })).statusCode).toBe(200);
    expect(await paymentsOf(order.orderId)).toBe(1);
    const sums = await sql<{ sum: string }>`
      SELECT sum(l.amount_minor) AS sum FROM order_ledger l JOIN order_payments p ON p.id = l.payment_id
      WHERE p.order_id = ${order.orderId}`.execute(t.db);
    expect(Number(sums.rows[0]?.sum)).toBe(0);
  });

  it('ten sandbox confirmations at once: one pays, nine are duplicates', async () => {
    const order = await newOrder();
    const p = await startPay(order.orderSn);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `${ORDER_SANDBOX_PATH}/${p.outTradeNo}`,
          payload: { sig: sigOf(p) },
        }),
      ),
    );
    const outcomes = answers.map((a) => (body(a).data as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual(['duplicate', ...Array(8).fill('duplicate'), 'paid'].sort());
    expect(await paymentsOf(order.orderId)).toBe(1);
    expect(await logRows('orderPaymentReceived', `orderSn=${order.orderSn}`)).toBe(1);
  });

  it('five pay calls at once start one payment attempt', async () => {
    const order = await newOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('makerA', 'POST', `${ORDER_PAY_PATH}/${order.orderSn}`)),
    );
    const nos = new Set(answers.map((a) => data<OrderPayAnswer>(a).payment?.outTradeNo));
    expect([...nos]).toEqual([`OR${order.orderSn}01`]);
    const row = await t.db
      .selectFrom('orders')
      .select('pay_attempt')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row.pay_attempt).toBe(1);
  });

  it('refuses to cancel an order while its payment can still be made; after expiry it cancels', async () => {
    const order = await newOrder();
    await startPay(order.orderSn);
    const url = `${ORDER_CANCEL_PATH}/${order.orderSn}`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth.makerA, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toMatch(
      new RegExp(`^A payment of order ${order.orderSn} is under way until .* UTC`),
    );
    await t.db
      .updateTable('orders')
      .set({ pay_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.orderId)
      .execute();
    expect(data<OrderRow>(await call('makerA', 'POST', url)).status).toBe(ORDER_STATUS.cancelled);
  });

  it('pays an order whose notification never came when the provider, asked, says paid', async () => {
    const order = await newOrder();
    const said = new Map<string, 'paid' | 'pending'>();
    const fake: PaymentProvider = {
      name: 'fakepay',
      currencies: null,
      createOrder: async (o) => ({ codeUrl: `fakepay://${o.outTradeNo}` }),
      queryOrder: async (no) => ({
        state: said.get(no) ?? 'pending',
        providerTxnId: `fp-${no}`,
        amountMinor: order.amount,
        currency: order.currency,
      }),
      verifyNotice: async () => ({ verified: false, reason: 'none' }),
      noticeAnswer: (accepted, status) => ({ status: accepted ? 200 : status, body: {} }),
    };
    const payments: Payments = {
      active: fake,
      sandbox: null,
      byName: (n) => (n === 'fakepay' ? fake : null),
    };
    const pay = createOrderPayments({
      db: t.db,
      repo: createPaymentsRepo(t.db),
      payments,
      audit: createAudit(t.db),
      logger: pino({ level: 'silent' }),
    });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', ids.makerA as number)
      .executeTakeFirstOrThrow();
    const p = (await pay.start(order.orderId, order.orderSn, user.id, 'http://localhost')) as OrderPayment;
    expect(p).toMatchObject({
      provider: 'fakepay',
      codeUrl: `fakepay://OR${order.orderSn}01`,
      sandboxUrl: null,
    });
    // Started a minute ago; the provider says pending: still unpaid.
    await t.db
      .updateTable('orders')
      .set({ pay_expires_at: sql<Date>`now() + interval '29 minutes'` })
      .where('id', '=', order.orderId)
      .execute();
    expect((await pay.state(order.orderSn)).status).toBe(ORDER_STATUS.unpaid);
    said.set(p.outTradeNo, 'paid');
    expect(await pay.queryPending()).toBeGreaterThan(0);
    expect((await pay.state(order.orderSn)).status).toBe(ORDER_STATUS.paid);
    expect(await paymentsOf(order.orderId)).toBe(1);
    expect(await logRows('orderPaymentReceived', `orderSn=${order.orderSn}`)).toBe(1);
  });
});

describe('access to the payment state call', () => {
  it('401 without a session, 403 for roles without the order screen, 404 for another maker', async () => {
    const order = await newOrder();
    const url = `${ORDER_PAYMENT_PATH}/${order.orderSn}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    for (const role of ['government', 'operatorA', 'staff', 'leaseManager'])
      expect((await call(role, 'GET', url)).statusCode, role).toBe(403);
    expect((await call('makerB', 'GET', url)).statusCode).toBe(404);
    expect((await call('makerB', 'POST', `${ORDER_PAY_PATH}/${order.orderSn}`)).statusCode).toBe(404);
    // The platform sees the order's state; it does not pay another account's order.
    expect(data<OrderPaymentState>(await call('platform', 'GET', url)).status).toBe(1);
    expect((await call('platform', 'POST', `${ORDER_PAY_PATH}/${order.orderSn}`)).statusCode).toBe(403);
  });
});
