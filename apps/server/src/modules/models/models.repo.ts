/**
 * Drone models in SQL. Every function takes the caller's scope: the platform ('all') reaches every
 * model, a manufacturer ('zz') its own; a model outside the scope is not found. The lookup of a
 * manufacturer's models for other callers (government, operator) is narrowed to the models of the
 * drones they see (droneScopeCondition).
 */

import {
  ID_RANGE_EXISTED_LIST_MAX,
  type IdRangeResult,
  type ModelListQuery,
  type ModelOption,
  type ModelPower,
  type ModelRow,
  type ModelShape,
} from '@agrifleet/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';

/** A model's row as the service needs it. */
export interface ModelRecord {
  id: number;
  zz: number;
  modelName: string;
  sprayWidth: number;
}

export interface ModelValues {
  modelName: string;
  shape: ModelShape;
  power: ModelPower;
  sprayWidth: number;
  tankLitres: number;
}

/** The drone_models rows (alias m) a scope manages: the platform all, a manufacturer its own. */
function managed(scope: DataScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'zz') return sql<SqlBool>`m.zz_account_id = ${scope.accountId}`;
  return sql<SqlBool>`false`;
}

const SORT_SQL: Record<ModelListQuery['sortParam'], string> = {
  createTime: 'm.created_at',
  modelName: 'm.model_name',
  droneCount: 'drone_count',
  sprayWidth: 'm.spray_width',
  tankLitres: 'm.tank_litres',
};

/** The statistics rollup's columns besides model_id: its key and its measures. */
const STAT_KEY = sql.raw('day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id, yy_account_id');
const STAT_MEASURES = ['sorties', 'area_mu', 'volume_l', 'duration_s', 'spray_time_s', 'distance_m'];

export function createModelsRepo(db: Db) {
  return {
    async list(scope: DataScope, q: ModelListQuery): Promise<{ records: ModelRow[]; total: number }> {
      const parts: Expression<SqlBool>[] = [managed(scope)];
      if (q.modelName) parts.push(sql<SqlBool>`m.model_name ILIKE ${likePattern(q.modelName)}`);
      if (q.zzAccountId !== undefined) parts.push(sql<SqlBool>`m.zz_account_id = ${q.zzAccountId}`);
      if (q.shape) parts.push(sql<SqlBool>`m.shape = ${q.shape}`);
      if (q.power) parts.push(sql<SqlBool>`m.power = ${q.power}`);
      const where = sql.join(parts, sql` AND `);
      const dir = sql.raw(q.order === 2 ? 'ASC' : 'DESC');
      const { rows } = await sql<{
        id: number;
        model_name: string;
        zz_account_id: number;
        zz_name: string;
        shape: ModelShape;
        power: ModelPower;
        spray_width: number;
        tank_litres: number;
        drone_count: number;
        created_at: Date;
        total: number;
      }>`
        SELECT m.id, m.model_name, m.zz_account_id, a.account_name AS zz_name, m.shape, m.power,
          m.spray_width, m.tank_litres, m.created_at, count(*) OVER () AS total,
          (SELECT count(*) FROM drones d WHERE d.model_id = m.id) AS drone_count
        FROM drone_models m JOIN accounts a ON a.id = m.zz_account_id
        WHERE ${where}
        ORDER BY ${sql.raw(SORT_SQL[q.sortParam])} ${dir}, m.id ${dir}
        LIMIT ${q.pageSize} OFFSET ${(q.currentPage - 1) * q.pageSize}`.execute(db);
      let total = rows[0]?.total ?? 0;
      // A page past the end has no rows to carry the total: count it apart.
      if (rows.length === 0 && q.currentPage > 1) {
        const c = await sql<{ n: number }>`SELECT count(*) AS n FROM drone_models m WHERE ${where}`.execute(
          db,
        );
        total = Number(c.rows[0]?.n ?? 0);
      }
      return {
        total: Number(total),
        records: rows.map((r) => ({
          id: r.id,
          modelName: r.model_name,
          zzAccountId: r.zz_account_id,
          zzAccountName: r.zz_name,
          shape: r.shape,
          power: r.power,
          sprayWidth: Number(r.spray_width),
          tankLitres: Number(r.tank_litres),
          droneCount: Number(r.drone_count),
          createTime: new Date(r.created_at).getTime(),
        })),
      };
    },

    /** The model if the scope manages it. */
    async get(scope: DataScope, id: number): Promise<ModelRecord | null> {
      const { rows } = await sql<{
        id: number;
        zz_account_id: number;
        model_name: string;
        spray_width: number;
      }>`
        SELECT m.id, m.zz_account_id, m.model_name, m.spray_width FROM drone_models m
        WHERE m.id = ${id} AND ${managed(scope)}`.execute(db);
      const r = rows[0];
      return r
        ? { id: r.id, zz: r.zz_account_id, modelName: r.model_name, sprayWidth: Number(r.spray_width) }
        : null;
    },

    /** Whether the account exists and is a manufacturer (account type 3). */
    async isManufacturer(accountId: number): Promise<boolean> {
      const r = await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', accountId)
        .where('account_type', '=', 3)
        .executeTakeFirst();
      return !!r;
    },

    async create(zz: number, v: ModelValues): Promise<number> {
      const r = await db
        .insertInto('drone_models')
        .values({
          zz_account_id: zz,
          model_name: v.modelName,
          shape: v.shape,
          power: v.power,
          spray_width: v.sprayWidth,
          tank_litres: v.tankLitres,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /** Updates a model the scope manages; false when there is none. */
    async update(scope: DataScope, id: number, v: ModelValues): Promise<boolean> {
      const r = await db
        .updateTable('drone_models as m')
        .set({
          model_name: v.modelName,
          shape: v.shape,
          power: v.power,
          spray_width: v.sprayWidth,
          tank_litres: v.tankLitres,
        })
        .where('m.id', '=', id)
        .where(managed(scope))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * Deletes a model the scope manages when no drone uses it. Answers 'missing', the number of
     * drones using it (nothing deleted), or 0 (deleted). The model row is locked first, so a drone
     * moved onto it meanwhile either waits or makes the delete fail on the foreign key.
     */
    async remove(scope: DataScope, id: number): Promise<'missing' | number> {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number }>`
          SELECT m.id FROM drone_models m WHERE m.id = ${id} AND ${managed(scope)} FOR UPDATE`.execute(trx);
        if (!rows[0]) return 'missing';
        const c = await sql<{ n: number }>`SELECT count(*) AS n FROM drones WHERE model_id = ${id}`.execute(
          trx,
        );
        const n = Number(c.rows[0]?.n ?? 0);
        if (n > 0) return n;
        await trx.deleteFrom('drone_models').where('id', '=', id).execute();
        return 0;
      });
    },

    /**
     * Merges models into `kept` in one transaction (the caller checked scope and manufacturer on the
     * locked rows through `lock`): drones move; their sorties, the daily rollup (summed where a key
     * meets the kept model's) and saved statistics settings move too, so statistics by model show the
     * merged models as the kept one; the merged models are deleted.
     */
    async merge(trx: Db, kept: number, merged: number[]): Promise<{ movedDrones: number }> {
      const moved = await trx
        .updateTable('drones')
        .set({ model_id: kept })
        .where('model_id', 'in', merged)
        .executeTakeFirst();
      await trx.updateTable('sorties').set({ model_id: kept }).where('model_id', 'in', merged).execute();
      const measures = sql.raw(STAT_MEASURES.join(', '));
      const sums = sql.raw(STAT_MEASURES.map((c) => `sum(${c})`).join(', '));
      const adds = sql.raw(STAT_MEASURES.map((c) => `${c} = stat_daily.${c} + excluded.${c}`).join(', '));
      await sql`
        WITH moved AS (DELETE FROM stat_daily WHERE model_id = ANY(${merged}::int[]) RETURNING *)
        INSERT INTO stat_daily (${STAT_KEY}, model_id, ${measures})
        SELECT ${STAT_KEY}, ${kept}::int, ${sums} FROM moved GROUP BY ${STAT_KEY}
        ON CONFLICT (day, drone_id, region_code, pilot_id, mode, crop_id, yy_account_id, zz_account_id, model_id)
        DO UPDATE SET ${adds}`.execute(trx);
      await trx
        .updateTable('stat_items')
        .set({ fly_model_id: kept })
        .where('fly_model_id', 'in', merged)
        .execute();
      await trx.deleteFrom('drone_models').where('id', 'in', merged).execute();
      return { movedDrones: Number(moved.numUpdatedRows) };
    },

    /** The models `ids` among those the scope manages, locked for the transaction. */
    async lock(trx: Db, scope: DataScope, ids: number[]): Promise<Array<{ id: number; zz: number }>> {
      const { rows } = await sql<{ id: number; zz_account_id: number }>`
        SELECT m.id, m.zz_account_id FROM drone_models m
        WHERE m.id = ANY(${ids}::int[]) AND ${managed(scope)} ORDER BY m.id FOR UPDATE`.execute(trx);
      return rows.map((r) => ({ id: r.id, zz: r.zz_account_id }));
    },

    /**
     * Registers serials prefix + lpad(n, width) for n in start..end as drones of the model, in one
     * statement: existing serials (of any model or manufacturer) are left alone and reported.
     */
    async addRange(
      trx: Db,
      model: ModelRecord,
      r: { prefix: string; start: number; end: number; width: number },
    ): Promise<IdRangeResult> {
      const { rows } = await sql<{ requested: number; created: number; existed_ids: string[] }>`
        WITH s AS (
          SELECT n, ${r.prefix}::text || lpad(n::text, greatest(${r.width}::int, length(n::text)), '0') AS id
          FROM generate_series(${r.start}::bigint, ${r.end}::bigint) AS n
        ), ins AS (
          INSERT INTO drones (drone_id, drone_name, model_id, zz_account_id, activation_status, spray_width)
          SELECT s.id, s.id, ${model.id}::int, ${model.zz}::int, 1, ${model.sprayWidth}::numeric FROM s
          ON CONFLICT (drone_id) DO NOTHING
          RETURNING drone_id
        )
        SELECT (SELECT count(*) FROM s) AS requested, (SELECT count(*) FROM ins) AS created,
          coalesce((SELECT array_agg(x.id ORDER BY x.n) FROM (
            SELECT s.n, s.id FROM s WHERE NOT EXISTS (SELECT 1 FROM ins WHERE ins.drone_id = s.id)
            ORDER BY s.n LIMIT ${ID_RANGE_EXISTED_LIST_MAX}) x), '{}') AS existed_ids`.execute(trx);
      const row = rows[0] as { requested: number; created: number; existed_ids: string[] };
      const requested = Number(row.requested);
      const created = Number(row.created);
      return { requested, created, existed: requested - created, existedIds: row.existed_ids };
    },

    /**
     * A manufacturer's models for the lookup: every one for the platform and the manufacturer itself;
     * for other callers those with a drone in their scope.
     */
    async options(scope: DataScope, manufacturerId: number): Promise<ModelOption[]> {
      const seen =
        scope.kind === 'all' || scope.kind === 'zz'
          ? sql<SqlBool>`true`
          : sql<SqlBool>`EXISTS (SELECT 1 FROM drones d WHERE d.model_id = m.id AND ${droneScopeCondition(
              scope,
              {
                zz: 'd.zz_account_id',
                yy: 'd.yy_account_id',
                region: 'd.region_code',
              },
            )})`;
      const { rows } = await sql<{ id: number; model_name: string }>`
        SELECT m.id, m.model_name FROM drone_models m
        WHERE m.zz_account_id = ${manufacturerId} AND ${seen}
        ORDER BY m.model_name, m.id`.execute(db);
      return rows.map((r) => ({ id: r.id, modelName: r.model_name }));
    },

    transaction: <T>(fn: (trx: Db) => Promise<T>) =>
      db.transaction().execute((trx) => fn(trx as unknown as Db)),
  };
}
export type ModelsRepo = ReturnType<typeof createModelsRepo>;
