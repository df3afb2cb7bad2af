/**
 * UnifiedTaskList (001 §2) as configuration of the shared list pattern (src/list): filters name,
 * region, type, status, crop and year; columns name, region, period, type, work type, crop, status
 * (a coloured tag drawn by the page), drones, sorties and area in the user's unit; row actions
 * (drones and chart for everyone who sees the task; edit, finish early and cancel only where the
 * server says the caller may edit it). Also the create/edit form's values <-> the call's body.
 * Pure: tested in config.test.ts.
 */
import {
  type AreaUnit,
  convertArea,
  round,
  TASK_STATUS,
  TFTZ_TYPES,
  UNIFIED_TASK_STATUSES,
  type UnifiedTaskCreateBody,
  type UnifiedTaskRow,
  type UserInfo,
} from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, ListConfig, Option, RowAction, ToolbarAction } from '../../list/types.ts';
import { type UnifiedTaskPage, unifiedTasksApi } from './api.ts';

/** A catalogue of names (crops, work types, medicines) from the lookups. */
export interface NameCatalog {
  options: Option[];
  nameOf: (id: number | null | undefined) => string;
}

export interface TaskListLook {
  t: Translate;
  unit: AreaUnit;
  locale: string;
  /** 'YYYY' of today (statistics day): the year filter offers a few years around it. */
  year: number;
  today: string;
}

export interface TaskListHooks {
  /** May create tasks (a government or the platform with the ability manageTask). */
  canCreate: boolean;
  create: () => void;
  /** The platform administers the crop, work-type and medicine catalogues from here. */
  canCatalogue?: boolean;
  catalogue?: () => void;
  edit: (row: UnifiedTaskRow) => void;
  open: (row: UnifiedTaskRow, where: 'drones' | 'chart') => void;
  /** Finish early (status 4) or cancel (status 6), after a confirmation. */
  close: (row: UnifiedTaskRow, status: 4 | 6) => void;
  statusCell: (row: UnifiedTaskRow) => ReactNode;
  nameCell: (row: UnifiedTaskRow) => ReactNode;
}

export const STATUS_COLORS: Record<number, string> = {
  [TASK_STATUS.planned]: 'blue',
  [TASK_STATUS.running]: 'green',
  [TASK_STATUS.finished]: 'default',
  [TASK_STATUS.cancelled]: 'red',
};

export const typeOptions: Option[] = TFTZ_TYPES.map((v) => ({
  value: v,
  labelKey: `unifiedTasks:tftzType.${v}`,
}));
export const statusOptions: Option[] = UNIFIED_TASK_STATUSES.map((v) => ({
  value: v,
  labelKey: `unifiedTasks:status.${v}`,
}));
/** The years a task may touch: three back, one ahead. */
export const yearOptions = (year: number): Option[] =>
  [year + 1, year, year - 1, year - 2, year - 3].map((y) => ({ value: y, label: String(y) }));

/** "2026-05-01 ~ 2026-05-31". */
export const periodText = (r: Pick<UnifiedTaskRow, 'startDate' | 'endDate'>) =>
  `${r.startDate} ~ ${r.endDate}`;

export function unifiedTaskListConfig(
  look: TaskListLook,
  catalogs: { crops: NameCatalog; workTypes: NameCatalog },
  hooks: TaskListHooks,
): ListConfig<UnifiedTaskRow, UnifiedTaskPage> {
  const { t } = look;
  const number = new Intl.NumberFormat(look.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(look.locale, { maximumFractionDigits: 0 });
  const unit = t(`common:areaUnit.${look.unit}`);
  const col = (key: string, extra: Partial<ColumnDef<UnifiedTaskRow>> = {}): ColumnDef<UnifiedTaskRow> => ({
    key,
    title: `unifiedTasks:col.${key}`,
    ...extra,
  });
  const editable = (r: UnifiedTaskRow) => r.editable;
  const rowActions: RowAction<UnifiedTaskRow>[] = [
    {
      key: 'drones',
      label: 'unifiedTasks:action.drones',
      first: true,
      onClick: (r) => hooks.open(r, 'drones'),
    },
    { key: 'chart', label: 'unifiedTasks:action.chart', first: true, onClick: (r) => hooks.open(r, 'chart') },
    { key: 'edit', label: 'unifiedTasks:action.edit', visible: editable, onClick: (r) => hooks.edit(r) },
    {
      key: 'finish',
      label: 'unifiedTasks:action.finish',
      visible: (r) => r.editable && r.status === TASK_STATUS.running,
      onClick: (r) => hooks.close(r, 4),
    },
    {
      key: 'cancel',
      label: 'unifiedTasks:action.cancel',
      danger: true,
      visible: editable,
      onClick: (r) => hooks.close(r, 6),
    },
  ];
  const toolbar: ToolbarAction[] = [
    ...(hooks.canCatalogue && hooks.catalogue
      ? [{ key: 'catalogue', label: 'unifiedTasks:action.catalogue', onClick: () => hooks.catalogue?.() }]
      : []),
    ...(hooks.canCreate
      ? [{ key: 'create', label: 'unifiedTasks:action.create', primary: true, onClick: () => hooks.create() }]
      : []),
  ];
  return {
    id: 'unifiedTasks',
    ns: ['unifiedTasks'],
    fetch: unifiedTasksApi.page,
    rowKey: (r) => r.tftzId,
    filters: [
      { kind: 'text', name: 'tftzName', label: 'unifiedTasks:filter.tftzName' },
      { kind: 'region', name: 'region', label: 'unifiedTasks:filter.region' },
      {
        kind: 'select',
        name: 'tftzType',
        label: 'unifiedTasks:filter.tftzType',
        numeric: true,
        options: typeOptions,
      },
      {
        kind: 'select',
        name: 'status',
        label: 'unifiedTasks:filter.status',
        numeric: true,
        options: statusOptions,
      },
      {
        kind: 'select',
        name: 'cropId',
        label: 'unifiedTasks:filter.cropId',
        numeric: true,
        options: catalogs.crops.options,
      },
      {
        kind: 'select',
        name: 'year',
        label: 'unifiedTasks:filter.year',
        numeric: true,
        options: yearOptions(look.year),
      },
    ],
    columns: [
      col('tftzName', { fixed: 'left', render: hooks.nameCell, width: 180 }),
      col('regionName', { ellipsis: true }),
      col('period', { value: periodText }),
      col('tftzType', { value: (r) => t(`unifiedTasks:tftzType.${r.tftzType}`) }),
      col('workType', {
        value: (r) => (r.workType == null ? t('unifiedTasks:any') : catalogs.workTypes.nameOf(r.workType)),
      }),
      col('cropId', {
        value: (r) => (r.cropId == null ? t('unifiedTasks:any') : catalogs.crops.nameOf(r.cropId)),
      }),
      col('status', { value: (r) => t(`unifiedTasks:status.${r.status}`), render: hooks.statusCell }),
      col('droneCount', { align: 'right', format: (v) => integer.format(Number(v)), excel: '0' }),
      col('sortieCount', { align: 'right', format: (v) => integer.format(Number(v)), excel: '0' }),
      col('areaMu', {
        titleVars: { unit },
        value: (r) => round(convertArea(r.areaMu, look.unit), 2),
        format: (v) => number.format(Number(v)),
        align: 'right',
        excel: '#,##0.00',
      }),
      col('accountName', { ellipsis: true }),
    ],
    toolbar,
    rowActions,
    actionsWidth: 220,
    export: { fileName: () => t('unifiedTasks:fileName') },
  };
}

// ---- The create / edit form -------------------------------------------------------------------

/** What the dialog holds (dates as statistics days, the polygon apart). */
export interface TaskFormValues {
  tftzName?: string;
  region?: number;
  startDate?: string;
  endDate?: string;
  tftzType?: number;
  workType?: number | null;
  cropId?: number | null;
  medId?: number | null;
  zfMonitor?: boolean;
  remark?: string;
}

export function taskFormValues(
  row: UnifiedTaskRow | null,
  today: string,
  lastDay: string,
  /** A new task's region: the government's own (its finest ruled level); none for the platform. */
  ownRegion?: number | null,
): TaskFormValues {
  if (!row)
    return {
      startDate: today,
      endDate: lastDay,
      tftzType: 1,
      zfMonitor: true,
      ...(ownRegion ? { region: ownRegion } : {}),
    };
  return {
    tftzName: row.tftzName,
    region: row.region,
    startDate: row.startDate,
    endDate: row.endDate,
    tftzType: row.tftzType,
    workType: row.workType,
    cropId: row.cropId,
    medId: row.medId,
    zfMonitor: row.zfMonitor === 1,
    remark: row.remark,
  };
}

/** The region a government rules (county, else city, else province); null for anyone else. */
export function ownRegionOf(
  user: Pick<UserInfo, 'accountType' | 'ruleProvince' | 'ruleCity' | 'ruleCounty'> | null,
): number | null {
  if (user?.accountType !== 2) return null;
  return user.ruleCounty ?? user.ruleCity ?? user.ruleProvince ?? null;
}

/** The body of POST (create) or PATCH (edit: the same terms) from the dialog's values. */
export function taskBody(
  v: TaskFormValues,
  polygon: UnifiedTaskCreateBody['polygon'],
): UnifiedTaskCreateBody {
  return {
    tftzName: (v.tftzName ?? '').trim(),
    region: Number(v.region),
    polygon: polygon ?? null,
    startDate: v.startDate ?? '',
    endDate: v.endDate ?? '',
    tftzType: Number(v.tftzType) as 1 | 2 | 3 | 4,
    workType: v.workType ?? null,
    cropId: v.cropId ?? null,
    medId: v.medId ?? null,
    zfMonitor: v.zfMonitor ? 1 : 0,
    remark: v.remark?.trim() ?? '',
  };
}
