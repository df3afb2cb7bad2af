/**
 * Orders and invoices: who sees what (a manufacturer its own account's records, the platform all),
 * the order's number, type and fee, the payment through the configured provider, the invoice info,
 * invoice applications and the platform's status step. Another tenant's record is not found (404);
 * a record the platform sees but does not own (paying another account's order) is forbidden (403).
 */

import { randomInt } from 'node:crypto';
import {
  ErrorCode,
  INVOICE_STATUS,
  type InvoiceInfoValues,
  type InvoiceListQuery,
  ORDER_STATUS,
  ORDER_TYPES,
  type OrderCreateBody,
  type OrderListQuery,
  type OrderPayAnswer,
  type OrderRow,
  wallClock,
} from '@agrifleet/domain';
import { AppError, errors } from '../../platform/errors.ts';
import type { InvoicesRepo } from './invoices.repo.ts';
import type { OrdersRepo, Owner } from './orders.repo.ts';
import type { OrderPayments } from './payments.service.ts';

/** Who acts: the user, its account and whether that account is the platform's. */
export interface Actor {
  userId: number;
  accountId: number;
  platform: boolean;
}

/** A year this far back and ahead of the current one may be ordered. */
export const ORDER_YEARS_BACK = 1;
export const ORDER_YEARS_AHEAD = 5;

const orderNotFound = () => new AppError(404, ErrorCode.notFound, 'orderNotFound');
const ownerOf = (a: Actor): Owner => (a.platform ? null : a.accountId);

/** An order number: the UTC day (YYYYMMDD) and 10 random digits. */
export function newOrderSn(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const digits = `${randomInt(0, 100_000)}`.padStart(5, '0') + `${randomInt(0, 100_000)}`.padStart(5, '0');
  return day + digits;
}

export function createOrdersService(d: {
  repo: OrdersRepo;
  invoices: InvoicesRepo;
  payments: OrderPayments;
  fee: { amountMinor: number; currency: string };
  /** The statistics time zone, whose year "this year" is (the web offers the same years). */
  timeZone: string;
}) {
  /** The order the actor may act on as its payer: another account's (seen by the platform) is 403. */
  async function ownOrder(a: Actor, orderSn: string): Promise<OrderRow> {
    const order = await d.repo.findOrder(ownerOf(a), orderSn);
    if (!order) throw orderNotFound();
    if (order.accountId !== a.accountId) throw errors.forbidden();
    return order;
  }
  const detail = async (a: Actor, orderSn: string) => {
    const order = await d.repo.findOrder(ownerOf(a), orderSn);
    if (!order) throw orderNotFound();
    return order;
  };

  return {
    listOrders: (a: Actor, q: OrderListQuery) => d.repo.listOrders(ownerOf(a), q),
    detail,
    drones: (a: Actor, keyword?: string) => d.repo.drones(ownerOf(a), keyword),

    async create(a: Actor, body: OrderCreateBody, now = new Date()): Promise<OrderRow> {
      const thisYear = wallClock(now.getTime(), d.timeZone).y;
      const min = thisYear - ORDER_YEARS_BACK;
      const max = thisYear + ORDER_YEARS_AHEAD;
      if (body.year < min || body.year > max) throw errors.badRequest('orderYearOutOfRange', { min, max });
      const drone = await d.repo.droneOf(ownerOf(a), body.droneId);
      if (!drone)
        throw new AppError(404, ErrorCode.notFound, 'orderDroneNotFound', { droneId: body.droneId });
      const orderType = (await d.repo.paidBefore(drone.drone_id, body.year))
        ? ORDER_TYPES[1]
        : ORDER_TYPES[0];
      if (body.orderType !== undefined && body.orderType !== orderType)
        throw errors.badRequest('orderTypeMismatch', { orderType });
      for (let attempt = 0; ; attempt++) {
        const orderSn = newOrderSn(now);
        try {
          await d.repo.insertOrder({
            orderSn,
            orderType,
            droneId: drone.drone_id,
            accountId: drone.zz_account_id,
            year: body.year,
            amountMinor: d.fee.amountMinor,
            currency: d.fee.currency,
            userId: a.userId,
          });
          return detail(a, orderSn);
        } catch (err) {
          const e = err as { code?: string; constraint?: string };
          if (e.code !== '23505') throw err;
          if (e.constraint === 'orders_drone_year_uq')
            throw new AppError(409, ErrorCode.conflict, 'orderDuplicate', {
              droneId: drone.drone_id,
              year: body.year,
            });
          // Another order took the same number: draw again (10^10 a day makes this rare).
          if (attempt >= 4) throw err;
        }
      }
    },

    /**
     * Starts the payment of an unpaid order of the caller's account: the order stays unpaid until
     * the provider confirms (payments.service.ts); the answer carries the QR code to pay with (null
     * when a payment made meanwhile was found and the order is paid).
     */
    async pay(a: Actor, orderSn: string, origin: string): Promise<OrderPayAnswer> {
      const order = await ownOrder(a, orderSn);
      if (order.status !== ORDER_STATUS.unpaid)
        throw new AppError(409, ErrorCode.conflict, 'orderNotUnpaid', { orderSn });
      const payment = await d.payments.start(order.orderId, orderSn, a.userId, origin);
      return { ...(await detail(a, orderSn)), payment };
    },

    /** Where the order's payment stands (whoever sees the order; asks the provider when due). */
    async paymentState(a: Actor, orderSn: string) {
      await detail(a, orderSn);
      return d.payments.state(orderSn);
    },

    async cancel(a: Actor, orderSn: string): Promise<OrderRow> {
      const order = await ownOrder(a, orderSn);
      if (!(await d.repo.cancel(order.orderId))) {
        const now = await d.repo.payState(order.orderId);
        if (now.status === ORDER_STATUS.unpaid && now.pay_expires_at)
          throw new AppError(409, ErrorCode.conflict, 'orderPaymentPending', {
            orderSn,
            until: now.pay_expires_at.toISOString().slice(0, 16).replace('T', ' '),
          });
        throw new AppError(409, ErrorCode.conflict, 'orderNotUnpaid', { orderSn });
      }
      return detail(a, orderSn);
    },

    invoiceInfo: (a: Actor) => d.invoices.invoiceInfo(a.accountId),

    async saveInvoiceInfo(a: Actor, v: InvoiceInfoValues) {
      await d.invoices.saveInvoiceInfo(a.accountId, a.userId, v);
      return d.invoices.invoiceInfo(a.accountId);
    },

    async apply(a: Actor, orderIds: number[]) {
      const info = await d.invoices.invoiceInfo(a.accountId);
      if (!info) throw errors.badRequest('invoiceInfoMissing');
      const done = await d.invoices.applyInvoice(a.accountId, a.userId, orderIds, info);
      if (done === 'invalid') throw errors.badRequest('invoiceOrdersInvalid');
      if (done === 'mixed') throw errors.badRequest('invoiceCurrencyMixed');
      const { records } = await d.invoices.listInvoices(a.accountId, { currentPage: 1, pageSize: 1 });
      const invoice = records.find((r) => r.ticketId === done);
      if (!invoice) throw new Error(`invoice ${done} not read back`);
      return invoice;
    },

    listInvoices: (a: Actor, q: InvoiceListQuery) => d.invoices.listInvoices(ownerOf(a), q),

    /** The bare status step of the platform: 1 applied -> 2 issued. */
    async advanceInvoice(a: Actor, ticketId: number) {
      if (!a.platform) throw errors.forbidden();
      const done = await d.invoices.issueInvoice(ticketId, a.userId);
      if (done === 'missing') throw new AppError(404, ErrorCode.notFound, 'invoiceNotFound');
      if (done === 'issued') throw new AppError(409, ErrorCode.conflict, 'invoiceAlreadyIssued');
      return { ticketId, status: INVOICE_STATUS.issued };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
