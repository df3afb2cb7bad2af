/**
 * Data statistics figures from the daily rollup `stat_daily` (migration 0007), never from sorties
 * or points; with task settings (taskIds, tftzType, medId) from the unified tasks' rollup
 * `task_daily` (the same columns plus tftz_id, counted sorties only) of the tasks they select. A
 * sortie counted for two selected tasks counts in each. Every query takes the caller's data scope and the item's filters as one condition, a
 * grouping key per axis, and one measure.
 */
import type { DatastatGroup, DatastatMeasure } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import { type DataScope, regionRange } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';

/** What narrows the rows: local days [from, to), the scope, and the applied settings. */
export interface CubeFilter {
  from: string;
  to: string;
  region: number | null;
  cropId: number | null;
  zzAccountId: number | null;
  yyAccountId: number | null;
  startDroneId: string | null;
  endDroneId: string | null;
  flyModelId: number | null;
  oprId: number | null;
  /** Unified tasks selected by the item (null: none, the whole stat_daily). */
  tasks: TaskFilter | null;
}

/** Tasks by id, type (tftz_type) and medicine; each null: any. */
export interface TaskFilter {
  ids: number[] | null;
  tftzType: number | null;
  medId: number | null;
}

/** The rows of the selected tasks: tftz_id among the unified tasks matching every given setting. */
function taskWhere(t: TaskFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (t.ids) parts.push(sql`ut.tftz_id = ANY(${t.ids}::bigint[])`);
  if (t.tftzType !== null) parts.push(sql`ut.tftz_type = ${t.tftzType}`);
  if (t.medId !== null) parts.push(sql`ut.med_id = ${t.medId}`);
  return sql`d.tftz_id IN (SELECT ut.tftz_id FROM unified_tasks ut WHERE ${sql.join(parts, sql` AND `)})`;
}

/** Region codes as found in the rows -> the region they are grouped under. */
export type RegionMap = { codes: number[]; keys: number[] };

/** A grouping axis: the group, and which of its keys to keep apart. */
export interface Axis {
  group: DatastatGroup;
  /** Keep these keys and add the others up under a null key (null: keep all). */
  keep: string[] | null;
}

export interface GroupedRow {
  x: string | null;
  d: string | null;
  /** GROUPING(x, d): 0 a cell, 1 a row total (x), 2 a series total (d), 3 the grand total. */
  g: number;
  v: number;
  firstDay: string | null;
}

const ref = (column: string) => sql.ref(`d.${column}`);

/** The key of a row in a group, as text. */
function rawKey(group: DatastatGroup): RawBuilder<string> {
  switch (group) {
    case 'day':
      return sql`d.day::text`;
    case 'month':
      return sql`to_char(d.day, 'YYYY-MM')`;
    case 'year':
      return sql`to_char(d.day, 'YYYY')`;
    case 'region':
      return sql`rm.key::text`;
    case 'drone':
      return sql`d.drone_id`;
    case 'pilot':
      return sql`d.pilot_id::text`;
    case 'model':
      return sql`d.model_id::text`;
    case 'crop':
      return sql`d.crop_id::text`;
    case 'mode':
      return sql`d.mode`;
    case 'manufacturer':
      return sql`d.zz_account_id::text`;
    case 'operator':
      return sql`d.yy_account_id::text`;
  }
}

/** Keys sort and compare in byte order: the same order everywhere, and cheaper to sort than a locale's. */
const keyOf = (group: DatastatGroup) => sql<string>`(${rawKey(group)}) COLLATE "C"`;

const MEASURES: Record<DatastatMeasure, RawBuilder<number>> = {
  area: sql`coalesce(sum(f.area_mu), 0)`,
  volume: sql`coalesce(sum(f.volume_l), 0)`,
  flightTime: sql`coalesce(sum(f.duration_s), 0)`,
  sorties: sql`coalesce(sum(f.sorties), 0)::float8`,
  activeDrones: sql`count(DISTINCT f.drone_id)::float8`,
  sprayTime: sql`coalesce(sum(f.spray_time_s), 0)`,
  distance: sql`coalesce(sum(f.distance_m), 0)`,
};

/** Rows of the scope (platform all; government its region; manufacturer / operator its drones). */
function scopeWhere(scope: DataScope): RawBuilder<unknown> {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'region': {
      const [lo, hi] = regionRange(scope.code);
      return sql`d.region_code BETWEEN ${lo} AND ${hi}`;
    }
    case 'zz':
      return sql`d.zz_account_id = ${scope.accountId}`;
    case 'yy':
      return sql`d.yy_account_id = ${scope.accountId}`;
  }
}

function where(scope: DataScope, f: CubeFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`d.day >= ${f.from}::date AND d.day < ${f.to}::date`,
    scopeWhere(scope),
  ];
  if (f.region !== null) {
    const [lo, hi] = regionRange(f.region);
    parts.push(sql`d.region_code BETWEEN ${lo} AND ${hi}`);
  }
  const equal: Array<[string, number | null]> = [
    ['crop_id', f.cropId],
    ['zz_account_id', f.zzAccountId],
    ['yy_account_id', f.yyAccountId],
    ['model_id', f.flyModelId],
    ['pilot_id', f.oprId],
  ];
  for (const [column, value] of equal) if (value !== null) parts.push(sql`${ref(column)} = ${value}`);
  // Drone ids compare in byte order, whatever the database's collation.
  if (f.startDroneId !== null) parts.push(sql`d.drone_id COLLATE "C" >= ${f.startDroneId}`);
  if (f.endDroneId !== null) parts.push(sql`d.drone_id COLLATE "C" <= ${f.endDroneId}`);
  if (f.tasks) parts.push(taskWhere(f.tasks));
  return sql.join(parts, sql` AND `);
}

/** The rows of the cube with the region map joined when a region axis needs it. */
function source(scope: DataScope, f: CubeFilter, regions: RegionMap | null) {
  const join = regions
    ? sql`JOIN unnest(${regions.codes}::int[], ${regions.keys}::int[]) AS rm(code, key) ON rm.code = d.region_code`
    : sql``;
  const table = f.tasks ? sql`task_daily` : sql`stat_daily`;
  return sql`${table} d ${join} WHERE ${where(scope, f)}`;
}

/** A key kept as is, or null ("others") when the axis keeps only some. */
const bucket = (axis: Axis) =>
  axis.keep
    ? sql`CASE WHEN ${keyOf(axis.group)} = ANY(${axis.keep}::text[]) THEN ${keyOf(axis.group)} END`
    : keyOf(axis.group);

export function createDatastatCube(db: Db) {
  return {
    /** The region codes the rows carry (to map them onto the regions shown). */
    async regionCodes(scope: DataScope, f: CubeFilter): Promise<number[]> {
      const { rows } = await sql<{ code: number }>`
        SELECT DISTINCT d.region_code AS code FROM ${source(scope, f, null)}`.execute(db);
      return rows.map((r) => r.code);
    },

    /** Keys of a group by measure, largest first, at most `limit`. */
    async rank(
      scope: DataScope,
      f: CubeFilter,
      group: DatastatGroup,
      measure: DatastatMeasure,
      limit: number,
      regions: RegionMap | null,
    ): Promise<string[]> {
      const { rows } = await sql<{ k: string }>`
        SELECT f.k FROM (SELECT ${keyOf(group)} AS k, d.* FROM ${source(scope, f, regions)}) f
        GROUP BY f.k ORDER BY ${MEASURES[measure]} DESC, f.k LIMIT ${limit}`.execute(db);
      return rows.map((r) => r.k);
    },

    /**
     * The measure per x (and per dimension d), with the totals of each x, of each d and in all,
     * in one pass (GROUPING SETS), so distinct counts are right at every level.
     */
    async grouped(
      scope: DataScope,
      f: CubeFilter,
      x: Axis,
      d: Axis | null,
      measure: DatastatMeasure,
      regions: RegionMap | null,
    ): Promise<GroupedRow[]> {
      const sets = d ? sql`(f.x, f.d), (f.x), (f.d), ()` : sql`(f.x), ()`;
      const { rows } = await sql<GroupedRow>`
        SELECT f.x, ${d ? sql`f.d` : sql`NULL::text`} AS d,
          ${d ? sql`GROUPING(f.x, f.d)` : sql`GROUPING(f.x) * 2 + 1`}::int AS g,
          ${MEASURES[measure]} AS v, min(f.day)::text AS "firstDay"
        FROM (SELECT ${bucket(x)} AS x, ${d ? bucket(d) : sql`NULL::text`} AS d, d.*
              FROM ${source(scope, f, regions)}) f
        GROUP BY GROUPING SETS (${sets})`.execute(db);
      return rows;
    },
  };
}

export type DatastatCube = ReturnType<typeof createDatastatCube>;
