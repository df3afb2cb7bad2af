/**
 * The drone list (DroneList): registry rows in the caller's scope with every §3 filter, one page in
 * the asked order, and the statistics of the whole filtered set.
 *
 * Lifetime figures (sorties, work area) are never summed from sorties: they come from the all-time
 * grain of `stat_drone` (kept in the sortie's transaction by telemetry/rollups) under the caller's
 * own scope key, so an owner sees what its drones flew while it owned them (the owners at flight
 * time, as every statistic), a manufacturer and the platform everything, a government what was
 * flown in its region. One index probe per drone; the statistics read one rollup row per drone.
 */
import type { DroneListQuery, DroneListStats, DroneRow, DroneSort } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';

export const DRONE_COLS = { zz: 'd.zz_account_id', yy: 'd.yy_account_id', region: 'd.region_code' };

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rollup key (sk, sid) whose all-time rows hold the figures this scope sees. */
export function figureKey(scope: DataScope): [number, number] {
  switch (scope.kind) {
    case 'all':
      return [0, 0];
    case 'region':
      return [1, scope.code];
    case 'zz':
      return [2, scope.accountId];
    case 'yy':
      return [3, scope.accountId];
  }
}

/** LEFT JOIN of the drone's all-time figures (alias t) for the scope. */
export function figuresJoin(scope: DataScope): RawBuilder<unknown> {
  const [sk, sid] = figureKey(scope);
  return sql`LEFT JOIN stat_drone t ON t.sk = ${sk} AND t.sid = ${sid} AND t.grain = 'a'
    AND t.period = DATE '1970-01-01' AND t.drone_id = d.drone_id`;
}

/**
 * The figures of a drone `d` as the scope sees them. The platform and a manufacturer (its drones'
 * every sortie) read the copy on the registry row (drones.total_*, migration 0017): no join, so
 * the statistics of 100,000 drones are one scan. An owner or a government joins its own rollup key.
 */
export function figures(scope: DataScope) {
  if (scope.kind === 'all' || scope.kind === 'zz')
    return {
      join: sql``,
      sorties: sql`d.total_sorties`,
      area: sql`d.total_area_mu`,
      duration: sql`d.total_duration_s`,
      volume: sql`d.total_volume_l`,
    };
  return {
    join: figuresJoin(scope),
    sorties: sql`coalesce(t.sorties, 0)`,
    area: sql`coalesce(t.area_mu, 0)`,
    duration: sql`coalesce(t.duration_s, 0)`,
    volume: sql`coalesce(t.volume_l, 0)`,
  };
}

type Filter = Omit<DroneListQuery, 'currentPage' | 'pageSize' | 'sortParam' | 'order'>;

/** The WHERE of the list: scope and filters, on drones `d`. */
export function listConditions(scope: DataScope, f: Filter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`${droneScopeCondition(scope, DRONE_COLS)}`];
  if (f.droneId) parts.push(sql`d.drone_id ILIKE ${contains(f.droneId)}`);
  if (f.droneName) parts.push(sql`d.drone_name ILIKE ${contains(f.droneName)}`);
  if (f.yyAccountName)
    parts.push(
      sql`d.yy_account_id IN (SELECT id FROM accounts WHERE account_name ILIKE ${contains(f.yyAccountName)})`,
    );
  if (f.zzAccountName)
    parts.push(
      sql`d.zz_account_id IN (SELECT id FROM accounts WHERE account_name ILIKE ${contains(f.zzAccountName)})`,
    );
  if (f.modelName)
    parts.push(
      sql`d.model_id IN (SELECT id FROM drone_models WHERE model_name ILIKE ${contains(f.modelName)})`,
    );
  if (f.oprName)
    parts.push(sql`d.drone_id IN (SELECT p.drone_id FROM drone_pilots p JOIN users u ON u.id = p.pilot_id
      WHERE u.user_name ILIKE ${contains(f.oprName)})`);
  if (f.regFlag === 1) parts.push(sql`coalesce(d.reg_mark, '') <> ''`);
  if (f.regFlag === 0) parts.push(sql`coalesce(d.reg_mark, '') = ''`);
  if (f.deviceType !== undefined) parts.push(sql`d.device_type = ${f.deviceType}`);
  if (f.saleType !== undefined) parts.push(sql`d.sale_type = ${f.saleType}`);
  return sql.join(parts, sql` AND `);
}

/** ORDER BY of a sort; the drone id breaks ties so pages never overlap. */
function sortKey(sort: DroneSort, f: ReturnType<typeof figures>): RawBuilder<unknown> {
  switch (sort) {
    case 'createTime':
      return sql`d.created_at`;
    case 'droneId':
      return sql`d.drone_id`;
    case 'droneName':
      return sql`d.drone_name`;
    case 'modelName':
      return sql`m0.model_name`;
    case 'workArea':
      return f.area;
    case 'sortieCount':
      return f.sorties;
    case 'lastTime':
      return sql`d.last_time`;
  }
}

interface RowDb {
  drone_id: string;
  drone_name: string;
  model_id: number;
  model_name: string;
  zz_account_id: number;
  zz_name: string;
  yy_account_id: number | null;
  yy_name: string | null;
  zz_drone_num: string | null;
  reg_mark: string | null;
  rack_no: string | null;
  buyer: string | null;
  activation_status: number;
  device_type: number;
  sale_type: number;
  rental_model: number | null;
  locked: boolean;
  spray_width: string | number;
  region_code: number | null;
  created_at: Date;
  last_time: Date | null;
  sorties: number | string | null;
  area_mu: number | null;
}

export const ROW_SELECT = sql`d.drone_id, d.drone_name, d.model_id, m.model_name, d.zz_account_id,
  z.account_name AS zz_name, d.yy_account_id, y.account_name AS yy_name, d.zz_drone_num, d.reg_mark,
  d.rack_no, d.buyer, d.activation_status, d.device_type, d.sale_type, d.rental_model, d.locked,
  d.spray_width, d.region_code, d.created_at, d.last_time`;

export const ROW_JOINS = sql`JOIN drone_models m ON m.id = d.model_id
  JOIN accounts z ON z.id = d.zz_account_id
  LEFT JOIN accounts y ON y.id = d.yy_account_id`;

export function toRow(r: RowDb): DroneRow {
  return {
    droneId: r.drone_id,
    droneName: r.drone_name,
    flyModelId: r.model_id,
    modelName: r.model_name,
    zzAccountId: r.zz_account_id,
    zzAccountName: r.zz_name,
    yyAccountId: r.yy_account_id,
    yyAccountName: r.yy_name,
    zzDroneNum: r.zz_drone_num,
    regMark: r.reg_mark,
    rackNo: r.rack_no,
    buyer: r.buyer,
    activationStatus: r.activation_status,
    deviceType: r.device_type,
    saleType: r.sale_type,
    rentalModel: r.rental_model,
    locked: r.locked,
    sprayWidth: Number(r.spray_width),
    regionCode: r.region_code,
    createTime: r.created_at.getTime(),
    lastTime: r.last_time ? r.last_time.getTime() : null,
    sortieCount: Number(r.sorties ?? 0),
    workArea: r.area_mu ?? 0,
  };
}
export type { RowDb as DroneRowDb };

export function createDroneListRepo(db: Db) {
  return {
    async page(scope: DataScope, q: DroneListQuery): Promise<DroneRow[]> {
      const dir = sql.raw(q.order === 2 ? 'ASC' : 'DESC');
      const nulls = sql.raw(q.order === 2 ? 'NULLS FIRST' : 'NULLS LAST');
      const f = figures(scope);
      const key = sortKey(q.sortParam, f);
      // The page's keys first (filters, figures for the sort), then the names of those rows only.
      const { rows } = await sql<RowDb>`
        WITH t AS MATERIALIZED (
          SELECT x.*, row_number() OVER () AS n FROM (
            SELECT d.drone_id, ${f.sorties} AS sorties, ${f.area} AS area_mu FROM drones d ${f.join}
            JOIN drone_models m0 ON m0.id = d.model_id
            WHERE ${listConditions(scope, q)}
            ORDER BY ${key} ${dir} ${nulls}, d.drone_id ${dir}
            LIMIT ${q.pageSize} OFFSET ${(q.currentPage - 1) * q.pageSize}
          ) x
        )
        SELECT ${ROW_SELECT}, t.sorties, t.area_mu FROM t JOIN drones d ON d.drone_id = t.drone_id
        ${ROW_JOINS}
        ORDER BY t.n`.execute(db);
      return rows.map(toRow);
    },

    /** total, workArea, zzNum, sortieCount, modelNum of the whole filtered set. */
    async stats(scope: DataScope, q: Filter): Promise<DroneListStats> {
      const f = figures(scope);
      const { rows } = await sql<{
        total: string | null;
        zz_num: string;
        model_num: string;
        work_area: number | null;
        sortie_count: string | null;
      }>`
        SELECT sum(g.n) AS total, count(DISTINCT g.zz) AS zz_num, count(DISTINCT g.model) AS model_num,
          sum(g.area) AS work_area, sum(g.sorties) AS sortie_count
        FROM (
          SELECT d.zz_account_id AS zz, d.model_id AS model, count(*) AS n,
            sum(${f.area}) AS area, sum(${f.sorties}) AS sorties
          FROM drones d ${f.join}
          WHERE ${listConditions(scope, q)}
          GROUP BY 1, 2
        ) g`.execute(db);
      const r = rows[0];
      return {
        total: Number(r?.total ?? 0),
        zzNum: Number(r?.zz_num ?? 0),
        modelNum: Number(r?.model_num ?? 0),
        workArea: r?.work_area ?? 0,
        sortieCount: Number(r?.sortie_count ?? 0),
      };
    },
  };
}
export type DroneListRepo = ReturnType<typeof createDroneListRepo>;
