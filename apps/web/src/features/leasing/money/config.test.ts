import type { DeductionRow, RechargeRow } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { cellValue, exportTable } from '../../../list/columns.ts';
import { type BillLook, deductionConfig, partyOf, rechargeConfig, tabOf, tabSearch } from './config.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const look = (side: BillLook['side'], lng = 'en'): BillLook => ({
  t,
  lng,
  unit: 'mu',
  unitLabel: 'mu',
  side,
  lessors: [{ value: 3, label: '极翼' }],
  today: '2026-11-25',
});
const recharge: RechargeRow = {
  id: 1,
  outTradeNo: 'LR202611251234567890123456',
  accountId: 5,
  accountName: '丰收',
  zzAccountId: 3,
  zzAccountName: '极翼',
  amount: 1250,
  currency: 'CNY',
  provider: 'sandbox',
  status: 2,
  createdAt: Date.UTC(2026, 10, 25, 2, 0, 0),
  paidAt: null,
};
const sortie: DeductionRow = {
  id: 7,
  kind: 2,
  sortieId: 99,
  feeDay: null,
  droneId: 'JY-0001',
  leaseId: 3,
  leaseModel: 1,
  areaMu: 30,
  durationS: 3723,
  amount: 15000,
  currency: 'CNY',
  startTime: Date.UTC(2026, 5, 1, 2, 0, 0),
  accountId: 5,
  accountName: '丰收',
};
const fee: DeductionRow = {
  ...sortie,
  id: 8,
  kind: 3,
  sortieId: null,
  feeDay: '2026-06-02',
  areaMu: 0,
  durationS: 0,
  amount: 3000,
};

describe('bill list configuration', () => {
  it('pages by pageIndex and size; a lessor filters by client, a tenant by lessor', () => {
    const l = rechargeConfig(look('lessor'));
    expect(l.params).toEqual({ page: 'pageIndex', size: 'size' });
    expect(l.filters?.[0]?.name).toBe('accountId');
    const tn = deductionConfig(look('tenant'));
    expect(tn.filters?.[0]).toMatchObject({ name: 'zzAccountId', options: [{ value: 3, label: '极翼' }] });
    expect(tn.filters?.map((f) => f.name)).toEqual(['zzAccountId', 'kind', 'days']);
    expect(l.id).not.toBe(rechargeConfig(look('tenant')).id);
  });

  it('recharges: money from minor units, translated status and provider, the other party', () => {
    const l = rechargeConfig(look('lessor'));
    const col = (k: string) => l.columns.find((c) => c.key === k);
    expect(cellValue(col('amount') as never, recharge)).toBe('CN¥12.50');
    expect(cellValue(col('status') as never, recharge)).toBe('leasing:rechargeStatus.2');
    expect(cellValue(col('provider') as never, recharge)).toBe('leasingMoney:provider.sandbox');
    expect(cellValue(col('paidAt') as never, recharge)).toBe('-');
    expect(l.columns.map((c) => c.key)).toContain('accountName');
    expect(rechargeConfig(look('tenant')).columns.map((c) => c.key)).toContain('zzAccountName');
    const zh = rechargeConfig(look('lessor', 'zh'));
    expect(cellValue(zh.columns.find((c) => c.key === 'amount') as never, recharge)).toBe('¥12.50');
  });

  it('deductions: a sortie shows area and duration, a daily fee its day; the export has the same values', () => {
    const d = deductionConfig(look('lessor'));
    const col = (k: string) => d.columns.find((c) => c.key === k) as never;
    expect(cellValue(col('startTime'), fee)).toBe('2026-06-02');
    expect(cellValue(col('kind'), fee)).toBe('leasing:chargeKind.3');
    expect(cellValue(col('area'), sortie)).toBe(30);
    expect(cellValue(col('duration'), sortie)).toBe('1h 2m 3s');
    expect(cellValue(col('duration'), fee)).toBe('-');
    expect(cellValue(col('amount'), sortie)).toBe('CN¥150.00');
    const table = exportTable(d.columns, [sortie, fee], t as never);
    expect(table.rows).toHaveLength(2);
    expect(d.export?.fileName()).toBe('leasingMoney:fileName.deductions(2026-11-25)');
  });

  it('tabs keep the party filter and drop the rest; the party is a positive integer', () => {
    const s = new URLSearchParams('accountId=5&status=2&pageIndex=3&tab=recharges');
    expect(tabSearch(s, 'deductions').toString()).toBe('accountId=5&tab=deductions');
    expect(tabSearch(new URLSearchParams('tab=deductions&kind=2'), 'recharges').toString()).toBe('');
    expect(tabOf('deductions')).toBe('deductions');
    expect(tabOf('x')).toBe('recharges');
    expect(partyOf(s, 'lessor')).toBe(5);
    expect(partyOf(s, 'tenant')).toBeUndefined();
    expect(partyOf(new URLSearchParams('accountId=-1'), 'lessor')).toBeUndefined();
  });
});
