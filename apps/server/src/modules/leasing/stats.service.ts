/**
 * Leasing statistics (issue 13): ranges of local days of the statistics time zone, the split of a
 * range into month and day rows, and the answers of the statistics calls from stats.repo.ts.
 * Who may ask is decided by the routes (lessorOf / tenant / clientFor).
 */
import {
  LEASE_SERIES_DAILY_MAX_DAYS,
  LEASE_STAT_DEFAULT_DAYS,
  LEASE_STAT_MAX_DAYS,
  LEASE_STATUS,
  type LeaseClientRankRow,
  type LeaseCustomerStats,
  type LeaseDaySeries,
  type LeaseDronePilotRanking,
  type LeaseDroneRankRow,
  type LeaseFigures,
  type LeaseJobStats,
  type LeaseRangeQuery,
  type LeaseRentalStats,
} from '@agrifleet/domain';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { localDay } from '../stats/calendar.ts';
import { balanceOf } from './ledger.ts';
import type { ClientRef } from './side.ts';
import { createStatsRepo, type FigureRow, type RangeParts, type StatScope } from './stats.repo.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `day` moved by `n` days ('YYYY-MM-DD'). */
export const addDays = (day: string, n: number) => dayOf(dayMs(day) + n * DAY_MS);
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = new Date(dayMs(firstOfMonth(day)));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return dayOf(d.getTime());
};

export interface DayRange {
  /** First and last local day, both included. */
  startDay: string;
  endDay: string;
}

/**
 * The local days a query covers: startTime..endTime (ms) as days of `timeZone`; a missing end is
 * today, a missing start LEASE_STAT_DEFAULT_DAYS - 1 days before the end; an end after today is
 * today (a browser in another time zone may name tomorrow of the statistics time zone). More than
 * LEASE_STAT_MAX_DAYS days, or an end before the start, is a 400.
 */
export function rangeOf(q: LeaseRangeQuery, now: number, timeZone: string): DayRange {
  const local = (ms: number) => {
    const { y, m, d } = localDay(ms, timeZone);
    return `${y}-${pad(m)}-${pad(d)}`;
  };
  // Days after today have nothing yet: the range ends today at the latest.
  const today = local(now);
  const asked = local(q.endTime ?? now);
  // biome-ignore lint/complexity/useMathMinMax: 'YYYY-MM-DD' strings, not numbers
  const endDay = asked > today ? today : asked;
  const startDay =
    q.startTime === undefined ? addDays(endDay, 1 - LEASE_STAT_DEFAULT_DAYS) : local(q.startTime);
  if (startDay > endDay) throw errors.badRequest('leaseStatRangeReversed');
  const days = (dayMs(endDay) - dayMs(startDay)) / DAY_MS + 1;
  if (days > LEASE_STAT_MAX_DAYS)
    throw errors.badRequest('leaseStatRangeTooLong', { days: LEASE_STAT_MAX_DAYS });
  return { startDay, endDay };
}

/** Every day of the range in order. */
export function daysOf(r: DayRange): string[] {
  const out: string[] = [];
  for (let d = r.startDay; d <= r.endDay; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Every month ('YYYY-MM') the range touches, in order. */
export function monthsOf(r: DayRange): string[] {
  const out: string[] = [];
  for (let d = firstOfMonth(r.startDay); d <= r.endDay; d = nextMonth(d)) out.push(d.slice(0, 7));
  return out;
}

/** The whole months inside the range (read at month grain) and the days around them (day grain). */
export function splitRange(r: DayRange): RangeParts {
  const end = addDays(r.endDay, 1);
  const first = r.startDay.endsWith('-01') ? r.startDay : nextMonth(r.startDay);
  const last = firstOfMonth(end);
  if (first >= last) return { days: [[r.startDay, end]], months: null };
  const days: Array<[string, string]> = [];
  if (r.startDay < first) days.push([r.startDay, first]);
  if (last < end) days.push([last, end]);
  return { days, months: [first, last] };
}

/** Rows per currency to figures: work summed; money per currency and summed (one currency: the same). */
export function figuresOf(rows: readonly FigureRow[]): LeaseFigures {
  const f: LeaseFigures = {
    sorties: 0,
    areaMu: 0,
    durationS: 0,
    chargeMinor: 0,
    feeMinor: 0,
    currencies: [],
  };
  for (const r of rows) {
    f.sorties += r.sorties;
    f.areaMu += r.areaMu;
    f.durationS += r.durationS;
    f.chargeMinor += r.chargeMinor;
    f.feeMinor += r.feeMinor;
    f.currencies.push({ currency: r.currency, chargeMinor: r.chargeMinor, feeMinor: r.feeMinor });
  }
  return f;
}

export function createLeaseStatsService(db: Db, timeZone: string, now: () => number = Date.now) {
  const repo = createStatsRepo(db);
  const range = (q: LeaseRangeQuery) => rangeOf(q, now(), timeZone);

  async function jobStats(scope: StatScope, q: LeaseRangeQuery): Promise<LeaseJobStats> {
    const r = range(q);
    const [inRange, total, live] = await Promise.all([
      repo.figures(scope, splitRange(r)),
      repo.figures(scope, null),
      repo.liveCounts(scope),
    ]);
    return { range: r, ...live, ...figuresOf(inRange), total: figuresOf(total) };
  }

  async function daySeries(scope: StatScope, q: LeaseRangeQuery): Promise<LeaseDaySeries> {
    const r = range(q);
    const daily = daysOf(r).length <= LEASE_SERIES_DAILY_MAX_DAYS;
    // Per day: day rows only; per month: whole months at month grain, the edge days at day grain.
    const parts: RangeParts = daily
      ? { days: [[r.startDay, addDays(r.endDay, 1)]], months: null }
      : splitRange(r);
    const rows = await repo.series(scope, parts, daily ? 'd' : 'm');
    const byKey = new Map(rows.map((x) => [x.day, x]));
    return {
      range: r,
      grain: daily ? 'd' : 'm',
      days: (daily ? daysOf(r) : monthsOf(r)).map((day) => {
        const x = byKey.get(day);
        return {
          day,
          areaMu: x?.areaMu ?? 0,
          sorties: x?.sorties ?? 0,
          durationS: x?.durationS ?? 0,
          chargeMinor: x?.chargeMinor ?? 0,
        };
      }),
    };
  }

  return {
    /** jobStatistics and yyJobStatistics. */
    jobStats,
    /** jobAreaStatistics, customerAreaAndRecord, yyJobAreaStatistics. */
    daySeries,

    async rentalStats(lessorAccountId: number): Promise<LeaseRentalStats> {
      const c = await repo.rentalCounts(lessorAccountId);
      const by = (status: number) =>
        c.leases.filter((l) => l.status === status).reduce((s, l) => s + l.count, 0);
      const models = new Map<number, number>();
      for (const l of c.leases)
        if (l.status === LEASE_STATUS.leasing)
          models.set(l.leaseModel, (models.get(l.leaseModel) ?? 0) + l.count);
      return {
        leasing: by(LEASE_STATUS.leasing),
        returned: by(LEASE_STATUS.returned),
        cancelled: by(LEASE_STATUS.cancelled),
        byModel: [...models]
          .sort((a, b) => a[0] - b[0])
          .map(([leaseModel, count]) => ({ leaseModel, count })),
        clientsByStatus: c.clients,
      };
    },

    async clientRanking(
      lessorAccountId: number,
      q: LeaseRangeQuery & { limit: number },
    ): Promise<LeaseClientRankRow[]> {
      return repo.clientRanking(lessorAccountId, splitRange(range(q)), q.limit);
    },

    async droneRanking(scope: StatScope, limit: number): Promise<LeaseDroneRankRow[]> {
      return repo.droneRanking(scope, limit);
    },

    async dronePilotRanking(scope: StatScope, limit: number): Promise<LeaseDronePilotRanking> {
      const [drones, pilots] = await Promise.all([
        repo.droneRanking(scope, limit),
        repo.pilotRanking(scope, limit),
      ]);
      return { drones, pilots };
    },

    /** customerDataStat: one client of the lessor, all time, with its balance. */
    async customerStats(client: ClientRef): Promise<LeaseCustomerStats> {
      const scope = { lessorAccountId: client.lessorAccountId, clientAccountId: client.clientAccountId };
      const [rows, balanceMinor, leasedDrones, accountName] = await Promise.all([
        repo.figures(scope, null),
        balanceOf(db, client.id),
        repo.leasedDronesOf(client.id),
        repo.accountName(client.clientAccountId),
      ]);
      return {
        ...figuresOf(rows),
        accountId: client.clientAccountId,
        accountName,
        activeStatus: client.activeStatus,
        currency: client.currency,
        balanceMinor,
        creditLimitMinor: client.creditLimitMinor,
        leasedDrones,
      };
    },
  };
}
export type LeaseStatsService = ReturnType<typeof createLeaseStatsService>;
