/**
 * AccountList and SubCompanyList (001 §2) as configuration of the shared list pattern (src/list):
 * the 001 §3 filters (accountType, accountName, contactName, userPhone, teamType, search, isAll),
 * the columns, the create / edit dialog (the platform creates any account with its first
 * administrator; an account with sub-account rights creates sub-companies), delete, and the row
 * actions the page handles (rental options, merge manufacturer). Pure; tested in config.test.ts.
 */
import {
  type AccountCreateBody,
  type AccountPage,
  type AccountRecord,
  type AccountUpdateBody,
  maskPhone,
} from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { FieldDef, FormDef, FormValues, ListConfig, RowAction } from '../../list/types.ts';
import { accountsApi } from './api.ts';

export type AccountsMode = 'all' | 'sub';

export interface AccountsLook {
  t: Translate;
  mode: AccountsMode;
  /** The platform (account type 1 without tag): creates accounts, merges manufacturers. */
  isPlatform: boolean;
  /** The caller is a sub-platform: sub-companies go through its own call. */
  isSubPlatform: boolean;
  canManage: boolean;
}

export interface AccountsHooks {
  enabledCell: (row: AccountRecord) => ReactNode;
  openRental: (row: AccountRecord) => void;
  openMerge: (row: AccountRecord) => void;
}

export const ACCOUNT_TYPE_OPTIONS = [1, 2, 3, 4, 5].map((v) => ({
  value: v,
  labelKey: `accounts:type.${v}`,
}));

/** The 9-digit rule code as the province, city or county rule of a government account. */
export function ruleOf(code: unknown): Pick<AccountCreateBody, 'ruleProvince' | 'ruleCity' | 'ruleCounty'> {
  const c = typeof code === 'number' && code > 0 ? code : null;
  if (c === null) return { ruleProvince: null, ruleCity: null, ruleCounty: null };
  const national = c % 1_000_000;
  if (national % 10_000 === 0) return { ruleProvince: c, ruleCity: null, ruleCounty: null };
  if (national % 100 === 0) return { ruleProvince: null, ruleCity: c, ruleCounty: null };
  return { ruleProvince: null, ruleCity: null, ruleCounty: c };
}

const text = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : '';
  return s ? s : null;
};

/** The accountInfoBody part of the form values. */
export function infoOf(v: FormValues) {
  return {
    accountName: String(v.accountName ?? '').trim(),
    contactName: String(v.contactName ?? '').trim(),
    contactPhone: text(v.contactPhone),
    email: text(v.email),
    legal: text(v.legal),
    creditCode: text(v.creditCode),
    province: text(v.province),
    city: text(v.city),
    county: text(v.county),
    contactAddress: text(v.contactAddress),
  };
}

export function createBody(v: FormValues): AccountCreateBody {
  const accountType = Number(v.accountType);
  return {
    ...infoOf(v),
    accountType,
    operatorType: accountType === 4 ? ((v.operatorType as '1' | '2' | undefined) ?? '1') : null,
    vipLevel: Number(v.vipLevel ?? 0),
    canCreateSub: Boolean(v.canCreateSub),
    ...(accountType === 2 ? ruleOf(v.ruleRegion) : {}),
    adminName: String(v.adminName ?? '').trim(),
    adminPhone: text(v.adminPhone),
    adminEmail: text(v.adminEmail),
  };
}

export function updateBody(row: AccountRecord, v: FormValues, isPlatform: boolean): AccountUpdateBody {
  return {
    ...infoOf(v),
    accountId: row.accountId,
    canCreateSub: Boolean(v.canCreateSub),
    ...(isPlatform ? { vipLevel: Number(v.vipLevel ?? 0) } : {}),
    ...(isPlatform && row.accountType === 2 ? ruleOf(v.ruleRegion) : {}),
  };
}

const f = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label: `accounts:field.${name}`,
  kind: 'text',
  span: 12,
  ...extra,
});

export function accountForm(look: AccountsLook): FormDef<AccountRecord> {
  const platformCreate = look.mode === 'all' && look.isPlatform;
  return {
    titles: { create: look.mode === 'sub' ? 'accounts:createSub' : 'accounts:create', edit: 'accounts:edit' },
    width: 760,
    defaults: {
      accountType: look.mode === 'sub' && look.isSubPlatform ? 3 : 3,
      vipLevel: 0,
      canCreateSub: false,
    },
    initial: (r) => ({
      ...r,
      ruleRegion: r.ruleCounty ?? r.ruleCity ?? r.ruleProvince ?? undefined,
    }),
    fields: [
      ...(platformCreate || look.isSubPlatform
        ? [
            f('accountType', {
              kind: 'select',
              required: true,
              fixedOnEdit: true,
              options: ACCOUNT_TYPE_OPTIONS.filter((o) =>
                platformCreate ? o.value > 1 : o.value === 3 || o.value === 4,
              ),
              numeric: true,
            } as Partial<FieldDef>),
          ]
        : []),
      f('accountName', { required: true }),
      f('contactName', { required: true }),
      f('contactPhone'),
      f('email'),
      f('creditCode'),
      f('legal'),
      f('province'),
      f('city'),
      f('county'),
      f('contactAddress'),
      f('operatorType', {
        kind: 'select',
        options: [
          { value: '1', labelKey: 'accounts:operatorType.1' },
          { value: '2', labelKey: 'accounts:operatorType.2' },
        ],
        when: (v) => Number(v.accountType) === 4,
        span: 24,
      }),
      ...(look.isPlatform
        ? [
            f('ruleRegion', {
              kind: 'region',
              span: 24,
              when: (v: FormValues) => Number(v.accountType) === 2,
            }),
            f('vipLevel', { kind: 'number' }),
          ]
        : []),
      f('canCreateSub', { kind: 'switch' }),
      f('adminName', { only: 'create', required: true }),
      f('adminPhone', { only: 'create', help: 'accounts:help.admin' }),
      f('adminEmail', { only: 'create' }),
    ],
    create: (v) =>
      look.mode === 'sub'
        ? accountsApi.createSub(
            { ...createBody(v), accountType: look.isSubPlatform ? Number(v.accountType) : undefined },
            look.isSubPlatform,
          )
        : accountsApi.create(createBody(v)),
    update: (row, v) => accountsApi.update(updateBody(row, v, look.isPlatform)),
  };
}

const region = (r: AccountRecord) => [r.province, r.city, r.county].filter(Boolean).join(' / ');

export function accountsConfig(
  look: AccountsLook,
  hooks: AccountsHooks,
): ListConfig<AccountRecord, AccountPage> {
  const { t, mode } = look;
  const col = (key: string, extra: Partial<ListConfig<AccountRecord>['columns'][number]> = {}) => ({
    key,
    title: `accounts:col.${key}`,
    ...extra,
  });
  const rowActions: RowAction<AccountRecord>[] = look.canManage
    ? [
        { key: 'rental', label: 'accounts:action.rental', onClick: (r) => hooks.openRental(r) },
        ...(look.isPlatform && mode === 'all'
          ? [
              {
                key: 'merge',
                label: 'accounts:action.merge',
                visible: (r: AccountRecord) => r.accountType === 3 && r.enabled === 1,
                onClick: (r: AccountRecord) => hooks.openMerge(r),
              },
            ]
          : []),
      ]
    : [];
  return {
    id: mode === 'sub' ? 'sub-companies' : 'accounts',
    ns: ['accounts'],
    fetch: accountsApi.page,
    rowKey: (r) => r.accountId,
    filters: [
      ...(mode === 'all'
        ? [
            {
              kind: 'select' as const,
              name: 'accountType',
              label: 'accounts:filter.accountType',
              numeric: true,
              options: ACCOUNT_TYPE_OPTIONS,
            },
          ]
        : []),
      { kind: 'text', name: 'accountName', label: 'accounts:filter.accountName' },
      { kind: 'text', name: 'contactName', label: 'accounts:filter.contactName' },
      { kind: 'text', name: 'userPhone', label: 'accounts:filter.userPhone' },
      { kind: 'text', name: 'teamType', label: 'accounts:filter.teamType' },
      { kind: 'text', name: 'search', label: 'accounts:filter.search' },
      {
        kind: 'select',
        name: 'isAll',
        label: 'accounts:filter.isAll',
        numeric: true,
        options: [
          { value: 1, labelKey: 'accounts:isAll.1' },
          { value: 0, labelKey: 'accounts:isAll.0' },
        ],
      },
    ],
    // Widths that fit the table beside the menu at 1600 x 900 with every column in view (long texts
    // wrap): without them the names and the actions took the row and pushed Users and Created out.
    columns: [
      col('accountName', { fixed: 'left' as const, width: 130 }),
      col('accountType', { value: (r: AccountRecord) => t(`accounts:type.${r.accountType}`), width: 100 }),
      col('enabled', {
        value: (r: AccountRecord) => t(r.enabled ? 'accounts:enabled.1' : 'accounts:enabled.0'),
        render: hooks.enabledCell,
        align: 'center' as const,
        width: 72,
      }),
      col('adminName', { width: 96 }),
      col('adminPhone', {
        value: (r: AccountRecord) => (r.adminPhone ? maskPhone(r.adminPhone) : null),
        width: 110,
      }),
      col('checkStatus', { value: (r: AccountRecord) => t(`accounts:check.${r.checkStatus}`), width: 84 }),
      col('contactName', { width: 84 }),
      col('region', { value: region, width: 120 }),
      col('parentName', { width: 100 }),
      col('userNum', { align: 'right' as const, width: 64 }),
      col('createTime', { value: (r: AccountRecord) => r.createTime.slice(0, 10), width: 116 }),
    ],
    actionsWidth: 130,
    rowActions,
    ...(look.canManage && (mode === 'sub' || look.isPlatform) ? { form: accountForm(look) } : {}),
    ...(look.canManage ? { remove: (r: AccountRecord) => accountsApi.remove(r.accountId) } : {}),
    export: { fileName: () => t(mode === 'sub' ? 'accounts:fileNameSub' : 'accounts:fileName') },
  };
}

/** The list statistics of 001 §3 shown above the list. */
export function accountFigures(page: AccountPage | undefined, t: Translate) {
  return (['zfNum', 'zzqyNum', 'yyqyNum'] as const).map((key) => ({
    key,
    label: t(`accounts:stat.${key}`),
    value: page ? String(page[key]) : '-',
  }));
}
