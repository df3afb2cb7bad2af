import type { CustomerRecord } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import {
  activeStatusLabel,
  addClientBody,
  clientDataPath,
  clientListConfig,
  clientPriceForm,
  currencyOptions,
  leaseFigures,
  signSchema,
} from './config.ts';

const t = ((key: string, vars?: Record<string, unknown>) =>
  vars ? `${key}:${JSON.stringify(vars)}` : key) as never;
const row: CustomerRecord = {
  id: 7,
  accountId: 42,
  accountName: '丰收',
  phone: '13800000005',
  userName: '赵强',
  activeStatus: 1,
  muUnitPrice: 850,
  durationPrice: 12_000,
  creditLimit: 0,
  currency: 'CNY',
  balance: -1234,
  droneNum: 2,
  sign: null,
  createdAt: 0,
};
const hooks = {
  openAdd: () => {},
  editPrices: () => {},
  activate: () => {},
  editSign: () => {},
  navigate: () => {},
};

describe('client list config', () => {
  it('names activation states, and "-" for any other value', () => {
    expect(activeStatusLabel(2, t)).toBe('leasing:clientStatus.2');
    expect(activeStatusLabel(0, t)).toBe('leasing:clientStatus.0');
    expect(activeStatusLabel(9, t)).toBe('-');
  });

  it('shows money from minor units with the currency, pages with pageIndex and size', () => {
    const c = clientListConfig({ t, lng: 'en' }, hooks);
    expect(c.params).toEqual({ page: 'pageIndex', size: 'size' });
    const col = (k: string) => c.columns.find((x) => x.key === k);
    expect(col('muUnitPrice')?.value?.(row)).toBe('CN¥8.50');
    expect(col('balance')?.value?.(row)).toBe('-CN¥12.34');
    expect(col('sign')?.value?.(row)).toBe('-');
  });

  it('offers activation only to clients not activated, and links the data view', () => {
    const seen: string[] = [];
    const c = clientListConfig({ t, lng: 'zh' }, { ...hooks, navigate: (p) => seen.push(p) });
    const activate = c.rowActions?.find((a) => a.key === 'activate');
    expect(activate?.visible?.(row)).toBe(true);
    expect(activate?.visible?.({ ...row, activeStatus: 2 })).toBe(false);
    c.rowActions?.find((a) => a.key === 'data')?.onClick(row, { refresh: () => {}, query: {} });
    expect(seen).toEqual([clientDataPath(row)]);
    expect(clientDataPath(row)).toContain('/42/');
  });

  it('figures: area in the user unit', () => {
    const f = leaseFigures(
      { total: 3, workArea: 15, zzNum: 2, sortieCount: 9, modelNum: 1 },
      { t, unit: 'hectare', unitLabel: 'ha', locale: 'en' },
    );
    expect(f.map((x) => x.key)).toEqual(['total', 'workArea', 'zzNum', 'sortieCount', 'modelNum']);
    expect(f[1]?.value).toBe('1.00');
    expect(f[1]?.label).toContain('"unit":"ha"');
  });

  it('currencies from the server, else the codes', () => {
    expect(currencyOptions(null)[0]).toEqual({ value: 'CNY', labelKey: 'leasing:currency.CNY' });
    expect(currencyOptions([{ code: 'USD', DictValue: 'US dollar', digits: 2 }])).toEqual([
      { value: 'USD', label: 'USD US dollar' },
    ]);
  });

  it('forms: prices in major units, the add body, the sign rule', () => {
    const f = clientPriceForm(async () => null);
    expect(f.initial?.(row)).toEqual({ muUnitPrice: 8.5, durationPrice: 120, creditLimit: 0 });
    expect(addClientBody(42, { muUnitPrice: 8.5, durationPrice: 120, currency: 'USD' })).toEqual({
      accountId: 42,
      muUnitPrice: 8.5,
      durationPrice: 120,
      currency: 'USD',
      creditLimit: 0,
      debug: false,
    });
    expect(signSchema.safeParse('  ').success).toBe(false);
    expect(signSchema.safeParse('x'.repeat(51)).success).toBe(false);
    expect(signSchema.safeParse('VIP').success).toBe(true);
  });
});
