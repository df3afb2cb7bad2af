/**
 * The monthly partitions of app_logs (migration 0050; README.md "Retention"): `app_logs_YYYY_MM`
 * holds the entries of that UTC month. The retention job makes the months the ingest may write
 * (from the retention's start to two months ahead) and drops the months wholly past the retention;
 * an insert that finds no partition for its month makes it and tries again (applogs.repo.ts).
 *
 * Both may run in two processes at once (a leader hand-over; two ingests of a month nobody made):
 * a partition made by the other one counts as made, a partition already dropped as dropped.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** Months made ahead of the current one: the ingest takes entries up to a day ahead, and a job may miss a run. */
export const PARTITION_MONTHS_AHEAD = 2;

/**
 * How long the drop of an expired month waits for the table's lock: a DROP of a partition locks
 * the whole table, and the queries queued behind it wait too; a search running longer than this
 * leaves the drop to the next run.
 */
const DROP_LOCK_TIMEOUT = '5s';

export interface MonthPartition {
  name: string;
  /** Inclusive lower and exclusive upper bound, ISO 8601 in UTC. */
  from: string;
  to: string;
}

/** The start of the UTC month of `ms`, `plus` months on (ms). */
export const monthStart = (ms: number, plus = 0): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus, 1);
};

/** The partitions of the UTC months from the month of `fromMs` to the month of `toMs`, both included. */
export function monthPartitions(fromMs: number, toMs: number): MonthPartition[] {
  const out: MonthPartition[] = [];
  for (let m = monthStart(fromMs); m <= toMs; m = monthStart(m, 1)) {
    const d = new Date(m);
    const name = `app_logs_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ name, from: d.toISOString(), to: new Date(monthStart(m, 1)).toISOString() });
  }
  return out;
}

const code = (err: unknown) => (err as { code?: string } | null)?.code;

/**
 * An insert found no partition for a row's time (its month was not made, or was dropped by hand).
 * SQLSTATE 23514 is also a CHECK that fails; that one names its constraint, this one does not.
 */
export const isNoPartition = (err: unknown): boolean =>
  code(err) === '23514' && !(err as { constraint?: string }).constraint;

/**
 * Another process made the same partition first: the name taken (42P07, or 23505 on pg_type when
 * both got past the name check), or its range taken ("would overlap", 42P17).
 */
const madeByAnother = (err: unknown) => ['42P07', '23505', '42P17'].includes(code(err) ?? '');

/** The partitions of app_logs, by name, each with its upper bound (null: not a bounded range). */
async function partitionsOf(db: Db): Promise<Array<{ name: string; upper: Date | null }>> {
  // The bound as PostgreSQL prints it, in the session's time zone, read back in the same one.
  const r = await sql<{ name: string; upper: Date | null }>`
    SELECT c.relname AS name,
           (regexp_match(pg_get_expr(c.relpartbound, c.oid), ${"TO \\('([^']+)'\\)"}))[1]::timestamptz AS upper
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'app_logs'::regclass
    ORDER BY upper`.execute(db);
  return r.rows;
}

export function createAppLogPartitions(db: Db) {
  /** Makes one month's partition; false when another process made it first. */
  async function create(p: MonthPartition): Promise<boolean> {
    try {
      await sql`
        CREATE TABLE ${sql.id(p.name)} PARTITION OF app_logs
        FOR VALUES FROM (${sql.lit(p.from)}) TO (${sql.lit(p.to)})`.execute(db);
      return true;
    } catch (err) {
      if (madeByAnother(err)) return false;
      throw err;
    }
  }

  /**
   * Drops an expired partition; returns how many entries it held (for the job's log line), null
   * when another process dropped it first. Counted before, in a statement of its own: a count
   * holding its lock into the DROP could deadlock with another process's DROP (which locks the
   * table first, then the partition).
   */
  async function drop(name: string): Promise<number | null> {
    try {
      const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(name)}`.execute(db);
      await db.transaction().execute(async (tx) => {
        await sql`SELECT set_config('lock_timeout', ${DROP_LOCK_TIMEOUT}, true)`.execute(tx);
        await sql`DROP TABLE ${sql.id(name)}`.execute(tx);
      });
      return n.rows[0]?.n ?? 0;
    } catch (err) {
      if (code(err) === '42P01') return null; // undefined_table
      throw err;
    }
  }

  return {
    /**
     * Makes the missing partitions of the months from `fromMs`'s to `toMs`'s (UTC); returns the ones
     * this call made. One at a time, oldest first: each CREATE locks the table for a moment.
     */
    async ensure(fromMs: number, toMs: number): Promise<string[]> {
      const have = new Set((await partitionsOf(db)).map((p) => p.name));
      const made: string[] = [];
      for (const p of monthPartitions(fromMs, toMs))
        if (!have.has(p.name) && (await create(p))) made.push(p.name);
      return made;
    },

    /** Drops the partitions whose every entry is older than `cutoff`; their names and entries. */
    async dropBefore(cutoff: Date): Promise<{ partitions: string[]; rows: number }> {
      const out = { partitions: [] as string[], rows: 0 };
      for (const p of await partitionsOf(db)) {
        if (!p.upper || p.upper > cutoff) continue;
        const rows = await drop(p.name);
        if (rows === null) continue;
        out.partitions.push(p.name);
        out.rows += rows;
      }
      return out;
    },
  };
}
export type AppLogPartitions = ReturnType<typeof createAppLogPartitions>;
