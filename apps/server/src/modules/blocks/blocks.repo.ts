/**
 * Reads of blocks (001 §3 "Block", §7 "Blocks"): the list with its filters and the area of the
 * filtered set, one block, its shares, route count and sorties. Every read takes the caller's
 * `Viewer` (blocks.view.ts) and sees only the blocks it may.
 */

import { type Expression, type SqlBool, sql } from 'kysely';
import { regionRange } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';
import type { BlockGeometry } from '../../platform/schema.stats.ts';
import { editableBy, seenAsShared, type Viewer, visibleTo } from './blocks.view.ts';

export interface BlockRow {
  blockId: number;
  blockName: string;
  areaMu: number;
  cropId: number | null;
  medId: number | null;
  remark: string | null;
  regionCode: number | null;
  yyAccountId: number;
  ownerName: string;
  shared: boolean;
  sharedBy: string | null;
  editable: boolean;
  center: number[];
  geometry: BlockGeometry;
  sortieCount: number;
  lastSprayedAt: number | null;
  createTime: string;
  updateTime: string;
}

export interface BlockFilter {
  search?: string;
  region?: number;
  onlyMyAccount?: boolean;
  onlySubAccount?: boolean;
  cropId?: number;
}

const iso = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

function filterCondition(v: Viewer, f: BlockFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [visibleTo(v)];
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(sql<SqlBool>`(b.block_name ILIKE ${p} OR a.account_name ILIKE ${p} OR b.remark ILIKE ${p})`);
  }
  if (f.region !== undefined) {
    const [lo, hi] = regionRange(f.region);
    parts.push(sql<SqlBool>`b.region_code BETWEEN ${lo} AND ${hi}`);
  }
  if (f.onlyMyAccount) parts.push(sql<SqlBool>`b.yy_account_id = ${v.accountId}`);
  if (f.onlySubAccount) parts.push(sql<SqlBool>`b.yy_account_id = ANY(${v.subAccounts}::int[])`);
  if (f.cropId !== undefined) parts.push(sql<SqlBool>`b.crop_id = ${f.cropId}`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

type RawRow = Omit<BlockRow, 'center' | 'lastSprayedAt' | 'sortieCount'> & {
  center_lng: number | null;
  center_lat: number | null;
  sortie_count: string;
  last_sprayed: Date | null;
};

const toRow = ({ center_lng, center_lat, sortie_count, last_sprayed, ...r }: RawRow): BlockRow => ({
  ...r,
  center: [center_lng ?? 0, center_lat ?? 0],
  sortieCount: Number(sortie_count),
  lastSprayedAt: last_sprayed ? last_sprayed.getTime() : null,
});

export function createBlocksRepo(db: Db) {
  /** The records of the blocks matching `where`, with their sortie figures. */
  const records = (v: Viewer, where: Expression<SqlBool>, tail = sql``) =>
    sql<RawRow>`
      SELECT b.block_id AS "blockId", b.block_name AS "blockName", b.area_mu AS "areaMu",
        b.crop_id AS "cropId", b.med_id AS "medId", b.remark, b.region_code AS "regionCode", b.yy_account_id AS "yyAccountId",
        a.account_name AS "ownerName", ${seenAsShared(v)} AS shared,
        (SELECT sa.account_name FROM block_shares sh JOIN users su ON su.id = sh.shared_by
           JOIN accounts sa ON sa.id = su.account_id
         WHERE sh.block_id = b.block_id AND sh.user_id = ${v.userId}) AS "sharedBy",
        ${editableBy(v)} AS editable, b.center_lng, b.center_lat, b.geometry,
        st.n AS sortie_count, st.last AS last_sprayed,
        ${iso('b.created_at')} AS "createTime", ${iso('b.updated_at')} AS "updateTime"
      FROM blocks b
      JOIN accounts a ON a.id = b.yy_account_id
      CROSS JOIN LATERAL (SELECT count(*) AS n, max(s.end_time) AS last FROM sorties s
                          WHERE s.block_id = b.block_id) st
      WHERE ${where} ${tail}`
      .execute(db)
      .then((r) => r.rows.map(toRow));

  return {
    /** A page, newest first, with the total and the area of the filtered set. */
    async page(v: Viewer, f: BlockFilter, pageIndex: number, size: number) {
      const where = filterCondition(v, f);
      const [rows, totals] = await Promise.all([
        records(v, where, sql`ORDER BY b.block_id DESC LIMIT ${size} OFFSET ${(pageIndex - 1) * size}`),
        sql<{ n: string; area: number | null }>`
          SELECT count(*) AS n, sum(b.area_mu) AS area FROM blocks b
          JOIN accounts a ON a.id = b.yy_account_id WHERE ${where}`.execute(db),
      ]);
      const t = totals.rows[0];
      return { records: rows, total: Number(t?.n ?? 0), totalAreaMu: Number(t?.area ?? 0) };
    },

    /** A block the caller sees, or undefined. */
    get: async (v: Viewer, id: number): Promise<BlockRow | undefined> =>
      (await records(v, sql<SqlBool>`b.block_id = ${id} AND ${visibleTo(v)}`))[0],

    /** The users a block is shared with (the owner's view). */
    shares: (blockId: number) =>
      db
        .selectFrom('block_shares as sh')
        .innerJoin('users as u', 'u.id', 'sh.user_id')
        .innerJoin('accounts as a', 'a.id', 'u.account_id')
        .select([
          'u.id as userId',
          'u.user_name as userName',
          'u.phone',
          'u.phone_country',
          'a.account_name as accountName',
          iso('sh.created_at').as('sharedAt'),
        ])
        .where('sh.block_id', '=', blockId)
        .orderBy('sh.created_at')
        .execute(),

    routeCount: async (blockId: number) =>
      Number(
        (
          await db
            .selectFrom('block_routes')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('block_id', '=', blockId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** The blocks among `ids` the caller sees, with whether it may change them (locked for the delete). */
    async forWrite(trx: Db, v: Viewer, ids: number[]) {
      const { rows } = await sql<{ block_id: number; block_name: string; editable: boolean }>`
        SELECT b.block_id, b.block_name, ${editableBy(v)} AS editable FROM blocks b
        WHERE b.block_id = ANY(${ids}::bigint[]) AND ${visibleTo(v)}
        ORDER BY b.block_id FOR UPDATE OF b`.execute(trx);
      return rows.map((r) => ({ ...r, block_id: Number(r.block_id) }));
    },

    /** How many sorties and routes refer to each of `ids` (only those referred to). */
    async references(trx: Db, ids: number[]) {
      const { rows } = await sql<{ block_id: string; sorties: string; routes: string }>`
        SELECT id AS block_id,
          (SELECT count(*) FROM sorties s WHERE s.block_id = id) AS sorties,
          (SELECT count(*) FROM block_routes r WHERE r.block_id = id) AS routes
        FROM unnest(${ids}::bigint[]) AS id`.execute(trx);
      return rows
        .map((r) => ({ blockId: Number(r.block_id), sorties: Number(r.sorties), routes: Number(r.routes) }))
        .filter((r) => r.sorties > 0 || r.routes > 0);
    },
  };
}
export type BlocksRepo = ReturnType<typeof createBlocksRepo>;
