/**
 * The app-log list (AppLog, 002 §2/§3/§7) as configuration of the shared list pattern (src/list):
 * filters type and search (sent with the spec's pageIndex and size), newest first; columns time,
 * level, type, message, drone (to its detail) and sortie (to its flight history), app version and the
 * account whose key sent it. Pure: the page passes the cells that need React.
 */
import { APP_LOG_TYPES, type AppLogPage, type AppLogRow, formatDate } from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, ListConfig } from '../../list/types.ts';
import { appLogApi } from './api.ts';

export interface AppLogCells {
  level: (row: AppLogRow) => ReactNode;
  drone: (row: AppLogRow) => ReactNode;
  sortie: (row: AppLogRow) => ReactNode;
}

export const typeOptions = APP_LOG_TYPES.map((v) => ({ value: v, labelKey: `applogs:type.${v}` }));

export function appLogConfig(t: Translate, cells: AppLogCells): ListConfig<AppLogRow, AppLogPage> {
  const col = (key: string, extra: Partial<ColumnDef<AppLogRow>> = {}): ColumnDef<AppLogRow> => ({
    key,
    title: `applogs:col.${key}`,
    ...extra,
  });
  return {
    id: 'applogs',
    ns: ['applogs'],
    fetch: appLogApi.page,
    rowKey: (r) => r.id,
    // 002 §7: GET page (pageIndex, size, type, search).
    params: { page: 'pageIndex', size: 'size' },
    filters: [
      { kind: 'select', name: 'type', label: 'applogs:filter.type', options: typeOptions },
      { kind: 'text', name: 'search', label: 'applogs:filter.search' },
    ],
    columns: [
      col('time', { value: (r) => formatDate(r.time, 'YYYY-MM-DD HH:mm:ss'), width: 170 }),
      col('level', { value: (r) => t(`applogs:level.${r.level}`), render: cells.level, width: 90 }),
      col('type', { value: (r) => t(`applogs:type.${r.type}`), width: 110 }),
      col('message', { value: (r) => r.message }),
      col('drone', { value: (r) => r.droneId, render: cells.drone, width: 170 }),
      col('sortie', { value: (r) => r.sortieId, render: cells.sortie, width: 110 }),
      col('appVersion', { width: 100 }),
      col('account', { value: (r) => r.accountName, width: 180 }),
    ],
  };
}
