import { afterEach, describe, expect, it } from 'vitest';
import { rtkDaysLeft } from './contracts/rtk.ts';
import { formatDate, setDisplayTimeZone } from './format.ts';
import {
  dayEndIn,
  dayIn,
  dayNoonIn,
  dayStartIn,
  daysFrom,
  isCalendarDay,
  shiftDay,
  wallClock,
  wallInstant,
} from './zonedTime.ts';

const SH = 'Asia/Shanghai';
const LA = 'America/Los_Angeles';

describe('days of a time zone, whatever the process zone', () => {
  it('puts 17:00 UTC on the next Shanghai day and the same Los Angeles day', () => {
    const t = Date.UTC(2026, 10, 27, 17, 0);
    expect(dayIn(t, SH)).toBe('2026-11-28');
    expect(dayIn(t, LA)).toBe('2026-11-27');
    expect(dayIn(t, 'UTC')).toBe('2026-11-27');
    expect(wallClock(t, SH)).toEqual({ y: 2026, m: 11, d: 28, hh: 1, mm: 0, ss: 0 });
  });

  it("gives a day's first, last and noon instants in the zone", () => {
    expect(dayStartIn('2026-11-28', SH)).toBe(Date.UTC(2026, 10, 27, 16));
    expect(dayEndIn('2026-11-28', SH)).toBe(Date.UTC(2026, 10, 28, 16) - 1);
    expect(dayNoonIn('2026-11-28', SH)).toBe(Date.UTC(2026, 10, 28, 4));
    expect(dayStartIn('2026-11-28', LA)).toBe(Date.UTC(2026, 10, 28, 8));
    expect(dayStartIn('2026-11-28', 'UTC')).toBe(Date.UTC(2026, 10, 28));
  });

  it('follows summer time: 23 and 25 hour days in Los Angeles', () => {
    expect(dayEndIn('2026-03-08', LA) + 1 - dayStartIn('2026-03-08', LA)).toBe(23 * 3600_000);
    expect(dayEndIn('2026-11-01', LA) + 1 - dayStartIn('2026-11-01', LA)).toBe(25 * 3600_000);
    // 02:30 does not exist on 2026-03-08: read after the gap
    expect(wallClock(wallInstant({ y: 2026, m: 3, d: 8, hh: 2, mm: 30 }, LA), LA).hh).toBe(3);
  });

  it('reads years before 100 as such, and checks calendar days', () => {
    expect(dayStartIn('0075-06-01', 'UTC')).toBe(new Date('0075-06-01T00:00:00Z').getTime());
    expect(dayIn(new Date('0075-06-01T00:00:00Z').getTime(), 'UTC')).toBe('0075-06-01');
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', 'nonsense', '2026-11-31'])
      expect(isCalendarDay(bad), bad).toBe(false);
  });

  it('moves and counts calendar days', () => {
    expect(shiftDay('2026-11-27', 5)).toBe('2026-12-02');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysFrom('2026-10-29', '2026-11-27')).toBe(29);
    expect(daysFrom('2026-11-27', '2026-10-29')).toBe(-29);
  });
});

describe('formatDate in a time zone', () => {
  afterEach(() => setDisplayTimeZone(undefined));
  it('shows the display time zone once set, and an explicit zone always', () => {
    const t = Date.UTC(2026, 10, 27, 17, 5, 9);
    expect(formatDate(t, 'YYYY-MM-DD HH:mm:ss', SH)).toBe('2026-11-28 01:05:09');
    setDisplayTimeZone(LA);
    expect(formatDate(t)).toBe('2026/11/27 09:05:09');
    expect(formatDate(t, 'YYYY-MM-DD', 'UTC')).toBe('2026-11-27');
  });
});

describe('rtkDaysLeft', () => {
  const now = Date.UTC(2026, 10, 27, 17); // 2026-11-28 01:00 in Shanghai
  it('counts calendar days of the statistics zone to the day of the expiry', () => {
    expect(rtkDaysLeft(null, now, SH)).toBeNull();
    // 2026-12-07 23:00 Shanghai: 9 days and 22 hours away, on the 9th day after today
    expect(rtkDaysLeft(Date.UTC(2026, 11, 7, 15), now, SH)).toBe(9);
    // 2026-12-08 00:30 Shanghai: 9 days 23.5 hours away, but on the 10th day
    expect(rtkDaysLeft(Date.UTC(2026, 11, 7, 16, 30), now, SH)).toBe(10);
    // in Los Angeles today is 2026-11-27, so the same expiry (12-07 08:30 there) is 10 days away
    expect(rtkDaysLeft(Date.UTC(2026, 11, 7, 16, 30), now, LA)).toBe(10);
    expect(rtkDaysLeft(now + 3600_000, now, SH)).toBe(0);
  });
  it('is negative from the moment it ended', () => {
    expect(rtkDaysLeft(now, now, SH)).toBe(-1);
    expect(rtkDaysLeft(now - 60_000, now, SH)).toBe(-1);
    expect(rtkDaysLeft(Date.UTC(2026, 10, 22, 17), now, SH)).toBe(-5);
  });
});
