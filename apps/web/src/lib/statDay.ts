/**
 * The statistics day in the web (issue 21): every date picker, period, "today", default range and
 * "days left" names days of the server's STAT_TIMEZONE (GET /api/system/host-profile answers it),
 * whatever the browser's own zone, so a UTC or a Los Angeles browser picks the same days, gets the
 * same figures and sees the same times as one in Shanghai. Days are 'YYYY-MM-DD'; pickers hold them
 * as dayjs values of their calendar date (`pickerDay`, `dayOfPicker`), and a date-time picker's wall
 * clock is read in the zone (`pickerTime`, `instantOfPicker`).
 */
import {
  dayEndIn,
  dayIn,
  dayNoonIn,
  dayStartIn,
  setDisplayTimeZone,
  shiftDay,
  wallClock,
  wallInstant,
} from '@agrifleet/domain';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// antd's pickers take "now" (the highlighted today, the Now button) from dayjs' default zone when
// the timezone plugin is there: it is the statistics time zone.
dayjs.extend(utc);
dayjs.extend(timezone);

/** The server's default STAT_TIMEZONE, until the host profile has said otherwise. */
export const DEFAULT_STAT_TIME_ZONE = 'Asia/Shanghai';
export const DAY_FORMAT = 'YYYY-MM-DD';

let zone = DEFAULT_STAT_TIME_ZONE;
setDisplayTimeZone(zone);
dayjs.tz.setDefault(zone);

/** Sets the statistics time zone (at start, from the host profile); times are shown in it too. */
export function setStatTimeZone(timeZone: string | undefined) {
  let next = DEFAULT_STAT_TIME_ZONE;
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      next = timeZone;
    } catch {
      // an unknown zone keeps the default rather than breaking every date
    }
  }
  zone = next;
  setDisplayTimeZone(next);
  dayjs.tz.setDefault(next);
}

export const statTimeZone = () => zone;

/** The statistics day instant `ms` falls on. */
export const statDayOf = (ms: number) => dayIn(ms, zone);
/** Today in the statistics time zone. */
export const statToday = (now = Date.now()) => statDayOf(now);
/** This year of the statistics time zone. */
export const statYear = (now = Date.now()) => Number(statToday(now).slice(0, 4));
/** The first instant (ms) of a statistics day. */
export const statDayStart = (day: string) => dayStartIn(day, zone);
/** The last instant (ms) of a statistics day. */
export const statDayEnd = (day: string) => dayEndIn(day, zone);
/** Noon of a statistics day (ms): what the statistics calls take for a picked day. */
export const statDayNoon = (day: string) => dayNoonIn(day, zone);
export const addDays = shiftDay;

/** The last `days` statistics days ending today: [first, today]. */
export function lastStatDays(days: number, now = Date.now()): [string, string] {
  const today = statToday(now);
  return [shiftDay(today, 1 - days), today];
}

/** Whether a picker's day lies after today (a statistics range ends today at the latest). */
export const afterStatToday = (d: Dayjs, now = Date.now()) => d.format(DAY_FORMAT) > statToday(now);

/** A day as a date picker's value (its calendar date; the browser's zone plays no part). */
export const pickerDay = (day: string) => dayjs(day);
/** The day a date picker's value names. */
export const dayOfPicker = (d: Dayjs) => d.format(DAY_FORMAT);

/** An instant as a date-time picker's value: its wall clock in the statistics time zone. */
export function pickerTime(ms: number): Dayjs {
  const w = wallClock(ms, zone);
  return dayjs(new Date(2000, 0, 1))
    .year(w.y)
    .month(w.m - 1)
    .date(w.d)
    .hour(w.hh)
    .minute(w.mm)
    .second(w.ss)
    .millisecond(0);
}

/** The instant a date-time picker's value names, its wall clock read in the statistics time zone. */
export const instantOfPicker = (d: Dayjs) =>
  wallInstant(
    { y: d.year(), m: d.month() + 1, d: d.date(), hh: d.hour(), mm: d.minute(), ss: d.second() },
    zone,
  ) + d.millisecond();

/** "Now" as a date-time picker's value. */
export const pickerNow = () => pickerTime(Date.now());
