/**
 * Orders and invoices (/api/user/order, /api/user/invoice) through the real app on the demo data:
 * 401 without a session; 403 for the government, an operator and platform staff (no OrderList or
 * InvoiceList screen); another manufacturer's order or drone is not found (404); the platform may
 * not pay another account's order (403) nor may a manufacturer advance an invoice (403); bad input
 * answers 4xx in the caller's language. Behaviour: fee in integer minor units, one order per drone
 * and year unless cancelled (409), sandbox payment with its append-only ledger, renewal type,
 * invoice info validation, invoices only for the caller's paid orders, the platform's status step.
 */
import {
  INVOICE_APPLY_PATH,
  INVOICE_INFO_PATH,
  INVOICE_LIST_PATH,
  INVOICE_STATUS_PATH,
  type InvoicePage,
  type InvoiceRow,
  ORDER_CANCEL_PATH,
  ORDER_CREATE_PATH,
  ORDER_CURRENCY,
  ORDER_DETAIL_PATH,
  ORDER_DRONES_PATH,
  ORDER_LIST_PATH,
  ORDER_PAY_PATH,
  ORDER_PAYMENT_PATH,
  ORDER_SANDBOX_PATH,
  ORDER_YEARLY_FEE_MINOR,
  type OrderPage,
  type OrderPayAnswer,
  type OrderRow,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicesRepo } from '../src/modules/orders/invoices.repo.ts';
import { createOrdersRepo } from '../src/modules/orders/orders.repo.ts';
import { createOrdersService } from '../src/modules/orders/orders.service.ts';
import { createPaymentsRepo } from '../src/modules/orders/payments.repo.ts';
import { createOrderPayments } from '../src/modules/orders/payments.service.ts';
import { yearlyFeeFrom } from '../src/modules/orders/payments.ts';
import { createAudit } from '../src/platform/audit.ts';
import { AppError } from '../src/platform/errors.ts';
import { paymentProviderName, paymentsFrom } from '../src/platform/payments/fromEnv.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const drones: Record<'a' | 'b', string[]> = { a: [], b: [] };
/** This year of the statistics time zone (the test app's STAT_TIMEZONE, Asia/Shanghai). */
const YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(Date.now()),
);
const SN = '202601010000000001';

type Method = 'GET' | 'PUT' | 'POST';
async function call(role: string | null, method: Method, url: string, payload?: unknown, lang?: 'en' | 'zh') {
  return t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const data = <T>(res: Awaited<ReturnType<typeof call>>) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return body(res).data as T;
};
const create = (role: string, droneId: string, year = YEAR) =>
  call(role, 'POST', ORDER_CREATE_PATH, { droneId, year });
/** Expects a 4xx with the same message key in en and zh: returns both texts. */
async function refused(status: number, role: string, method: Method, url: string, payload?: unknown) {
  const en = await call(role, method, url, payload, 'en');
  const zh = await call(role, method, url, payload, 'zh');
  expect(en.statusCode, en.body).toBe(status);
  expect(zh.statusCode).toBe(status);
  return { en: body(en).message, zh: body(zh).message };
}

const INFO = {
  ticketType: 1,
  busiName: '极翼植保无人机有限公司',
  taxNum: '91320100MA1X2Y3W4K',
  getterPhone: '13800000003',
  getterName: '王会计',
  getterAddress: '江苏省南京市江宁区 1 号',
};

/** Every call, with a valid shape, for the 401 and 403 sweeps. */
const EVERY: [Method, string, unknown?][] = [
  ['GET', ORDER_LIST_PATH],
  ['GET', ORDER_DRONES_PATH],
  ['POST', ORDER_CREATE_PATH, { droneId: 'JYP26000000', year: YEAR }],
  ['GET', `${ORDER_DETAIL_PATH}/${SN}`],
  ['POST', `${ORDER_PAY_PATH}/${SN}`],
  ['GET', `${ORDER_PAYMENT_PATH}/${SN}`],
  ['POST', `${ORDER_CANCEL_PATH}/${SN}`],
  ['GET', INVOICE_INFO_PATH],
  ['PUT', INVOICE_INFO_PATH, INFO],
  ['POST', INVOICE_APPLY_PATH, { orderIds: [1] }],
  ['GET', INVOICE_LIST_PATH],
  ['PUT', `${INVOICE_STATUS_PATH}/1`],
];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const fleet = await fleetCallers(t);
  Object.assign(auth, fleet.auth);
  Object.assign(ids, fleet.ids);
  auth.staff = (await signInWith(t, '13800000009')).auth;
  for (const [k, maker] of [
    ['a', 'makerA'],
    ['b', 'makerB'],
  ] as const) {
    const rows = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids[maker] as number)
      .orderBy('drone_id')
      .limit(6)
      .execute();
    drones[k] = rows.map((r) => r.drone_id);
  }
  expect(drones.a.length).toBeGreaterThan(4);
  expect(drones.b.length).toBeGreaterThan(1);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('refuses every call without a session (401)', async () => {
    for (const [method, url, payload] of EVERY) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses the government, an operator and platform staff (403)', async () => {
    for (const role of ['government', 'operatorA', 'staff', 'leaseManager'])
      for (const [method, url, payload] of EVERY) {
        const res = await call(role, method, url, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });
});

describe('orders', () => {
  let first: OrderRow;

  it('creates the yearly fee order of its own drone, in integer minor units', async () => {
    first = data<OrderRow>(await create('makerA', drones.a[0] as string));
    expect(first).toMatchObject({
      droneId: drones.a[0],
      year: YEAR,
      orderType: 1,
      status: 1,
      amount: ORDER_YEARLY_FEE_MINOR,
      currency: ORDER_CURRENCY,
      accountId: ids.makerA,
      ticketId: null,
      paidAt: null,
    });
    expect(Number.isInteger(first.amount)).toBe(true);
    expect(first.orderSn).toMatch(/^\d{18}$/);
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('order_sn', '=', first.orderSn)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: ids.makerA, amount_minor: ORDER_YEARLY_FEE_MINOR });
    const log = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM system_logs WHERE target = ${`orderSn=${first.orderSn}`}`.execute(t.db);
    expect(Number(log.rows[0]?.n)).toBe(1);
  });

  it('refuses a second order for the same drone and year (409), in en and zh', async () => {
    const m = await refused(409, 'makerA', 'POST', ORDER_CREATE_PATH, { droneId: drones.a[0], year: YEAR });
    expect(m.en).toBe(`Drone ${drones.a[0]} already has an order for ${YEAR} (not cancelled)`);
    expect(m.zh).toContain('已存在');
  });

  it('does not find another maker’s drone (404) and refuses bad input (400)', async () => {
    const m = await refused(404, 'makerA', 'POST', ORDER_CREATE_PATH, { droneId: drones.b[0], year: YEAR });
    expect(m.en).toContain('is not one of yours');
    expect(m.zh).toContain('不属于本账户');
    const far = await refused(400, 'makerA', 'POST', ORDER_CREATE_PATH, {
      droneId: drones.a[1],
      year: YEAR + 9,
    });
    expect(far.en).toBe(`The service year must be between ${YEAR - 1} and ${YEAR + 5}`);
    expect(far.zh).toContain('服务年份');
    for (const bad of [
      { droneId: 'a b', year: YEAR },
      { droneId: drones.a[1], year: 2026.5 },
      { droneId: drones.a[1], year: '2026' },
      { droneId: drones.a[1], year: YEAR, orderType: 3 },
      { year: YEAR },
    ]) {
      const r = await refused(400, 'makerA', 'POST', ORDER_CREATE_PATH, bad);
      expect(r.en).toMatch(/^Invalid value for /);
      expect(r.zh).toMatch(/^参数 .* 有误$/);
    }
  });

  it('lets the platform create an order for any drone, billed to its manufacturer', async () => {
    const o = data<OrderRow>(await create('platform', drones.b[0] as string));
    expect(o).toMatchObject({ accountId: ids.makerB, accountName: '云禾航空科技有限公司', status: 1 });
  });

  it('shows the detail to its account and the platform only', async () => {
    const url = `${ORDER_DETAIL_PATH}/${first.orderSn}`;
    expect(data<OrderRow>(await call('makerA', 'GET', url)).orderSn).toBe(first.orderSn);
    expect(data<OrderRow>(await call('platform', 'GET', url)).accountId).toBe(ids.makerA);
    const m = await refused(404, 'makerB', 'GET', url);
    expect(m.en).toBe('Order not found');
    expect(m.zh).toBe('订单不存在');
    await refused(400, 'makerA', 'GET', `${ORDER_DETAIL_PATH}/12345`);
  });

  it('lists each account its own and the platform all, with the filters', async () => {
    const mine = data<OrderPage>(await call('makerA', 'GET', ORDER_LIST_PATH));
    expect(mine.records.map((r) => r.accountId)).toEqual([ids.makerA]);
    const all = data<OrderPage>(await call('platform', 'GET', ORDER_LIST_PATH));
    expect(all.total).toBe(2);
    const b = data<OrderPage>(await call('platform', 'GET', `${ORDER_LIST_PATH}?droneId=${drones.b[0]}`));
    expect(b.records.map((r) => r.accountId)).toEqual([ids.makerB]);
    const sn = data<OrderPage>(await call('platform', 'GET', `${ORDER_LIST_PATH}?orderSn=${first.orderSn}`));
    expect(sn.total).toBe(1);
    expect(data<OrderPage>(await call('makerA', 'GET', `${ORDER_LIST_PATH}?status=2`)).total).toBe(0);
    expect(data<OrderPage>(await call('makerA', 'GET', `${ORDER_LIST_PATH}?year=${YEAR + 1}`)).total).toBe(0);
    await refused(400, 'makerA', 'GET', `${ORDER_LIST_PATH}?status=7`);
    await refused(400, 'makerA', 'GET', `${ORDER_LIST_PATH}?year=abc`);
    const ds = data<{ droneId: string }[]>(await call('makerA', 'GET', ORDER_DRONES_PATH));
    expect(ds.length).toBeGreaterThan(0);
    expect(ds.every((d) => drones.b.indexOf(d.droneId) < 0)).toBe(true);
  });

  it('pays in the sandbox: paid once, with a payment and ledger entries that sum to zero', async () => {
    const url = `${ORDER_PAY_PATH}/${first.orderSn}`;
    expect((await call('makerB', 'POST', url)).statusCode).toBe(404);
    // The platform sees the order but does not pay for another account.
    expect((await call('platform', 'POST', url)).statusCode).toBe(403);
    // Paying starts a payment: the order stays unpaid until the provider (here its page) confirms.
    const started = data<OrderPayAnswer>(await call('makerA', 'POST', url));
    expect(started).toMatchObject({ status: 1, paidAt: null, payment: { provider: 'sandbox' } });
    const pay = started.payment as NonNullable<OrderPayAnswer['payment']>;
    expect(pay.qr).toMatch(/^data:image\/png;base64,/);
    expect(pay.sandboxUrl).toBe(pay.codeUrl);
    const sig = new URL(pay.codeUrl).searchParams.get('sig') as string;
    expect(
      data<{ status: number }>(await call('makerA', 'GET', `${ORDER_PAYMENT_PATH}/${first.orderSn}`)).status,
    ).toBe(1);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${ORDER_SANDBOX_PATH}/${pay.outTradeNo}`,
      payload: { sig },
    });
    expect(body(confirmed).data).toMatchObject({ outcome: 'paid', status: 2 });
    const paid = data<OrderRow>(await call('makerA', 'GET', `${ORDER_DETAIL_PATH}/${first.orderSn}`));
    expect(paid).toMatchObject({ status: 2, paymentProvider: 'sandbox' });
    expect(paid.paymentRef).toMatch(/^sandbox-/);
    expect(paid.paidAt).toBeGreaterThan(0);
    const again = await refused(409, 'makerA', 'POST', url);
    expect(again.en).toBe(`Order ${first.orderSn} is not awaiting payment`);
    const ledger = await sql<{ book: string; sum: number }>`
      SELECT book, sum(amount_minor) AS sum FROM order_ledger GROUP BY book ORDER BY book`.execute(t.db);
    expect(ledger.rows).toEqual([
      { book: `account:${ids.makerA}`, sum: -ORDER_YEARLY_FEE_MINOR },
      { book: 'platform:serviceFees', sum: ORDER_YEARLY_FEE_MINOR },
    ]);
    await expect(sql`DELETE FROM order_ledger`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE order_payments SET amount_minor = 1`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it('makes the next year a renewal (type 2) and cancels an unpaid order, freeing its year', async () => {
    const next = data<OrderRow>(await create('makerA', drones.a[0] as string, YEAR + 1));
    expect(next.orderType).toBe(2);
    const m = await refused(400, 'makerA', 'POST', ORDER_CREATE_PATH, {
      droneId: drones.a[2],
      year: YEAR,
      orderType: 2,
    });
    expect(m.en).toContain('must be 1');
    const url = `${ORDER_CANCEL_PATH}/${next.orderSn}`;
    expect((await call('makerB', 'POST', url)).statusCode).toBe(404);
    expect(data<OrderRow>(await call('makerA', 'POST', url)).status).toBe(3);
    expect((await call('makerA', 'POST', url)).statusCode).toBe(409);
    expect((await call('makerA', 'POST', `${ORDER_PAY_PATH}/${next.orderSn}`)).statusCode).toBe(409);
    expect(data<OrderRow>(await create('makerA', drones.a[0] as string, YEAR + 1)).status).toBe(1);
  });
});

describe('invoices', () => {
  it('keeps invoice info per account, validated', async () => {
    expect(data(await call('makerA', 'GET', INVOICE_INFO_PATH))).toBeNull();
    const tax = await refused(400, 'makerA', 'PUT', INVOICE_INFO_PATH, { ...INFO, taxNum: '12345' });
    expect(tax.en).toBe('Invalid value for taxNum');
    expect(tax.zh).toBe('参数 taxNum 有误');
    const phone = await refused(400, 'makerA', 'PUT', INVOICE_INFO_PATH, { ...INFO, getterPhone: '12ab' });
    expect(phone.en).toBe('Invalid value for getterPhone');
    const special = await refused(400, 'makerA', 'PUT', INVOICE_INFO_PATH, { ...INFO, ticketType: 2 });
    expect(special.en).toBe('Invalid value for regAddress');
    await refused(400, 'makerA', 'PUT', INVOICE_INFO_PATH, { ...INFO, busiName: 'x'.repeat(101) });
    await refused(400, 'makerA', 'PUT', INVOICE_INFO_PATH, { ...INFO, getterName: 'a\u0000b' });
    const saved = data<typeof INFO>(
      await call('makerA', 'PUT', INVOICE_INFO_PATH, { ...INFO, taxNum: '91320100ma1x2y3w4k' }),
    );
    expect(saved).toMatchObject({ ...INFO, regAddress: null, bank: null });
    expect(data(await call('makerA', 'GET', INVOICE_INFO_PATH))).toMatchObject(INFO);
    // Another account has its own (none yet).
    expect(data(await call('makerB', 'GET', INVOICE_INFO_PATH))).toBeNull();
  });

  let invoice: InvoiceRow;
  it('applies only for the caller’s paid orders not yet invoiced', async () => {
    const orders = data<OrderPage>(await call('platform', 'GET', ORDER_LIST_PATH)).records;
    const paidA = orders.find((o) => o.status === 2 && o.accountId === ids.makerA) as OrderRow;
    const unpaidA = orders.find((o) => o.status === 1 && o.accountId === ids.makerA) as OrderRow;
    const ofB = orders.find((o) => o.accountId === ids.makerB) as OrderRow;
    const missing = await refused(400, 'makerB', 'POST', INVOICE_APPLY_PATH, { orderIds: [ofB.orderId] });
    expect(missing.en).toBe('Fill in the invoice info first');
    expect(missing.zh).toBe('请先填写开票信息');
    for (const orderIds of [[unpaidA.orderId], [ofB.orderId], [paidA.orderId, unpaidA.orderId], [99999]]) {
      const m = await refused(400, 'makerA', 'POST', INVOICE_APPLY_PATH, { orderIds });
      expect(m.en).toContain('only be applied for paid orders');
    }
    await refused(400, 'makerA', 'POST', INVOICE_APPLY_PATH, { orderIds: [] });
    await refused(400, 'makerA', 'POST', INVOICE_APPLY_PATH, { orderIds: [paidA.orderId, paidA.orderId] });
    await refused(400, 'makerA', 'POST', INVOICE_APPLY_PATH, { orderIds: ['x'] });
    const invoiceable = data<OrderPage>(await call('makerA', 'GET', `${ORDER_LIST_PATH}?invoiceable=1`));
    expect(invoiceable.records.map((r) => r.orderId)).toEqual([paidA.orderId]);

    invoice = data<InvoiceRow>(
      await call('makerA', 'POST', INVOICE_APPLY_PATH, { orderIds: [paidA.orderId] }),
    );
    expect(invoice).toMatchObject({
      ...INFO,
      status: 1,
      amount: ORDER_YEARLY_FEE_MINOR,
      currency: ORDER_CURRENCY,
      orderSns: [paidA.orderSn],
      accountId: ids.makerA,
      issuedAt: null,
    });
    expect(Number.isInteger(invoice.amount)).toBe(true);
    // The copy stays when the info changes.
    await call('makerA', 'PUT', INVOICE_INFO_PATH, { ...INFO, busiName: '新名称' });
    const again = await refused(400, 'makerA', 'POST', INVOICE_APPLY_PATH, { orderIds: [paidA.orderId] });
    expect(again.zh).toContain('已支付且未开票');
    const detail = data<OrderRow>(await call('makerA', 'GET', `${ORDER_DETAIL_PATH}/${paidA.orderSn}`));
    expect(detail.ticketId).toBe(invoice.ticketId);
  });

  it('lists invoices: each account its own, the platform all', async () => {
    const mine = data<InvoicePage>(await call('makerA', 'GET', INVOICE_LIST_PATH));
    expect(mine.records.map((r) => [r.ticketId, r.busiName])).toEqual([[invoice.ticketId, INFO.busiName]]);
    expect(data<InvoicePage>(await call('makerB', 'GET', INVOICE_LIST_PATH)).total).toBe(0);
    expect(data<InvoicePage>(await call('platform', 'GET', INVOICE_LIST_PATH)).total).toBe(1);
    expect(data<InvoicePage>(await call('platform', 'GET', `${INVOICE_LIST_PATH}?status=2`)).total).toBe(0);
    await refused(400, 'platform', 'GET', `${INVOICE_LIST_PATH}?status=9`);
  });

  it('lets only the platform advance the status: 1 applied -> 2 issued', async () => {
    const url = `${INVOICE_STATUS_PATH}/${invoice.ticketId}`;
    const m = await refused(403, 'makerA', 'PUT', url);
    expect(m.en).toBe('You do not have permission to do this');
    expect(m.zh).toBe('没有权限执行此操作');
    expect(data(await call('platform', 'PUT', url))).toEqual({ ticketId: invoice.ticketId, status: 2 });
    const row = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoice.ticketId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
    expect(row.issued_at).not.toBeNull();
    const twice = await refused(409, 'platform', 'PUT', url);
    expect(twice.en).toBe('The invoice has already been issued');
    const gone = await refused(404, 'platform', 'PUT', `${INVOICE_STATUS_PATH}/99999`);
    expect(gone.zh).toBe('发票不存在');
    await refused(400, 'platform', 'PUT', `${INVOICE_STATUS_PATH}/abc`);
    await refused(400, 'platform', 'PUT', `${INVOICE_STATUS_PATH}/0`);
  });
});

describe('payment provider and fee', () => {
  it('takes the provider and the fee from the environment, refusing what it cannot use', () => {
    const cfg = { jwtSecret: 's', production: false, allowSandboxProviders: false };
    expect(paymentsFrom({}, 'orders', cfg).active.name).toBe('sandbox');
    expect(paymentProviderName({ PAYMENT_PROVIDER: 'wechatpay' }, 'orders')).toBe('wechatpay');
    expect(
      paymentProviderName({ PAYMENT_PROVIDER: 'wechatpay', ORDER_PAYMENT_PROVIDER: 'sandbox' }, 'orders'),
    ).toBe('sandbox');
    expect(() => paymentsFrom({ ORDER_PAYMENT_PROVIDER: 'paypal' }, 'orders', cfg)).toThrow(
      /Unknown ORDER_PAYMENT_PROVIDER/,
    );
    const fallback = { amountMinor: ORDER_YEARLY_FEE_MINOR, currency: ORDER_CURRENCY };
    expect(yearlyFeeFrom({}, fallback)).toEqual(fallback);
    expect(yearlyFeeFrom({ ORDER_YEARLY_FEE_MINOR: '50000', ORDER_CURRENCY: 'USD' }, fallback)).toEqual({
      amountMinor: 50000,
      currency: 'USD',
    });
    for (const bad of ['12.5', '-1', '0', 'abc'])
      expect(() => yearlyFeeFrom({ ORDER_YEARLY_FEE_MINOR: bad }, fallback)).toThrow(/positive integer/);
    expect(() => yearlyFeeFrom({ ORDER_CURRENCY: 'yuan' }, fallback)).toThrow(/ISO 4217/);
  });

  it("reads this year in the statistics time zone (issue 21): 17:00 UTC on 31 December is next year's", async () => {
    const svc = createOrdersService({
      repo: createOrdersRepo(t.db),
      invoices: createInvoicesRepo(t.db),
      payments: null as never, // refused before any payment
      fee: { amountMinor: 12345, currency: 'CNY' },
      timeZone: t.config.statTimeZone,
    });
    const a = { userId: 0, accountId: ids.makerA as number, platform: false };
    const eve = new Date(Date.UTC(2026, 11, 31, 17));
    await expect(svc.create(a, { droneId: drones.a[1] as string, year: 2025 }, eve)).rejects.toMatchObject({
      params: { min: 2026, max: 2032 },
    });
  });

  it('leaves an order unpaid, with no payment, ledger row or attempt, when the provider does not open it (503)', async () => {
    const sandbox = paymentsFrom({}, 'orders', {
      jwtSecret: 's',
      production: false,
      allowSandboxProviders: false,
    });
    const down = {
      ...sandbox,
      active: {
        ...sandbox.active,
        createOrder: async () => {
          throw new Error('provider down');
        },
      },
    };
    const svc = createOrdersService({
      repo: createOrdersRepo(t.db),
      invoices: createInvoicesRepo(t.db),
      payments: createOrderPayments({
        db: t.db,
        repo: createPaymentsRepo(t.db),
        payments: down,
        audit: createAudit(t.db),
        logger: pino({ level: 'silent' }),
      }),
      fee: { amountMinor: 12345, currency: 'CNY' },
      timeZone: t.config.statTimeZone,
    });
    const a = { userId: 0, accountId: ids.makerA as number, platform: false };
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', a.accountId)
      .executeTakeFirstOrThrow();
    a.userId = user.id;
    const order = await svc.create(a, { droneId: drones.a[3] as string, year: YEAR });
    expect(order.amount).toBe(12345);
    const before = await t.db.selectFrom('order_ledger').select('id').execute();
    const err = await svc.pay(a, order.orderSn, 'http://localhost').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((await svc.detail(a, order.orderSn)).status).toBe(1);
    expect(await t.db.selectFrom('order_ledger').select('id').execute()).toHaveLength(before.length);
    const row = await t.db
      .selectFrom('orders')
      .select(['pay_attempt', 'pay_code_url'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pay_attempt: 0, pay_code_url: null });
    const payments = await t.db
      .selectFrom('order_payments')
      .select('id')
      .where('order_id', '=', order.orderId)
      .execute();
    expect(payments).toEqual([]);
  });
});
