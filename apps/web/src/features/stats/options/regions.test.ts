import { describe, expect, it } from 'vitest';
import { format, shape, toAcre } from './optionTesting.ts';
import { domesticPieOption, regionBarOption, regionBars } from './regions.ts';

describe('regional bars and the domestic / overseas ring', () => {
  const china = {
    xData: ['江苏省', '内蒙古自治区', '上海市', '新疆维吾尔自治区', '西藏自治区'],
    yData: [[500, 120.25, 0.5, 0, 1]],
  };

  it('the large variant hides 0 and tiny bars; names are shortened', () => {
    expect(regionBars(china, true)).toEqual({ names: ['江苏', '内蒙古', '西藏'], values: [500, 120.25, 1] });
    expect(regionBars(china, false).names).toEqual(['江苏', '内蒙古', '上海', '新疆', '西藏']);
  });

  it('bars in the shown unit, at most 20 regions in view from the first', () => {
    const many = { names: Array.from({ length: 30 }, (_, i) => `R${i}`), values: Array(30).fill(10) };
    const o = shape(regionBarOption(many, { convert: toAcre, format }));
    expect(o.series[0]?.data[0]).toBe(1);
    expect(o.dataZoom?.[0]).toMatchObject({ startValue: 0, endValue: 19 });
    expect(o.xAxis.axisLabel.rotate).toBe(40);
    const few = shape(regionBarOption(regionBars(china, true), { convert: (v) => v, format }));
    expect(few.xAxis.data).toEqual(['江苏', '内蒙古', '西藏']);
    expect(few.dataZoom).toBeUndefined();
  });

  it('the ring preselects the slice shown (domestic first)', () => {
    const labels: [string, string] = ['境内', '境外'];
    const slices = (selected: number, convert: (v: number) => number) =>
      shape(domesticPieOption({ domestic: 900, foreign: 100 }, { labels, selected, convert, format }))
        .series[0] as {
        selectedMode: string;
        data: Array<{ name: string; value: number; selected: boolean }>;
      };
    const home = slices(0, (v) => v);
    expect(home.selectedMode).toBe('single');
    expect(home.data).toEqual([
      { name: '境内', value: 900, selected: true },
      { name: '境外', value: 100, selected: false },
    ]);
    const abroad = slices(1, toAcre);
    expect(abroad.data.map((d) => d.selected)).toEqual([false, true]);
    expect(abroad.data[1]?.value).toBe(10);
  });
});
