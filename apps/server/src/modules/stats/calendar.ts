/**
 * The platform's calendar: today, this month, this year... as local dates ('YYYY-MM-DD') of the
 * statistics time zone, and the rollup grain each period is read at.
 */
import { dayIn, dayStartIn, type StatPeriod, wallClock } from '@agrifleet/domain';

export type Grain = 'a' | 'y' | 'm' | 'd';

export interface PeriodSpan {
  /** Grain whose single row per key holds the whole period (null for last month / last year). */
  grain: Grain;
  /** First local day of the period (inclusive) and the day after its end (exclusive). */
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  // Normalises month overflow (m 13 -> next year).
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** Local year, month and day of `now` in `timeZone` (the domain's wall clock). */
export function localDay(now: number, timeZone: string): { y: number; m: number; d: number } {
  const { y, m, d } = wallClock(now, timeZone);
  return { y, m, d };
}

/** The instant `timeZone`'s current day began (its local midnight), in ms. */
export const todayStartIn = (now: number, timeZone: string): number =>
  dayStartIn(dayIn(now, timeZone), timeZone);

export const EPOCH_DAY = '1970-01-01';

/** The local days a period covers, and the grain to read it at. */
export function periodSpan(period: StatPeriod, now: number, timeZone: string): PeriodSpan {
  const { y, m, d } = localDay(now, timeZone);
  switch (period) {
    case 'all':
      return { grain: 'a', from: EPOCH_DAY, to: ymd(y, m, d + 1) };
    case 'today':
      return { grain: 'd', from: ymd(y, m, d), to: ymd(y, m, d + 1) };
    case 'thisMonth':
      return { grain: 'm', from: ymd(y, m, 1), to: ymd(y, m + 1, 1) };
    case 'thisYear':
      return { grain: 'y', from: ymd(y, 1, 1), to: ymd(y + 1, 1, 1) };
    case 'lastMonth':
      return { grain: 'm', from: ymd(y, m - 1, 1), to: ymd(y, m, 1) };
    case 'lastYear':
      return { grain: 'y', from: ymd(y - 1, 1, 1), to: ymd(y, 1, 1) };
  }
}

/** The rollup period key of a span read at its grain ('a' rows are keyed by the epoch day). */
export const periodKey = (span: PeriodSpan) => (span.grain === 'a' ? EPOCH_DAY : span.from);
