/**
 * The statistics day of the web (issue 21): the same days, instants and "today" in a browser of
 * any time zone. The process zone is switched (Node reads TZ anew) to prove it plays no part.
 */
import { formatDate } from '@agrifleet/domain';
import dayjs from 'dayjs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dayInstant, dayOutsideTimeBound } from '../list/query.ts';
import {
  afterStatToday,
  dayOfPicker,
  instantOfPicker,
  lastStatDays,
  pickerDay,
  pickerTime,
  setStatTimeZone,
  statDayEnd,
  statDayOf,
  statDayStart,
  statTimeZone,
  statToday,
  statYear,
} from './statDay.ts';

const BROWSER_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'];
const before = process.env.TZ;
afterAll(() => {
  process.env.TZ = before;
  setStatTimeZone(undefined);
});

/** Runs `fn` as a browser in each zone, and expects the same answer from each. */
function sameInEveryBrowser<T>(fn: () => T): T {
  const answers = BROWSER_ZONES.map((zone) => {
    process.env.TZ = zone;
    return fn();
  });
  for (const a of answers) expect(a).toEqual(answers[0]);
  return answers[0] as T;
}

// 2026-11-27 17:00 UTC: 2026-11-28 01:00 in Shanghai, 09:00 on the 27th in Los Angeles
const T = Date.UTC(2026, 10, 27, 17);

describe('the statistics day (default Asia/Shanghai)', () => {
  afterEach(() => setStatTimeZone(undefined));

  it('puts a sortie at 17:00 UTC on the next Shanghai day, in every browser', () => {
    const got = sameInEveryBrowser(() => ({
      day: statDayOf(T),
      today: statToday(T),
      shown: formatDate(T, 'YYYY-MM-DD HH:mm'),
      range: lastStatDays(30, T),
      year: statYear(Date.UTC(2026, 11, 31, 17)),
    }));
    expect(got).toEqual({
      day: '2026-11-28',
      today: '2026-11-28',
      // times are shown in the statistics time zone too
      shown: '2026-11-28 01:00',
      range: ['2026-10-30', '2026-11-28'],
      year: 2027,
    });
  });

  it('gives a picked day the instants of the Shanghai day, in every browser', () => {
    const got = sameInEveryBrowser(() => ({
      start: dayInstant('2026-11-28', 'start'),
      end: dayInstant('2026-11-28', 'end'),
      noon: dayInstant('2026-11-28', 'noon'),
      picked: dayOfPicker(pickerDay('2026-11-28')),
      // the sortie lies inside the day a picker can select
      inside: statDayStart('2026-11-28') <= T && T <= statDayEnd('2026-11-28'),
      tomorrowDisabled: afterStatToday(pickerDay('2026-11-29'), T),
      todayEnabled: !afterStatToday(pickerDay('2026-11-28'), T),
    }));
    expect(got).toEqual({
      start: Date.UTC(2026, 10, 27, 16),
      end: Date.UTC(2026, 10, 28, 16) - 1,
      noon: Date.UTC(2026, 10, 28, 4),
      picked: '2026-11-28',
      inside: true,
      tomorrowDisabled: true,
      todayEnabled: true,
    });
  });

  it("reads a date-time picker's wall clock in the statistics zone, both ways", () => {
    const got = sameInEveryBrowser(() => {
      const shown = pickerTime(T);
      return { wall: shown.format('YYYY-MM-DD HH:mm'), back: instantOfPicker(shown) };
    });
    expect(got).toEqual({ wall: '2026-11-28 01:00', back: T });
    process.env.TZ = 'America/Los_Angeles';
    expect(instantOfPicker(dayjs(new Date(2026, 10, 28, 1, 0)))).toBe(T);
  });

  it("gives antd's pickers the statistics zone's now (their highlighted today and Now button)", () => {
    // antd's dayjs config takes now as dayjs().tz() when the timezone plugin is there
    const now = sameInEveryBrowser(() => {
      const d = dayjs().tz();
      return {
        day: dayOfPicker(d),
        today: statToday(),
        back: Math.abs(instantOfPicker(d) - Date.now()) < 5_000,
      };
    });
    expect(now.day).toBe(now.today);
    expect(now.back).toBe(true);
  });

  it('keeps the shared time bound of the pickers in statistics days', () => {
    sameInEveryBrowser(() => [dayOutsideTimeBound('1970-01-01'), dayOutsideTimeBound('1970-01-02')]);
    expect(dayOutsideTimeBound('1970-01-01')).toBe(true); // began 16:00 UTC on 1969-12-31
    expect(dayOutsideTimeBound('1970-01-02')).toBe(false);
  });

  it('follows the zone the server names, and ignores an unknown one', () => {
    setStatTimeZone('America/Los_Angeles');
    expect(sameInEveryBrowser(() => [statDayOf(T), dayInstant('2026-11-27', 'start')])).toEqual([
      '2026-11-27',
      Date.UTC(2026, 10, 27, 8),
    ]);
    setStatTimeZone('Mars/Olympus');
    expect(statTimeZone()).toBe('Asia/Shanghai');
  });
});
