import { describe, expect, it } from 'vitest';
import { createRefreshClock, REFRESH } from './refresh.ts';

describe('refresh check (001 §9)', () => {
  it('runs each reload at most once per its interval, on a 1-second tick', () => {
    const clock = createRefreshClock();
    const runs = { panel: 0, statInfo: 0 };
    clock.add(REFRESH.panelMs, () => runs.panel++, 0);
    const remove = clock.add(REFRESH.statInfoMs, () => runs.statInfo++, 0);
    for (let t = 1_000; t <= 600_000; t += REFRESH.tickMs) clock.tick(t);
    expect(runs).toEqual({ panel: 2, statInfo: 20 });
    remove();
    for (let t = 601_000; t <= 660_000; t += REFRESH.tickMs) clock.tick(t);
    expect(runs.statInfo).toBe(20);
    expect(clock.size).toBe(1);
  });

  it('counts from the last load, so a reload is not early', () => {
    const clock = createRefreshClock();
    let runs = 0;
    clock.add(30_000, () => runs++, 10_000);
    clock.tick(39_000);
    expect(runs).toBe(0);
    clock.tick(40_000);
    clock.tick(41_000);
    expect(runs).toBe(1);
  });
});
