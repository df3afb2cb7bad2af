/**
 * The drone list (DroneList) as configuration of the shared list pattern (src/list): every §3
 * filter, the columns (work area in the user's unit), the sorts the server knows, the totals row,
 * the export, and row actions for the writes this caller may do on each drone (the same rule as the
 * server: droneActionsOf in packages/domain). Pure: tested in config.test.ts.
 */
import {
  type AccountOption,
  type ActingAccount,
  type AreaUnit,
  convertArea,
  DEVICE_TYPES,
  type DroneActions,
  type DroneListPage,
  type DroneRow,
  droneActionsOf,
  formatDate,
  round,
  SALE_TYPES,
} from '@agrifleet/domain';
import type { Translate } from '../../list/columns.ts';
import type { CellValue, ColumnDef, ListConfig, Option, RowAction } from '../../list/types.ts';
import { dronesApi } from './api.ts';

/** The dialogs a row action opens. */
export type DroneDialog = 'update' | 'settings' | 'lock' | 'unlock' | 'owner';

/** The settings dialog's parts (manufacturer sign, sale status, device type and spray width, rental model). */
export const SETTING_PARTS = ['sign', 'sale', 'deviceType', 'rental'] as const;
export type SettingPart = (typeof SETTING_PARTS)[number];

export interface DroneListLook {
  unit: AreaUnit;
  unitLabel: string;
  locale: string;
  t: Translate;
  today: string;
}

export interface DroneListCaller {
  account: ActingAccount;
  /** The user holds 'manageEquipment'. */
  canManage: boolean;
}

export interface DroneListHandlers {
  open: (row: DroneRow) => void;
  dialog: (kind: DroneDialog, row: DroneRow, refresh: () => void) => void;
}

const enumOptions = (values: readonly number[], key: string): Option[] =>
  values.map((v) => ({ value: v, labelKey: `drones:${key}.${v}` }));

export const actionsFor = (caller: DroneListCaller, r: DroneRow): DroneActions =>
  droneActionsOf(caller.account, { zz: r.zzAccountId, yy: r.yyAccountId }, caller.canManage);

export function droneListConfig(
  look: DroneListLook,
  caller: DroneListCaller,
  manufacturers: AccountOption[] | undefined,
  on: DroneListHandlers,
): ListConfig<DroneRow, DroneListPage> {
  const number = new Intl.NumberFormat(look.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(look.locale, { maximumFractionDigits: 0 });
  const area = (mu: number) => round(convertArea(mu, look.unit), 2);
  const label = (key: string) => (v: CellValue) =>
    v === null || v === undefined ? '' : look.t(`drones:${key}.${v}`);
  const col = (
    key: keyof DroneRow & string,
    extra: Partial<ColumnDef<DroneRow>> = {},
  ): ColumnDef<DroneRow> => ({
    key,
    title: `drones:col.${key}`,
    ...extra,
  });
  const action = (
    key: DroneDialog,
    allowed: (a: DroneActions, r: DroneRow) => boolean,
  ): RowAction<DroneRow> => ({
    key,
    label: `drones:action.${key}`,
    danger: key === 'lock',
    visible: (r) => allowed(actionsFor(caller, r), r),
    onClick: (r, ctx) => on.dialog(key, r, ctx.refresh),
  });

  return {
    id: 'drones',
    ns: ['drones'],
    fetch: dronesApi.page,
    rowKey: (r) => r.droneId,
    defaultSort: { field: 'createTime', order: 1 },
    filters: [
      { kind: 'text', name: 'droneId', label: 'drones:filter.droneId' },
      { kind: 'text', name: 'droneName', label: 'drones:filter.droneName' },
      { kind: 'text', name: 'modelName', label: 'drones:filter.modelName' },
      {
        kind: 'select',
        name: 'zzAccountName',
        label: 'drones:filter.zzAccountName',
        options: (manufacturers ?? []).map((m) => ({ value: m.name, label: m.name })),
      },
      { kind: 'text', name: 'yyAccountName', label: 'drones:filter.yyAccountName' },
      { kind: 'text', name: 'oprName', label: 'drones:filter.oprName' },
      {
        kind: 'select',
        name: 'regFlag',
        label: 'drones:filter.regFlag',
        numeric: true,
        options: enumOptions([1, 0], 'reg'),
      },
      {
        kind: 'select',
        name: 'deviceType',
        label: 'drones:filter.deviceType',
        numeric: true,
        options: enumOptions(DEVICE_TYPES, 'deviceType'),
      },
      {
        kind: 'select',
        name: 'saleType',
        label: 'drones:filter.saleType',
        numeric: true,
        options: enumOptions(SALE_TYPES, 'sale'),
      },
    ],
    columns: [
      col('droneId', { sort: true, fixed: 'left', width: 150 }),
      col('droneName', { sort: true }),
      col('modelName', { sort: true }),
      col('zzAccountName'),
      col('yyAccountName'),
      col('zzDroneNum'),
      col('regMark'),
      col('activationStatus', { format: label('activation'), align: 'center' }),
      col('locked', { value: (r) => (r.locked ? 1 : 0), format: label('lockState'), align: 'center' }),
      col('saleType', { format: label('sale'), align: 'center' }),
      col('deviceType', { format: label('deviceType'), align: 'center' }),
      col('rentalModel', {
        format: (v) => (v === null || v === undefined ? '' : look.t(`drones:rental.${v}`)),
      }),
      col('sprayWidth', { align: 'right', excel: '0.00', format: (v) => number.format(Number(v)) }),
      col('sortieCount', {
        sort: true,
        align: 'right',
        excel: '#,##0',
        format: (v) => integer.format(Number(v)),
      }),
      {
        key: 'workArea',
        title: 'drones:col.workArea',
        titleVars: { unit: look.unitLabel },
        value: (r) => area(r.workArea),
        format: (v) => number.format(Number(v)),
        sort: true,
        align: 'right',
        excel: '#,##0.00',
      },
      col('createTime', {
        sort: true,
        value: (r) => formatDate(r.createTime, 'YYYY-MM-DD'),
        align: 'center',
      }),
      col('lastTime', {
        sort: true,
        value: (r) => (r.lastTime === null ? '' : formatDate(r.lastTime, 'YYYY-MM-DD HH:mm')),
        align: 'center',
      }),
    ],
    rowActions: [
      { key: 'open', label: 'drones:action.open', first: true, onClick: (r) => on.open(r) },
      action('update', (a) => a.update),
      action('settings', (a) => SETTING_PARTS.some((p) => a[p])),
      action('lock', (a, r) => a.lock && !r.locked),
      action('unlock', (a, r) => a.lock && r.locked),
      action('owner', (a) => a.owner),
    ],
    summary: ({ stats }) => ({ sortieCount: stats.sortieCount, workArea: area(stats.workArea) }),
    export: { fileName: () => look.t('drones:fileName', { date: look.today }) },
  };
}
