/**
 * Data scope (ARCHITECTURE "Contract rules"): which drones, sorties and anomalies a caller sees.
 * Platform: all; government: its administrative region; manufacturer: the drones it made;
 * operator and farmer: the drones it owns. Every repository that reads fleet data takes a scope.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Caller } from './subject.ts';

export type RegionLevel = 'country' | 'province' | 'city' | 'county';

export type DataScope =
  | { kind: 'all' }
  | {
      kind: 'region';
      code: number;
      level: RegionLevel;
      /** The government account: its monitored unified tasks' drones join it (modules/monitor/zfMonitor.ts). */
      accountId?: number;
    }
  | { kind: 'zz'; accountId: number }
  | { kind: 'yy'; accountId: number };

/** Level of a 9-digit region code (country x 1,000,000 + national code). */
export function regionLevel(code: number): RegionLevel {
  const national = code % 1_000_000;
  if (national === 0) return 'country';
  if (national % 10_000 === 0) return 'province';
  if (national % 100 === 0) return 'city';
  return 'county';
}

export function scopeOf(caller: Pick<Caller, 'account'>): DataScope {
  const a = caller.account;
  switch (a.account_type) {
    case 1:
      return { kind: 'all' };
    case 2: {
      const code = a.rule_county ?? a.rule_city ?? a.rule_province;
      // A government account without a region rule sees nothing rather than everything.
      return code
        ? { kind: 'region', code, level: regionLevel(code), accountId: a.id }
        : { kind: 'region', code: -1, level: 'county', accountId: a.id };
    }
    case 3:
      return { kind: 'zz', accountId: a.id };
    default:
      return { kind: 'yy', accountId: a.id };
  }
}

/** Column names of a row that carries the owner accounts and the region levels. */
export interface ScopedColumns {
  zz: string;
  yy: string;
  country: string;
  province: string;
  city: string;
  county: string;
}

/** The scoped columns of the `sorties` table under the alias `t`. */
export function sortieColumns(t: string): ScopedColumns {
  return {
    zz: `${t}.zz_account_id`,
    yy: `${t}.yy_account_id`,
    country: `${t}.country_code`,
    province: `${t}.province_code`,
    city: `${t}.city_code`,
    county: `${t}.county_code`,
  };
}

/** A SQL condition restricting rows with `cols` to the scope. */
export function scopeCondition(scope: DataScope, cols: ScopedColumns): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'zz':
      return sql<SqlBool>`${sql.ref(cols.zz)} = ${scope.accountId}`;
    case 'yy':
      return sql<SqlBool>`${sql.ref(cols.yy)} = ${scope.accountId}`;
    case 'region':
      return sql<SqlBool>`${sql.ref(cols[scope.level])} = ${scope.code}`;
  }
}

/** The same test in memory, for the live state. */
export function inScope(
  scope: DataScope,
  row: {
    zz: number;
    yy: number | null;
    country: number | null;
    province: number | null;
    city: number | null;
    county: number | null;
  },
): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'zz':
      return row.zz === scope.accountId;
    case 'yy':
      return row.yy === scope.accountId;
    case 'region':
      return row[scope.level] === scope.code;
  }
}

/** The codes a region scope covers, as a range (9-digit codes nest: province 156320000 holds 156320000-156329999). */
export function regionRange(code: number): [number, number] {
  const level = regionLevel(code);
  const span = level === 'country' ? 1_000_000 : level === 'province' ? 10_000 : level === 'city' ? 100 : 1;
  return [code, code + span - 1];
}

/**
 * Rollup rows keyed by owners and one region code (stat_daily under the alias `t`) in scope: a
 * government sees work flown in its region, an owner its drones' work.
 */
export function rollupScopeCondition(scope: DataScope, t: string): Expression<SqlBool> {
  if (scope.kind !== 'region')
    return scopeCondition(scope, { ...sortieColumns(t), country: '', province: '', city: '', county: '' });
  const [lo, hi] = regionRange(scope.code);
  return sql<SqlBool>`${sql.ref(`${t}.region_code`)} BETWEEN ${lo} AND ${hi}`;
}

/** A drone (registry row) in scope: its owners, or its registered region for a government. */
export function droneScopeCondition(
  scope: DataScope,
  cols: { zz: string; yy: string; region: string },
): Expression<SqlBool> {
  if (scope.kind !== 'region')
    return scopeCondition(scope, { ...cols, country: '', province: '', city: '', county: '' });
  const [lo, hi] = regionRange(scope.code);
  return sql<SqlBool>`${sql.ref(cols.region)} BETWEEN ${lo} AND ${hi}`;
}
