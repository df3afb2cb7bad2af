import { type UnifiedTaskRow, unifiedTaskCreateBody } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import { cellValue } from '../../list/columns.ts';
import { apiQuery } from '../../list/query.ts';
import type { TaskDroneRow } from './api.ts';
import {
  ownRegionOf,
  type TaskListHooks,
  taskBody,
  taskFormValues,
  unifiedTaskListConfig,
  yearOptions,
} from './config.ts';
import { taskDronesConfig } from './droneConfig.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const look = { t, unit: 'mu' as const, locale: 'en', year: 2026, today: '2026-11-28' };
const catalog = (names: Record<number, string>) => ({
  options: Object.entries(names).map(([value, label]) => ({ value: Number(value), label })),
  nameOf: (id: number | null | undefined) => (id == null ? '' : (names[id] ?? String(id))),
});
const catalogs = { crops: catalog({ 1: 'Wheat', 2: 'Rice' }), workTypes: catalog({ 3: 'Spraying' }) };
const row: UnifiedTaskRow = {
  tftzId: 7,
  tftzName: '2026 wheat aphid campaign',
  region: 156_320_000,
  regionName: 'Jiangsu',
  polygon: null,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  tftzType: 1,
  workType: 3,
  cropId: 1,
  medId: null,
  zfMonitor: 1,
  remark: '',
  status: 2,
  closedAt: null,
  accountId: 2,
  accountName: 'Jiangsu agriculture',
  editable: true,
  droneCount: 12,
  sortieCount: 340,
  areaMu: 1500,
  createdAt: 0,
};
const hooks = (canCreate = true): TaskListHooks => ({
  canCreate,
  create: vi.fn(),
  edit: vi.fn(),
  open: vi.fn(),
  close: vi.fn(),
  statusCell: () => null,
  nameCell: () => null,
});
const ctx = { refresh: () => {}, query: {} };

describe('unified task list configuration', () => {
  it('sends the contract filters name, region, type, status, crop and year', () => {
    const config = unifiedTaskListConfig(look, catalogs, hooks());
    expect(config.filters?.map((f) => f.name)).toEqual([
      'tftzName',
      'region',
      'tftzType',
      'status',
      'cropId',
      'year',
    ]);
    expect(
      apiQuery(
        { page: 1, size: 20, filters: { tftzName: 'wheat', region: 156_320_000, status: 2, year: 2026 } },
        config,
      ),
    ).toMatchObject({
      currentPage: 1,
      pageSize: 20,
      tftzName: 'wheat',
      region: 156_320_000,
      status: 2,
      year: 2026,
    });
    expect(yearOptions(2026).map((o) => o.value)).toEqual([2027, 2026, 2025, 2024, 2023]);
  });

  it('shows names of type, status, crop and work type, the period and the area in the user unit', () => {
    const config = unifiedTaskListConfig({ ...look, unit: 'hectare' }, catalogs, hooks());
    const values = Object.fromEntries(config.columns.map((c) => [c.key, cellValue(c, row)]));
    expect(values).toMatchObject({
      tftzName: '2026 wheat aphid campaign',
      regionName: 'Jiangsu',
      period: '2026-11-01 ~ 2026-11-30',
      tftzType: 'unifiedTasks:tftzType.1',
      workType: 'Spraying',
      cropId: 'Wheat',
      status: 'unifiedTasks:status.2',
      droneCount: 12,
      sortieCount: 340,
      areaMu: 100,
    });
    const any = Object.fromEntries(
      config.columns.map((c) => [c.key, cellValue(c, { ...row, cropId: null, workType: null })]),
    );
    expect(any.cropId).toBe('unifiedTasks:any');
    expect(config.columns.find((c) => c.key === 'areaMu')?.titleVars).toEqual({
      unit: 'common:areaUnit.hectare',
    });
  });

  it('offers edit, finish and cancel only on editable tasks, drones and chart on every task', () => {
    const h = hooks();
    const config = unifiedTaskListConfig(look, catalogs, h);
    const shown = (r: UnifiedTaskRow) =>
      config.rowActions?.filter((a) => !a.visible || a.visible(r)).map((a) => a.key);
    expect(shown(row)).toEqual(['drones', 'chart', 'edit', 'finish', 'cancel']);
    expect(shown({ ...row, status: 1 })).toEqual(['drones', 'chart', 'edit', 'cancel']);
    expect(shown({ ...row, editable: false })).toEqual(['drones', 'chart']);
    config.rowActions?.find((a) => a.key === 'cancel')?.onClick(row, ctx);
    expect(h.close).toHaveBeenCalledWith(row, 6);
    config.rowActions?.find((a) => a.key === 'chart')?.onClick(row, ctx);
    expect(h.open).toHaveBeenCalledWith(row, 'chart');
    expect(config.toolbar?.map((a) => a.key)).toEqual(['create']);
    expect(unifiedTaskListConfig(look, catalogs, hooks(false)).toolbar).toEqual([]);
    const platform = unifiedTaskListConfig(look, catalogs, {
      ...hooks(),
      canCatalogue: true,
      catalogue: vi.fn(),
    });
    expect(platform.toolbar?.map((a) => a.key)).toEqual(['catalogue', 'create']);
  });
});

describe('task dialog values', () => {
  it('sends what the contract accepts, with any crop or work type as null', () => {
    const values = taskFormValues(null, '2026-11-28', '2026-12-27');
    expect(values).toMatchObject({
      startDate: '2026-11-28',
      endDate: '2026-12-27',
      tftzType: 1,
      zfMonitor: true,
    });
    const body = taskBody({ ...values, tftzName: '  Wheat  ', region: 156_320_000, cropId: 1 }, null);
    expect(body).toMatchObject({
      tftzName: 'Wheat',
      cropId: 1,
      workType: null,
      medId: null,
      zfMonitor: 1,
      polygon: null,
    });
    expect(unifiedTaskCreateBody.safeParse(body).success).toBe(true);
    const polygon = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [118.7, 32],
          [118.8, 32],
          [118.8, 32.1],
          [118.7, 32],
        ],
      ],
    };
    expect(
      unifiedTaskCreateBody.safeParse(taskBody({ ...values, tftzName: 'x', region: 156_320_000 }, polygon))
        .success,
    ).toBe(true);
    expect(
      unifiedTaskCreateBody.safeParse(
        taskBody({ ...values, tftzName: 'x', region: 156_320_000, endDate: '2027-12-31' }, null),
      ).success,
    ).toBe(false);
  });

  it("starts a government's new task in the region it rules", () => {
    const gov = { accountType: 2, ruleProvince: 156_320_000, ruleCity: 156_320_900, ruleCounty: null };
    expect(ownRegionOf(gov)).toBe(156_320_900);
    expect(ownRegionOf({ ...gov, ruleCity: null })).toBe(156_320_000);
    expect(ownRegionOf({ ...gov, accountType: 1 })).toBeNull();
    expect(taskFormValues(null, '2026-11-28', '2026-12-27', ownRegionOf(gov)).region).toBe(156_320_900);
    expect(taskFormValues(null, '2026-11-28', '2026-12-27', null).region).toBeUndefined();
  });

  it('fills the edit form from a task', () => {
    expect(taskFormValues({ ...row, zfMonitor: 0 }, '2026-11-28', '2026-12-27')).toEqual({
      tftzName: row.tftzName,
      region: row.region,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      tftzType: 1,
      workType: 3,
      cropId: 1,
      medId: null,
      zfMonitor: false,
      remark: '',
    });
  });
});

describe('task drone list configuration', () => {
  const drone: TaskDroneRow = {
    droneId: 'JYP26000003',
    droneName: 'JY-P40-004',
    modelName: 'P40',
    yyAccountId: 5,
    yyAccountName: 'Harvest co-op',
    dataStartDate: '2026-11-01',
    dataEndDate: '2026-11-15',
    sortieCount: 20,
    areaMu: 300,
    volumeL: 123.45,
    durationS: 3600,
    excludedCount: 2,
    lastWorkTime: null,
    online: true,
  };
  const droneHooks = (editable: boolean) => ({
    editable,
    enrol: vi.fn(),
    redate: vi.fn(async () => false),
    withdraw: vi.fn(async () => true),
    onlineCell: () => null,
  });

  it('lists dates and progress per drone and filters by search and owner', () => {
    const config = taskDronesConfig(7, look, [{ value: 5, label: 'Harvest co-op' }], droneHooks(true));
    expect(config.filters?.map((f) => f.name)).toEqual(['search', 'yyAccountId']);
    const values = Object.fromEntries(config.columns.map((c) => [c.key, cellValue(c, drone)]));
    expect(values).toMatchObject({
      droneId: 'JYP26000003',
      owner: 'Harvest co-op',
      dates: '2026-11-01 ~ 2026-11-15',
      sortieCount: 20,
      areaMu: 300,
      volumeL: 123.5,
      excludedCount: 2,
      lastWorkTime: '',
      online: 'unifiedTasks:drone.onlineYes',
    });
  });

  it('offers enrolment and batch actions only to a caller who may edit the task', () => {
    const h = droneHooks(true);
    const config = taskDronesConfig(7, look, [], h);
    expect(config.toolbar?.map((a) => a.key)).toEqual(['enrol-search', 'enrol-owner', 'enrol-file']);
    expect(config.batch?.map((a) => a.key)).toEqual(['redate', 'withdraw']);
    config.toolbar?.[1]?.onClick(ctx);
    expect(h.enrol).toHaveBeenCalledWith('owner');
    const reader = taskDronesConfig(7, look, [], droneHooks(false));
    expect(reader.toolbar).toEqual([]);
    expect(reader.batch).toEqual([]);
    expect(reader.selectable?.(drone)).toBe(false);
  });
});
