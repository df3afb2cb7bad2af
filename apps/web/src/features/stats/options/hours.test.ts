import type { ChartSeries } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { hourOption } from './hours.ts';
import { format, shape, toAcre } from './optionTesting.ts';

describe('hour-of-day chart', () => {
  const hours = Array.from({ length: 24 }, (_, h) => String(h));
  const cumulative: ChartSeries = { xData: hours, yData: [hours.map((h) => Number(h) * 10)], zData: ['all'] };
  const byMonth: ChartSeries = {
    xData: hours,
    yData: [hours.map(() => 10), hours.map(() => 20), hours.map(() => 30)],
    zData: ['1', '2', '3'],
  };
  const opts = {
    convert: toAcre,
    format,
    hourLabel: (h: string) => `${h}时`,
    monthName: (m: string) => `${m}月`,
  };

  it('all time: one bar series over the 24 hours, in the shown unit', () => {
    const o = shape(hourOption(cumulative, { ...opts, byMonth: false }));
    expect(o.xAxis.data[0]).toBe('0时');
    expect(o.xAxis.data).toHaveLength(24);
    expect(o.series).toHaveLength(1);
    expect(o.series[0]?.data[5]).toBe(5);
    expect(o.legend).toBeUndefined();
  });

  it('this year: one stacked series per month, named by month', () => {
    const o = shape(hourOption(byMonth, { ...opts, byMonth: true }));
    expect(o.series.map((s) => s.name)).toEqual(['1月', '2月', '3月']);
    expect(o.series.every((s) => s.stack === 'months')).toBe(true);
    expect(o.series[2]?.data[0]).toBe(3);
    expect(o.legend?.data).toEqual(['1月', '2月', '3月']);
  });
});
