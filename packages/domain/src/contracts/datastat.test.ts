import { describe, expect, it } from 'vitest';
import { statSettings, statSettingsProblems, statWithChartBody } from './datastat.ts';

const base = { name: 'n', periodType: 5, x: 'month', y: 'area' };
const problems = (extra: object) =>
  statSettingsProblems(statSettings.parse({ ...base, ...extra })).map((p) => `${p.problem}:${p.field}`);

describe('stat settings', () => {
  it('fill the defaults: mu, bar chart, refresh by hand, with totals', () => {
    expect(statSettings.parse(base)).toEqual({
      ...base,
      areaUnit: 'mu',
      showType: 2,
      refreshFre: 0,
      summary: true,
    });
    expect(statWithChartBody.parse({ ...base, name: undefined })).toMatchObject({ name: '', save: true });
  });

  it('refuse values outside the defined ones', () => {
    for (const bad of [
      { periodType: 0 },
      { periodType: 6 },
      { showType: 5 },
      { refreshFre: 59 },
      { refreshFre: 86_401 },
      { x: 'week' },
      { y: 'profit' },
      { dimension: 'hour' },
      { areaUnit: 'km2' },
      { name: ' ' },
      { startDroneId: 'a b' },
      { taskIds: [0] },
    ])
      expect(statSettings.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    expect(statSettings.safeParse({ ...base, refreshFre: 60, showType: 4 }).success).toBe(true);
  });

  it('name the rules that settings break together, and the field to mark', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ periodType: 1 })).toEqual(['periodRange:startTime']);
    expect(problems({ periodType: 1, startTime: 2, endTime: 1 })).toEqual(['periodRange:startTime']);
    expect(problems({ periodType: 1, startTime: 1, endTime: 2 })).toEqual([]);
    expect(problems({ x: 'day' })).toEqual(['dayRange:periodType']);
    expect(problems({ x: 'day', periodType: 2 })).toEqual([]);
    expect(
      problems({ x: 'region', dimension: 'day', periodType: 1, startTime: 0, endTime: 366 * 86_400_000 }),
    ).toEqual(['dayRange:periodType']);
    expect(problems({ startDroneId: 'B', endDroneId: 'A' })).toEqual(['droneRange:startDroneId']);
    expect(problems({ startDroneId: 'A' })).toEqual([]);
    expect(problems({ dimension: 'month' })).toEqual(['dimensionIsX:dimension']);
    expect(problems({ showType: 4, dimension: 'crop' })).toEqual(['pieDimension:dimension']);
  });
});
