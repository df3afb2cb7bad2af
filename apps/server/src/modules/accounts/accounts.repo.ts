/**
 * Accounts in SQL: the list of a scope with the 001 §3 filters and stats, one record, the scope
 * test (is this account visible to / managed by the caller), the caller's rental lookups.
 * Scopes: the platform every account; a government the accounts of its region (accounts.region.ts);
 * any other account its sub-accounts (every level below it, accounts.parent_id).
 */

import type { AccountListQuery, AccountRecord } from '@agrifleet/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';
import type { RegionNames } from './accounts.region.ts';

export type AccountScope =
  | { kind: 'all' }
  | { kind: 'region'; names: RegionNames | null }
  /** The accounts below rootId (every level), resolved beforehand by `descendants`. */
  | { kind: 'sub'; rootId: number; ids: number[] };

/** The scope as a condition on accounts `a`. */
export function accountScopeSql(scope: AccountScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'sub':
      return sql<SqlBool>`a.id = ANY(${scope.ids}::int[])`;
    case 'region': {
      const n = scope.names;
      if (!n) return sql<SqlBool>`false`;
      const parts = [sql`true`];
      if (n.province) parts.push(sql`a.province = ANY(${n.province}::text[])`);
      if (n.city) parts.push(sql`a.city = ANY(${n.city}::text[])`);
      if (n.county) parts.push(sql`a.county = ANY(${n.county}::text[])`);
      return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
    }
  }
}

function filterSql(q: AccountListQuery, scope: AccountScope): Expression<SqlBool> {
  const parts = [accountScopeSql(scope)];
  if (q.isAll === 0)
    parts.push(scope.kind === 'sub' ? sql`a.parent_id = ${scope.rootId}` : sql`a.parent_id IS NULL`);
  if (q.parentId !== undefined) parts.push(sql`a.parent_id = ${q.parentId}`);
  if (q.accountType !== undefined) parts.push(sql`a.account_type = ${q.accountType}`);
  if (q.accountName) parts.push(sql`a.account_name ILIKE ${likePattern(q.accountName)}`);
  if (q.contactName) parts.push(sql`a.contact_name ILIKE ${likePattern(q.contactName)}`);
  if (q.userPhone)
    parts.push(
      sql`a.id IN (SELECT u.account_id FROM users u WHERE u.phone LIKE ${likePattern(q.userPhone)})`,
    );
  if (q.teamType !== undefined)
    parts.push(sql`a.id IN (SELECT u.account_id FROM users u WHERE u.team_type = ${q.teamType})`);
  if (q.search) {
    // One indexed lookup per column (trigram indexes, 0021), united: an OR across them scans.
    const p = likePattern(q.search);
    parts.push(sql`a.id IN (
      SELECT id FROM accounts WHERE account_name ILIKE ${p}
      UNION SELECT id FROM accounts WHERE contact_name ILIKE ${p}
      UNION SELECT id FROM accounts WHERE contact_phone LIKE ${p}
      UNION SELECT id FROM accounts WHERE credit_code ILIKE ${p}
      UNION SELECT account_id FROM users WHERE phone LIKE ${p})`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

const ORDER = {
  1: sql`a.id DESC`,
  2: sql`a.id ASC`,
  3: sql`a.account_name ASC, a.id ASC`,
} as const;

/** The record's columns from accounts `a` (with its parent, first administrator and user count). */
const recordSelect = sql`
  a.id AS "accountId", a.account_type AS "accountType", a.account_name AS "accountName",
  a.check_status AS "checkStatus", a.tag, a.vip_level AS "vipLevel",
  a.account_catalog_level AS "accountCatalogLevel", a.can_create_sub AS "canCreateSub",
  a.parent_id AS "parentId", p.account_name AS "parentName", a.lease_model AS "leaseModel",
  a.operator_type AS "operatorType", a.rule_province AS "ruleProvince", a.rule_city AS "ruleCity",
  a.rule_county AS "ruleCounty", a.legal, a.credit_code AS "creditCode", a.contact_name AS "contactName",
  a.contact_phone AS "contactPhone", a.contact_address AS "contactAddress", a.email, a.province, a.city,
  a.county, a.busi_license_url AS "busiLicense", a.logo_url AS "companyLogo",
  CASE WHEN a.enabled THEN 1 ELSE 0 END AS enabled,
  adm.user_name AS "adminName", adm.phone AS "adminPhone",
  (SELECT count(*)::int FROM users cu WHERE cu.account_id = a.id) AS "userNum",
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createTime"`;

const recordFrom = sql`accounts a
  LEFT JOIN accounts p ON p.id = a.parent_id
  LEFT JOIN LATERAL (
    SELECT u.user_name, u.phone FROM users u WHERE u.account_id = a.id
    ORDER BY (u.user_type IN (1, 4)) DESC, u.id LIMIT 1) adm ON true`;

export function createAccountsRepo(db: Db) {
  return {
    leaseModelOf: async (accountId: number) =>
      (await db.selectFrom('accounts').select('lease_model').where('id', '=', accountId).executeTakeFirst())
        ?.lease_model ?? null,

    /** Manufacturers that lease drones to the account (its lease_clients rows). */
    lessorsOf: (accountId: number) =>
      db
        .selectFrom('lease_clients as lc')
        .innerJoin('accounts as a', 'a.id', 'lc.manufacturer_account_id')
        .where('lc.client_account_id', '=', accountId)
        .select(['a.id as accountId', 'a.account_name as accountName'])
        .orderBy('a.id')
        .execute(),

    /** One page of the scope's accounts with the filters, and the stats of the whole filtered set. */
    async list(scope: AccountScope, q: AccountListQuery) {
      const where = filterSql(q, scope);
      const offset = (q.currentPage - 1) * q.pageSize;
      const order = ORDER[q.order as 1 | 2 | 3];
      // The filter runs once (materialised) for the stats and the page's ids; then the page's records.
      // Short OLTP reads: PostgreSQL's JIT (cost-triggered) would only add compiling time.
      const [rows, stats] = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL jit = off`.execute(trx);
        const counts = await sql<{
          total: number;
          zfNum: number;
          zzqyNum: number;
          yyqyNum: number;
          ids: number[] | null;
        }>`
          WITH f AS MATERIALIZED (SELECT a.id, a.account_type, a.account_name FROM accounts a WHERE ${where})
          SELECT count(*)::int AS total,
                 (count(*) FILTER (WHERE account_type = 2))::int AS "zfNum",
                 (count(*) FILTER (WHERE account_type = 3))::int AS "zzqyNum",
                 (count(*) FILTER (WHERE account_type = 4))::int AS "yyqyNum",
                 (SELECT array_agg(p.id) FROM (SELECT a.id FROM f a ORDER BY ${order}
                   LIMIT ${q.pageSize} OFFSET ${offset}) p) AS ids
          FROM f`.execute(trx);
        const ids = counts.rows[0]?.ids ?? [];
        const page = ids.length
          ? await sql<AccountRecord>`SELECT ${recordSelect} FROM ${recordFrom}
              WHERE a.id = ANY(${ids}::int[]) ORDER BY ${order}`.execute(trx)
          : { rows: [] as AccountRecord[] };
        return [page, counts] as const;
      });
      const { ids: _ids, ...s } = stats.rows[0] ?? { total: 0, zfNum: 0, zzqyNum: 0, yyqyNum: 0, ids: null };
      return { records: rows.rows, ...s };
    },

    /** The record of an account inside the scope, or null. */
    async record(scope: AccountScope, accountId: number): Promise<AccountRecord | null> {
      const r = await sql<AccountRecord>`SELECT ${recordSelect} FROM ${recordFrom}
        WHERE a.id = ${accountId} AND ${accountScopeSql(scope)}`.execute(db);
      return r.rows[0] ?? null;
    },

    /** Whether the account lies in the scope. */
    async inScope(scope: AccountScope, accountId: number): Promise<boolean> {
      const r = await sql<{ one: number }>`SELECT 1 AS one FROM accounts a
        WHERE a.id = ${accountId} AND ${accountScopeSql(scope)}`.execute(db);
      return r.rows.length > 0;
    },

    /** Ids of every account below rootId, level by level (levels are few; no recursive CTE, whose row estimate misleads the planner). */
    async descendants(rootId: number): Promise<number[]> {
      const all: number[] = [];
      let level = [rootId];
      for (let depth = 0; depth < 32 && level.length; depth++) {
        const rows = await db.selectFrom('accounts').select('id').where('parent_id', 'in', level).execute();
        level = rows.map((r) => r.id).filter((id) => id !== rootId && !all.includes(id));
        all.push(...level);
      }
      return all;
    },

    row: (accountId: number) =>
      db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst(),

    /** The account's applications, newest first. */
    applies: (accountId: number) =>
      db
        .selectFrom('account_applies')
        .where('account_id', '=', accountId)
        .select([
          'id as applyId',
          'apply_type as applyType',
          'apply_status as applyStatus',
          'reason',
          sql<Record<string, unknown>>`payload`.as('payload'),
          sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createTime'),
          sql<string | null>`to_char(reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
            'reviewTime',
          ),
        ])
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
