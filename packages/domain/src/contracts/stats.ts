/**
 * The dashboard calls of 001 §7 (drone/datastat/manage) and what each periodType means. The spec
 * names the calls and their periodType values but not the periods: they are defined here, once per
 * call, from how the screens use them (§2: rankings "this year / this month", mode pies "all, this
 * month, last month, this year, last year", regional bars "all time, today, this month, this year").
 *
 * Areas are in mu; the screens convert to the user's unit. Times are seconds, volumes litres.
 * Days, months and years are those of the platform's time zone (Asia/Shanghai unless configured).
 */
import { z } from 'zod';

export const DATASTAT_BASE = '/api/drone/datastat/manage';

/** Paths under DATASTAT_BASE, verbatim from 001 §7. */
export const STAT_CALLS = {
  droneRank: 'drone_sprayArea_order',
  droneRankTotal: 'drone_sprayArea_order_total',
  pilotRank: 'user_sprayArea_order',
  pilotRankTotal: 'user_sprayArea_order_total',
  hourArea: 'hour_sprayArea',
  hourAreaByMonth: 'yearWithMonth/hour_sprayArea',
  modeArea: 'flyModule_sprayArea',
  /** caf area per period (the domestic fleet's area over time). */
  cafArea: 'off-line',
  /** Foreign area per period (area flown abroad over time). */
  foreignArea: 'withForeign_sprayArea',
  chinaRegionArea: 'chinaWithForeign_sprayArea',
  foreignRegionArea: 'foreign_region_sprayArea',
  overview: 'stat_outline',
  overviewToday: 'stat_outline_day',
} as const;
export type StatCall = keyof typeof STAT_CALLS;

export const STAT_PERIODS = ['all', 'today', 'thisMonth', 'thisYear', 'lastMonth', 'lastYear'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

/** periodType -> period, per call family. */
export const PERIOD_TYPES = {
  /** Device and pilot rankings (the all-time ranking has its own _total call). */
  ranking: { 2: 'thisYear', 3: 'thisMonth' },
  /** Period overview (today has its own call, stat_outline_day). */
  overview: { 2: 'thisYear', 3: 'thisMonth' },
  /** Area per flight mode. */
  mode: { 1: 'all', 2: 'thisYear', 3: 'thisMonth', 4: 'lastYear', 5: 'lastMonth' },
  /** caf and foreign area over time. */
  series: { 1: 'all', 2: 'thisYear', 3: 'thisMonth' },
  /** China area per region. */
  chinaRegion: { 1: 'today', 3: 'thisMonth', 4: 'thisYear', 5: 'all' },
  /** Foreign area per region (country). */
  foreignRegion: { 1: 'all', 2: 'thisYear', 3: 'thisMonth', 4: 'today' },
} as const satisfies Record<string, Record<number, StatPeriod>>;
export type PeriodFamily = keyof typeof PERIOD_TYPES;

/** The period a call's periodType stands for, or null when the call has no such periodType. */
export function periodOf(family: PeriodFamily, periodType: number): StatPeriod | null {
  const map = PERIOD_TYPES[family] as Record<number, StatPeriod>;
  return map[periodType] ?? null;
}

/** The query of a call with a periodType, checked against the call's own values. */
export const periodQuery = (family: PeriodFamily) =>
  z.object({
    periodType: z.coerce
      .number()
      .int()
      .refine((v) => periodOf(family, v) !== null, {
        message: `periodType must be one of ${Object.keys(PERIOD_TYPES[family]).join(', ')}`,
      }),
  });

/** Rankings: how many rows (the screens ask 6 or 3). */
export const rankQuery = z.object({ size: z.coerce.number().int().min(1).max(50).default(10) });

export const droneRankRow = z.object({ droneId: z.string(), sprayArea: z.number() });
export type DroneRankRow = z.infer<typeof droneRankRow>;
export const pilotRankRow = z.object({ userId: z.number(), userName: z.string(), sprayArea: z.number() });
export type PilotRankRow = z.infer<typeof pilotRankRow>;

/**
 * A chart series (001 §3): xData categories, yData one array of values per series, zData the
 * series names. Region charts add the 9-digit codes of their categories.
 */
export const chartSeries = z.object({
  xData: z.array(z.string()),
  yData: z.array(z.array(z.number())),
  zData: z.array(z.string()),
});
export type ChartSeries = z.infer<typeof chartSeries>;

export const regionSeries = chartSeries.extend({ codes: z.array(z.number()) });
export type RegionSeries = z.infer<typeof regionSeries>;

/** China per region plus the domestic / overseas split of the same period (the pie). */
export const chinaRegionSeries = regionSeries.extend({ domestic: z.number(), foreign: z.number() });
export type ChinaRegionSeries = z.infer<typeof chinaRegionSeries>;

/** Overview of a period (001 §3): today, this month or this year. */
export const statOverview = z.object({
  newDroneCount: z.number(),
  flightTime: z.number(),
  activeDroneCount: z.number(),
  sprayArea: z.number(),
  newBlockCount: z.number(),
  flightCount: z.number(),
  newBlockArea: z.number(),
  sprayQuantity: z.number(),
  activeBlockCount: z.number(),
});
export type StatOverview = z.infer<typeof statOverview>;

/**
 * Categories of the series calls: hours '0'..'23'; months of hourAreaByMonth '1'..'12' (zData);
 * periods of the caf / foreign series 'YYYY' (all), 'YYYY-MM' (this year), 'YYYY-MM-DD' (this month).
 */
export const HOURS = Array.from({ length: 24 }, (_, h) => String(h));
