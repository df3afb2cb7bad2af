/**
 * The RTK device list (RtkList, 001 §2) as configuration of the shared list pattern (src/list):
 * filters pn and type (sent with the spec's page and size), columns (device, drone and owner, pn,
 * type, Bluetooth address, the service key masked, the allow switch, the end of service with the
 * days left), the export, and the two dialogs: bind a key (qxdsk, devId) and renew by Bluetooth
 * address or by phone (availableDays). Pure: the page passes the cells that need React
 * (switch, highlighted expiry); tested in config.test.ts.
 */
import {
  availableDaysSchema,
  btaddrSchema,
  formatDate,
  qxdskSchema,
  RTK_SOON_DAYS,
  RTK_TYPES,
  type RtkBindBody,
  type RtkPage,
  type RtkRenewBtaddrBody,
  type RtkRenewPhoneBody,
  type RtkRow,
  rtkDevIdSchema,
  rtkPhoneSchema,
} from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, FormDef, ListConfig, RowAction, ToolbarAction } from '../../list/types.ts';
import { rtkApi } from './api.ts';

export interface RtkLook {
  t: Translate;
  /** 'YYYY-MM-DD', for the export's file name. */
  today: string;
  /** Show the manufacturer column (the platform sees every manufacturer's devices). */
  showManufacturer: boolean;
}

/** How an end of service is shown: none yet, ended, within RTK_SOON_DAYS, or further. */
export type ExpiryLevel = 'none' | 'ended' | 'soon' | 'ok';
export function expiryLevel(row: Pick<RtkRow, 'expiresAt' | 'daysLeft'>, now = Date.now()): ExpiryLevel {
  if (row.expiresAt === null || row.daysLeft === null) return 'none';
  if (row.expiresAt <= now) return 'ended';
  return row.daysLeft < RTK_SOON_DAYS ? 'soon' : 'ok';
}

/** The text beside the end of service: days left, or days since it ended. */
export function daysText(
  row: Pick<RtkRow, 'expiresAt' | 'daysLeft'>,
  t: Translate,
  now = Date.now(),
): string {
  const level = expiryLevel(row, now);
  if (level === 'none') return t('rtk:expiry.none');
  const days = row.daysLeft as number;
  return level === 'ended'
    ? t('rtk:expiry.ended', { days: Math.max(1, -days) })
    : t('rtk:expiry.left', { days });
}

/** What the page draws itself (React cells) and does (dialogs). */
export interface RtkHooks {
  allowedCell: (row: RtkRow) => ReactNode;
  expiryCell: (row: RtkRow) => ReactNode;
  droneCell: (row: RtkRow) => ReactNode;
  /** Opens the bind or renewal dialog, prefilled from a row when given. */
  openBind: (row?: RtkRow) => void;
  openRenew: (row?: RtkRow) => void;
  /** The user may change devices (ability manageEquipment). */
  canManage: boolean;
}

export const typeOptions = RTK_TYPES.map((v) => ({ value: v, labelKey: `rtk:type.${v}` }));

export function rtkConfig(look: RtkLook, hooks: RtkHooks): ListConfig<RtkRow, RtkPage> {
  const { t } = look;
  const col = (key: string, extra: Partial<ColumnDef<RtkRow>> = {}): ColumnDef<RtkRow> => ({
    key,
    title: `rtk:col.${key}`,
    ...extra,
  });
  const toolbar: ToolbarAction[] = hooks.canManage
    ? [
        { key: 'bind', label: 'rtk:action.bind', onClick: () => hooks.openBind() },
        { key: 'renew', label: 'rtk:action.renew', primary: true, onClick: () => hooks.openRenew() },
      ]
    : [];
  const rowActions: RowAction<RtkRow>[] = hooks.canManage
    ? [
        { key: 'renew', label: 'rtk:action.renew', onClick: (row) => hooks.openRenew(row) },
        { key: 'bind', label: 'rtk:action.bind', onClick: (row) => hooks.openBind(row) },
      ]
    : [];
  return {
    id: 'rtk',
    ns: ['rtk'],
    fetch: rtkApi.page,
    rowKey: (r) => r.devId,
    // 001 §7: GET list (page, size, pn, type).
    params: { page: 'page', size: 'size' },
    filters: [
      { kind: 'text', name: 'pn', label: 'rtk:filter.pn' },
      { kind: 'select', name: 'type', label: 'rtk:filter.type', numeric: true, options: typeOptions },
    ],
    columns: [
      col('devId', { fixed: 'left' }),
      col('drone', { value: (r) => r.droneId, render: hooks.droneCell }),
      col('pn'),
      col('type', { value: (r) => t(`rtk:type.${r.type}`) }),
      col('btaddr'),
      col('qxdsk', { value: (r) => r.qxdsk }),
      col('allowed', {
        value: (r) => t(r.allowed ? 'rtk:allowed.yes' : 'rtk:allowed.no'),
        render: hooks.allowedCell,
        align: 'center',
      }),
      // The date, with the days left beside it (highlighted when ended or ending within 30 days).
      col('expiresAt', {
        value: (r) => (r.expiresAt === null ? null : formatDate(r.expiresAt, 'YYYY-MM-DD')),
        render: hooks.expiryCell,
      }),
      col('owner', { value: (r) => r.yyAccountName }),
      // A manufacturer sees only its own devices: the column is the platform's.
      ...(look.showManufacturer ? [col('manufacturer', { value: (r) => r.zzAccountName })] : []),
    ],
    toolbar,
    rowActions,
    export: { fileName: () => t('rtk:fileName', { date: look.today }) },
  };
}

/** What a dialog opened from a row starts with. */
export interface DialogSeed {
  devId?: string;
  btaddr?: string;
}

export function bindForm(bind: (body: RtkBindBody) => Promise<unknown>): FormDef<DialogSeed> {
  return {
    titles: { edit: 'rtk:bind.title' },
    initial: (seed) => ({ devId: seed.devId }),
    fields: [
      {
        name: 'devId',
        label: 'rtk:field.devId',
        kind: 'text',
        required: true,
        schema: rtkDevIdSchema,
        invalid: 'rtk:invalid.devId',
      },
      {
        name: 'qxdsk',
        label: 'rtk:field.qxdsk',
        kind: 'password',
        required: true,
        schema: qxdskSchema,
        invalid: 'rtk:invalid.qxdsk',
        help: 'rtk:bind.help',
      },
    ],
    update: (_seed, values) => bind({ devId: String(values.devId), qxdsk: String(values.qxdsk) }),
  };
}

export type RenewalRequest =
  | { method: 'btaddr'; body: RtkRenewBtaddrBody }
  | { method: 'phone'; body: RtkRenewPhoneBody };

/** The call a filled renewal form makes. */
export function renewalRequest(values: Record<string, unknown>): RenewalRequest {
  const availableDays = Number(values.availableDays);
  return values.method === 'phone'
    ? { method: 'phone', body: { phone: String(values.phone), availableDays } }
    : { method: 'btaddr', body: { btaddr: String(values.btaddr), availableDays } };
}

export function renewForm(renew: (req: RenewalRequest) => Promise<unknown>): FormDef<DialogSeed> {
  return {
    titles: { edit: 'rtk:renew.title' },
    initial: (seed) => ({ method: 'btaddr', btaddr: seed.btaddr, availableDays: 365 }),
    fields: [
      {
        name: 'method',
        label: 'rtk:field.method',
        kind: 'select',
        required: true,
        options: [
          { value: 'btaddr', labelKey: 'rtk:method.btaddr' },
          { value: 'phone', labelKey: 'rtk:method.phone' },
        ],
      },
      {
        name: 'btaddr',
        label: 'rtk:field.btaddr',
        kind: 'text',
        required: true,
        schema: btaddrSchema,
        invalid: 'rtk:invalid.btaddr',
        when: (v) => v.method !== 'phone',
      },
      {
        name: 'phone',
        label: 'rtk:field.phone',
        kind: 'text',
        required: true,
        schema: rtkPhoneSchema,
        invalid: 'rtk:invalid.phone',
        help: 'rtk:renew.phoneHelp',
        when: (v) => v.method === 'phone',
      },
      {
        name: 'availableDays',
        label: 'rtk:field.availableDays',
        kind: 'number',
        required: true,
        schema: availableDaysSchema,
        invalid: 'rtk:invalid.availableDays',
        help: 'rtk:renew.daysHelp',
      },
    ],
    update: (_seed, values) => renew(renewalRequest(values)),
  };
}
