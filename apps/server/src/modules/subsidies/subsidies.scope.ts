/**
 * Who sees and who writes which subsidy. SubsidyList is for the platform, governments and
 * manufacturers (never operators): the platform sees all; a government the subsidies of programmes
 * in its region; a manufacturer those holding sorties of drones it made. Writes (compute, rates,
 * seal, spot checks, delete) are the platform's and, within its region, a government's.
 */
import { regionCodeRange, regionContains } from '@agrifleet/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type DataScope, regionLevel } from '../../platform/auth/scope.ts';

/** China: the stat's parent for a caller with no region of its own. */
export const COUNTRY = 156_000_000;

/** `col` lies in region `code` (or is it). */
export function regionFilter(col: string, code: number): Expression<SqlBool> {
  const [lo, hi] = regionCodeRange(code);
  return sql<SqlBool>`${sql.ref(col)} BETWEEN ${lo} AND ${hi}`;
}

/** Subsidies (alias `sb`) the scope may read. */
export function visibleSubsidy(scope: DataScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'region':
      return regionFilter('sb.region_code', scope.code);
    case 'zz':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM subsidy_sorties z
        WHERE z.subsidy_id = sb.subsidy_id AND z.zz_account_id = ${scope.accountId})`;
    case 'yy':
      return sql<SqlBool>`false`;
  }
}

/** Whether the scope may write subsidies and rates of `region`. */
export function mayWrite(scope: DataScope, region: number): boolean {
  if (scope.kind === 'all') return true;
  return scope.kind === 'region' && regionContains(scope.code, region);
}

/** The stat's parent region: the filter (kept inside a government's own), else the caller's region. */
export function statParent(scope: DataScope, region: number | undefined): number {
  if (scope.kind === 'region')
    return region != null && regionContains(scope.code, region) ? region : scope.code;
  return region ?? COUNTRY;
}

/** SQL: the region one level below `parent` that the code in `col` lies in. */
export function childRegionSql(parent: number, col: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  switch (regionLevel(parent)) {
    case 'country':
      return sql<number>`((${col} / 10000) * 10000)`;
    case 'province':
      return sql<number>`((${col} / 100) * 100)`;
    default:
      return sql<number>`(${col})`;
  }
}
