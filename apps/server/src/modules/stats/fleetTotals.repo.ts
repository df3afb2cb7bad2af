/**
 * All-time totals and plots of the caller's scope narrowed by the monitor's filters (region,
 * manufacturer, operator, device type, model). The scope-keyed rollups answer one key only; a
 * combination they cannot answer is summed from stat_daily (day x region x drone x owners x model,
 * at flight time), and plots from the sorties' blocks. Simulated flights are not statistics.
 *
 * The region filter takes the sorties flown in the region (where the work was done); device type
 * is the drone's registered type.
 */
import { type RawBuilder, sql } from 'kysely';
import {
  type DataScope,
  regionRange,
  rollupScopeCondition,
  scopeCondition,
  sortieColumns,
} from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import type { Totals } from './stats.repo.ts';

export interface FleetFilter {
  region?: number;
  zzAccountId?: number;
  yyAccountId?: number;
  deviceType?: number;
  flyModelId?: number;
}

export const hasFilter = (f: FleetFilter) =>
  f.region !== undefined ||
  f.zzAccountId !== undefined ||
  f.yyAccountId !== undefined ||
  f.deviceType !== undefined ||
  f.flyModelId !== undefined;

/** Columns of a table alias that carries the owners, the model and a region code. */
interface Cols {
  drone: string;
  zz: string;
  yy: string;
  model: string;
  /** The finest region code of the row (codes nest: a range test covers every level). */
  region: RawBuilder<unknown>;
}

function filterConditions(f: FleetFilter, c: Cols): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (f.region !== undefined) {
    const [lo, hi] = regionRange(f.region);
    parts.push(sql`${c.region} BETWEEN ${lo} AND ${hi}`);
  }
  if (f.zzAccountId !== undefined) parts.push(sql`${sql.ref(c.zz)} = ${f.zzAccountId}`);
  if (f.yyAccountId !== undefined) parts.push(sql`${sql.ref(c.yy)} = ${f.yyAccountId}`);
  if (f.flyModelId !== undefined) parts.push(sql`${sql.ref(c.model)} = ${f.flyModelId}`);
  if (f.deviceType !== undefined)
    parts.push(sql`${sql.ref(c.drone)} IN (SELECT drone_id FROM drones WHERE device_type = ${f.deviceType})`);
  return parts;
}

export function createFleetTotalsRepo(db: Db) {
  return {
    async totals(scope: DataScope, f: FleetFilter): Promise<Totals> {
      const where = sql.join(
        [
          rollupScopeCondition(scope, 'sd'),
          ...filterConditions(f, {
            drone: 'sd.drone_id',
            zz: 'sd.zz_account_id',
            yy: 'sd.yy_account_id',
            model: 'sd.model_id',
            region: sql`sd.region_code`,
          }),
        ],
        sql` AND `,
      );
      const { rows } = await sql<Totals>`
        SELECT coalesce(sum(sorties), 0)::int AS sorties, coalesce(sum(area_mu), 0) AS area,
          coalesce(sum(volume_l), 0) AS volume, coalesce(sum(duration_s), 0) AS duration
        FROM stat_daily sd WHERE ${where}`.execute(db);
      return rows[0] as Totals;
    },

    /** Plots (blocks) worked by the sorties in scope and filters, with their area. */
    async plots(scope: DataScope, f: FleetFilter): Promise<{ n: number; area: number }> {
      const where = sql.join(
        [
          scopeCondition(scope, sortieColumns('s')),
          ...filterConditions(f, {
            drone: 's.drone_id',
            zz: 's.zz_account_id',
            yy: 's.yy_account_id',
            model: 's.model_id',
            region: sql`coalesce(s.county_code, s.city_code, s.province_code, s.country_code)`,
          }),
        ],
        sql` AND `,
      );
      const { rows } = await sql<{ n: number; area: number }>`
        SELECT count(*)::int AS n, coalesce(sum(b.area_mu), 0) AS area FROM blocks b
        WHERE b.block_id IN (
          SELECT s.block_id FROM sorties s
          WHERE NOT s.simulated AND s.block_id IS NOT NULL AND ${where})`.execute(db);
      return rows[0] ?? { n: 0, area: 0 };
    },
  };
}
export type FleetTotalsRepo = ReturnType<typeof createFleetTotalsRepo>;
