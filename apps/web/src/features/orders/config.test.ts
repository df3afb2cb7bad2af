/** The order and invoice list configurations: columns by caller, actions by row, the forms' values. */
import type { InvoiceRow, OrderRow } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import type { Translate } from '../../list/columns.ts';
import { invoiceInfoForm, invoiceListConfig, moneyLocale, orderListConfig, orderYears } from './config.ts';

const t = ((k: string) => k) as unknown as Translate;
const hooks = {
  openDetail: vi.fn(),
  pay: vi.fn(),
  cancel: vi.fn(),
  openCreate: vi.fn(),
  openInvoiceInfo: vi.fn(),
  apply: vi.fn(async () => true),
};
const order = (o: Partial<OrderRow>): OrderRow => ({
  orderId: 1,
  orderSn: '202601010000000001',
  orderType: 1,
  droneId: 'JYP1',
  droneName: 'P1',
  year: 2026,
  amount: 36000,
  currency: 'CNY',
  status: 1,
  accountId: 3,
  accountName: 'A',
  ticketId: null,
  paymentProvider: null,
  paymentRef: null,
  createdAt: 0,
  paidAt: null,
  ...o,
});

describe('order list', () => {
  it('shows the amount from minor units with its currency', () => {
    const c = orderListConfig({ t, lng: 'zh', accountId: 3, platform: false }, hooks);
    const amount = c.columns.find((x) => x.key === 'amount');
    expect(amount?.value?.(order({}))).toBe('¥360.00');
    expect(amount?.value?.(order({ amount: 1, currency: 'USD' }))).toBe('US$0.01');
    expect(moneyLocale('en')).toBe('en-US');
    expect(c.columns.some((x) => x.key === 'accountName')).toBe(false);
  });

  it('offers pay and cancel on the caller’s unpaid orders, invoices for its paid ones', () => {
    const c = orderListConfig({ t, lng: 'en', accountId: 3, platform: false }, hooks);
    const visible = (key: string, r: OrderRow) =>
      c.rowActions?.find((a) => a.key === key)?.visible?.(r) ?? true;
    expect(visible('pay', order({}))).toBe(true);
    expect(visible('pay', order({ status: 2 }))).toBe(false);
    expect(visible('cancel', order({ accountId: 4 }))).toBe(false);
    expect(c.selectable?.(order({ status: 2 }))).toBe(true);
    expect(c.selectable?.(order({ status: 2, ticketId: 5 }))).toBe(false);
    expect(c.selectable?.(order({ status: 1 }))).toBe(false);
  });

  it('gives the platform the account column and no invoice actions', () => {
    const c = orderListConfig({ t, lng: 'en', accountId: 1, platform: true }, hooks);
    expect(c.columns.some((x) => x.key === 'accountName')).toBe(true);
    expect(c.batch).toBeUndefined();
    expect(c.toolbar?.map((a) => a.key)).toEqual(['create']);
  });

  it('offers one year back and five ahead', () => {
    expect(orderYears(Date.UTC(2026, 5, 1))).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031]);
    // 17:00 UTC on 31 December is already next year in the statistics time zone (Asia/Shanghai)
    expect(orderYears(Date.UTC(2026, 11, 31, 17))[1]).toBe(2027);
  });
});

describe('invoice list and info', () => {
  const advance = vi.fn();
  it('lets only the platform issue, and only applied invoices', () => {
    const row = { ticketId: 1, status: 1 } as InvoiceRow;
    const p = invoiceListConfig({ t, lng: 'en', platform: true }, { advance, openInvoiceInfo: vi.fn() });
    expect(p.rowActions?.[0]?.visible?.(row)).toBe(true);
    expect(p.rowActions?.[0]?.visible?.({ ...row, status: 2 })).toBe(false);
    const m = invoiceListConfig({ t, lng: 'en', platform: false }, { advance, openInvoiceInfo: vi.fn() });
    expect(m.rowActions).toEqual([]);
  });

  it('sends the bank fields only as the form has them (null otherwise)', async () => {
    const save = vi.fn(async () => ({}));
    const form = invoiceInfoForm(save);
    await form.update?.(null, {
      ticketType: 1,
      busiName: 'A',
      taxNum: '91320100MA1X2Y3W4K',
      getterName: 'B',
      getterPhone: '13800000003',
      getterAddress: 'C',
    });
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ ticketType: 1, regAddress: null, bank: null, bankAccount: null }),
    );
    const tax = form.fields.find((f) => f.name === 'taxNum');
    expect(tax?.schema?.safeParse('123').success).toBe(false);
    expect(tax?.schema?.safeParse('91320100ma1x2y3w4k').success).toBe(true);
    const bank = form.fields.find((f) => f.name === 'bank');
    expect(bank?.when?.({ ticketType: 1 })).toBe(false);
    expect(bank?.when?.({ ticketType: 2 })).toBe(true);
  });
});
