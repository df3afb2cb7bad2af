/**
 * Dashboard figures from the rollups (migration 0007), never from sorties or points. Every query
 * reads the rows of one scope key: the caller's (platform, its region, its drones).
 */
import { sql } from 'kysely';
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { CHINA } from '../regions/geo/codes.ts';
import { EPOCH_DAY, type PeriodSpan, periodKey } from './calendar.ts';
import { createFleetTotalsRepo } from './fleetTotals.repo.ts';

export interface ScopeKey {
  sk: number;
  sid: number;
}

/** The rollup scope a data scope reads (a government without a region reads sid -1: nothing). */
export function scopeKey(scope: DataScope): ScopeKey {
  switch (scope.kind) {
    case 'all':
      return { sk: 0, sid: 0 };
    case 'region':
      return { sk: 1, sid: scope.code };
    case 'zz':
      return { sk: 2, sid: scope.accountId };
    case 'yy':
      return { sk: 3, sid: scope.accountId };
  }
}

export interface Totals {
  sorties: number;
  area: number;
  volume: number;
  duration: number;
}

const CHINA_HI = CHINA + 999_999;
const ofKey = (k: ScopeKey) => sql`sk = ${k.sk} AND sid = ${k.sid}`;

export function createStatsRepo(db: Db, timeZone: string) {
  /** The UTC instant a local day starts. */
  const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
  const fleet = createFleetTotalsRepo(db);

  return {
    /** All-time totals and plots of a scope narrowed by the monitor's filters (no rollup key answers them). */
    filteredTotals: fleet.totals,
    filteredPlots: fleet.plots,

    async droneRank(k: ScopeKey, span: PeriodSpan, size: number) {
      const { rows } = await sql<{ droneId: string; sprayArea: number }>`
        SELECT drone_id AS "droneId", area_mu AS "sprayArea" FROM stat_drone
        WHERE ${ofKey(k)} AND grain = ${span.grain} AND period = ${periodKey(span)}::date
        ORDER BY area_mu DESC, drone_id LIMIT ${size}`.execute(db);
      return rows;
    },

    async pilotRank(k: ScopeKey, span: PeriodSpan, size: number) {
      const { rows } = await sql<{ userId: number; userName: string | null; sprayArea: number }>`
        SELECT r.pilot_id AS "userId", u.user_name AS "userName", r.area_mu AS "sprayArea"
        FROM (SELECT pilot_id, area_mu FROM stat_pilot
              WHERE ${ofKey(k)} AND grain = ${span.grain} AND period = ${periodKey(span)}::date
              ORDER BY area_mu DESC, pilot_id LIMIT ${size}) r
        LEFT JOIN users u ON u.id = r.pilot_id
        ORDER BY r.area_mu DESC, r.pilot_id`.execute(db);
      return rows;
    },

    /** Area per hour of day, per month when `from` is given (months in [from, to)). */
    async hourArea(k: ScopeKey, range?: { from: string; to: string }) {
      const { rows } = range
        ? await sql<{ month: string; hour: number; area: number }>`
            SELECT month::text AS month, hour, area_mu AS area FROM stat_hour
            WHERE ${ofKey(k)} AND month >= ${range.from}::date AND month < ${range.to}::date`.execute(db)
        : await sql<{ month: string; hour: number; area: number }>`
            SELECT '' AS month, hour, sum(area_mu) AS area FROM stat_hour
            WHERE ${ofKey(k)} GROUP BY hour`.execute(db);
      return rows;
    },

    /** Area per flight mode over the months in [from, to). */
    async modeArea(k: ScopeKey, from: string, to: string) {
      const { rows } = await sql<{ mode: string; area: number }>`
        SELECT mode, sum(area_mu) AS area FROM stat_mode
        WHERE ${ofKey(k)} AND month >= date_trunc('month', ${from}::date) AND month < ${to}::date
        GROUP BY mode ORDER BY area DESC, mode`.execute(db);
      return rows;
    },

    /** Domestic or foreign area over the days in [from, to), per year, month or day. */
    async areaSeries(
      k: ScopeKey,
      domestic: boolean,
      from: string,
      to: string,
      unit: 'year' | 'month' | 'day',
    ) {
      const { rows } = await sql<{ at: string; area: number }>`
        SELECT date_trunc(${unit}, day)::date::text AS at, sum(area_mu) AS area FROM stat_day
        WHERE ${ofKey(k)} AND domestic = ${domestic} AND day >= ${from}::date AND day < ${to}::date
        GROUP BY 1 ORDER BY 1`.execute(db);
      return rows;
    },

    /** Area per child region in a period: Chinese ones or foreign ones. */
    async regionArea(k: ScopeKey, span: PeriodSpan, where: 'china' | 'foreign') {
      const inChina = sql`region_code BETWEEN ${CHINA} AND ${CHINA_HI}`;
      const { rows } = await sql<{ code: number; area: number }>`
        SELECT region_code AS code, area_mu AS area FROM stat_region
        WHERE ${ofKey(k)} AND grain = ${span.grain} AND period = ${periodKey(span)}::date
          AND ${where === 'china' ? inChina : sql`NOT (${inChina})`} AND region_code <> 0
        ORDER BY area_mu DESC, region_code`.execute(db);
      return rows;
    },

    /** Sorties, area, volume and flight time over the days in [from, to). */
    async totals(k: ScopeKey, from: string = EPOCH_DAY, to = '9999-12-31'): Promise<Totals> {
      const { rows } = await sql<Totals>`
        SELECT coalesce(sum(sorties), 0)::int AS sorties, coalesce(sum(area_mu), 0) AS area,
          coalesce(sum(volume_l), 0) AS volume, coalesce(sum(duration_s), 0) AS duration
        FROM stat_day WHERE ${ofKey(k)} AND day >= ${from}::date AND day < ${to}::date`.execute(db);
      return rows[0] as Totals;
    },

    /** Drones, or blocks, with at least one sortie in the period. */
    async active(table: 'stat_drone' | 'stat_block', k: ScopeKey, span: PeriodSpan): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table)}
        WHERE ${ofKey(k)} AND grain = ${span.grain} AND period = ${periodKey(span)}::date`.execute(db);
      return rows[0]?.n ?? 0;
    },

    /** Plots worked in scope whose first sortie fell in [from, to) (all of them without a range). */
    async plots(k: ScopeKey, range?: { from: string; to: string }) {
      const { rows } = await sql<{ n: number; area: number }>`
        SELECT count(*)::int AS n, coalesce(sum(block_area), 0) AS area FROM stat_block
        WHERE sk = ${k.sk} AND sid = ${k.sid} AND grain = 'a'
          ${range ? sql`AND first_time >= ${dayStart(range.from)} AND first_time < ${dayStart(range.to)}` : sql``}`.execute(
        db,
      );
      return rows[0] ?? { n: 0, area: 0 };
    },

    /** Drones registered in scope during [from, to). */
    async newDrones(scope: DataScope, from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('drones as d')
        .where(
          droneScopeCondition(scope, {
            zz: 'd.zz_account_id',
            yy: 'd.yy_account_id',
            region: 'd.region_code',
          }),
        )
        .where(sql<boolean>`d.created_at >= ${dayStart(from)} AND d.created_at < ${dayStart(to)}`)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
