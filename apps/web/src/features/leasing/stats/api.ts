/**
 * Leasing statistics calls (packages/domain contracts/leasingStats.ts, RENTAL_PATHS) through the one
 * http client, named after the datasets of 002 §2 (leaseData, leaseStatData, leaseAreaData,
 * customerAreaRanking, customerDataStat, customerAreaAndRecord, customerDronePilotRanking).
 */
import {
  type LeaseClientRankRow,
  type LeaseCustomerStats,
  type LeaseDaySeries,
  type LeaseDronePilotRanking,
  type LeaseDroneRankRow,
  type LeaseJobStats,
  type LeaseRentalStats,
  RENTAL_PATHS,
} from '@agrifleet/domain';
import { http } from '../../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

/** A range in epoch ms (both ends), as the calls take it. */
export interface StatRange {
  startTime: number;
  endTime: number;
}
type Query = Record<string, string | number>;
const q = (o: Record<string, string | number | undefined>): Query =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Query;

export const leasingStatsApi = {
  /** jobStatistics: the lessor's figures in the range and all time. */
  leaseData: (r: StatRange) => http.get<LeaseJobStats>(rel(RENTAL_PATHS.jobStatistics), q({ ...r })),
  /** rentalStatistics: leases by status and model, clients by activation. */
  leaseStatData: () => http.get<LeaseRentalStats>(rel(RENTAL_PATHS.rentalStatistics)),
  /** jobAreaStatistics: the lessor's daily series. */
  leaseAreaData: (r: StatRange) => http.get<LeaseDaySeries>(rel(RENTAL_PATHS.jobAreaStatistics), q({ ...r })),
  /** jobAreaRanking: clients by area in the range. */
  leaseAreaRanking: (r: StatRange, limit = 10) =>
    http.get<LeaseClientRankRow[]>(rel(RENTAL_PATHS.jobAreaRanking), q({ ...r, limit })),
  customerDataStat: (accountId: number) =>
    http.get<LeaseCustomerStats>(rel(RENTAL_PATHS.customerDataStat), { accountId }),
  customerAreaAndRecord: (accountId: number, r: StatRange) =>
    http.get<LeaseDaySeries>(rel(RENTAL_PATHS.customerAreaAndRecord), q({ accountId, ...r })),
  customerAreaRanking: (accountId: number) =>
    http.get<LeaseDroneRankRow[]>(rel(RENTAL_PATHS.customerAreaRanking), { accountId }),
  customerDronePilotRanking: (accountId: number) =>
    http.get<LeaseDronePilotRanking>(rel(RENTAL_PATHS.customerDronePilotRanking), { accountId }),
  /** yyJobStatistics: the tenant's own figures (optionally one lessor). */
  yyLeaseData: (r: StatRange, zzAccountId?: number) =>
    http.get<LeaseJobStats>(rel(RENTAL_PATHS.yyJobStatistics), q({ ...r, zzAccountId })),
  yyLeaseAreaData: (r: StatRange, zzAccountId?: number) =>
    http.get<LeaseDaySeries>(rel(RENTAL_PATHS.yyJobAreaStatistics), q({ ...r, zzAccountId })),
  yyLeaseAreaRanking: (zzAccountId?: number) =>
    http.get<LeaseDroneRankRow[]>(rel(RENTAL_PATHS.yyJobAreaRanking), q({ zzAccountId })),
  /** The lessors the tenant leases from. */
  zzAccounts: () =>
    http.get<Array<{ accountId: number; accountName: string }>>(
      rel(RENTAL_PATHS.zzAccountByUser),
      undefined,
      {
        silent: true,
      },
    ),
};
