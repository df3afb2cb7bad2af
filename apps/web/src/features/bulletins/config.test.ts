/** The bulletin lists' configuration: the API calls, the 001 §3 filters, read actions by type. */
import type { AnomalyBulletinRow, BulletinRow } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import type { Translate } from '../../list/columns.ts';
import { anomalyConfig, ordinaryConfig } from './config.ts';

const t: Translate = (key, vars) => (vars ? `${key}:${JSON.stringify(vars)}` : key);
const hooks = () => ({ mainCell: () => null, stateCell: () => null, read: vi.fn(async () => undefined) });

const ordinary: BulletinRow = {
  bulletinId: 7,
  bulletinType: 2,
  title: 'T',
  content: 'C',
  targetAccountTypes: [1, 2],
  accountName: 'P',
  createTime: Date.UTC(2026, 0, 2, 3, 4, 5),
  read: false,
};
const anomaly: AnomalyBulletinRow = {
  bulletinId: 9,
  bulletinType: 1,
  droneId: 'D1',
  droneName: null,
  oddType: 1,
  time: 0,
  endTime: null,
  lng: 120.123456,
  lat: 33.1,
  sortieId: null,
  noflyId: 3,
  zzAccountName: 'Z',
  yyAccountName: null,
  createTime: 0,
  read: true,
};

describe('bulletin list configuration', () => {
  it('anomaly filters are the spec’s names, the dates sent as startTime and endTime', () => {
    const c = anomalyConfig(t, hooks());
    expect(c.filters?.map((f) => f.name)).toEqual([
      'droneId',
      'oddType',
      'days',
      'zzAccountName',
      'yyAccountName',
    ]);
    const days = c.filters?.find((f) => f.name === 'days');
    expect(days && 'params' in days ? days.params : null).toEqual(['startTime', 'endTime']);
    const oddType = c.columns.find((col) => col.key === 'oddType');
    expect(oddType?.value?.(anomaly)).toBe('bulletins:oddType.1');
    expect(c.columns.find((col) => col.key === 'position')?.value?.(anomaly)).toBe('120.12346, 33.10000');
  });

  it('reads by row, by selection and all of the current type', async () => {
    const h = hooks();
    const c = ordinaryConfig(t, h);
    const ctx = { refresh: () => undefined, query: {} };
    expect(c.rowActions?.[0]?.visible?.(ordinary)).toBe(true);
    expect(c.rowActions?.[0]?.visible?.({ ...ordinary, read: true })).toBe(false);
    c.rowActions?.[0]?.onClick(ordinary, ctx);
    expect(await c.batch?.[0]?.onClick([ordinary], ctx)).toBe(true);
    expect(await c.batch?.[0]?.onClick([], ctx)).toBe(false);
    c.toolbar?.[0]?.onClick(ctx);
    expect(h.read.mock.calls).toEqual([[[7]], [[7]], [[]], ['all']]);
    expect(c.columns.find((col) => col.key === 'targetAccountTypes')?.value?.(ordinary)).toBe(
      'bulletins:target.1 / bulletins:target.2',
    );
    expect(c.selectable?.({ ...ordinary, read: true })).toBe(false);
  });
});
