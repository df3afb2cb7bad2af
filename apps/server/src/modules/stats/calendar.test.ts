import { describe, expect, it } from 'vitest';
import { todayStartIn } from './calendar.ts';

describe('todayStartIn', () => {
  it("is the zone's local midnight, not the machine's", () => {
    // 2026-11-25 00:30 UTC is 08:30 in Shanghai: its day began at 16:00 UTC the day before.
    const t = Date.UTC(2026, 10, 25, 0, 30);
    expect(todayStartIn(t, 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 24, 16, 0));
    expect(todayStartIn(t, 'UTC')).toBe(Date.UTC(2026, 10, 25, 0, 0));
    expect(todayStartIn(t, 'America/New_York')).toBe(Date.UTC(2026, 10, 24, 5, 0));
  });

  it('holds on a day with a daylight-saving change', () => {
    // 2026-03-08: New York springs forward at 02:00; the day began at 05:00 UTC (EST).
    expect(todayStartIn(Date.UTC(2026, 2, 8, 20, 0), 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5, 0));
    // 2026-11-01: back to EST at 02:00; the day began at 04:00 UTC (EDT).
    expect(todayStartIn(Date.UTC(2026, 10, 1, 20, 0), 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 4, 0));
  });
});
