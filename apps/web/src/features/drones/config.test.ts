import { DRONE_SORTS, type DroneListPage, type DroneRow } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { cellValue } from '../../list/columns.ts';
import { sortFields } from '../../list/query.ts';
import { actionsFor, type DroneListCaller, droneListConfig } from './config.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const row: DroneRow = {
  droneId: 'JYP26000000',
  droneName: 'JY-P40-001',
  flyModelId: 1,
  modelName: 'JY-P40',
  zzAccountId: 3,
  zzAccountName: '极翼',
  yyAccountId: 5,
  yyAccountName: '丰收',
  zzDroneNum: 'JYP-F5000',
  regMark: 'SN-1',
  rackNo: null,
  buyer: null,
  activationStatus: 2,
  deviceType: 1,
  saleType: 2,
  rentalModel: null,
  locked: false,
  sprayWidth: 7,
  regionCode: 156320900,
  createTime: Date.UTC(2025, 0, 2),
  lastTime: null,
  sortieCount: 12,
  workArea: 300,
};
const page: DroneListPage = {
  records: [row],
  total: 1,
  current: 1,
  size: 20,
  stats: { total: 1, workArea: 300, zzNum: 1, sortieCount: 12, modelNum: 1 },
};
const look = { unit: 'acre' as const, unitLabel: 'acre', locale: 'en', t, today: '2026-11-24' };
const caller = (accountType: number, id: number, canManage = true): DroneListCaller => ({
  account: { id, account_type: accountType },
  canManage,
});
const noop = { open: () => {}, dialog: () => {} };

describe('drone list configuration', () => {
  it('has every §3 filter and the sorts the server knows', () => {
    const c = droneListConfig(look, caller(1, 1), [{ id: 3, name: '极翼' }], noop);
    expect(c.filters?.map((f) => f.name).sort()).toEqual(
      [
        'yyAccountName',
        'modelName',
        'zzAccountName',
        'oprName',
        'regFlag',
        'droneId',
        'droneName',
        'deviceType',
        'saleType',
      ].sort(),
    );
    expect(sortFields(c.columns).sort()).toEqual([...DRONE_SORTS].sort());
    const maker = c.filters?.find((f) => f.name === 'zzAccountName');
    expect(maker && 'options' in maker && maker.options).toEqual([{ value: '极翼', label: '极翼' }]);
  });

  it('shows the work area in the user unit, states translated, totals of the filtered set', () => {
    const c = droneListConfig(look, caller(1, 1), [], noop);
    const values = Object.fromEntries(c.columns.map((col) => [col.key, cellValue(col, row)]));
    expect(values).toMatchObject({ workArea: 49.42, sortieCount: 12, createTime: '2025-01-02', locked: 0 });
    const sale = c.columns.find((col) => col.key === 'saleType');
    expect(sale?.format?.(2)).toBe('drones:sale.2');
    expect(c.summary?.(page)).toEqual({ sortieCount: 12, workArea: 49.42 });
  });

  it('offers each caller only the writes the server allows', () => {
    const shown = (cl: DroneListCaller, r: DroneRow = row) =>
      droneListConfig(look, cl, [], noop)
        .rowActions?.filter((a) => a.visible?.(r) ?? true)
        .map((a) => a.key);
    expect(shown(caller(3, 3))).toEqual(['open', 'update', 'settings', 'lock', 'owner']);
    expect(shown(caller(3, 3), { ...row, locked: true })).toEqual([
      'open',
      'update',
      'settings',
      'unlock',
      'owner',
    ]);
    expect(shown(caller(4, 5))).toEqual(['open', 'lock']);
    expect(shown(caller(1, 1))).toEqual(['open', 'update', 'settings', 'lock', 'owner']);
    expect(shown(caller(2, 9))).toEqual(['open']);
    expect(shown(caller(3, 3, false))).toEqual(['open']);
    expect(actionsFor(caller(1, 1), row)).toMatchObject({ sale: false, rental: false, sign: true });
  });
});
