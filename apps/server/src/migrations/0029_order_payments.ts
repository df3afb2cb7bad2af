/**
 * Orders pay through a payment provider (issue 20 item 4): the order pay call starts a payment
 * (the provider's QR code) and the order becomes paid only when the provider confirms it. The order
 * keeps its current payment attempt: the attempt number (the trade number is 'OR', the orderSn and
 * the attempt), the provider, the code the QR carries, who started it and until when it can be paid.
 * modules/orders/README.md "Payment".
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN pay_attempt     integer NOT NULL DEFAULT 0 CHECK (pay_attempt BETWEEN 0 AND 99),
      ADD COLUMN pay_provider    text,
      ADD COLUMN pay_code_url    text,
      ADD COLUMN pay_started_by  integer REFERENCES users(id),
      ADD COLUMN pay_expires_at  timestamptz`.execute(db);
  // The order-query job reads unpaid orders with a payment started.
  await sql`CREATE INDEX orders_pay_pending_idx ON orders (pay_expires_at) WHERE status = 1 AND pay_attempt > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_pay_pending_idx`.execute(db);
  await sql`
    ALTER TABLE orders
      DROP COLUMN pay_attempt, DROP COLUMN pay_provider, DROP COLUMN pay_code_url,
      DROP COLUMN pay_started_by, DROP COLUMN pay_expires_at`.execute(db);
}
