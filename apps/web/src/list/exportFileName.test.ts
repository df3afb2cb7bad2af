import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportAll.ts';

const i18n = new URL('../i18n/', import.meta.url).pathname;

describe('exportFileName', () => {
  it('names every export "<title> <YYYY-MM-DD>.xlsx"', () => {
    expect(exportFileName('Drones', '2026-11-27')).toBe('Drones 2026-11-27.xlsx');
    expect(exportFileName('无人机列表', '2026-11-27')).toBe('无人机列表 2026-11-27.xlsx');
  });

  it('replaces characters no file system accepts and never names a file by its date alone', () => {
    expect(exportFileName(' A/B: "c"? ', '2026-11-27')).toBe('A B c 2026-11-27.xlsx');
    expect(exportFileName('', '2026-11-27')).toBe('export 2026-11-27.xlsx');
  });

  it('has list titles without a date or an underscore in every language (the export adds the day)', () => {
    const titles = [
      ['drones', 'fileName'],
      ['models', 'fileName'],
      ['droneStats', 'fileName'],
      ['rtk', 'fileName'],
      ['syslog', 'fileName'],
      ['leasingRecords', 'fileName'],
      ['leasingMoney', 'fileName.recharges'],
      ['leasingMoney', 'fileName.deductions'],
      ['accounts', 'fileName'],
      ['accounts', 'fileNameSub'],
    ];
    for (const lng of LANGUAGES)
      for (const [ns, key] of titles) {
        const json = JSON.parse(readFileSync(join(i18n, lng, `${ns}.json`), 'utf8'));
        const title = (key as string).split('.').reduce((o, k) => o?.[k], json);
        expect(title, `${lng}/${ns}:${key}`).toMatch(/^[^_{}]+$/u);
      }
  });
});
