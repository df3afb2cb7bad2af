/**
 * Writes of blocks, each in the caller's transaction: insert, update, delete (plain and force, the
 * latter detaching the sorties and routes that refer to the block), share, and the system log row
 * of each accepted change (log_type 2, as the models and RTK modules write theirs).
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { RegionAt } from '../regions/geo/codes.ts';
import type { BlockShape } from './blocks.geometry.ts';

export interface BlockData extends BlockShape {
  blockName: string;
  cropId: number | null;
  medId: number | null;
  remark: string | null;
  region: RegionAt;
}

export interface BlockActor {
  accountId: number;
  userId: number;
  ip: string | null;
}

const codeOf = (r: RegionAt) => r.county ?? r.city ?? r.province ?? (r.country || null);

const columns = (d: BlockData) => ({
  block_name: d.blockName,
  area_mu: d.areaMu,
  shape: sql<string>`${d.shapeText}::polygon`,
  geometry: JSON.stringify(d.geometry),
  crop_id: d.cropId,
  med_id: d.medId,
  remark: d.remark,
  center_lng: d.center[0],
  center_lat: d.center[1],
  country_code: d.region.country ?? 0,
  province_code: d.region.province ?? null,
  city_code: d.region.city ?? null,
  county_code: d.region.county ?? null,
  region_code: codeOf(d.region),
});

export function createBlocksWriter(trx: Db) {
  return {
    insert: async (d: BlockData, a: BlockActor) =>
      (
        await trx
          .insertInto('blocks')
          .values({ ...columns(d), yy_account_id: a.accountId, created_by: a.userId })
          .returning('block_id')
          .executeTakeFirstOrThrow()
      ).block_id,

    /** Whether the block still existed. */
    update: async (id: number, d: BlockData) =>
      (
        await trx
          .updateTable('blocks')
          .set({ ...columns(d), updated_at: sql<Date>`now()` })
          .where('block_id', '=', id)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    /** Deletes the blocks; with `detach`, first clears the sorties' and routes' references. */
    async remove(ids: number[], detach: boolean): Promise<number> {
      if (detach) {
        await sql`UPDATE sorties SET block_id = NULL WHERE block_id = ANY(${ids}::bigint[])`.execute(trx);
        await sql`UPDATE block_routes SET block_id = NULL WHERE block_id = ANY(${ids}::bigint[])`.execute(
          trx,
        );
      }
      const r = await trx.deleteFrom('blocks').where('block_id', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /**
     * Shares a block with the enabled user of this phone, unless that user belongs to the owning
     * account (it sees the block already) or already has it: one statement whatever the number, so
     * a registered and an unregistered phone take the same path (no enumeration, issue 20 item 13).
     */
    shareByPhone: async (
      blockId: number,
      countryCode: string,
      phone: string,
      ownerAccountId: number,
      by: number,
    ) =>
      (
        await sql<{ user_id: number }>`
          INSERT INTO block_shares (block_id, user_id, shared_by)
          SELECT ${blockId}, u.id, ${by} FROM users u
          WHERE u.phone_country = ${countryCode} AND u.phone = ${phone} AND u.enabled
            AND u.account_id <> ${ownerAccountId}
          ON CONFLICT (block_id, user_id) DO NOTHING
          RETURNING user_id`.execute(trx)
      ).rows.length > 0,

    /** Ends a share; false when there was none. */
    unshare: async (blockId: number, userId: number) =>
      (
        await trx
          .deleteFrom('block_shares')
          .where('block_id', '=', blockId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      ).numDeletedRows > 0n,
  };
}
export type BlocksWriter = ReturnType<typeof createBlocksWriter>;
