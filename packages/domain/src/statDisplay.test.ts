import { describe, expect, it } from 'vitest';
import {
  chartScale,
  formatCount,
  formatHours,
  formatRankValue,
  formatTotal,
  hoursOf,
  isRegionBarShown,
  scaleNumber,
  scaleOf,
  shortRegionName,
  truncate,
  usesThousands,
  visibleRegionBars,
} from './statDisplay.ts';

describe('dashboard numbers (001 §5)', () => {
  it('ranking values 2 decimals, totals 1 decimal, counts whole, missing as -', () => {
    expect(formatRankValue(12.345)).toBe('12.35');
    expect(formatRankValue(3)).toBe('3.00');
    expect(formatTotal(12.35)).toBe('12.4');
    expect(formatTotal(0)).toBe('0.0');
    expect(formatCount(41.6)).toBe('42');
    for (const f of [formatRankValue, formatTotal, formatCount, formatHours]) {
      expect(f(null)).toBe('-');
      expect(f(undefined)).toBe('-');
      expect(f(Number.NaN)).toBe('-');
    }
  });

  it('hours are seconds / 3600 with 1 decimal', () => {
    expect(hoursOf(5400)).toBe(1.5);
    expect(hoursOf(3700)).toBe(1);
    expect(formatHours(3780)).toBe('1.1');
    expect(hoursOf(null)).toBeNull();
  });

  it('truncates, never rounds, and survives binary noise', () => {
    expect(truncate(1.239)).toBe(1.23);
    expect(truncate(1.13)).toBe(1.13);
    expect(truncate(-2.559)).toBe(-2.55);
    expect(truncate(0.0000001)).toBe(0);
    expect(Object.is(truncate(-0.001), 0)).toBe(true);
  });

  it('shows 10,000 and more in 万 with 2 decimals truncated', () => {
    expect(scaleNumber(9999.96, 1)).toEqual({ text: '10000.0', scale: null });
    expect(scaleNumber(10_000, 1)).toEqual({ text: '1.00', scale: 'wan' });
    expect(scaleNumber(123_456, 2)).toEqual({ text: '12.34', scale: 'wan' });
    expect(scaleNumber(19_999.99, 0)).toEqual({ text: '1.99', scale: 'wan' });
    expect(scaleNumber(12_345_678, 1)).toEqual({ text: '1234.56', scale: 'wan' });
    expect(scaleNumber(null, 1)).toEqual({ text: '-', scale: null });
    expect(scaleNumber(512.345, 2)).toEqual({ text: '512.35', scale: null });
  });

  it('English counts in thousands: k from 10,000, M from 1,000,000, truncated', () => {
    expect(usesThousands('en')).toBe(true);
    expect(usesThousands('ko')).toBe(false);
    expect(scaleOf(9_999, true)).toBeNull();
    expect(scaleNumber(12_349, 1, true)).toEqual({ text: '12.34', scale: 'k' });
    expect(scaleNumber(999_999, 1, true)).toEqual({ text: '999.99', scale: 'k' });
    expect(scaleNumber(2_345_678, 1, true)).toEqual({ text: '2.34', scale: 'million' });
    expect(scaleNumber(-12_000, 1, true)).toEqual({ text: '-12.00', scale: 'k' });
  });

  it('one scale for a whole chart: 万 (÷10,000), English ÷1,000,000 (§9 mode area)', () => {
    expect(chartScale(false)).toBe('wan');
    expect(chartScale(true)).toBe('million');
  });
});

describe('regional bars and labels', () => {
  it('the large variant hides 0 and values below 0.9999', () => {
    expect(isRegionBarShown(0)).toBe(false);
    expect(isRegionBarShown(0.9998)).toBe(false);
    expect(isRegionBarShown(0.9999)).toBe(true);
    expect(isRegionBarShown(-3)).toBe(false);
    expect(visibleRegionBars(['江苏', '浙江', '上海', '安徽'], [120.5, 0, 0.5, 1])).toEqual({
      names: ['江苏', '安徽'],
      values: [120.5, 1],
    });
    expect(visibleRegionBars(['a', 'b'], [5])).toEqual({ names: ['a'], values: [5] });
  });

  it('strips province and city suffixes and shortens five provinces', () => {
    expect(shortRegionName('江苏省')).toBe('江苏');
    expect(shortRegionName('上海市')).toBe('上海');
    expect(shortRegionName('苏州市')).toBe('苏州');
    expect(shortRegionName('内蒙古自治区')).toBe('内蒙古');
    expect(shortRegionName('新疆维吾尔自治区')).toBe('新疆');
    expect(shortRegionName('西藏自治区')).toBe('西藏');
    expect(shortRegionName('广西壮族自治区')).toBe('广西');
    expect(shortRegionName('宁夏回族自治区')).toBe('宁夏');
    expect(shortRegionName('香港特别行政区')).toBe('香港');
    expect(shortRegionName('澳門特別行政區')).toBe('澳門');
    expect(shortRegionName('新疆維吾爾自治區')).toBe('新疆');
    expect(shortRegionName('廣西壯族自治區')).toBe('廣西');
    expect(shortRegionName('臺灣省')).toBe('臺灣');
    expect(shortRegionName('Inner Mongolia Autonomous Region')).toBe('Inner Mongolia');
    expect(shortRegionName('Jiangsu Province')).toBe('Jiangsu');
    expect(shortRegionName('Thailand')).toBe('Thailand');
    expect(shortRegionName('市')).toBe('市');
  });
});
