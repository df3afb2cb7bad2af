/**
 * Data statistics (001 §2 "Other screens", §3 "Data stat settings", §7 "Data statistics"): stat items
 * an account configures and opens as a chart or a table. The spec names the settings but not their
 * values; they are defined here, once, for the server and the DataStatList screen.
 *
 * Figures come from the daily rollup (day x region x drone x pilot x mode x crop), in the caller's
 * data scope; days, months and years are those of the platform's time zone (STAT_TIMEZONE).
 * Areas are in the item's areaUnit, volumes in litres, times in seconds, distances in metres.
 */
import { z } from 'zod';
import { AREA_UNITS } from '../enums.ts';
import { droneIdSchema, idParam, idSchema, int32Schema, millisSchema, trimmedText } from './bounds.ts';
import { page, pageQuery } from './envelope.ts';

/** Paths under DATASTAT_BASE (/api/drone/datastat/manage), verbatim from 001 §7 where it names them. */
export const DATASTAT_ITEM_CALLS = {
  /** GET currentPage, pageSize (10), name -> page of items. */
  list: 'getStatList',
  /** GET statId -> the item's detail (computed now). */
  detail: 'getStatDetail',
  /** POST settings -> the stored item. */
  create: 'startStat',
  /** POST settings (+ save) -> the detail, stored first unless save is false. */
  createWithChart: 'startStatWithChart',
  /** PUT { statId, ...settings } -> the stored item. */
  update: 'updateStat',
  /** DELETE delStat/{statId}. */
  remove: 'delStat',
  /** GET areaUnit -> item counts and headline figures of the caller's scope. */
  overview: 'overview',
} as const;

/** Stat items per account (a guard against runaway clients, not a business rule of the spec). */
export const DATASTAT_MAX_ITEMS = 200;
/** Page size of the item list (001 §9). */
export const DATASTAT_PAGE_SIZE = 10;
/** Categories (x) and series (dimension) shown; the rest add up in one "others" entry (key null). */
export const DATASTAT_MAX_CATEGORIES = 50;
export const DATASTAT_MAX_SERIES = 10;
/** Per-day statistics cover at most this many days. */
export const DATASTAT_MAX_DAYS = 366;
/** Shortest automatic refresh, seconds (0 = refresh by hand only); the longest is a day. */
export const DATASTAT_MIN_REFRESH = 60;
export const DATASTAT_MAX_REFRESH = 86_400;

/**
 * periodType of a stat item: 1 custom range (startTime..endTime, ms; whole local days, both
 * included), 2 this year, 3 this month, 4 today, 5 all time.
 */
export const DATASTAT_PERIOD_TYPES = {
  1: 'custom',
  2: 'thisYear',
  3: 'thisMonth',
  4: 'today',
  5: 'all',
} as const;
export type DatastatPeriodType = keyof typeof DATASTAT_PERIOD_TYPES;

/**
 * What x (the category axis) and dimension (the series) can group by: local day ('YYYY-MM-DD'),
 * month ('YYYY-MM'), year ('YYYY'); region (one level below the narrower of the item's region and
 * the caller's: Chinese provinces and foreign countries when neither narrows it); drone; pilot (the
 * oprId user); drone model; crop (crop id); flight mode (manual, auto, ab...); manufacturer (zz
 * account); operator (yy account).
 */
export const DATASTAT_GROUPS = [
  'day',
  'month',
  'year',
  'region',
  'drone',
  'pilot',
  'model',
  'crop',
  'mode',
  'manufacturer',
  'operator',
] as const;
export type DatastatGroup = (typeof DATASTAT_GROUPS)[number];
/** Groups that are periods of time: shown in time order, never cut to the largest. */
export const DATASTAT_TIME_GROUPS: readonly DatastatGroup[] = ['day', 'month', 'year'];

/**
 * What y measures: sprayed area (areaUnit), spray volume (litres), flight time (seconds), sorties
 * (count), active drones (distinct drones that flew), spraying time (seconds), distance flown (m).
 */
export const DATASTAT_MEASURES = [
  'area',
  'volume',
  'flightTime',
  'sorties',
  'activeDrones',
  'sprayTime',
  'distance',
] as const;
export type DatastatMeasure = (typeof DATASTAT_MEASURES)[number];

/** showType: 1 table, 2 bar chart, 3 line chart, 4 pie chart (one series: no dimension). */
export const DATASTAT_SHOW_TYPES = { 1: 'table', 2: 'bar', 3: 'line', 4: 'pie' } as const;
export type DatastatShowType = keyof typeof DATASTAT_SHOW_TYPES;

/**
 * Settings accepted and stored but not applied to the figures: none since issue 22 (tftzType, medId
 * and taskIds select unified tasks, whose figures come from their rollup task_daily).
 */
export const DATASTAT_NOT_APPLIED: readonly string[] = [];
export type DatastatNotApplied = string;

const id = idSchema;
const optionalId = id.nullable().optional();
const droneId = droneIdSchema.nullable().optional();
const codeOf = <T extends Record<number, string>>(values: T) =>
  z
    .number()
    .int()
    .refine((v) => v in values, { message: `one of ${Object.keys(values).join(', ')}` });

/**
 * The settings of a stat item (001 §3, verbatim names) plus its name. Empty filters (null or
 * absent) do not filter. Filters narrow the caller's data scope; they never widen it.
 */
export const statSettings = z.object({
  name: trimmedText(50).min(1),
  /** DATASTAT_PERIOD_TYPES. */
  periodType: codeOf(DATASTAT_PERIOD_TYPES),
  /** periodType 1 only: ms since the epoch; the local days of both instants are included. */
  startTime: millisSchema.nullable().optional(),
  endTime: millisSchema.nullable().optional(),
  /** A 9-digit region code (China 156000000, Jiangsu 156320000): sorties flown inside it. */
  region: z.number().int().min(1_000_000).max(999_999_999).nullable().optional(),
  /** Unified task type. Stored, not applied yet (no unified tasks in the product). */
  tftzType: int32Schema.nullable().optional(),
  /** Crop id (as drones report it). */
  cropId: optionalId,
  /** Medicine (pesticide) id. Stored, not applied yet (no medicine registry in the product). */
  medId: optionalId,
  /** Manufacturer account. */
  zzAccountId: optionalId,
  /** Operator (owner) account. */
  yyAccountId: optionalId,
  /** Drone id range, in byte order of the ids; either end may be open. */
  startDroneId: droneId,
  endDroneId: droneId,
  /** Drone model at flight time. */
  flyModelId: optionalId,
  /** Unified tasks. Stored, not applied yet (no unified tasks in the product). */
  taskIds: z.array(id).max(100).nullable().optional(),
  /** The pilot (operator user id). */
  oprId: optionalId,
  areaUnit: z.enum(AREA_UNITS).default('mu'),
  /** DATASTAT_SHOW_TYPES. */
  showType: codeOf(DATASTAT_SHOW_TYPES).default(2),
  /** Seconds between automatic refreshes of an open detail: 0 (by hand) or 60..86400. */
  refreshFre: z
    .number()
    .int()
    .refine((v) => v === 0 || (v >= DATASTAT_MIN_REFRESH && v <= DATASTAT_MAX_REFRESH), {
      message: `0 or ${DATASTAT_MIN_REFRESH}..${DATASTAT_MAX_REFRESH}`,
    })
    .default(0),
  /** The category axis (DATASTAT_GROUPS). */
  x: z.enum(DATASTAT_GROUPS),
  /** The measure (DATASTAT_MEASURES). */
  y: z.enum(DATASTAT_MEASURES),
  /** Splits y into one series per value of this group (DATASTAT_GROUPS, not x); none: one series. */
  dimension: z.enum(DATASTAT_GROUPS).nullable().optional(),
  /** Add a totals row (per series and in all) to the answer. */
  summary: z.boolean().default(true),
});
export type StatSettingsInput = z.input<typeof statSettings>;
export type StatSettings = z.output<typeof statSettings>;

/** Rules across settings; the server answers 400 with the rule's message, the form can say the same. */
export type StatSettingsProblem = 'periodRange' | 'dayRange' | 'droneRange' | 'dimensionIsX' | 'pieDimension';

const DAY_MS = 86_400_000;

/** Problems of settings that passed `statSettings` (empty when they are fine), with the field to mark. */
export function statSettingsProblems(
  s: StatSettings,
): Array<{ problem: StatSettingsProblem; field: keyof StatSettings }> {
  const out: Array<{ problem: StatSettingsProblem; field: keyof StatSettings }> = [];
  const custom = s.periodType === 1;
  const hasRange = s.startTime != null && s.endTime != null;
  if (custom && (!hasRange || (s.startTime as number) > (s.endTime as number)))
    out.push({ problem: 'periodRange', field: 'startTime' });
  if (s.x === 'day' || s.dimension === 'day') {
    // A day in ms more than the limit allows for the two instants' own times of day.
    const tooLong =
      s.periodType === 5 ||
      (custom && hasRange && (s.endTime as number) - (s.startTime as number) >= DATASTAT_MAX_DAYS * DAY_MS);
    if (tooLong) out.push({ problem: 'dayRange', field: 'periodType' });
  }
  if (s.startDroneId && s.endDroneId && s.startDroneId > s.endDroneId)
    out.push({ problem: 'droneRange', field: 'startDroneId' });
  if (s.dimension && s.dimension === s.x) out.push({ problem: 'dimensionIsX', field: 'dimension' });
  if (s.showType === 4 && s.dimension) out.push({ problem: 'pieDimension', field: 'dimension' });
  return out;
}

export const statIdParam = z.object({ statId: idParam });

export const statUpdateBody = statSettings.extend({ statId: idSchema });

/** startStatWithChart: save false computes the detail without storing (ad hoc, e.g. regional area). */
export const statWithChartBody = statSettings.extend({
  name: trimmedText(50).default(''),
  save: z.boolean().default(true),
});

export const statItemListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(DATASTAT_PAGE_SIZE),
  /** Part of the item name. */
  name: trimmedText(50).optional(),
});

/** A stored stat item: its settings as stored (empty filters as null) and who made it when. */
export const statItem = z.object({
  statId: z.number(),
  name: z.string(),
  periodType: z.number(),
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  region: z.number().nullable(),
  tftzType: z.number().nullable(),
  cropId: z.number().nullable(),
  medId: z.number().nullable(),
  zzAccountId: z.number().nullable(),
  yyAccountId: z.number().nullable(),
  startDroneId: z.string().nullable(),
  endDroneId: z.string().nullable(),
  flyModelId: z.number().nullable(),
  taskIds: z.array(z.number()).nullable(),
  oprId: z.number().nullable(),
  areaUnit: z.enum(AREA_UNITS),
  showType: z.number(),
  refreshFre: z.number(),
  x: z.enum(DATASTAT_GROUPS),
  y: z.enum(DATASTAT_MEASURES),
  dimension: z.enum(DATASTAT_GROUPS).nullable(),
  summary: z.boolean(),
  /** The user who created it (items belong to the account). */
  userId: z.number(),
  userName: z.string().nullable(),
  /** ms since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StatItem = z.infer<typeof statItem>;

export const statItemPage = page(statItem);

/** One category (x) of a detail, for the table view: its value per series and their total. */
export const statDetailRow = z.object({
  /** The category's key (day, region code, drone id, user id...) as text; null for "others". */
  key: z.string().nullable(),
  name: z.string(),
  values: z.array(z.number()),
  total: z.number(),
});
export type StatDetailRow = z.infer<typeof statDetailRow>;

/**
 * A computed stat item. Chart: xData categories, yData one array per series (aligned with xData),
 * zData series names (the measure's key, e.g. 'area', without a dimension; the dimension's names
 * with one). xKeys / zKeys: the keys of the categories / series (null: "others"). rows: the same
 * figures per category for the table; totals (summary on): per series and in all (for active drones
 * the distinct count, not the sum).
 */
export const statDetail = z.object({
  /** null for an ad hoc detail (startStatWithChart with save false). */
  statId: z.number().nullable(),
  settings: statItem.omit({ statId: true, userId: true, userName: true, createdAt: true, updatedAt: true }),
  /** The local days the figures cover, both included ('YYYY-MM-DD'). */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Unit of the values: an area unit, 'L', 's', 'm' or 'count'. */
  unit: z.string(),
  xData: z.array(z.string()),
  xKeys: z.array(z.string().nullable()),
  yData: z.array(z.array(z.number())),
  zData: z.array(z.string()),
  zKeys: z.array(z.string().nullable()),
  rows: z.array(statDetailRow),
  totals: z.object({ values: z.array(z.number()), total: z.number() }).nullable(),
  /** Whether categories / series beyond the caps were added up into "others". */
  capped: z.object({ x: z.boolean(), series: z.boolean() }),
  /** Settings that were set but not applied (DATASTAT_NOT_APPLIED). */
  unapplied: z.array(z.string()),
  /** ms since the epoch. */
  computedAt: z.number(),
});
export type StatDetail = z.infer<typeof statDetail>;

/** Sorties, area (areaUnit), volume (L), flight time (s) and active drones of a period. */
export const datastatFigures = z.object({
  sorties: z.number(),
  area: z.number(),
  volume: z.number(),
  flightTime: z.number(),
  activeDrones: z.number(),
});
export type DatastatFigures = z.infer<typeof datastatFigures>;

export const datastatOverviewQuery = z.object({ areaUnit: z.enum(AREA_UNITS).default('mu') });

/** The data statistics overview: the account's items and the headline figures of the caller's scope. */
export const datastatOverview = z.object({
  itemCount: z.number(),
  /** Items per showType ('1'..'4'). */
  byShowType: z.record(z.string(), z.number()),
  /** Items with an automatic refresh (refreshFre > 0). */
  autoRefreshCount: z.number(),
  /** The five items changed last. */
  recent: z.array(statItem.pick({ statId: true, name: true, showType: true, updatedAt: true })),
  areaUnit: z.enum(AREA_UNITS),
  today: datastatFigures,
  thisMonth: datastatFigures,
  thisYear: datastatFigures,
  all: datastatFigures,
});
export type DatastatOverview = z.infer<typeof datastatOverview>;
