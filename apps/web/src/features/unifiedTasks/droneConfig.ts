/**
 * The enrolled drones of a task (UnifiedTaskDroneList) as configuration of the shared list pattern:
 * search and owner filters, each drone's dates and progress (sorties, area in the user's unit,
 * volume, sorties left out, last work, online), and for a caller who may edit the task the enrol
 * buttons (by search, by owner, by uploaded list) and, on the selected drones, new dates and
 * withdrawal. Pure: tested in config.test.ts.
 */
import { type AreaUnit, convertArea, formatDate, round } from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { BatchAction, ColumnDef, ListConfig, Option, ToolbarAction } from '../../list/types.ts';
import { type TaskDronePage, type TaskDroneRow, unifiedTasksApi } from './api.ts';

export type EnrolMode = 'search' | 'owner' | 'file';

export interface TaskDronesHooks {
  editable: boolean;
  enrol: (mode: EnrolMode) => void;
  /** New dates for the selected drones (resolves true when saved). */
  redate: (rows: TaskDroneRow[]) => Promise<boolean>;
  /** Withdraw the selected drones after a confirmation (resolves true when done). */
  withdraw: (rows: TaskDroneRow[]) => Promise<boolean>;
  onlineCell: (row: TaskDroneRow) => ReactNode;
}

export function taskDronesConfig(
  tftzId: number,
  look: { t: Translate; unit: AreaUnit; locale: string },
  owners: Option[],
  hooks: TaskDronesHooks,
): ListConfig<TaskDroneRow, TaskDronePage> {
  const { t } = look;
  const number = (digits: number) =>
    new Intl.NumberFormat(look.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const integer = new Intl.NumberFormat(look.locale, { maximumFractionDigits: 0 });
  const col = (key: string, extra: Partial<ColumnDef<TaskDroneRow>> = {}): ColumnDef<TaskDroneRow> => ({
    key,
    title: `unifiedTasks:drone.${key}`,
    ...extra,
  });
  const count = { align: 'right' as const, format: (v: unknown) => integer.format(Number(v)), excel: '0' };
  const toolbar: ToolbarAction[] = hooks.editable
    ? (['search', 'owner', 'file'] as const).map((mode) => ({
        key: `enrol-${mode}`,
        label: `unifiedTasks:enrol.by.${mode}`,
        primary: mode === 'search',
        onClick: () => hooks.enrol(mode),
      }))
    : [];
  const batch: BatchAction<TaskDroneRow>[] = hooks.editable
    ? [
        { key: 'redate', label: 'unifiedTasks:drone.redate', onClick: (rows) => hooks.redate(rows) },
        {
          key: 'withdraw',
          label: 'unifiedTasks:drone.withdraw',
          danger: true,
          onClick: (rows) => hooks.withdraw(rows),
        },
      ]
    : [];
  return {
    id: `unifiedTaskDrones-${tftzId}`,
    ns: ['unifiedTasks'],
    fetch: (query, signal) => unifiedTasksApi.drones(tftzId, query, signal),
    rowKey: (r) => r.droneId,
    filters: [
      { kind: 'text', name: 'search', label: 'unifiedTasks:drone.search' },
      {
        kind: 'select',
        name: 'yyAccountId',
        label: 'unifiedTasks:drone.owner',
        numeric: true,
        options: owners,
      },
    ],
    columns: [
      col('droneId', { fixed: 'left' }),
      col('droneName'),
      col('modelName'),
      col('owner', { value: (r) => r.yyAccountName ?? '' }),
      col('dates', { value: (r) => `${r.dataStartDate} ~ ${r.dataEndDate}` }),
      col('sortieCount', count),
      col('areaMu', {
        titleVars: { unit: t(`common:areaUnit.${look.unit}`) },
        value: (r) => round(convertArea(r.areaMu, look.unit), 2),
        format: (v) => number(2).format(Number(v)),
        align: 'right',
        excel: '#,##0.00',
      }),
      col('volumeL', {
        value: (r) => round(r.volumeL, 1),
        format: (v) => number(1).format(Number(v)),
        align: 'right',
      }),
      col('excludedCount', count),
      col('lastWorkTime', {
        value: (r) => (r.lastWorkTime == null ? '' : formatDate(r.lastWorkTime, 'YYYY-MM-DD HH:mm')),
      }),
      col('online', {
        value: (r) => t(r.online ? 'unifiedTasks:drone.onlineYes' : 'unifiedTasks:drone.onlineNo'),
        render: hooks.onlineCell,
        align: 'center',
      }),
    ],
    toolbar,
    batch,
    selectable: () => hooks.editable,
    export: { fileName: () => t('unifiedTasks:drone.fileName') },
  };
}
