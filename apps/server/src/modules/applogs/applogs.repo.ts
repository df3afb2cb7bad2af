/**
 * The app_logs table (migrations 0043, 0050: partitioned by month on `time`): the batch insert that
 * drops duplicates by fingerprint, the list newest first with its bounded count, the ownership
 * checks of a batch, and the retention purge (expired months dropped, applogs.partitions.ts).
 *
 * The list's filters are plain conditions on one table so that PostgreSQL picks per query: a text
 * search (`message ILIKE '%text%'`) is served by the trigram GIN index when the text is rare, or by
 * the (time, id) index read newest first, stopping at the page, when it is common; a type alone by
 * (type, time, id). The count stops at APP_LOG_TOTAL_BOUND + 1 rows. README.md "The list".
 */
import { APP_LOG_TOTAL_BOUND, type AppLogLevel, type AppLogRow, type AppLogType } from '@agrifleet/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { createAppLogPartitions, isNoPartition } from './applogs.partitions.ts';

/** An entry as stored: its fingerprint computed (applogs.service.ts). */
export interface StoredEntry {
  type: AppLogType;
  level: AppLogLevel;
  time: number;
  appVersion: string;
  droneId: string | null;
  sortieId: number | null;
  message: string;
  fingerprint: Buffer;
}

export interface ListFilter {
  type?: AppLogType;
  /** The text to find, as typed (escaped here for ILIKE). */
  search?: string;
}

/** ILIKE pattern of a text found anywhere: %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The text of a search the trigram index looks up: the longest (by characters) of its
 * whitespace-separated words, when it has at least three characters (else the whole text); of a word
 * that holds a run of three or more digits, the longest such run. Letters shared by most entries (a
 * drone-id prefix such as "BEN") make the index read nearly every entry, digits seldom do: at 10
 * million entries "BEN01234" took 213 ms in the index, "01234" 34 ms. Any part of the text finds a
 * superset of its entries, and the whole text is always a filter on what it finds.
 */
export function indexWord(search: string): string {
  const chars = (w: string) => Array.from(w).length;
  let longest = '';
  for (const w of search.split(/\s+/)) if (chars(w) > chars(longest)) longest = w;
  if (chars(longest) < 3) return search;
  let digits = '';
  for (const run of longest.match(/[0-9]{3,}/g) ?? []) if (run.length > digits.length) digits = run;
  return digits || longest;
}

/**
 * How many of the newest entries (of the asked type, or of all) a search reads first, newest first
 * by the (time, id) or (type, time, id) index, before it asks the trigram index (README "The list").
 */
export const RECENT_PROBE_ROWS = 10_000;
export const RECENT_PROBE_ROWS_TYPED = 4_000;
/** The most a second look reads, when the first found the text but not past the bound. */
export const RECENT_PROBE_MAX_ROWS = 60_000;

/** Which entries a scope sees: the platform all; any other account those its keys sent (README "Access"). */
function scopeCondition(scope: DataScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.accountId === undefined) return sql<SqlBool>`false`;
  return sql<SqlBool>`l.account_id = ${scope.accountId}`;
}

/**
 * `indexed`: the text search's longest word is an index condition (the GIN index finds the entries)
 * and the whole text a filter; `scan`: the whole text is a filter only, so the page is read newest
 * first by the (time, id) index and stops once full (a text known to be common).
 */
function where(scope: DataScope, f: ListFilter, text: 'indexed' | 'scan' = 'indexed'): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [scopeCondition(scope)];
  if (f.type) parts.push(sql<SqlBool>`l.type = ${f.type}`);
  if (f.search) {
    // The index is asked for the longest word only; the whole text is a filter on what it finds.
    // A trigram common to most entries ("code", a shared id prefix) makes the GIN lookup read its
    // whole posting tree: 10M entries, "code 48213" took 1.4 s, "48213" then the text 15 ms.
    const key = text === 'indexed' ? indexWord(f.search) : null;
    if (key !== null) parts.push(sql<SqlBool>`l.message ILIKE ${containsPattern(key)}`);
    if (key !== f.search) parts.push(sql<SqlBool>`(l.message || '') ILIKE ${containsPattern(f.search)}`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

interface ListRow {
  id: string;
  type: AppLogType;
  level: AppLogLevel;
  time: Date;
  app_version: string;
  account_name: string;
  drone_id: string | null;
  drone_name: string | null;
  sortie_id: string | null;
  message: string;
  received_at: Date;
}

const PAGE_COLUMNS = sql.raw(
  'l.id, l.account_id, l.type, l.level, l.time, l.app_version, l.drone_id, l.sortie_id, l.message, l.received_at',
);

/**
 * A search's lookups stop at a few hundred entries: workers started for them cost more than they save
 * (10 million entries, "01234": 169 ms with two workers on a busy machine, 35-50 ms without), and JIT
 * compiling costs more than the query.
 */
async function noParallel(tx: Db): Promise<void> {
  await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(tx);
  await sql`SET LOCAL jit = off`.execute(tx);
}

export function createAppLogsRepo(db: Db) {
  const partitions = createAppLogPartitions(db);
  /**
   * The rows of the entries `p` selects, newest first, with their account, drone and sortie. An entry
   * without a sortie is linked to its drone's sortie whose flight (two minutes before take-off to five
   * after landing) holds its time, found by the sorties' (drone_id, start_time) index.
   */
  async function detailed(p: ReturnType<typeof sql>): Promise<AppLogRow[]> {
    const r = await sql<ListRow>`
      WITH p AS (${p})
      SELECT p.id, p.type, p.level, p.time, p.app_version, a.account_name, p.drone_id, d.drone_name,
             COALESCE(p.sortie_id, s.sortie_id) AS sortie_id, p.message, p.received_at
      FROM p
      JOIN accounts a ON a.id = p.account_id
      LEFT JOIN drones d ON d.drone_id = p.drone_id
      LEFT JOIN LATERAL (
        SELECT x.sortie_id FROM (
          SELECT so.sortie_id, so.end_time FROM sorties so
          WHERE p.sortie_id IS NULL AND p.drone_id IS NOT NULL AND so.drone_id = p.drone_id
            AND so.start_time <= p.time + interval '2 minutes'
          ORDER BY so.start_time DESC LIMIT 1
        ) x WHERE x.end_time >= p.time - interval '5 minutes'
      ) s ON true
      ORDER BY p.time DESC, p.id DESC`.execute(db);
    return r.rows.map((x) => ({
      id: Number(x.id),
      type: x.type,
      level: x.level,
      time: x.time.getTime(),
      appVersion: x.app_version,
      accountName: x.account_name,
      droneId: x.drone_id,
      droneName: x.drone_name,
      sortieId: x.sortie_id === null ? null : Number(x.sortie_id),
      message: x.message,
      receivedAt: x.received_at.getTime(),
    }));
  }

  /**
   * One INSERT of the batch. The conflict target holds `time`, as every unique key of a partitioned
   * table must; the fingerprint covers the time, so duplicates are the same as by fingerprint alone.
   */
  async function insertOnce(accountId: number, entries: readonly StoredEntry[]): Promise<number> {
    const r = await sql`
      INSERT INTO app_logs (account_id, type, level, time, app_version, drone_id, sortie_id, message, fingerprint)
      SELECT ${accountId}, e.type, e.level, e.time, e.app_version, e.drone_id, e.sortie_id, e.message,
             decode(e.fingerprint, 'hex')
      FROM unnest(
        ${entries.map((e) => e.type)}::text[],
        ${entries.map((e) => e.level)}::text[],
        ${entries.map((e) => new Date(e.time).toISOString())}::timestamptz[],
        ${entries.map((e) => e.appVersion)}::text[],
        ${entries.map((e) => e.droneId)}::text[],
        ${entries.map((e) => (e.sortieId === null ? null : String(e.sortieId)))}::bigint[],
        ${entries.map((e) => e.message)}::text[],
        ${entries.map((e) => e.fingerprint.toString('hex'))}::text[]
      ) AS e(type, level, time, app_version, drone_id, sortie_id, message, fingerprint)
      ON CONFLICT (account_id, fingerprint, time) DO NOTHING`.execute(db);
    return Number(r.numAffectedRows ?? 0n);
  }

  return {
    /**
     * Inserts the entries; one already stored (same fingerprint) is skipped. Returns how many were
     * new. A month without its partition (the job did not run, or it was dropped) is made and the
     * insert tried once more: the sender gets no error for it. The ingest runs outside a request
     * transaction (its route is not audited), so the failed statement aborts nothing.
     */
    async insert(accountId: number, entries: readonly StoredEntry[]): Promise<number> {
      try {
        return await insertOnce(accountId, entries);
      } catch (err) {
        if (!isNoPartition(err) || !entries.length) throw err;
        const times = entries.map((e) => e.time);
        await partitions.ensure(Math.min(...times), Math.max(...times));
        return insertOnce(accountId, entries);
      }
    },

    /** Makes the missing monthly partitions from `fromMs`'s month to `toMs`'s; returns those made here. */
    ensurePartitions: partitions.ensure,

    /** Of `droneIds`, those the account may send for (its manufacturer's or its owner's: mayPublish). */
    async ownDrones(accountId: number, droneIds: readonly string[]): Promise<Set<string>> {
      if (!droneIds.length) return new Set();
      const r = await sql<{ drone_id: string }>`
        SELECT drone_id FROM drones
        WHERE drone_id = ANY(${[...droneIds]}::text[])
          AND (zz_account_id = ${accountId} OR yy_account_id = ${accountId})`.execute(db);
      return new Set(r.rows.map((x) => x.drone_id));
    },

    /** The drone of each of `sortieIds` that exists. */
    async sortieDrones(sortieIds: readonly number[]): Promise<Map<number, string>> {
      if (!sortieIds.length) return new Map();
      const r = await sql<{ sortie_id: string; drone_id: string }>`
        SELECT sortie_id, drone_id FROM sorties
        WHERE sortie_id = ANY(${sortieIds.map(String)}::bigint[])`.execute(db);
      return new Map(r.rows.map((x) => [Number(x.sortie_id), x.drone_id]));
    },

    /**
     * A page newest first. An entry without a sortie is linked to its drone's sortie whose flight
     * (two minutes before take-off to five after landing) holds its time, found by the sorties'
     * (drone_id, start_time) index.
     */
    async page(
      scope: DataScope,
      f: ListFilter,
      offset: number,
      size: number,
      text: 'indexed' | 'scan' = 'indexed',
    ): Promise<AppLogRow[]> {
      return detailed(sql`
        SELECT ${PAGE_COLUMNS} FROM app_logs l
        WHERE ${where(scope, f, text)}
        ORDER BY l.time DESC, l.id DESC
        LIMIT ${size} OFFSET ${offset}`);
    },

    /** These entries, newest first (a page the service cut from `matches`). */
    async byIds(ids: readonly number[]): Promise<AppLogRow[]> {
      if (!ids.length) return [];
      return detailed(sql`
        SELECT ${PAGE_COLUMNS} FROM app_logs l WHERE l.id = ANY(${ids.map(String)}::bigint[])`);
    },

    /**
     * Up to `limit` matching entries, id and time, newest first, among the newest RECENT_PROBE_ROWS
     * (RECENT_PROBE_ROWS_TYPED with a type) entries: read by the time index and stopped once `limit`
     * match. A text in more than about 2 % of the entries is counted past the bound here, without
     * the trigram index, whose lookup of a common text reads hundreds of thousands of entries.
     */
    async recentMatches(
      scope: DataScope,
      f: ListFilter,
      limit: number,
      window = f.type ? RECENT_PROBE_ROWS_TYPED : RECENT_PROBE_ROWS,
    ): Promise<Array<{ id: number; time: number }>> {
      return db.transaction().execute(async (tx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
        await noParallel(tx);
        const r = await sql<{ id: string; t: number }>`
          SELECT w.id, (extract(epoch FROM w.time) * 1000)::float8 AS t FROM (
            SELECT l.id, l.time, l.message FROM app_logs l
            WHERE ${where(scope, { type: f.type })}
            ORDER BY l.time DESC, l.id DESC LIMIT ${window}
          ) w
          WHERE (w.message || '') ILIKE ${containsPattern(f.search ?? '')}
          ORDER BY w.time DESC, w.id DESC LIMIT ${limit}`.execute(tx);
        return r.rows.map((x) => ({ id: Number(x.id), time: x.t }));
      });
    },

    /**
     * Up to `limit` matching entries, id and time, by one trigram index lookup: in no order, or
     * (`newestFirst`) the newest, which reads every matching entry from the table to sort them: then
     * within `timeoutMs`, null when a text holds too many entries for that.
     */
    async matches(
      scope: DataScope,
      f: ListFilter,
      limit: number,
      order: { newestFirst: true; timeoutMs: number } | { newestFirst: false } = { newestFirst: false },
    ): Promise<Array<{ id: number; time: number }> | null> {
      // The GIN index (of the type, when one is asked: migration 0045), never a scan of the table or
      // of the time index: the planner's guess of how common a text is can be far off (a text common
      // overall but absent from a type), and a scan that finds nothing reads all 10 million entries
      // (14 s measured; the type's time index, 3.0 s); the index's cost is bounded by the entries of
      // the word it looks up.
      try {
        return await db.transaction().execute(async (tx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(tx);
          await sql`SET LOCAL enable_indexscan = off`.execute(tx);
          await noParallel(tx);
          if (order.newestFirst)
            await sql`SELECT set_config('statement_timeout', ${String(order.timeoutMs)}, true)`.execute(tx);
          const r = await sql<{ id: string; t: number }>`
            SELECT l.id, (extract(epoch FROM l.time) * 1000)::float8 AS t FROM app_logs l
            WHERE ${where(scope, f)}
            ${order.newestFirst ? sql`ORDER BY l.time DESC, l.id DESC` : sql``}
            LIMIT ${limit}`.execute(tx);
          return r.rows.map((x) => ({ id: Number(x.id), time: x.t }));
        });
      } catch (e) {
        // 57014: cancelled by the statement timeout.
        if (order.newestFirst && (e as { code?: string }).code === '57014') return null;
        throw e;
      }
    },

    /** How many match, counted up to bound + 1. */
    async boundedCount(scope: DataScope, f: ListFilter, bound = APP_LOG_TOTAL_BOUND): Promise<number> {
      const r = await sql<{ n: string }>`
        SELECT count(*) AS n FROM (
          SELECT 1 FROM app_logs l WHERE ${where(scope, f)} LIMIT ${bound + 1}
        ) x`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },

    /**
     * Removes the entries older than `cutoff`: the months wholly before it dropped, then the older
     * entries of the month it falls in deleted, `chunk` rows a statement (the time condition keeps
     * the delete to that month's partition). Returns the months dropped and the entries removed.
     */
    async purgeBefore(cutoff: Date, chunk = 5000): Promise<{ partitions: string[]; deleted: number }> {
      const dropped = await partitions.dropBefore(cutoff);
      let deleted = dropped.rows;
      for (;;) {
        const r = await sql`
          DELETE FROM app_logs WHERE time < ${cutoff} AND id IN (
            SELECT id FROM app_logs WHERE time < ${cutoff} LIMIT ${chunk}
          )`.execute(db);
        const n = Number(r.numAffectedRows ?? 0n);
        deleted += n;
        if (n < chunk) return { partitions: dropped.partitions, deleted };
      }
    },
  };
}
export type AppLogsRepo = ReturnType<typeof createAppLogsRepo>;
