/**
 * The dashboard calls (001 §7, packages/domain contracts/stats.ts): GET drone/datastat/manage/<call>
 * through the app's one http client, each cancellable by its AbortSignal, silent (the panels show
 * their own state, the global loading bar stays for user actions). Areas come in mu.
 */
import {
  type ChartSeries,
  type ChinaRegionSeries,
  type DroneRankRow,
  PERIOD_TYPES,
  type PeriodFamily,
  type PilotRankRow,
  type RegionSeries,
  STAT_CALLS,
  type StatInfo,
  type StatOverview,
  type StatPeriod,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';
import { monitorApi } from '../monitor/api.ts';

/** DATASTAT_BASE without the /api the client adds. */
const BASE = 'drone/datastat/manage';

/** The periodType of a period in a call family (the inverse of PERIOD_TYPES). */
export function periodTypeOf(family: PeriodFamily, period: StatPeriod): number {
  const entry = Object.entries(PERIOD_TYPES[family]).find(([, p]) => p === period);
  if (!entry) throw new Error(`no ${period} in ${family}`);
  return Number(entry[0]);
}

const get = <T>(
  call: keyof typeof STAT_CALLS,
  signal: AbortSignal,
  query?: Record<string, number>,
  language?: string,
) => http.get<T>(`${BASE}/${STAT_CALLS[call]}`, query, { signal, silent: true, language });

/** Periods a ranking is asked for: all time (the _total call), this year, this month. */
export type RankPeriod = 'all' | 'thisYear' | 'thisMonth';

export const statsApi = {
  droneRank: (period: RankPeriod, size: number, signal: AbortSignal) =>
    period === 'all'
      ? get<DroneRankRow[]>('droneRankTotal', signal, { size })
      : get<DroneRankRow[]>('droneRank', signal, { size, periodType: periodTypeOf('ranking', period) }),
  pilotRank: (period: RankPeriod, size: number, signal: AbortSignal) =>
    period === 'all'
      ? get<PilotRankRow[]>('pilotRankTotal', signal, { size })
      : get<PilotRankRow[]>('pilotRank', signal, { size, periodType: periodTypeOf('ranking', period) }),
  /** Area per hour of day, all time. */
  hourArea: (signal: AbortSignal) => get<ChartSeries>('hourArea', signal),
  /** Area per hour of day this year, one series per month. */
  hourAreaByMonth: (signal: AbortSignal) => get<ChartSeries>('hourAreaByMonth', signal),
  modeArea: (period: StatPeriod, signal: AbortSignal) =>
    get<ChartSeries>('modeArea', signal, { periodType: periodTypeOf('mode', period) }),
  cafArea: (period: StatPeriod, signal: AbortSignal) =>
    get<ChartSeries>('cafArea', signal, { periodType: periodTypeOf('series', period) }),
  foreignArea: (period: StatPeriod, signal: AbortSignal) =>
    get<ChartSeries>('foreignArea', signal, { periodType: periodTypeOf('series', period) }),
  /** Region names come in `language` (the large variant asks zh whatever the UI language). */
  chinaRegion: (period: StatPeriod, signal: AbortSignal, language?: string) =>
    get<ChinaRegionSeries>(
      'chinaRegionArea',
      signal,
      { periodType: periodTypeOf('chinaRegion', period) },
      language,
    ),
  foreignRegion: (period: StatPeriod, signal: AbortSignal, language?: string) =>
    get<RegionSeries>(
      'foreignRegionArea',
      signal,
      { periodType: periodTypeOf('foreignRegion', period) },
      language,
    ),
  /** Overview of this month or this year; today has its own call. */
  overview: (period: 'today' | 'thisMonth' | 'thisYear', signal: AbortSignal) =>
    period === 'today'
      ? get<StatOverview>('overviewToday', signal)
      : get<StatOverview>('overview', signal, { periodType: periodTypeOf('overview', period) }),
  /** The eight totals: statInfo of the monitor detail (drone/mointor/manage/detail), whole fleet. */
  statInfo: async (signal: AbortSignal): Promise<StatInfo> =>
    (await monitorApi.statInfo({}, signal)).statInfo,
};
