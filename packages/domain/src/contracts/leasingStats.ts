/**
 * Leasing statistics (002 §2 "Leasing statistics", §7; issue 13): the calls of LeaseDataStat
 * (lessor), ClientDataView (one client of the lessor) and OperatorDataStat (tenant). They read the
 * rollups kept at landing (lease_stat per day and month of the statistics time zone, lease_stat_drone,
 * lease_stat_pilot) and live counts of clients and leases; never sorties or charges. Times are epoch
 * ms; a range covers the local days of startTime..endTime (both included), at most
 * LEASE_STAT_MAX_DAYS; without them, the last LEASE_STAT_DEFAULT_DAYS days (today included).
 * Areas are mu, durations seconds, money integer minor units with its currency. Paths: RENTAL_PATHS.
 */
import { z } from 'zod';
import { idParam, millisParam } from './bounds.ts';

export const LEASE_STAT_MAX_DAYS = 400;
export const LEASE_STAT_DEFAULT_DAYS = 30;
/** Rankings: default and largest size. */
export const LEASE_RANK_DEFAULT = 10;
export const LEASE_RANK_MAX = 50;
/** A series over a longer range has one point per month (grain 'm') instead of one per day. */
export const LEASE_SERIES_DAILY_MAX_DAYS = 92;

/** Epoch ms between 2000-01-01 and 2200-01-01 (a bound, not a business rule), inside the shared one. */
const statTime = millisParam.min(946_684_800_000).max(7_258_118_400_000);

export const leaseRangeQuery = z.object({ startTime: statTime.optional(), endTime: statTime.optional() });
export type LeaseRangeQuery = z.infer<typeof leaseRangeQuery>;

const limitParam = z.coerce.number().int().min(1).max(LEASE_RANK_MAX).default(LEASE_RANK_DEFAULT);

/** jobAreaRanking. */
export const leaseRankingQuery = leaseRangeQuery.extend({ limit: limitParam });
/** customerDataStat, customerAreaRanking, customerDronePilotRanking. */
export const leaseClientQuery = z.object({ accountId: idParam });
/** customerAreaAndRecord. */
export const leaseClientRangeQuery = leaseRangeQuery.extend({ accountId: idParam });
/** yyJobStatistics, yyJobAreaStatistics: optionally one lessor of the tenant. */
export const tenantRangeQuery = leaseRangeQuery.extend({ zzAccountId: idParam.optional() });
/** yyJobAreaRanking. */
export const tenantRankingQuery = z.object({ zzAccountId: idParam.optional(), limit: limitParam });

/** The local days a range covered ('YYYY-MM-DD', both included). */
export const leaseStatRange = z.object({ startDay: z.string(), endDay: z.string() });

export const currencyMoney = z.object({
  currency: z.string(),
  chargeMinor: z.number(),
  feeMinor: z.number(),
});
export type CurrencyMoney = z.infer<typeof currencyMoney>;

/** Work and money of a period; money also per currency (a lessor may bill in several). */
export const leaseFigures = z.object({
  sorties: z.number(),
  areaMu: z.number(),
  durationS: z.number(),
  chargeMinor: z.number(),
  feeMinor: z.number(),
  currencies: z.array(currencyMoney),
});
export type LeaseFigures = z.infer<typeof leaseFigures>;

/**
 * jobStatistics (lessor) and yyJobStatistics (tenant): live counts, the range's figures and the
 * all-time totals. For a tenant, `clients` counts its lessors and `activatedClients` those activated.
 */
export const leaseJobStats = leaseFigures.extend({
  range: leaseStatRange,
  clients: z.number(),
  activatedClients: z.number(),
  leasedDrones: z.number(),
  total: leaseFigures,
});
export type LeaseJobStats = z.infer<typeof leaseJobStats>;

/** rentalStatistics: leases by status and model, clients by activation status. */
export const leaseRentalStats = z.object({
  leasing: z.number(),
  returned: z.number(),
  cancelled: z.number(),
  byModel: z.array(z.object({ leaseModel: z.number(), count: z.number() })),
  clientsByStatus: z.array(z.object({ activeStatus: z.number(), count: z.number() })),
});
export type LeaseRentalStats = z.infer<typeof leaseRentalStats>;

/**
 * One point of a series: a local day ('YYYY-MM-DD'), or with grain 'm' a month ('YYYY-MM', the
 * first and last months counting only their days inside the range). Every period of the range is
 * there, zeros included.
 */
export const leaseDayPoint = z.object({
  day: z.string(),
  areaMu: z.number(),
  sorties: z.number(),
  durationS: z.number(),
  chargeMinor: z.number(),
});
export type LeaseDayPoint = z.infer<typeof leaseDayPoint>;
export const leaseDaySeries = z.object({
  range: leaseStatRange,
  /** 'd' per day; 'm' per month when the range is longer than LEASE_SERIES_DAILY_MAX_DAYS days. */
  grain: z.enum(['d', 'm']),
  days: z.array(leaseDayPoint),
});
export type LeaseDaySeries = z.infer<typeof leaseDaySeries>;

/** jobAreaRanking: clients by area in the range. */
export const leaseClientRankRow = z.object({
  accountId: z.number(),
  accountName: z.string(),
  areaMu: z.number(),
  sorties: z.number(),
  chargeMinor: z.number(),
});
export type LeaseClientRankRow = z.infer<typeof leaseClientRankRow>;

const workFigures = {
  areaMu: z.number(),
  sorties: z.number(),
  durationS: z.number(),
  chargeMinor: z.number(),
};
/** Drones by area, all time (lease_stat_drone). */
export const leaseDroneRankRow = z.object({ droneId: z.string(), droneName: z.string(), ...workFigures });
export type LeaseDroneRankRow = z.infer<typeof leaseDroneRankRow>;
/** Pilots by area, all time (lease_stat_pilot). */
export const leasePilotRankRow = z.object({ userId: z.number(), userName: z.string(), ...workFigures });
export type LeasePilotRankRow = z.infer<typeof leasePilotRankRow>;
export const leaseDronePilotRanking = z.object({
  drones: z.array(leaseDroneRankRow),
  pilots: z.array(leasePilotRankRow),
});
export type LeaseDronePilotRanking = z.infer<typeof leaseDronePilotRanking>;

/** customerDataStat: one client of the lessor, all time. */
export const leaseCustomerStats = leaseFigures.extend({
  accountId: z.number(),
  accountName: z.string(),
  activeStatus: z.number(),
  currency: z.string(),
  balanceMinor: z.number(),
  creditLimitMinor: z.number(),
  leasedDrones: z.number(),
});
export type LeaseCustomerStats = z.infer<typeof leaseCustomerStats>;
