/**
 * The platform's calendar: today, this month, this year... as local dates ('YYYY-MM-DD') of the
 * statistics time zone, and the rollup grain each period is read at.
 */
import type { StatPeriod } from '@agrifleet/domain';

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

/** Local year, month and day of `now` in `timeZone`. */
export function localDay(now: number, timeZone: string): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** How far `timeZone`'s wall clock is ahead of UTC at instant `t` (ms). */
function wallOffset(t: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(t);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(t / 1000) * 1000;
}

/** The instant `timeZone`'s current day began (its local midnight), in ms. */
export function dayStartIn(now: number, timeZone: string): number {
  const { y, m, d } = localDay(now, timeZone);
  const midnight = Date.UTC(y, m - 1, d);
  const first = midnight - wallOffset(midnight, timeZone);
  // Across a daylight-saving change the offset at the guess may differ from the one at midnight.
  return midnight - wallOffset(first, timeZone);
}

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
