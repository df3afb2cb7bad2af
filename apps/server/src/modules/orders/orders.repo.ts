/**
 * Orders and their payments in SQL (invoices: invoices.repo.ts). `owner` is the account whose
 * records a caller sees: its own id, or null for the platform (all). A record outside it is not found.
 */

import type { OrderDrone, OrderListQuery, OrderRow } from '@agrifleet/domain';
import { ORDER_STATUS } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';

export type Owner = number | null;

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function createOrdersRepo(db: Db) {
  const orders = (owner: Owner) => {
    let q = db
      .selectFrom('orders as o')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .leftJoin('drones as d', 'd.drone_id', 'o.drone_id')
      .leftJoin('order_payments as p', 'p.order_id', 'o.id');
    if (owner !== null) q = q.where('o.account_id', '=', owner);
    return q;
  };
  const orderColumns = [
    'o.id',
    'o.order_sn',
    'o.order_type',
    'o.drone_id',
    'd.drone_name',
    'o.year',
    'o.amount_minor',
    'o.currency',
    'o.status',
    'o.account_id',
    'a.account_name',
    'o.invoice_id',
    'p.provider',
    'p.provider_ref',
    'o.created_at',
    'o.paid_at',
  ] as const;
  type Selected = {
    id: number;
    order_sn: string;
    order_type: number;
    drone_id: string;
    drone_name: string | null;
    year: number;
    amount_minor: number;
    currency: string;
    status: number;
    account_id: number;
    account_name: string;
    invoice_id: number | null;
    provider: string | null;
    provider_ref: string | null;
    created_at: Date;
    paid_at: Date | null;
  };
  const orderOf = (r: Selected): OrderRow => ({
    orderId: r.id,
    orderSn: r.order_sn,
    orderType: r.order_type,
    droneId: r.drone_id,
    droneName: r.drone_name ?? null,
    year: r.year,
    amount: Number(r.amount_minor),
    currency: r.currency,
    status: r.status,
    accountId: r.account_id,
    accountName: r.account_name,
    ticketId: r.invoice_id,
    paymentProvider: r.provider ?? null,
    paymentRef: r.provider_ref ?? null,
    createdAt: r.created_at.getTime(),
    paidAt: ms(r.paid_at),
  });

  return {
    async listOrders(owner: Owner, q: OrderListQuery): Promise<{ records: OrderRow[]; total: number }> {
      let query = orders(owner);
      if (q.orderSn) query = query.where(sql<boolean>`o.order_sn LIKE ${likePattern(q.orderSn)}`);
      if (q.droneId) query = query.where(sql<boolean>`o.drone_id ILIKE ${likePattern(q.droneId)}`);
      if (q.year !== undefined) query = query.where('o.year', '=', q.year);
      if (q.status !== undefined) query = query.where('o.status', '=', q.status);
      if (q.invoiceable)
        query = query.where('o.status', '=', ORDER_STATUS.paid).where('o.invoice_id', 'is', null);
      const [rows, count] = await Promise.all([
        query
          .select(orderColumns)
          .orderBy('o.id', 'desc')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records: rows.map(orderOf), total: Number(count.n) };
    },

    async findOrder(owner: Owner, orderSn: string): Promise<OrderRow | null> {
      const row = await orders(owner)
        .select(orderColumns)
        .where('o.order_sn', '=', orderSn)
        .executeTakeFirst();
      return row ? orderOf(row) : null;
    },

    /** The drone and its manufacturer, when the owner (a manufacturer) made it or the owner is the platform. */
    async droneOf(owner: Owner, droneId: string) {
      let q = db.selectFrom('drones').select(['drone_id', 'zz_account_id']).where('drone_id', '=', droneId);
      if (owner !== null) q = q.where('zz_account_id', '=', owner);
      return (await q.executeTakeFirst()) ?? null;
    },

    /** Drones an order may name (the create dialog): the owner's, matching a keyword, at most 50. */
    async drones(owner: Owner, keyword?: string): Promise<OrderDrone[]> {
      let q = db.selectFrom('drones').select(['drone_id', 'drone_name']);
      if (owner !== null) q = q.where('zz_account_id', '=', owner);
      if (keyword)
        q = q.where(
          sql<boolean>`(drone_id ILIKE ${likePattern(keyword)} OR drone_name ILIKE ${likePattern(keyword)})`,
        );
      const rows = await q.orderBy('drone_id').limit(50).execute();
      return rows.map((r) => ({ droneId: r.drone_id, droneName: r.drone_name }));
    },

    /** Whether the drone has a paid order for a year before `year` (then a new order renews). */
    async paidBefore(droneId: string, year: number): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('drone_id', '=', droneId)
        .where('status', '=', ORDER_STATUS.paid)
        .where('year', '<', year)
        .executeTakeFirst();
      return !!row;
    },

    /** Inserts an order; a duplicate drone and year (or order number) throws 23505 with its constraint. */
    insertOrder: (v: {
      orderSn: string;
      orderType: number;
      droneId: string;
      accountId: number;
      year: number;
      amountMinor: number;
      currency: string;
      userId: number;
    }) =>
      db
        .insertInto('orders')
        .values({
          order_sn: v.orderSn,
          order_type: v.orderType,
          drone_id: v.droneId,
          account_id: v.accountId,
          year: v.year,
          amount_minor: v.amountMinor,
          currency: v.currency,
          created_by: v.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),

    /**
     * Cancels an unpaid order with no payment that can still be made (one statement: a payment
     * confirmed meanwhile wins); false when it is not unpaid or a started payment has not expired.
     */
    async cancel(orderId: number): Promise<boolean> {
      const r = await db
        .updateTable('orders')
        .set({ status: ORDER_STATUS.cancelled, cancelled_at: sql`now()` })
        .where('id', '=', orderId)
        .where('status', '=', ORDER_STATUS.unpaid)
        .where((eb) =>
          eb.or([eb('pay_expires_at', 'is', null), eb('pay_expires_at', '<=', sql<Date>`now()`)]),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The order's status and the end of its started payment (why a cancel was refused). */
    payState: (orderId: number) =>
      db
        .selectFrom('orders')
        .select(['status', 'pay_expires_at'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow(),
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
