/**
 * ClientList (issue 13, 002 §4) as configuration of the shared list pattern (src/list): the
 * accountName filter, columns with prices, credit and balance shown from minor units and currency,
 * the activation state ('-' for a value that is none of 0, 1, 2), row actions (data view, prices,
 * activation, sign), the price and sign forms, the figures above the list (shared with LeaseList)
 * and the currency options. Pure: the page passes what acts (tested in config.test.ts).
 */
import {
  type AreaUnit,
  type BasicPriceCurrency,
  buildPath,
  CLIENT_STATUSES,
  type CustomerPage,
  type CustomerRecord,
  convertArea,
  formatDate,
  formatMoney,
  LEASE_CURRENCIES,
  LEASE_SIGN_MAX,
  type LeaseListStat,
  majorAmountSchema,
  PER_MU,
  toMajor,
} from '@agrifleet/domain';
import { z } from 'zod';
import { moneyLocale } from '../../../lib/money.ts';
import type { Translate } from '../../../list/columns.ts';
import type { ListFigure } from '../../../list/ListFigures.tsx';
import type { ColumnDef, FormDef, ListConfig, Option } from '../../../list/types.ts';
import { clientsApi } from './api.ts';

export { moneyLocale };

/** Paging names of the rental family. */
export const RENTAL_PAGING = { page: 'pageIndex', size: 'size' } as const;

/** A client's activation state: its name, or '-' for any other value. */
export const activeStatusLabel = (status: number, t: Translate) =>
  (CLIENT_STATUSES as readonly number[]).includes(status) ? t(`leasing:clientStatus.${status}`) : '-';

/** The figures above the client and lease lists, labels translated, area in the user's unit. */
export function leaseFigures(
  stat: LeaseListStat,
  look: { t: Translate; unit: AreaUnit; unitLabel: string; locale: string },
): ListFigure[] {
  const n = new Intl.NumberFormat(look.locale, { maximumFractionDigits: 0 });
  const d = new Intl.NumberFormat(look.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const items: [keyof LeaseListStat, string][] = [
    ['total', n.format(stat.total)],
    ['workArea', d.format(convertArea(stat.workArea, look.unit))],
    ['zzNum', n.format(stat.zzNum)],
    ['sortieCount', n.format(stat.sortieCount)],
    ['modelNum', n.format(stat.modelNum)],
  ];
  return items.map(([key, value]) => ({
    key,
    value,
    label: look.t(`leasingClients:stat.${key}`, { unit: look.unitLabel }),
  }));
}

/** Currency options: the server's currency types when it has them, else the codes with `leasing:currency.X`. */
export function currencyOptions(types: BasicPriceCurrency[] | null | undefined): Option[] {
  if (types?.length) return types.map((c) => ({ value: c.code, label: `${c.code} ${c.DictValue}` }));
  return LEASE_CURRENCIES.map((c) => ({ value: c, labelKey: `leasing:currency.${c}` }));
}

export interface ClientLook {
  t: Translate;
  lng: string;
  /** The user's area unit and its label: the list shows prices per mu converted to it (default mu). */
  unit?: AreaUnit;
  unitLabel?: string;
}

/** A price per mu (minor units) per the user's area unit. */
export const perAreaUnit = (minorPerMu: number, unit: AreaUnit = 'mu') => minorPerMu / PER_MU[unit];

export interface ClientHooks {
  openAdd: () => void;
  editPrices: (row: CustomerRecord) => void;
  activate: (row: CustomerRecord) => void;
  editSign: (row: CustomerRecord) => void;
  /** Opens a path of the console (the client's data view). */
  navigate: (path: string) => void;
}

/** The client data view of a client account. */
export const clientDataPath = (row: Pick<CustomerRecord, 'accountId'>) =>
  buildPath('ClientDataView', { id: row.accountId });

export function clientListConfig(
  look: ClientLook,
  hooks: ClientHooks,
): ListConfig<CustomerRecord, CustomerPage> {
  const { t } = look;
  const money = (v: number, currency: string) => formatMoney(v, currency, moneyLocale(look.lng));
  const col = (key: string, extra: Partial<ColumnDef<CustomerRecord>> = {}): ColumnDef<CustomerRecord> => ({
    key,
    title: `leasingClients:col.${key}`,
    ...extra,
  });
  return {
    id: 'leaseClients',
    ns: ['leasingClients', 'leasing'],
    fetch: clientsApi.page,
    params: RENTAL_PAGING,
    rowKey: (r) => r.id,
    filters: [{ kind: 'text', name: 'accountName', label: 'leasingClients:filter.accountName' }],
    columns: [
      col('accountName', { fixed: 'left' }),
      col('sign', { value: (r) => r.sign ?? '-' }),
      col('userName', { value: (r) => r.userName ?? '-' }),
      col('phone', { value: (r) => r.phone ?? '-' }),
      col('activeStatus', { value: (r) => activeStatusLabel(r.activeStatus, t) }),
      col('muUnitPrice', {
        value: (r) => money(perAreaUnit(r.muUnitPrice, look.unit), r.currency),
        titleVars: { unit: look.unitLabel ?? t('common:areaUnit.mu') },
        align: 'right',
      }),
      col('durationPrice', { value: (r) => money(r.durationPrice, r.currency), align: 'right' }),
      col('creditLimit', { value: (r) => money(r.creditLimit, r.currency), align: 'right' }),
      col('balance', { value: (r) => money(r.balance, r.currency), align: 'right' }),
      col('droneNum', { align: 'right' }),
      col('createdAt', { value: (r) => formatDate(r.createdAt, 'YYYY-MM-DD HH:mm') }),
    ],
    toolbar: [
      { key: 'add', label: 'leasingClients:action.add', primary: true, onClick: () => hooks.openAdd() },
    ],
    actionsWidth: 170,
    rowActions: [
      {
        key: 'data',
        label: 'leasingClients:action.data',
        first: true,
        onClick: (r) => hooks.navigate(clientDataPath(r)),
      },
      { key: 'prices', label: 'leasingClients:action.prices', onClick: hooks.editPrices },
      {
        key: 'activate',
        label: 'leasingClients:action.activate',
        visible: (r) => r.activeStatus !== 2,
        onClick: hooks.activate,
      },
      { key: 'sign', label: 'leasingClients:action.sign', onClick: hooks.editSign },
    ],
  };
}

const price = (name: string, label: string, required = true) => ({
  name,
  label,
  kind: 'number' as const,
  required,
  schema: majorAmountSchema,
  invalid: 'leasingClients:form.amountInvalid',
  span: 12,
});

/** Prices and credit limit of a client, in major units of its currency. */
export function clientPriceForm(update: typeof clientsApi.update): FormDef<CustomerRecord> {
  return {
    titles: { edit: 'leasingClients:form.pricesTitle' },
    fields: [
      price('muUnitPrice', 'leasingClients:form.muUnitPrice'),
      price('durationPrice', 'leasingClients:form.durationPrice'),
      price('creditLimit', 'leasingClients:form.creditLimit'),
    ],
    initial: (r) => ({
      muUnitPrice: toMajor(r.muUnitPrice, r.currency),
      durationPrice: toMajor(r.durationPrice, r.currency),
      creditLimit: toMajor(r.creditLimit, r.currency),
    }),
    update: (r, v) =>
      update({
        id: r.id,
        muUnitPrice: Number(v.muUnitPrice),
        durationPrice: Number(v.durationPrice),
        creditLimit: Number(v.creditLimit),
      }),
  };
}

export const signSchema = z.string().trim().min(1).max(LEASE_SIGN_MAX);

/** The sign a lessor gives a client. */
export function clientSignForm(setSign: typeof clientsApi.setSign): FormDef<CustomerRecord> {
  return {
    titles: { edit: 'leasingClients:form.signTitle' },
    fields: [
      {
        name: 'sign',
        label: 'leasingClients:col.sign',
        kind: 'text',
        required: true,
        schema: signSchema,
        invalid: 'leasingClients:form.signInvalid',
      },
    ],
    initial: (r) => ({ sign: r.sign ?? '' }),
    update: (r, v) => setSign(r.accountId, String(v.sign).trim()),
  };
}

/** The fields of the add dialog after the phone lookup, and what it sends. */
export const addClientFields = [
  price('muUnitPrice', 'leasingClients:form.muUnitPrice'),
  price('durationPrice', 'leasingClients:form.durationPrice'),
  price('creditLimit', 'leasingClients:form.creditLimit', false),
];

export function addClientBody(accountId: number, v: Record<string, unknown>) {
  return {
    accountId,
    muUnitPrice: Number(v.muUnitPrice),
    durationPrice: Number(v.durationPrice),
    currency: String(v.currency ?? 'CNY') as (typeof LEASE_CURRENCIES)[number],
    creditLimit:
      v.creditLimit === undefined || v.creditLimit === null || v.creditLimit === ''
        ? 0
        : Number(v.creditLimit),
    debug: v.debug === true,
  };
}
