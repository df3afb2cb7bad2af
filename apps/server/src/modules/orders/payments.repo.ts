/**
 * An order's payment in SQL (modules/orders/README.md "Payment"): the current attempt on the order
 * row (migration 0029), and the one place an order becomes paid: `markPaid`, a single
 * `UPDATE ... WHERE status = unpaid RETURNING`, so however many confirmations arrive at once exactly
 * one pays; the payment row and its two ledger entries are written in the same transaction.
 */
import { ORDER_STATUS } from '@agrifleet/domain';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';

type Tx = Kysely<Database>;

const columns = [
  'id',
  'order_sn',
  'status',
  'amount_minor',
  'currency',
  'account_id',
  'year',
  'drone_id',
  'pay_attempt',
  'pay_provider',
  'pay_code_url',
  'pay_started_by',
  'pay_expires_at',
  'paid_at',
] as const;

export function createPaymentsRepo(db: Db) {
  return {
    /** The order's payment fields, the row locked until `trx` ends (a pay call; two never start two attempts). */
    lock: (trx: Tx, orderId: number) =>
      trx
        .selectFrom('orders')
        .select(columns)
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirstOrThrow(),

    bySn: (orderSn: string, trx: Tx = db) =>
      trx.selectFrom('orders').select(columns).where('order_sn', '=', orderSn).executeTakeFirst(),

    /** Starts attempt `attempt` with `provider` until `expiresAt` (the code URL follows once the provider answers). */
    async startAttempt(
      trx: Tx,
      orderId: number,
      v: { attempt: number; provider: string; expiresAt: Date; userId: number; codeUrl: string },
    ) {
      await trx
        .updateTable('orders')
        .set({
          pay_attempt: v.attempt,
          pay_provider: v.provider,
          pay_expires_at: v.expiresAt,
          pay_started_by: v.userId,
          pay_code_url: v.codeUrl,
        })
        .where('id', '=', orderId)
        .where('status', '=', ORDER_STATUS.unpaid)
        .execute();
    },

    /**
     * Pays the order if it is still unpaid: one atomic statement (a parallel confirmation waits for
     * this one's row lock, then finds it paid and changes nothing). Null: not unpaid (any more).
     */
    markPaid: (trx: Tx, orderId: number) =>
      trx
        .updateTable('orders')
        .set({ status: ORDER_STATUS.paid, paid_at: sql`now()` })
        .where('id', '=', orderId)
        .where('status', '=', ORDER_STATUS.unpaid)
        .returning(['id', 'amount_minor', 'currency', 'account_id'])
        .executeTakeFirst(),

    /** The payment and its two ledger entries: the payer's book debited, the platform's service fees credited. */
    async record(
      trx: Tx,
      v: {
        orderId: number;
        accountId: number;
        provider: string;
        providerRef: string;
        amountMinor: number;
        currency: string;
        userId: number | null;
      },
    ) {
      const payment = await trx
        .insertInto('order_payments')
        .values({
          order_id: v.orderId,
          provider: v.provider,
          provider_ref: v.providerRef,
          amount_minor: v.amountMinor,
          currency: v.currency,
          by_user_id: v.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_ledger')
        .values([
          {
            payment_id: payment.id,
            book: `account:${v.accountId}`,
            amount_minor: -v.amountMinor,
            currency: v.currency,
          },
          {
            payment_id: payment.id,
            book: 'platform:serviceFees',
            amount_minor: v.amountMinor,
            currency: v.currency,
          },
        ])
        .execute();
    },

    /** Unpaid orders whose payment started at least `olderThanMs` ago (the order-query job). */
    pending: (olderThanMs: number, ttlMs: number) =>
      db
        .selectFrom('orders')
        .select(columns)
        .where('status', '=', ORDER_STATUS.unpaid)
        .where('pay_attempt', '>', 0)
        .where('pay_expires_at', '<=', sql<Date>`now() + ${`${ttlMs - olderThanMs} milliseconds`}::interval`)
        // Up to a day after expiry: a late notification's order is still asked about.
        .where('pay_expires_at', '>', sql<Date>`now() - interval '1 day'`)
        .orderBy('pay_expires_at')
        .limit(100)
        .execute(),

    /** The platform's account name (the sandbox page's payee). */
    async platformName(): Promise<string> {
      const r = await db
        .selectFrom('accounts')
        .select('account_name')
        .where('account_type', '=', 1)
        .orderBy('id')
        .executeTakeFirst();
      return r?.account_name ?? '';
    },

    async accountName(accountId: number): Promise<string> {
      const r = await db
        .selectFrom('accounts')
        .select('account_name')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return r?.account_name ?? '';
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
