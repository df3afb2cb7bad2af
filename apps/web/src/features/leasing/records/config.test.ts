import type { BasicPriceRow, JobRecordPage, JobRecordRow } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { cellValue, exportTable, summaryCells } from '../../../list/columns.ts';
import { priceText, summaryFigures, workRecordConfig } from './config.ts';
import { addCurrencyRow, editRow, freeCurrencies, roundFor, setBody, toEditRows } from './prices.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const sortie: JobRecordRow = {
  id: 7,
  kind: 2,
  sortieId: 99,
  feeDay: null,
  droneId: 'JY-0001',
  droneName: '极翼一号',
  leaseId: 3,
  leaseModel: 1,
  accountId: 5,
  accountName: '丰收',
  zzAccountId: 3,
  zzAccountName: '极翼',
  pilotId: null,
  pilotName: null,
  blockId: 4,
  blockName: '东地块',
  startTime: Date.UTC(2026, 5, 1, 2, 0, 0),
  endTime: Date.UTC(2026, 5, 1, 2, 20, 0),
  areaMu: 30,
  durationS: 3723,
  muUnitPrice: 500,
  durationPrice: 0,
  dailyFee: 0,
  amount: 15000,
  currency: 'CNY',
};
const fee: JobRecordRow = {
  ...sortie,
  id: 8,
  kind: 3,
  sortieId: null,
  feeDay: '2026-06-01',
  areaMu: 0,
  durationS: 0,
  dailyFee: 2000,
  amount: 2000,
};
const page: JobRecordPage = {
  records: [sortie, fee],
  total: 2,
  current: 1,
  size: 20,
  summary: {
    count: 2,
    areaMu: 30,
    durationS: 3723,
    amounts: [
      { currency: 'CNY', amount: 17000 },
      { currency: 'KRW', amount: 5000 },
    ],
  },
};
const look = (unit: 'mu' | 'acre', side: 'lessor' | 'tenant' = 'lessor') => ({
  t,
  lng: 'en',
  unit,
  unitLabel: unit,
  side,
  lessors: [{ value: 3, label: '极翼' }],
  today: '2026-06-02',
});

describe('work record configuration', () => {
  it('shows the area in the user unit, the duration as h/m/s and money from minor units', () => {
    const cols = workRecordConfig(look('acre')).columns;
    const v = Object.fromEntries(cols.map((c) => [c.key, cellValue(c, sortie)]));
    expect(v).toMatchObject({
      kind: 'leasing:chargeKind.2',
      droneId: 'JY-0001',
      accountName: '丰收',
      pilotName: '-',
      blockName: '东地块',
      area: 4.94,
      duration: '1h 2m 3s',
      leaseModel: 'leasing:leaseModel.1',
      amount: 'CN¥150.00',
    });
    expect(v.price).toBe('CN¥30.35 / acre');
    const f = Object.fromEntries(cols.map((c) => [c.key, cellValue(c, fee)]));
    expect(f).toMatchObject({ startTime: '2026-06-01', area: null, duration: null, amount: 'CN¥20.00' });
    expect(priceText(fee, look('mu'))).toBe('CN¥20.00 / leasingRecords:perDay');
    expect(priceText({ ...sortie, leaseModel: 3, durationPrice: 12000 }, look('mu'))).toBe(
      'CN¥5.00 / mu; CN¥120.00 / leasingRecords:perHour',
    );
  });

  it('filters by client for a lessor and by lessor for a tenant, paged by pageIndex and size', () => {
    const lessor = workRecordConfig(look('mu'));
    expect(lessor.params).toEqual({ page: 'pageIndex', size: 'size' });
    expect(lessor.filters?.map((f) => f.name)).toEqual(['accountId', 'droneId', 'days', 'kind']);
    expect(lessor.columns.map((c) => c.key)).toContain('accountName');
    const tenant = workRecordConfig(look('mu', 'tenant'));
    expect(tenant.filters?.[0]).toMatchObject({
      name: 'zzAccountId',
      options: [{ value: 3, label: '极翼' }],
    });
    expect(tenant.columns.map((c) => c.key)).toContain('zzAccountName');
    expect(tenant.id).not.toBe(lessor.id);
  });

  it('totals the filtered set per currency in the totals row, the figures and the export', () => {
    const config = workRecordConfig(look('mu'));
    const totals = config.summary?.(page) ?? {};
    expect(totals).toEqual({ area: 30, duration: '1h 2m 3s', amount: 'CN¥170.00; ₩5,000' });
    const cells = summaryCells(config.columns, totals, 'Total');
    expect(cells[0]).toBe('Total');
    const table = exportTable(config.columns, page.records, t, { values: totals, label: 'Total' });
    expect(table.header[0]).toBe('leasingRecords:col.startTime');
    expect(table.rows).toHaveLength(2);
    expect(table.totals?.at(-1)).toBe('CN¥170.00; ₩5,000');
    expect(config.export?.fileName()).toBe('leasingRecords:fileName(2026-06-02)');
    const figures = summaryFigures(page.summary, look('mu'));
    expect(figures.map((f) => [f.key, f.value])).toEqual([
      ['count', '2'],
      ['area', '30.00'],
      ['duration', '1h 2m 3s'],
      ['amount', 'CN¥170.00; ₩5,000'],
    ]);
  });
});

describe('basic price editing', () => {
  const list: BasicPriceRow[] = [
    {
      id: 1,
      modelId: 10,
      modelName: 'JY-T40',
      currency: 'CNY',
      dailyFee: 2000,
      muUnitPrice: 850,
      durationPrice: 0,
      updatedAt: 1,
    },
    {
      id: null,
      modelId: 11,
      modelName: 'JY-T20',
      currency: null,
      dailyFee: null,
      muUnitPrice: null,
      durationPrice: null,
      updatedAt: null,
    },
  ];

  it('edits in major units and sends only the changed rows', () => {
    const rows = toEditRows(list);
    expect(rows[0]).toMatchObject({ currency: 'CNY', dailyFee: 20, muUnitPrice: 8.5, dirty: false });
    expect(setBody(rows)).toEqual({ prices: [], incomplete: [] });
    const edited = editRow(rows, 'p1', { dailyFee: 25.5 });
    expect(setBody(edited).prices).toEqual([
      { modelId: 10, currency: 'CNY', dailyFee: 25.5, muUnitPrice: 8.5, durationPrice: 0 },
    ]);
  });

  it('adds another currency of a model, refuses incomplete rows and rounds to the currency', () => {
    const rows = addCurrencyRow(toEditRows(list), 10, 1);
    expect(rows.map((r) => r.key)).toEqual(['p1', 'new1', 'm11']);
    expect(rows[1]).toMatchObject({ modelId: 10, currency: 'USD', dirty: true });
    expect(setBody(rows).incomplete).toHaveLength(1);
    const named = editRow(rows, 'm11', { currency: 'KRW', dailyFee: 15000 });
    const filled = editRow(named, 'new1', { dailyFee: 3 });
    expect(setBody(filled)).toEqual({
      prices: [
        { modelId: 10, currency: 'USD', dailyFee: 3 },
        { modelId: 11, currency: 'KRW', dailyFee: 15000 },
      ],
      incomplete: [],
    });
    expect(freeCurrencies(rows, 10)).toEqual(['THB', 'KRW', 'TWD']);
    expect(roundFor(10.5, 'KRW')).toBe(11);
    expect(roundFor(1.234, 'CNY')).toBe(1.23);
  });
});
