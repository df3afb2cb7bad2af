/**
 * A transaction run again when PostgreSQL aborted it for a deadlock (40P01) or a serialization
 * failure (40001): both mean "nothing was written, try again". Leasing needs it: a telemetry flush
 * locks drone rows (positions) and then a client (billing), while a recharge or a correction locks
 * the client and then its drones; PostgreSQL breaks such a cycle by aborting one of them.
 */
import type { Kysely, Transaction } from 'kysely';

const RETRIED = new Set(['40P01', '40001']);

export const isTransient = (err: unknown) => RETRIED.has((err as { code?: unknown } | null)?.code as string);

/**
 * The wait before try `attempt + 1`: "full jitter" up to an exponential cap (10, 20, 40 ... 640 ms),
 * so transactions that deadlocked together do not meet again at the same moment (a linear jitter
 * of a few ms let six requests in opposite lock orders exhaust five tries on a loaded machine).
 */
export const retryDelayMs = (attempt: number) => Math.random() * Math.min(640, 10 * 2 ** attempt);

/** Tries of a transaction aborted for a deadlock or a serialization failure. */
export const TRANSIENT_ATTEMPTS = 8;

export async function retryTx<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
  attempts = TRANSIENT_ATTEMPTS,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (i >= attempts || !isTransient(err)) throw err;
      await new Promise((r) => setTimeout(r, retryDelayMs(i)));
    }
  }
}
