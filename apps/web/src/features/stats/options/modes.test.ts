import type { ChartSeries } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { modePieOption, modeSlices } from './modes.ts';
import { format, shape, toAcre } from './optionTesting.ts';

describe('mode pies', () => {
  const series: ChartSeries = {
    xData: ['manual', 'auto', 'ab', 'return', 'hover'],
    yData: [[20_000, 150_000, 0, 5_000, 0]],
    zData: ['area'],
  };
  const names: Record<string, string> = { manual: '手动', auto: '自主航线', return: '返航' };
  const o = { name: (m: string) => names[m] ?? m, convert: (mu: number) => mu, divisor: 10_000, format };

  it('divides every slice by the chart scale and drops empty modes', () => {
    expect(modeSlices(series, o)).toEqual([
      { name: '手动', value: 2 },
      { name: '自主航线', value: 15 },
      { name: '返航', value: 0.5 },
    ]);
    const english = modeSlices(series, { ...o, divisor: 1_000_000, convert: toAcre });
    expect(english[1]?.value).toBeCloseTo(0.015);
  });

  it('is a ring whose tooltip shows the scaled value and the share', () => {
    const pie = shape(modePieOption(series, o));
    const s = pie.series[0] as { type: string; data: unknown[]; label: { overflow: string } };
    expect(s.type).toBe('pie');
    expect(s.data).toHaveLength(3);
    // Its percent labels are never cut short ('28....') in a narrow panel.
    expect(s.label.overflow).toBe('none');
    const tip = (pie.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tip({ name: '手动', value: 2, percent: 11.43 })).toBe('手动: 2.00 (11.43%)');
  });
});
