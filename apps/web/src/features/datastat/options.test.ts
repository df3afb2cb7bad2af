import { describe, expect, it } from 'vitest';
import type { DetailModel } from './detailModel.ts';
import { chartOption, MAX_X_RANGE, OTHERS_COLOR, PALETTE, xZoom } from './options.ts';

type Any = {
  series: Array<Record<string, unknown> & { data: unknown[] }>;
  xAxis: { data: string[] };
  yAxis: { name: string };
  legend?: { data?: string[] };
  color?: string[];
  dataZoom?: Array<{ type: string; startValue: number; endValue: number }>;
};
const any = (o: unknown) => o as Any;
const look = { format: (v: number) => v.toFixed(2) };

const model = (over: Partial<DetailModel>): DetailModel => ({
  kind: 'bar',
  categories: ['a', 'b', 'c'],
  categoryOthers: [false, false, false],
  series: [{ key: 'area', name: 'Area', values: [3, 2, 1], others: false }],
  unit: 'mu',
  decimals: 2,
  time: false,
  additive: true,
  rows: [],
  totals: null,
  empty: false,
  ...over,
});

describe('stat item charts', () => {
  it('bars of one series, the unit on the value axis, no zoom for a few categories', () => {
    const o = any(chartOption(model({}), look));
    expect(o.series).toHaveLength(1);
    expect(o.series[0]).toMatchObject({ type: 'bar', name: 'Area', data: [3, 2, 1] });
    expect(o.series[0]?.stack).toBeUndefined();
    expect(o.yAxis.name).toBe('mu');
    expect(o.dataZoom).toBeUndefined();
    expect(o.legend).toBeUndefined();
  });

  it('one series per dimension value: a legend, stacked bars when they add up, others grey', () => {
    const series = [
      { key: 'x', name: 'x', values: [1, 2, 3], others: false },
      { key: 'others', name: 'Others', values: [1, 1, 1], others: true },
    ];
    const o = any(chartOption(model({ series }), look));
    expect(o.legend?.data).toEqual(['x', 'Others']);
    expect(o.series.map((s) => s.stack)).toEqual(['total', 'total']);
    expect(o.color).toEqual([PALETTE[0], OTHERS_COLOR]);
    const distinct = any(chartOption(model({ series, additive: false }), look));
    expect(distinct.series.map((s) => s.stack)).toEqual([undefined, undefined]);
    const line = any(chartOption(model({ series, kind: 'line' }), look));
    expect(line.series.map((s) => [s.type, s.stack])).toEqual([
      ['line', undefined],
      ['line', undefined],
    ]);
  });

  it('at most 20 categories in view: the first ones, or the latest of a time axis', () => {
    const categories = Array.from({ length: 31 }, (_, i) => `d${i}`);
    const values = categories.map(() => 1);
    const o = any(
      chartOption(
        model({ categories, series: [{ key: 'area', name: 'A', values, others: false }], time: true }),
        look,
      ),
    );
    expect(o.dataZoom?.map((z) => [z.type, z.startValue, z.endValue])).toEqual([
      ['inside', 11, 30],
      ['slider', 11, 30],
    ]);
    expect(xZoom(31, false)?.[0]).toMatchObject({ startValue: 0, endValue: MAX_X_RANGE - 1 });
    expect(xZoom(MAX_X_RANGE, true)).toBeUndefined();
  });

  it('a pie of the categories above zero, others grey; a table has no chart', () => {
    const o = any(
      chartOption(
        model({
          kind: 'pie',
          categories: ['a', 'b', 'Others'],
          categoryOthers: [false, false, true],
          series: [{ key: 'area', name: 'Area', values: [5, 0, 2], others: false }],
        }),
        look,
      ),
    );
    expect(o.series[0]?.type).toBe('pie');
    expect(o.series[0]?.data).toEqual([
      { name: 'a', value: 5, itemStyle: { color: PALETTE[0] } },
      { name: 'Others', value: 2, itemStyle: { color: OTHERS_COLOR } },
    ]);
    expect(chartOption(model({ kind: 'table' }), look)).toBeNull();
  });
});
