/**
 * Who sees and who changes which blocks (README "Who sees / changes what"), as SQL conditions on
 * `blocks` under the alias `b`.
 *
 * - owned: the caller's account and its sub-accounts (accounts.parent_id, at any depth);
 * - visible: owned, shared with the calling user (block_shares), and for a government the blocks
 *   whose region_code lies in its rule region; the platform sees every block;
 * - editable: owned (the platform: every block).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { regionRange } from '../../platform/auth/scope.ts';
import type { Caller } from '../../platform/auth/subject.ts';
import type { Db } from '../../platform/db.ts';

export interface Viewer {
  userId: number;
  accountId: number;
  /** Every block (platform). */
  all: boolean;
  /** The caller's account and its sub-accounts. */
  owned: number[];
  subAccounts: number[];
  /** A government's rule region, as a code range. */
  region: [number, number] | null;
  /** The blocks shared with the calling user. */
  shared: number[];
}

/** The caller as the block reads need it (one query: the sub-accounts and the shares). */
export async function viewerOf(db: Db, c: Caller): Promise<Viewer> {
  const a = c.account;
  const { rows } = await sql<{ sub: number[] | null; shared: number[] | null }>`
    WITH RECURSIVE sub(id) AS (
      SELECT id FROM accounts WHERE parent_id = ${a.id}
      UNION SELECT x.id FROM accounts x JOIN sub ON x.parent_id = sub.id)
    SELECT (SELECT array_agg(id) FROM sub) AS sub,
      (SELECT array_agg(block_id) FROM block_shares WHERE user_id = ${c.user.id}) AS shared`.execute(db);
  const subAccounts = (rows[0]?.sub ?? []).map(Number).filter((id) => id !== a.id);
  const rule = a.account_type === 2 ? (a.rule_county ?? a.rule_city ?? a.rule_province) : null;
  return {
    userId: c.user.id,
    accountId: a.id,
    all: a.account_type === 1,
    owned: [a.id, ...subAccounts],
    subAccounts,
    region: a.account_type === 2 ? (rule ? regionRange(rule) : [-1, -1]) : null,
    shared: (rows[0]?.shared ?? []).map(Number),
  };
}

const ids = (xs: number[]) => sql`${xs}::int[]`;

/** Shared with the calling user. */
export const sharedWith = (v: Viewer): Expression<SqlBool> =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM block_shares sh WHERE sh.block_id = b.block_id AND sh.user_id = ${v.userId})`;

export const editableBy = (v: Viewer): Expression<SqlBool> =>
  v.all ? sql<SqlBool>`true` : sql<SqlBool>`b.yy_account_id = ANY(${ids(v.owned)})`;

export function visibleTo(v: Viewer): Expression<SqlBool> {
  if (v.all) return sql<SqlBool>`true`;
  const region = v.region ? sql`OR b.region_code BETWEEN ${v.region[0]} AND ${v.region[1]}` : sql``;
  const shared = v.shared.length ? sql`OR b.block_id = ANY(${v.shared}::bigint[])` : sql``;
  return sql<SqlBool>`(b.yy_account_id = ANY(${ids(v.owned)}) ${region} ${shared})`;
}

/** Seen only through a share: shared and not editable. */
export const seenAsShared = (v: Viewer): Expression<SqlBool> =>
  v.all ? sql<SqlBool>`false` : sql<SqlBool>`(NOT ${editableBy(v)} AND ${sharedWith(v)})`;
