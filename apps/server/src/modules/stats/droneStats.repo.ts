/**
 * Drone statistics (DroneStatistics) from the daily rollup `stat_daily` (day x region x drone x
 * pilot x mode, owners and model at flight time), never from sorties or points. Names come from the
 * registry (drones, accounts, drone_models). The scope and the filters apply to the rollup rows:
 * a government sees work flown in its region, an owner the work of its drones.
 */
import type { DroneStatPage, DroneStatQuery, DroneStatSort } from '@agrifleet/domain';
import { type Expression, type RawBuilder, sql } from 'kysely';
import { type DataScope, regionRange, rollupScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { localDay } from './calendar.ts';

export interface DroneStatFilter {
  droneId?: string;
  droneName?: string;
  zzAccountId?: number;
  yyAccountId?: number;
  flyModelId?: number;
  region?: number;
  /** Local days 'YYYY-MM-DD', both included. */
  fromDay?: string;
  toDay?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (ms: number, timeZone: string) => {
  const { y, m, d } = localDay(ms, timeZone);
  return `${y}-${pad(m)}-${pad(d)}`;
};

/** The filter of a query: startTime / endTime (ms) become the local days that contain them. */
export function droneStatFilter(q: DroneStatQuery, timeZone: string): DroneStatFilter {
  return {
    droneId: q.droneId || undefined,
    droneName: q.droneName || undefined,
    zzAccountId: q.zzAccountId,
    yyAccountId: q.yyAccountId,
    flyModelId: q.flyModelId,
    region: q.region,
    fromDay: q.startTime === undefined ? undefined : dayOf(q.startTime, timeZone),
    toDay: q.endTime === undefined ? undefined : dayOf(q.endTime, timeZone),
  };
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(scope: DataScope, f: DroneStatFilter): RawBuilder<unknown> {
  const parts: Expression<unknown>[] = [rollupScopeCondition(scope, 'sd')];
  if (f.droneId) parts.push(sql`sd.drone_id ILIKE ${contains(f.droneId)}`);
  if (f.droneName)
    parts.push(
      sql`sd.drone_id IN (SELECT drone_id FROM drones WHERE drone_name ILIKE ${contains(f.droneName)})`,
    );
  if (f.zzAccountId !== undefined) parts.push(sql`sd.zz_account_id = ${f.zzAccountId}`);
  if (f.yyAccountId !== undefined) parts.push(sql`sd.yy_account_id = ${f.yyAccountId}`);
  if (f.flyModelId !== undefined) parts.push(sql`sd.model_id = ${f.flyModelId}`);
  if (f.region !== undefined) {
    const [lo, hi] = regionRange(f.region);
    parts.push(sql`sd.region_code BETWEEN ${lo} AND ${hi}`);
  }
  if (f.fromDay) parts.push(sql`sd.day >= ${f.fromDay}::date`);
  if (f.toDay) parts.push(sql`sd.day <= ${f.toDay}::date`);
  return sql.join(parts, sql` AND `);
}

/** Sort columns of the aggregated rows (`a`) and the registry row (`d`). */
const SORT_COLUMNS: Record<DroneStatSort, string> = {
  droneId: 'a.drone_id',
  droneName: 'd.drone_name',
  flightCount: 'a.flight_count',
  flightTime: 'a.flight_time',
  sprayArea: 'a.spray_area',
  sprayQuantity: 'a.spray_quantity',
  distance: 'a.distance',
  workDays: 'a.work_days',
  lastWorkTime: 'a.last_day',
};

export type DroneStatRecord = DroneStatPage['records'][number];
export type DroneStatTotals = DroneStatPage['totals'];

/** Sums of a set of rows (the totals of the filtered set), added in drone order: whatever the sort, the same digits. */
export function totalsOf(rows: DroneStatRecord[]): DroneStatTotals {
  const t = { flightCount: 0, flightTime: 0, sprayArea: 0, sprayQuantity: 0, distance: 0 };
  for (const r of [...rows].sort((a, b) => (a.droneId < b.droneId ? -1 : a.droneId > b.droneId ? 1 : 0))) {
    t.flightCount += r.flightCount;
    t.flightTime += r.flightTime;
    t.sprayArea += r.sprayArea;
    t.sprayQuantity += r.sprayQuantity;
    t.distance += r.distance;
  }
  return t;
}

export function createDroneStatsRepo(db: Db) {
  return {
    /**
     * Per-drone sums of the filtered rollup rows, every drone of the set in order. The sums are the
     * cost (one pass over the rows in scope); a page of them costs the same as all of them.
     */
    async sorted(
      scope: DataScope,
      f: DroneStatFilter,
      sort: DroneStatSort,
      order: 1 | 2,
    ): Promise<DroneStatRecord[]> {
      const dir = sql.raw(order === 2 ? 'ASC' : 'DESC');
      const { rows } = await sql<DroneStatRecord>`
        WITH a AS (
          SELECT sd.drone_id, sum(sd.sorties)::int AS flight_count, sum(sd.duration_s) AS flight_time,
            sum(sd.area_mu) AS spray_area, sum(sd.volume_l) AS spray_quantity, sum(sd.distance_m) AS distance,
            count(DISTINCT sd.day)::int AS work_days, max(sd.day) AS last_day
          FROM stat_daily sd WHERE ${conditions(scope, f)}
          GROUP BY sd.drone_id
        )
        SELECT a.drone_id AS "droneId", d.drone_name AS "droneName", m.model_name AS "modelName",
          z.account_name AS "zzAccountName", y.account_name AS "yyAccountName",
          a.flight_count AS "flightCount", a.flight_time AS "flightTime", a.spray_area AS "sprayArea",
          a.spray_quantity AS "sprayQuantity", a.distance, a.work_days AS "workDays",
          a.last_day AS "lastWorkTime"
        FROM a
        JOIN drones d ON d.drone_id = a.drone_id
        JOIN drone_models m ON m.id = d.model_id
        JOIN accounts z ON z.id = d.zz_account_id
        LEFT JOIN accounts y ON y.id = d.yy_account_id
        ORDER BY ${sql.ref(SORT_COLUMNS[sort])} ${dir} NULLS LAST, a.drone_id ${dir}`.execute(db);
      return rows;
    },
  };
}
export type DroneStatsRepo = ReturnType<typeof createDroneStatsRepo>;
