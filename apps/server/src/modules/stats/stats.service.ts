/**
 * The dashboard calls of 001 §7 in the shapes of §3, from the rollups of the caller's scope. What
 * each periodType means is defined once, in packages/domain (PERIOD_TYPES).
 */
import {
  type ChartSeries,
  type ChinaRegionSeries,
  type DroneRankRow,
  HOURS,
  type Language,
  type PeriodFamily,
  type PilotRankRow,
  periodOf,
  type RegionSeries,
  type StatOverview,
  type StatPeriod,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import { regionName } from '../regions/regions.service.ts';
import { localDay, type PeriodSpan, periodSpan } from './calendar.ts';
import { type FleetFilter, hasFilter } from './fleetTotals.repo.ts';
import { type ScopeKey, type StatsRepo, scopeKey } from './stats.repo.ts';

export interface StatsServiceOptions {
  timeZone: string;
  now?: () => number;
}

const AREA = ['sprayArea'];

/**
 * The one rollup key that answers a scope with filters, or null: no filter (the scope's key), or
 * the platform with only a region, a manufacturer or an operator chosen (that key).
 */
function filteredKey(scope: DataScope, f: FleetFilter): ScopeKey | null {
  if (!hasFilter(f)) return scopeKey(scope);
  if (scope.kind !== 'all' || f.deviceType !== undefined || f.flyModelId !== undefined) return null;
  const chosen = [
    f.region === undefined ? null : scopeKey({ kind: 'region', code: f.region, level: 'county' }),
    f.zzAccountId === undefined ? null : scopeKey({ kind: 'zz', accountId: f.zzAccountId }),
    f.yyAccountId === undefined ? null : scopeKey({ kind: 'yy', accountId: f.yyAccountId }),
  ].filter((k) => k !== null);
  return chosen.length === 1 ? (chosen[0] as ScopeKey) : null;
}

export function createStatsService(repo: StatsRepo, o: StatsServiceOptions) {
  const now = o.now ?? Date.now;
  const spanOf = (period: StatPeriod) => periodSpan(period, now(), o.timeZone);
  const span = (family: PeriodFamily, periodType: number) => {
    const period = periodOf(family, periodType);
    if (!period) throw new Error(`periodType ${periodType} is not one of ${family}`);
    return spanOf(period);
  };

  /** Region rows as a series with localised names. */
  const regionSeries = (rows: Array<{ code: number; area: number }>, lang: Language): RegionSeries => ({
    xData: rows.map((r) => regionName(r.code, lang) ?? String(r.code)),
    codes: rows.map((r) => r.code),
    yData: [rows.map((r) => r.area)],
    zData: AREA,
  });

  /** Categories of an area series and the values on them (zeros where nothing was flown). */
  function timeSeries(rows: Array<{ at: string; area: number }>, period: StatPeriod): ChartSeries {
    const { y, m, d } = localDay(now(), o.timeZone);
    const byAt = new Map(rows.map((r) => [r.at, r.area]));
    const p2 = (n: number) => String(n).padStart(2, '0');
    let keys: Array<[label: string, at: string]>;
    if (period === 'all') {
      const first = rows.length ? Number(rows[0]?.at.slice(0, 4)) : y;
      keys = Array.from({ length: y - first + 1 }, (_, i) => [String(first + i), `${first + i}-01-01`]);
    } else if (period === 'thisYear') {
      keys = Array.from({ length: m }, (_, i) => [`${y}-${p2(i + 1)}`, `${y}-${p2(i + 1)}-01`]);
    } else {
      keys = Array.from({ length: d }, (_, i) => {
        const day = `${y}-${p2(m)}-${p2(i + 1)}`;
        return [day, day];
      });
    }
    return {
      xData: keys.map(([label]) => label),
      yData: [keys.map(([, at]) => byAt.get(at) ?? 0)],
      zData: AREA,
    };
  }

  return {
    /** periodType 2/3, or the all-time ranking. */
    async droneRank(scope: DataScope, periodType: number | 'all', size: number): Promise<DroneRankRow[]> {
      const s = periodType === 'all' ? spanOf('all') : span('ranking', periodType);
      return repo.droneRank(scopeKey(scope), s, size);
    },

    async pilotRank(scope: DataScope, periodType: number | 'all', size: number): Promise<PilotRankRow[]> {
      const s = periodType === 'all' ? spanOf('all') : span('ranking', periodType);
      const rows = await repo.pilotRank(scopeKey(scope), s, size);
      return rows.map((r) => ({ ...r, userName: r.userName ?? String(r.userId) }));
    },

    /** Area per hour of the day, all time. */
    async hourArea(scope: DataScope): Promise<ChartSeries> {
      const rows = await repo.hourArea(scopeKey(scope));
      const values = new Array<number>(24).fill(0);
      for (const r of rows) values[r.hour] = r.area;
      return { xData: HOURS, yData: [values], zData: AREA };
    },

    /** Area per hour of the day, this year, one series per month so far (zData '1'..'12'). */
    async hourAreaByMonth(scope: DataScope): Promise<ChartSeries> {
      const year = spanOf('thisYear');
      const rows = await repo.hourArea(scopeKey(scope), year);
      const months = localDay(now(), o.timeZone).m;
      const yData = Array.from({ length: months }, () => new Array<number>(24).fill(0));
      for (const r of rows) {
        const series = yData[Number(r.month.slice(5, 7)) - 1];
        if (series) series[r.hour] = r.area;
      }
      return { xData: HOURS, yData, zData: yData.map((_, i) => String(i + 1)) };
    },

    /** Area per flight mode (largest first); startTime/endTime (ms) replace the period, by whole months. */
    async modeArea(scope: DataScope, periodType: number, range?: { startTime: number; endTime: number }) {
      let s: Pick<PeriodSpan, 'from' | 'to'> = span('mode', periodType);
      if (range) {
        const day = (t: number) => {
          const { y, m } = localDay(t, o.timeZone);
          return `${y}-${String(m).padStart(2, '0')}-01`;
        };
        const end = localDay(range.endTime, o.timeZone);
        s = {
          from: day(range.startTime),
          to: new Date(Date.UTC(end.y, end.m, 1)).toISOString().slice(0, 10),
        };
      }
      const rows = await repo.modeArea(scopeKey(scope), s.from, s.to);
      return { xData: rows.map((r) => r.mode || 'unknown'), yData: [rows.map((r) => r.area)], zData: AREA };
    },

    /** caf (domestic) or foreign area over time: per year (all), month (this year) or day (this month). */
    async areaSeries(scope: DataScope, which: 'caf' | 'foreign', periodType: number): Promise<ChartSeries> {
      const period = periodOf('series', periodType) as StatPeriod;
      const s = span('series', periodType);
      const unit = period === 'all' ? 'year' : period === 'thisYear' ? 'month' : 'day';
      const rows = await repo.areaSeries(scopeKey(scope), which === 'caf', s.from, s.to, unit);
      return timeSeries(rows, period);
    },

    /** China per region, with the domestic / overseas split of the same period. */
    async chinaRegionArea(scope: DataScope, periodType: number, lang: Language): Promise<ChinaRegionSeries> {
      const s = span('chinaRegion', periodType);
      const key = scopeKey(scope);
      const [china, foreign] = await Promise.all([
        repo.regionArea(key, s, 'china'),
        repo.regionArea(key, s, 'foreign'),
      ]);
      const sum = (rows: Array<{ area: number }>) => rows.reduce((t, r) => t + r.area, 0);
      return { ...regionSeries(china, lang), domestic: sum(china), foreign: sum(foreign) };
    },

    async foreignRegionArea(scope: DataScope, periodType: number, lang: Language): Promise<RegionSeries> {
      const rows = await repo.regionArea(scopeKey(scope), span('foreignRegion', periodType), 'foreign');
      return regionSeries(rows, lang);
    },

    /** Overview of today, this month or this year. */
    async overview(scope: DataScope, period: 'today' | 'thisMonth' | 'thisYear'): Promise<StatOverview> {
      const s = spanOf(period);
      const key = scopeKey(scope);
      const [totals, activeDrones, activeBlocks, newBlocks, newDrones] = await Promise.all([
        repo.totals(key, s.from, s.to),
        repo.active('stat_drone', key, s),
        repo.active('stat_block', key, s),
        repo.plots(key, s),
        repo.newDrones(scope, s.from, s.to),
      ]);
      return {
        newDroneCount: newDrones,
        flightTime: totals.duration,
        activeDroneCount: activeDrones,
        sprayArea: totals.area,
        newBlockCount: newBlocks.n,
        flightCount: totals.sorties,
        newBlockArea: newBlocks.area,
        sprayQuantity: totals.volume,
        activeBlockCount: activeBlocks,
      };
    },

    /** All-time totals and plots of the scope (the monitor's statInfo). */
    /** All-time totals and plots of the scope, narrowed by the monitor's filters when given. */
    async allTime(scope: DataScope, f: FleetFilter = {}) {
      const key = filteredKey(scope, f);
      const [totals, plots] = key
        ? await Promise.all([repo.totals(key), repo.plots(key)])
        : await Promise.all([repo.filteredTotals(scope, f), repo.filteredPlots(scope, f)]);
      return { totals, plots };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
