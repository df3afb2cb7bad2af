/**
 * Drone statistics (001 §2 DroneStatistics, §7 "Drone statistics: GET list; used for export"):
 * per-drone figures over the caller's data scope, with filters, sorting and totals of the whole
 * filtered set. The spec names no path: it lives with the other statistics calls.
 *
 * Figures come from the daily rollup, so their time grain is the day: startTime and endTime (ms)
 * select the local days of the statistics time zone that contain them (both included), and
 * lastWorkTime is a day ('YYYY-MM-DD'). Areas are mu, times seconds, volumes litres, distances metres.
 */
import { z } from 'zod';
import { idParam, millisParam, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';
import { DATASTAT_BASE } from './stats.ts';

export const DRONE_STAT_PATH = `${DATASTAT_BASE}/droneStat`;
/** Options of the filters (manufacturers, owners, models in scope). */
export const DRONE_STAT_FILTERS_PATH = `${DRONE_STAT_PATH}/filters`;
/** The export reads the whole filtered set in pages of this size (001 §9 fetch-all pages are 500). */
export const DRONE_STAT_MAX_PAGE_SIZE = 500;

export const DRONE_STAT_SORTS = [
  'droneId',
  'droneName',
  'flightCount',
  'flightTime',
  'sprayArea',
  'sprayQuantity',
  'distance',
  'workDays',
  'lastWorkTime',
] as const;
export type DroneStatSort = (typeof DRONE_STAT_SORTS)[number];

const id = idParam.optional();
const text = trimmedText(64).optional();

export const droneStatQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(DRONE_STAT_MAX_PAGE_SIZE).default(20),
  /** Part of the drone id. */
  droneId: text,
  /** Part of the drone name. */
  droneName: text,
  zzAccountId: id,
  yyAccountId: id,
  flyModelId: id,
  /** 9-digit region code: work flown in that region (any level). */
  region: z.coerce.number().int().min(1_000_000).max(999_999_999).optional(),
  startTime: millisParam.min(0).optional(),
  endTime: millisParam.min(0).optional(),
  sortParam: z.enum(DRONE_STAT_SORTS).default('sprayArea'),
  /** 1 descending (the default sort order 1 of 001 §9), 2 ascending. */
  order: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
});
export type DroneStatQuery = z.infer<typeof droneStatQuery>;

export const droneStatRow = z.object({
  droneId: z.string(),
  droneName: z.string(),
  modelName: z.string(),
  zzAccountName: z.string(),
  yyAccountName: z.string().nullable(),
  flightCount: z.number().int(),
  /** Seconds. */
  flightTime: z.number(),
  /** Mu. */
  sprayArea: z.number(),
  /** Litres. */
  sprayQuantity: z.number(),
  /** Metres. */
  distance: z.number(),
  /** Days with at least one sortie. */
  workDays: z.number().int(),
  /** The last day with a sortie, 'YYYY-MM-DD' in the statistics time zone. */
  lastWorkTime: z.string(),
});
export type DroneStatRow = z.infer<typeof droneStatRow>;

/** Sums over the whole filtered set (every page). */
export const droneStatTotals = z.object({
  flightCount: z.number().int(),
  flightTime: z.number(),
  sprayArea: z.number(),
  sprayQuantity: z.number(),
  distance: z.number(),
});
export type DroneStatTotals = z.infer<typeof droneStatTotals>;

export const droneStatPage = page(droneStatRow).extend({ totals: droneStatTotals });
export type DroneStatPage = z.infer<typeof droneStatPage>;

const option = z.object({ id: z.number().int(), name: z.string() });
export const droneStatFilters = z.object({
  manufacturers: z.array(option),
  owners: z.array(option),
  models: z.array(option),
});
export type DroneStatFilters = z.infer<typeof droneStatFilters>;
