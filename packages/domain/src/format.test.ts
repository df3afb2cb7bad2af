import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatSeconds, round, secondsToHours } from './format.ts';
import { buildPath } from './screens.ts';
import { convertArea, defaultAreaUnit, squareMetresToMu } from './units.ts';

describe('formatters', () => {
  it('dates default to YYYY/MM/DD HH:mm:ss', () => {
    expect(formatDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026/01/02 03:04:05');
    expect(formatDate(new Date(2026, 10, 21), 'YYYY-MM-DD')).toBe('2026-11-21');
    expect(formatDate(null)).toBe('');
    expect(formatDate('nonsense')).toBe('');
  });

  it('numbers round to 2 decimals by default', () => {
    expect(round(1.005)).toBe(1.01);
    expect(round(-1.005)).toBe(-1.01);
    expect(round(2.345, 1)).toBe(2.3);
    expect(formatNumber(3)).toBe('3.00');
    expect(formatNumber(undefined)).toBe('-');
  });

  it('seconds as hours, minutes and seconds per language', () => {
    expect(formatSeconds(3723, 'zh')).toBe('1小时2分3秒');
    expect(formatSeconds(3723, 'en')).toBe('1h 2m 3s');
    expect(formatSeconds(3723, 'zh-TW')).toBe('1小時2分3秒');
    expect(formatSeconds(3723, 'ko')).toBe('1시간 2분 3초');
    expect(formatSeconds(3723, 'th')).toBe('1 ชม. 2 นาที 3 วินาที');
    expect(formatSeconds(0, 'en')).toBe('0s');
    expect(formatSeconds(3600, 'en')).toBe('1h');
    expect(secondsToHours(5400)).toBe(1.5);
  });
});

describe('units', () => {
  it('converts mu with the spec factors', () => {
    expect(convertArea(100, 'mu')).toBe(100);
    expect(convertArea(100, 'rai')).toBeCloseTo(41.66667, 4);
    expect(convertArea(100, 'acre')).toBeCloseTo(16.47369, 4);
    expect(convertArea(100, 'hectare')).toBeCloseTo(6.66667, 4);
    expect(squareMetresToMu(666.6667)).toBeCloseTo(1, 4);
  });

  it('default unit by language: English acre, Thai rai, otherwise mu', () => {
    expect(defaultAreaUnit('en')).toBe('acre');
    expect(defaultAreaUnit('th')).toBe('rai');
    expect(defaultAreaUnit('zh')).toBe('mu');
    expect(defaultAreaUnit('ko')).toBe('mu');
    expect(defaultAreaUnit('zh-TW')).toBe('mu');
  });
});

describe('paths', () => {
  it('builds paths and refuses missing parameters', () => {
    expect(buildPath('UnifiedTaskChart', { id: 12 })).toBe('/business_manage/unified-task-list/12/chart');
    expect(() => buildPath('ClientDataView')).toThrow(/Insufficient URI parameters/);
  });
});
