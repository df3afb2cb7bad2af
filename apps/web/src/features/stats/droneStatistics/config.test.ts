import { DRONE_STAT_SORTS, type DroneStatPage, type DroneStatRow } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { cellValue, exportTable, summaryCells } from '../../../list/columns.ts';
import { sortFields } from '../../../list/query.ts';
import { droneStatsConfig } from './config.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const row: DroneStatRow = {
  droneId: 'JY-0001',
  droneName: '极翼一号',
  modelName: 'JY-T40',
  zzAccountName: '极翼',
  yyAccountName: null,
  flightCount: 12,
  flightTime: 5400,
  sprayArea: 300,
  sprayQuantity: 123.456,
  distance: 15_250,
  workDays: 3,
  lastWorkTime: '2025-06-01',
};
const page: DroneStatPage = {
  records: [row],
  total: 1,
  current: 1,
  size: 20,
  totals: { flightCount: 12, flightTime: 5400, sprayArea: 300, sprayQuantity: 123.456, distance: 15_250 },
};
const look = (unit: 'mu' | 'acre') => ({ unit, unitLabel: unit, locale: 'en', t, today: '2025-06-02' });

describe('drone statistics configuration', () => {
  it('shows hours, the area in the user unit, litres and km with 2 decimals', () => {
    const cols = droneStatsConfig(look('acre'), undefined).columns;
    const values = Object.fromEntries(cols.map((c) => [c.key, cellValue(c, row)]));
    expect(values).toMatchObject({
      flightCount: 12,
      flightTime: 1.5,
      sprayArea: 49.42,
      sprayQuantity: 123.46,
      distance: 15.25,
      workDays: 3,
      yyAccountName: null,
      lastWorkTime: '2025-06-01',
    });
    const area = cols.find((c) => c.key === 'sprayArea');
    expect(area && t(area.title, area.titleVars)).toBe('droneStats:col.sprayArea(acre)');
    expect(area?.format?.(1234.5)).toBe('1,234.50');
  });

  it('offers the sorts the server knows and the filters of the call', () => {
    const config = droneStatsConfig(look('mu'), {
      manufacturers: [{ id: 3, name: '极翼' }],
      owners: [],
      models: [{ id: 9, name: 'JY-T40' }],
    });
    expect(sortFields(config.columns)).toEqual([...DRONE_STAT_SORTS]);
    expect(config.filters?.map((f) => f.name)).toEqual([
      'droneId',
      'droneName',
      'zzAccountId',
      'yyAccountId',
      'flyModelId',
      'region',
      'days',
    ]);
    const zz = config.filters?.find((f) => f.name === 'zzAccountId');
    expect(zz && 'options' in zz && zz.options).toEqual([{ value: 3, label: '极翼' }]);
  });

  it('totals row and export in the same units as the table', () => {
    const config = droneStatsConfig(look('mu'), undefined);
    const totals = config.summary?.(page) ?? {};
    expect(summaryCells(config.columns, totals, 'Total').slice(0, 8)).toEqual([
      'Total',
      '',
      '',
      '',
      '',
      '12',
      '1.50',
      '300.00',
    ]);
    const table = exportTable(config.columns, page.records, t, { values: totals, label: 'Total' });
    expect(table.header).toHaveLength(12);
    expect(table.rows[0]).toEqual([
      'JY-0001',
      '极翼一号',
      'JY-T40',
      '极翼',
      null,
      12,
      1.5,
      300,
      123.46,
      15.25,
      3,
      '2025-06-01',
    ]);
    expect(table.totals).toEqual(['Total', null, null, null, null, 12, 1.5, 300, 123.46, 15.25, null, null]);
    expect(config.export?.fileName()).toBe('droneStats:fileName(2025-06-02)');
  });
});
