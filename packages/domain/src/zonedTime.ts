/**
 * Calendar days and wall clocks of an IANA time zone, whatever the zone of the process or browser
 * running the code: the statistics day is the server's STAT_TIMEZONE (issue 21), and a browser in
 * another zone must name the same days. Days are 'YYYY-MM-DD'. Pure (Intl only).
 */

export interface WallClock {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
}

const DAY_MS = 86_400_000;
const MAX_DATE = 8.64e15;
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of instant `ms` in `timeZone`. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const p: Record<string, string> = {};
  for (const part of formatIn(timeZone).formatToParts(ms)) p[part.type] = part.value;
  const year = Number(p.year);
  return {
    // 'BC' years count back from 1 BC (year 0 of the proleptic calendar)
    y: p.era === 'BC' || p.era === 'B' ? 1 - year : year,
    m: Number(p.month),
    d: Number(p.day),
    hh: Number(p.hour) % 24,
    mm: Number(p.minute),
    ss: Number(p.second),
  };
}

/** UTC ms of a wall clock read as UTC (years 0-99 are not 1900-1999). */
function asUtc(y: number, m: number, d: number, hh = 0, mm = 0, ss = 0, ms = 0): number {
  const t = new Date(Date.UTC(2000, m - 1, d, hh, mm, ss, ms));
  t.setUTCFullYear(y, m - 1, d);
  return t.getTime();
}

/** How far `timeZone`'s wall clock is ahead of UTC at instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return asUtc(w.y, w.m, w.d, w.hh, w.mm, w.ss) - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant a wall clock of `timeZone` names (ms). A wall clock skipped by a change to summer
 * time is read with the offset before the change (so it lands after the gap).
 */
export function wallInstant(w: Partial<WallClock> & Pick<WallClock, 'y' | 'm' | 'd'>, timeZone: string) {
  const local = asUtc(w.y, w.m, w.d, w.hh ?? 0, w.mm ?? 0, w.ss ?? 0);
  // beyond what a Date holds (±8.64e15 ms, with a day's margin for the zone's offset): no instant
  if (!(Math.abs(local) <= MAX_DATE - DAY_MS)) return Number.NaN;
  const first = local - offsetAt(local, timeZone);
  const second = local - offsetAt(first, timeZone);
  return second === first ? first : Math.max(first, second);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'YYYY-MM-DD'. */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(asUtc(y, mo, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const partsOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};

/** The day of `timeZone` that instant `ms` falls on. */
export function dayIn(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
}

/** `day` moved by `n` calendar days. */
export function shiftDay(day: string, n: number): string {
  const { y, m, d } = partsOf(day);
  const t = new Date(asUtc(y, m, d) + n * DAY_MS);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  const a = partsOf(from);
  const b = partsOf(to);
  return Math.round((asUtc(b.y, b.m, b.d) - asUtc(a.y, a.m, a.d)) / DAY_MS);
}

/** The first instant of `day` in `timeZone` (its midnight). */
export const dayStartIn = (day: string, timeZone: string) => wallInstant(partsOf(day), timeZone);

/** The last instant (ms) of `day` in `timeZone`: the next day's start less 1 ms. */
export const dayEndIn = (day: string, timeZone: string) => dayStartIn(shiftDay(day, 1), timeZone) - 1;

/** Noon of `day` in `timeZone`. */
export const dayNoonIn = (day: string, timeZone: string) =>
  wallInstant({ ...partsOf(day), hh: 12 }, timeZone);
