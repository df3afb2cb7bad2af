/**
 * A transaction run again when PostgreSQL aborted it for a deadlock (40P01) or a serialization
 * failure (40001): both mean "nothing was written, try again". Leasing needs it: a telemetry flush
 * locks drone rows (positions) and then a client (billing), while a recharge or a correction locks
 * the client and then its drones; PostgreSQL breaks such a cycle by aborting one of them.
 */
import type { Kysely, Transaction } from 'kysely';

const RETRIED = new Set(['40P01', '40001']);

export const isTransient = (err: unknown) => RETRIED.has((err as { code?: unknown } | null)?.code as string);

export async function retryTx<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (i >= attempts || !isTransient(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}
