/**
 * BulletinList (001 §2) as configuration of the shared list pattern (src/list): two lists, one per
 * bulletin type (001 §4: 1 anomaly, 2 ordinary). Ordinary: the bulletins meant for the caller with
 * read or unread; anomaly: the anomalies raised in the caller's scope with the 001 §3 filters
 * (droneId, startTime, endTime, oddType, zzAccountName, yyAccountName, order). Reading marks the
 * current type: the selected rows, one row, or all of the type. Pure: the page passes the cells that
 * need React; tested in config.test.ts.
 */
import {
  type AnomalyBulletinPage,
  type AnomalyBulletinRow,
  type BulletinPage,
  type BulletinRow,
  formatDate,
} from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, ListConfig } from '../../list/types.ts';
import { describeAnomaly } from './anomalyDetail.ts';
import { bulletinsApi } from './api.ts';

/** 001 §4's 1-5, and 6 unlisted accessory (our extension, docs/api.md "Accessory whitelist"). */
export const ODD_TYPES = [1, 2, 3, 4, 5, 6] as const;

/** What the page draws and does. */
export interface BulletinHooks<R> {
  /** The main cell (bold while unread; opens an ordinary bulletin). */
  mainCell: (row: R) => ReactNode;
  stateCell: (row: R) => ReactNode;
  /** Marks rows of the list's type read (oprType 1) or all of it (oprType 2); resolves after the refresh. */
  read: (ids: number[] | 'all') => Promise<void>;
}

const time = (v: number | null) => (v == null ? null : formatDate(v, 'YYYY-MM-DD HH:mm:ss'));

const col = <R>(key: string, extra: Partial<ColumnDef<R>> = {}): ColumnDef<R> => ({
  key,
  title: `bulletins:col.${key}`,
  ...extra,
});

export function ordinaryConfig(
  t: Translate,
  hooks: BulletinHooks<BulletinRow>,
): ListConfig<BulletinRow, BulletinPage> {
  return {
    id: 'bulletins',
    ns: ['bulletins'],
    fetch: bulletinsApi.page,
    rowKey: (r) => r.bulletinId,
    filters: [
      {
        kind: 'select',
        name: 'readFlag',
        label: 'bulletins:filter.readFlag',
        numeric: true,
        options: [
          { value: 1, labelKey: 'bulletins:state.unread' },
          { value: 0, labelKey: 'bulletins:state.read' },
        ],
      },
    ],
    columns: [
      col('title', { render: hooks.mainCell }),
      col('content', { ellipsis: true }),
      col('accountName'),
      col('targetAccountTypes', {
        value: (r) => r.targetAccountTypes.map((v) => t(`bulletins:target.${v}`)).join(' / '),
      }),
      col('createTime', { value: (r) => time(r.createTime), sort: 'time', width: 180 }),
      col('read', {
        value: (r) => t(r.read ? 'bulletins:state.read' : 'bulletins:state.unread'),
        render: hooks.stateCell,
        width: 90,
      }),
    ],
    toolbar: [{ key: 'readAll', label: 'bulletins:action.readAll', onClick: () => void hooks.read('all') }],
    rowActions: [
      {
        key: 'read',
        label: 'bulletins:action.read',
        visible: (r) => !r.read,
        onClick: (r) => void hooks.read([r.bulletinId]),
      },
    ],
    batch: [
      {
        key: 'read',
        label: 'bulletins:action.readSelected',
        onClick: async (rows) => {
          await hooks.read(rows.map((r) => r.bulletinId));
          return rows.length > 0;
        },
      },
    ],
    selectable: (r) => !r.read,
  };
}

export function anomalyConfig(
  t: Translate,
  hooks: BulletinHooks<AnomalyBulletinRow>,
): ListConfig<AnomalyBulletinRow, AnomalyBulletinPage> {
  return {
    id: 'bulletinAnomalies',
    ns: ['bulletins'],
    fetch: bulletinsApi.anomalies,
    rowKey: (r) => r.bulletinId,
    filters: [
      { kind: 'text', name: 'droneId', label: 'bulletins:filter.droneId' },
      {
        kind: 'select',
        name: 'oddType',
        label: 'bulletins:filter.oddType',
        numeric: true,
        options: ODD_TYPES.map((v) => ({ value: v, labelKey: `bulletins:oddType.${v}` })),
      },
      { kind: 'dateRange', name: 'days', label: 'bulletins:filter.time', params: ['startTime', 'endTime'] },
      { kind: 'text', name: 'zzAccountName', label: 'bulletins:filter.zzAccountName' },
      { kind: 'text', name: 'yyAccountName', label: 'bulletins:filter.yyAccountName' },
    ],
    columns: [
      col('droneId', { render: hooks.mainCell }),
      col('droneName'),
      col('oddType', { value: (r) => t(`bulletins:oddType.${r.oddType}`) }),
      col('detail', { value: (r) => describeAnomaly(t, 'bulletins:rule.dose', r.detail) }),
      col('time', { value: (r) => time(r.time), sort: 'time', width: 170 }),
      col('endTime', { value: (r) => time(r.endTime), width: 170 }),
      col('zzAccountName'),
      col('yyAccountName'),
      col('position', { value: (r) => `${r.lng.toFixed(5)}, ${r.lat.toFixed(5)}` }),
      col('read', {
        value: (r) => t(r.read ? 'bulletins:state.read' : 'bulletins:state.unread'),
        render: hooks.stateCell,
        width: 90,
      }),
    ],
    toolbar: [{ key: 'readAll', label: 'bulletins:action.readAll', onClick: () => void hooks.read('all') }],
    rowActions: [
      {
        key: 'read',
        label: 'bulletins:action.read',
        visible: (r) => !r.read,
        onClick: (r) => void hooks.read([r.bulletinId]),
      },
    ],
    batch: [
      {
        key: 'read',
        label: 'bulletins:action.readSelected',
        onClick: async (rows) => {
          await hooks.read(rows.map((r) => r.bulletinId));
          return rows.length > 0;
        },
      },
    ],
    selectable: (r) => !r.read,
  };
}
