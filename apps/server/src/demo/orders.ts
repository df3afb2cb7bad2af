/**
 * The demo's service-fee orders and invoices (OrderList, InvoiceList) in every state the orders
 * module has: paid (a first year and a renewal), unpaid, unpaid with a payment under way, cancelled;
 * invoices applied for and issued. Made through the orders service and its payment code as the
 * console makes them: orders created by the manufacturer's administrator, paid by a sandbox
 * confirmation through applyPayment (the payment, its ledger entries and the system-log row), the
 * invoice applied for with the account's invoice info, issued by the platform.
 */
import { invoiceInfoBody, ORDER_CURRENCY, ORDER_YEARLY_FEE_MINOR, wallClock } from '@agrifleet/domain';
import pino from 'pino';
import { createInvoicesRepo } from '../modules/orders/invoices.repo.ts';
import { createOrdersRepo } from '../modules/orders/orders.repo.ts';
import { type Actor, createOrdersService } from '../modules/orders/orders.service.ts';
import { createPaymentsRepo } from '../modules/orders/payments.repo.ts';
import { createOrderPayments } from '../modules/orders/payments.service.ts';
import { createAudit } from '../platform/audit.ts';
import type { Db } from '../platform/db.ts';
import { paymentsFrom } from '../platform/payments/fromEnv.ts';

export interface DemoOrdersOptions {
  timeZone: string;
  /** The console's JWT secret: the sandbox code of the order left paying must verify on its page. */
  jwtSecret: string;
  /** The console's address, in the sandbox code's URL. */
  origin: string;
}

/** What a manufacturer's orders look like: per drone, the years ordered and what became of them. */
type Fate = 'paid' | 'unpaid' | 'paying' | 'cancelled';
const PLAN: Array<{ drone: number; yearOffset: number; fate: Fate }> = [
  { drone: 0, yearOffset: -1, fate: 'paid' },
  { drone: 0, yearOffset: 0, fate: 'paid' },
  { drone: 1, yearOffset: 0, fate: 'paid' },
  { drone: 2, yearOffset: 0, fate: 'unpaid' },
  { drone: 3, yearOffset: 0, fate: 'paying' },
  { drone: 4, yearOffset: 0, fate: 'cancelled' },
];

const INVOICE_INFO = (name: string, taxNum: string, getter: string) => ({
  ticketType: 1 as const,
  busiName: name,
  taxNum,
  regAddress: null,
  contactPhone: null,
  bank: null,
  bankAccount: null,
  getterPhone: '13700000099',
  getterName: getter,
  getterAddress: '江苏省南京市玄武区中山路 1 号',
});

export async function seedDemoOrders(
  db: Db,
  makers: Array<{ accountId: number; userId: number; name: string; taxNum: string }>,
  platformUserId: number,
  o: DemoOrdersOptions,
) {
  const logger = pino({ level: 'silent' });
  const audit = createAudit(db, logger);
  const payments = paymentsFrom({ PAYMENT_PROVIDER: 'sandbox' }, 'orders', {
    jwtSecret: o.jwtSecret,
    production: false,
    allowSandboxProviders: true,
  });
  const pay = createOrderPayments({ db, repo: createPaymentsRepo(db), payments, audit, logger });
  const invoices = createInvoicesRepo(db);
  const svc = createOrdersService({
    repo: createOrdersRepo(db),
    invoices,
    payments: pay,
    fee: { amountMinor: ORDER_YEARLY_FEE_MINOR, currency: ORDER_CURRENCY },
    timeZone: o.timeZone,
  });
  const year = wallClock(Date.now(), o.timeZone).y;
  let orders = 0;
  let tickets = 0;
  for (const [m, maker] of makers.entries()) {
    const a: Actor = { userId: maker.userId, accountId: maker.accountId, platform: false };
    const drones = await svc.drones(a);
    const paid: number[] = [];
    for (const p of PLAN) {
      const drone = drones[p.drone];
      if (!drone) continue;
      const order = await svc.create(a, { droneId: drone.droneId, year: year + p.yearOffset });
      orders++;
      if (p.fate === 'cancelled') await svc.cancel(a, order.orderSn);
      if (p.fate === 'paid' || p.fate === 'paying') {
        const started = await svc.pay(a, order.orderSn, o.origin);
        if (p.fate === 'paid' && started.payment) {
          const outcome = await pay.applyPayment({
            outTradeNo: started.payment.outTradeNo,
            provider: started.payment.provider,
            providerTxnId: `sandbox-${started.payment.outTradeNo}`,
          });
          if (outcome !== 'paid') throw new Error(`demo order ${order.orderSn}: ${outcome}`);
          paid.push(order.orderId);
        }
      }
    }
    // The invoice info, then invoices: the first paid order's issued by the platform (the first
    // manufacturer), the others' applied for and waiting.
    await invoices.saveInvoiceInfo(
      maker.accountId,
      maker.userId,
      invoiceInfoBody.parse(INVOICE_INFO(maker.name, maker.taxNum, '财务部')),
    );
    const groups = m === 0 ? [paid.slice(0, 1), paid.slice(1)] : [paid];
    for (const [g, ids] of groups.entries()) {
      if (!ids.length) continue;
      const invoice = await svc.apply(a, ids);
      tickets++;
      if (m === 0 && g === 0)
        await svc.advanceInvoice({ userId: platformUserId, accountId: 0, platform: true }, invoice.ticketId);
    }
  }
  return { orders, invoices: tickets };
}
