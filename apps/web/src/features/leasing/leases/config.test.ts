import type { LeaseRecord } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { addRentalBody, historyLine, leaseListConfig, leaseModelChoices, leasePriceForm } from './config.ts';

const t = ((key: string) => key) as never;
const row: LeaseRecord = {
  id: 3,
  droneId: 'JY001',
  droneName: 'A',
  modelName: 'M1',
  accountId: 42,
  accountName: '丰收',
  sign: 'VIP',
  leaseModel: 1,
  muUnitPrice: 800,
  durationPrice: 12_000,
  dailyFee: null,
  currency: 'CNY',
  startTime: 0,
  returnTime: null,
  status: 1,
  locked: true,
  lockReason: 'balance',
  sorties: 0,
  charged: 0,
  createdAt: 0,
};
const hooks = {
  openAdd: () => {},
  returnDrone: () => {},
  cancel: () => {},
  editPrices: () => {},
  history: () => {},
};
const clients = { key: ['x'], load: async () => [] };

describe('lease list config', () => {
  it('lease models a lessor may pick: model 3 allows 1, 2 and 3', () => {
    expect(leaseModelChoices([3])).toEqual([1, 2, 3]);
    expect(leaseModelChoices([1])).toEqual([1]);
    expect(leaseModelChoices([5])).toEqual([5]);
    expect(leaseModelChoices([])).toEqual([]);
  });

  it('row actions follow the lease state', () => {
    const c = leaseListConfig({ t, lng: 'en', clients }, hooks);
    const a = (k: string) => c.rowActions?.find((x) => x.key === k);
    expect(a('return')?.visible?.(row)).toBe(true);
    expect(a('cancel')?.visible?.(row)).toBe(true);
    expect(a('cancel')?.visible?.({ ...row, sorties: 1 })).toBe(false);
    expect(a('return')?.visible?.({ ...row, status: 2 })).toBe(false);
    expect(a('history')?.visible).toBeUndefined();
    expect(c.params).toEqual({ page: 'pageIndex', size: 'size' });
  });

  it('columns: money, missing daily fee, balance lock', () => {
    const c = leaseListConfig({ t, lng: 'en', clients }, hooks);
    const v = (k: string) => c.columns.find((x) => x.key === k)?.value?.(row);
    expect(v('muUnitPrice')).toBe('CN¥8.00');
    // In the user's area unit (8.00 per mu is 48.56 per acre), titled with it.
    const inAcres = leaseListConfig({ t, lng: 'en', clients, unit: 'acre', unitLabel: 'ac' }, hooks);
    const price = inAcres.columns.find((x) => x.key === 'muUnitPrice');
    expect(price?.value?.(row)).toBe('CN¥48.56');
    expect(price?.titleVars).toEqual({ unit: 'ac' });
    expect(v('dailyFee')).toBe('-');
    expect(v('returnTime')).toBe('-');
    expect(v('locked')).toBe('leasingClients:lease.lockedBalance');
  });

  it('the add body leaves out what was not given', () => {
    expect(
      addRentalBody({ accountId: 42, droneIds: ['A'], leaseModel: 1, muUnitPrice: null, startTime: 5 }),
    ).toEqual({
      accountId: 42,
      droneIds: ['A'],
      leaseModel: 1,
      dailyFee: false,
      startTime: 5,
    });
  });

  it('the price form starts from the lease, in major units', () => {
    const f = leasePriceForm([3], async () => null);
    expect(f.initial?.(row)).toEqual({ leaseModel: 1, muUnitPrice: 8, durationPrice: 120, dailyFee: false });
    expect(f.fields[0]?.options).toHaveLength(3);
  });

  it('history lines name the event and its prices', () => {
    const line = historyLine(
      {
        id: 1,
        action: 'created',
        detail: { leaseModel: 1, muPriceMinor: 950, currency: 'CNY' },
        userName: null,
        at: 0,
      },
      t,
      'en',
    );
    expect(line).toContain('leasingClients:history.created');
    expect(line).toContain('CN¥9.50');
    // A lease created without prices in its event (the demo's) reads "Leased", not "Leased:".
    expect(
      historyLine({ id: 4, action: 'created', detail: { demo: true }, userName: null, at: 0 }, t, 'en'),
    ).toBe('leasingClients:history.created');
    expect(historyLine({ id: 2, action: 'cancelled', detail: {}, userName: null, at: 0 }, t, 'en')).toBe(
      'leasingClients:history.cancelled',
    );
  });
});
