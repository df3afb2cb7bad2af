/**
 * Reading the system log in SQL (README.md "How the list stays fast"). The log is large (millions
 * of rows) and only ever read a page at a time, newest (or oldest) first:
 *
 * - Names are resolved to ids first (accounts and users are small next to the log), then rows are
 *   found by id through the per-account and per-user indexes.
 * - A short id list is read as one LIMITed index walk per id (LATERAL), merged: the cost is bounded
 *   by ids x (offset + size) rows whatever the log holds. Long lists (and no list) walk the time
 *   index (or the per-type one, 0026) and filter.
 * - The total is counted up to SYSLOG_COUNT_CAP + 1 rows at most.
 */

import { SYSLOG_COUNT_CAP, type SyslogType } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';

/** Id lists longer than this are filtered during a walk of the time index instead of one walk each. */
export const LATERAL_MAX_IDS = 300;
/** A name filter matching more ids than this filters by the name itself (a semi-join). */
export const RESOLVE_MAX_IDS = 5000;

/** Which rows: null lists mean "any". */
export interface LogFilter {
  accountIds: number[] | null;
  userIds: number[] | null;
  /** Users by name, when the name matched more than RESOLVE_MAX_IDS users. */
  userNameLike: string | null;
  types: SyslogType[];
  from: Date | null;
  to: Date | null;
  /** 1 newest first, 2 oldest first. */
  order: 1 | 2;
}

export interface LogRecord {
  /** bigint, read as a number (platform/db.ts). */
  id: number;
  created_at: Date;
  account_name: string | null;
  user_name: string | null;
  log_type: number;
  action: string;
  target: string | null;
  ip: string | null;
  result: number | null;
}

const COLUMNS = sql`s.id, s.created_at, s.account_name, s.user_name, s.log_type, s.action,
  s.target, s.ip, s.result`;

/** The conditions of a filter, except the key a LATERAL walk already fixes. */
function conditions(f: LogFilter, fixed: 'account' | 'user' | 'type' | null): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (fixed !== 'type' && f.types.length < 3) parts.push(sql`s.log_type = ANY(${f.types}::smallint[])`);
  if (fixed !== 'account' && f.accountIds) parts.push(sql`s.account_id = ANY(${f.accountIds}::int[])`);
  if (fixed !== 'user' && f.userIds) parts.push(sql`s.user_id = ANY(${f.userIds}::int[])`);
  if (f.userNameLike)
    parts.push(sql`s.user_id IN (SELECT u.id FROM users u WHERE u.user_name ILIKE ${f.userNameLike})`);
  if (f.from) parts.push(sql`s.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`s.created_at <= ${f.to}`);
  return parts;
}

const whereOf = (parts: RawBuilder<unknown>[]) =>
  parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;

/** The key a page is best read by: one index walk per account, per user or per type, or none. */
function walkOf(f: LogFilter): { key: 'account' | 'user' | 'type'; ids: number[] } | null {
  if (f.userIds && f.userIds.length <= LATERAL_MAX_IDS) return { key: 'user', ids: f.userIds };
  if (f.accountIds && f.accountIds.length <= LATERAL_MAX_IDS) return { key: 'account', ids: f.accountIds };
  if (f.types.length < 3 && !f.userIds && !f.accountIds && !f.userNameLike)
    return { key: 'type', ids: f.types };
  return null;
}

const COLUMN_OF = { account: sql`s.account_id`, user: sql`s.user_id`, type: sql`s.log_type` } as const;

/** The key a count is best made by: any id list (each walk stops once the cap is reached). */
function countKeyOf(f: LogFilter): { key: 'account' | 'user'; ids: number[] } | null {
  if (f.userIds) return { key: 'user', ids: f.userIds };
  if (f.accountIds) return { key: 'account', ids: f.accountIds };
  return null;
}

export function createSyslogRepo(db: Db) {
  // name_grams() comes with migration 0026_syslog; until a database has it, names are matched by
  // ILIKE alone (a scan of users and accounts).
  let grams: Promise<boolean> | null = null;
  const hasGrams = () => {
    grams ??= sql<{ ok: boolean }>`SELECT to_regprocedure('name_grams(text)') IS NOT NULL AS ok`
      .execute(db)
      .then((r) => r.rows[0]?.ok === true)
      .catch((err) => {
        grams = null; // asked again next time (the database was away)
        throw err;
      });
    return grams;
  };
  const nameMatch = async (column: 'user_name' | 'account_name', name: string) =>
    (await hasGrams())
      ? sql`name_grams(${sql.ref(column)}) @> name_grams(${name}) AND ${sql.ref(column)} ILIKE ${likePattern(name)}`
      : sql`${sql.ref(column)} ILIKE ${likePattern(name)}`;

  return {
    /** Ids of accounts whose name contains `name` (at most `max`). */
    async accountIdsByName(name: string, max = RESOLVE_MAX_IDS + 1): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`
        SELECT id FROM accounts WHERE ${await nameMatch('account_name', name)} LIMIT ${max}`.execute(db);
      return rows.map((r) => r.id);
    },

    /** Ids of users whose name contains `name`, within some accounts when given (at most `max`). */
    async userIdsByName(name: string, accountIds: number[] | null, max = RESOLVE_MAX_IDS + 1) {
      const within = accountIds ? sql`AND account_id = ANY(${accountIds}::int[])` : sql``;
      const { rows } = await sql<{ id: number }>`
        SELECT id FROM users WHERE ${await nameMatch('user_name', name)} ${within} LIMIT ${max}`.execute(db);
      return rows.map((r) => r.id);
    },

    /** One page of rows (`walk: false`: always one walk of the time index; tests compare both). */
    async page(f: LogFilter, offset: number, size: number, o: { walk?: boolean } = {}): Promise<LogRecord[]> {
      const dir = f.order === 2 ? sql`ASC` : sql`DESC`;
      const orderBy = sql`ORDER BY created_at ${dir}, id ${dir}`;
      const walk = o.walk === false ? null : walkOf(f);
      if (!walk) {
        const { rows } = await sql<LogRecord>`
          SELECT ${COLUMNS} FROM system_logs s ${whereOf(conditions(f, null))}
          ORDER BY s.created_at ${dir}, s.id ${dir} LIMIT ${size} OFFSET ${offset}`.execute(db);
        return rows;
      }
      const where = whereOf([...conditions(f, walk.key), sql`${COLUMN_OF[walk.key]} = k.id`]);
      const { rows } = await sql<LogRecord>`
        SELECT l.* FROM unnest(${walk.ids}::int[]) AS k(id)
        CROSS JOIN LATERAL (
          SELECT ${COLUMNS} FROM system_logs s
          ${where}
          ORDER BY s.created_at ${dir}, s.id ${dir} LIMIT ${offset + size}
        ) l
        ${orderBy} LIMIT ${size} OFFSET ${offset}`.execute(db);
      return rows;
    },

    /**
     * How many rows match, counted up to the cap + 1 (more than the cap: the list says "cap+").
     * With an id list, one walk per id through its index, stopping at the cap: rows of a few
     * hundred accounts among millions are not looked for along the whole time index.
     */
    async count(f: LogFilter): Promise<number> {
      const cap = SYSLOG_COUNT_CAP + 1;
      const k = countKeyOf(f);
      const { rows } = k
        ? await sql<{ n: string }>`
            SELECT count(*)::text AS n FROM (
              SELECT 1 FROM unnest(${k.ids}::int[]) AS k(id)
              CROSS JOIN LATERAL (
                SELECT 1 FROM system_logs s
                ${whereOf([...conditions(f, k.key), sql`${COLUMN_OF[k.key]} = k.id`])} LIMIT ${cap}
              ) l LIMIT ${cap}
            ) c`.execute(db)
        : await sql<{ n: string }>`
            SELECT count(*)::text AS n FROM (
              SELECT 1 FROM system_logs s ${whereOf(conditions(f, null))} LIMIT ${cap}
            ) c`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}
export type SyslogRepo = ReturnType<typeof createSyslogRepo>;
