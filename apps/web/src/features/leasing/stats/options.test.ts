import type { LeaseDayPoint, LeaseFigures } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import {
  areaText,
  dailyOption,
  type Look,
  lastDays,
  moneyText,
  pieOption,
  rankingOption,
  workFigures,
} from './options.ts';

type Shape = {
  series: Array<{ type: string; data: unknown[]; yAxisIndex?: number; name?: string }>;
  xAxis: { data: string[] };
  yAxis: { data?: string[]; inverse?: boolean };
  dataZoom?: Array<{ startValue: number; endValue: number }>;
  legend: { data?: string[] };
};
const shape = (o: unknown) => o as Shape;
const mu: Look = { unit: 'mu', language: 'zh', locale: 'zh' };
const acre: Look = { unit: 'acre', language: 'en', locale: 'en' };

const figures: LeaseFigures = {
  sorties: 12345,
  areaMu: 1000,
  durationS: 3725,
  chargeMinor: 10070,
  feeMinor: 1500,
  currencies: [
    { currency: 'CNY', chargeMinor: 10000, feeMinor: 1500 },
    { currency: 'USD', chargeMinor: 70, feeMinor: 0 },
  ],
};

describe('leasing statistics figures', () => {
  it('shows area in the user unit, duration as h/m/s and money per currency', () => {
    const en = Object.fromEntries(workFigures(figures, acre).map((f) => [f.key, f.value]));
    expect(en).toEqual({
      sorties: '12,345',
      area: '164.74',
      duration: '1h 2m 5s',
      charge: 'CN¥100.00 / $0.70',
      fee: 'CN¥15.00',
    });
    const zh = Object.fromEntries(workFigures(figures, mu).map((f) => [f.key, f.value]));
    expect(zh.area).toBe('1,000.00');
    expect(zh.duration).toBe('1小时2分5秒');
  });

  it('shows zero money in the fallback currency', () => {
    expect(moneyText([], 'THB', 'en')).toMatch(/0\.00/);
    expect(moneyText([{ currency: 'KRW', minor: 0 }], 'KRW', 'en')).toBe('₩0');
    expect(areaText(15, { unit: 'hectare', language: 'en', locale: 'en' })).toBe('1.00');
  });
});

describe('leasing statistics charts', () => {
  const days: LeaseDayPoint[] = Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    areaMu: i * 10,
    sorties: i,
    durationS: 0,
    chargeMinor: 0,
  }));
  it('daily: area bars in the unit on the left axis, sorties as a line on the right, the latest 20 in view', () => {
    const o = shape(dailyOption(days, acre, { area: 'Area (acre)', sorties: 'Sorties' }));
    expect(o.xAxis.data[0]).toBe('11-01');
    expect(o.series.map((s) => [s.type, s.yAxisIndex ?? 0])).toEqual([
      ['bar', 0],
      ['line', 1],
    ]);
    expect(o.series[0]?.data[1]).toBeCloseTo(1.65, 2);
    expect(o.series[1]?.data[29]).toBe(29);
    expect(o.dataZoom?.map((z) => [z.startValue, z.endValue])).toEqual([
      [10, 29],
      [10, 29],
    ]);
    expect(o.legend.data).toEqual(['Area (acre)', 'Sorties']);
    expect(shape(dailyOption(days.slice(0, 7), mu, { area: 'a', sorties: 's' })).dataZoom).toBeUndefined();
  });

  it('ranking: the first on top, areas converted', () => {
    const o = shape(
      rankingOption(
        [
          { name: 'A', areaMu: 300 },
          { name: 'B', areaMu: 100 },
        ],
        acre,
        'Area',
      ),
    );
    expect(o.yAxis).toMatchObject({ inverse: true, data: ['A', 'B'] });
    expect(o.series[0]?.data).toEqual([49.42, 16.47]);
  });

  it('pie: zero slices left out', () => {
    const o = shape(
      pieOption([
        { name: 'Leased', value: 3 },
        { name: 'Returned', value: 0 },
      ]),
    );
    expect(o.series[0]?.data).toEqual([{ name: 'Leased', value: 3 }]);
  });

  it('the last 30 days end today, as noons of the statistics time zone (Asia/Shanghai)', () => {
    // 17:00 UTC on 11-25 is 01:00 on 11-26 in Shanghai: that is today, whatever the browser says
    const [start, end] = lastDays(Date.UTC(2026, 10, 25, 17, 0));
    expect(start).toBe(Date.UTC(2026, 9, 28, 4));
    expect(end).toBe(Date.UTC(2026, 10, 26, 4));
  });
});
