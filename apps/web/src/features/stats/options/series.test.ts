import { describe, expect, it } from 'vitest';
import { format, shape, toAcre } from './optionTesting.ts';
import { areaSeriesOption } from './series.ts';
import { hasData, MAX_X_RANGE, xRange } from './theme.ts';

describe('area over time', () => {
  const days = Array.from({ length: 31 }, (_, d) => `2026-05-${String(d + 1).padStart(2, '0')}`);
  it('a line per series, the last 20 days in view with more to scroll to', () => {
    const o = shape(
      areaSeriesOption(
        { xData: days, yData: [days.map(() => 100)], zData: ['caf'] },
        { kind: 'line', convert: toAcre, format },
      ),
    );
    expect(o.series[0]?.type).toBe('line');
    expect(o.series[0]?.data[0]).toBe(10);
    expect(o.dataZoom?.map((z) => [z.type, z.startValue, z.endValue])).toEqual([
      ['inside', 11, 30],
      ['slider', 11, 30],
    ]);
    // Room on the right for half of the last date, which sits on the axis end.
    expect(o.grid?.right).toBeGreaterThanOrEqual(32);
  });

  it('bars and no zoom for up to 20 categories; a legend for several series', () => {
    const years = ['2024', '2025', '2026'];
    const o = shape(
      areaSeriesOption(
        {
          xData: years,
          yData: [
            [1, 2, 3],
            [4, 5, 6],
          ],
          zData: ['a', 'b'],
        },
        { kind: 'bar', convert: (v) => v, format },
      ),
    );
    expect(o.series.map((s) => s.type)).toEqual(['bar', 'bar']);
    expect(o.dataZoom).toBeUndefined();
    expect(o.legend?.data).toEqual(['a', 'b']);
    expect(xRange(MAX_X_RANGE)).toBeUndefined();
    expect(xRange(MAX_X_RANGE + 5, true)?.[0]).toMatchObject({ startValue: 0, endValue: 19 });
  });
});

describe('empty charts', () => {
  it('a chart of zeros (or of nothing) has no data', () => {
    expect(hasData([[0, 0], [0]])).toBe(false);
    expect(hasData([])).toBe(false);
    expect(hasData([[0, 0.5]])).toBe(true);
  });
});
