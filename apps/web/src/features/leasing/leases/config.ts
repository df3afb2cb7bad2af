/**
 * LeaseList (issue 13, 002 §5) as configuration of the shared list pattern (src/list): filters
 * (client name, client, status, drone), columns with prices and charges from minor units, row actions
 * (return, cancel, prices, history), the lease model options a lessor may pick (model 3 allows 1, 2
 * and 3), the price form, the body of 'Lease drones' and the history lines. Pure: the page passes
 * what acts (tested in config.test.ts).
 */
import {
  type AreaUnit,
  formatDate,
  formatMoney,
  LEASE_STATUSES,
  type LeaseEvent,
  type LeaseModelCode,
  type LeaseRecord,
  majorAmountSchema,
  type RentalPage,
  toMajor,
  type VerifiedCustomer,
} from '@agrifleet/domain';
import type { Translate } from '../../../list/columns.ts';
import type { ColumnDef, FormDef, ListConfig, Option, OptionsSource } from '../../../list/types.ts';
import { moneyLocale, perAreaUnit, RENTAL_PAGING } from '../clients/config.ts';
import { leasesApi } from './api.ts';

/** The lease models a lessor of `models` (getRentalModelByAccount) may pick: model 3 allows 1, 2 and 3. */
export function leaseModelChoices(models: readonly number[]): LeaseModelCode[] {
  const out = new Set<LeaseModelCode>();
  for (const m of models) {
    if (m === 3) for (const x of [1, 2, 3] as const) out.add(x);
    else if (m === 1 || m === 2 || m === 5) out.add(m);
  }
  return [...out].sort();
}

export const leaseModelOptions = (models: readonly number[]): Option[] =>
  leaseModelChoices(models).map((m) => ({ value: m, labelKey: `leasing:leaseModel.${m}` }));

/** Clients for selects ("name"), by client account id. */
export function verifiedClientOptions(load: () => Promise<VerifiedCustomer[]>): OptionsSource {
  return {
    key: ['leasing', 'verifiedClients'],
    load: async () => (await load()).map((c) => ({ value: c.accountId, label: c.accountName })),
  };
}

export interface LeaseHooks {
  openAdd: () => void;
  returnDrone: (row: LeaseRecord) => void;
  cancel: (row: LeaseRecord) => void;
  editPrices: (row: LeaseRecord) => void;
  history: (row: LeaseRecord) => void;
}

const active = (r: LeaseRecord) => r.status === 1;

export function leaseListConfig(
  look: { t: Translate; lng: string; clients: OptionsSource; unit?: AreaUnit; unitLabel?: string },
  hooks: LeaseHooks,
): ListConfig<LeaseRecord, RentalPage> {
  const { t } = look;
  const money = (v: number | null, currency: string) =>
    v === null ? '-' : formatMoney(v, currency, moneyLocale(look.lng));
  const time = (v: number | null) => (v === null ? '-' : formatDate(v, 'YYYY-MM-DD HH:mm'));
  const col = (key: string, extra: Partial<ColumnDef<LeaseRecord>> = {}): ColumnDef<LeaseRecord> => ({
    key,
    title: `leasingClients:lease.col.${key}`,
    ...extra,
  });
  return {
    id: 'leases',
    ns: ['leasingClients', 'leasing'],
    fetch: leasesApi.page,
    params: RENTAL_PAGING,
    rowKey: (r) => r.id,
    filters: [
      { kind: 'text', name: 'accountName', label: 'leasingClients:filter.accountName' },
      {
        kind: 'select',
        name: 'accountId',
        label: 'leasingClients:lease.filter.client',
        numeric: true,
        options: look.clients,
      },
      {
        kind: 'select',
        name: 'status',
        label: 'leasingClients:lease.filter.status',
        numeric: true,
        options: LEASE_STATUSES.map((s) => ({ value: s, labelKey: `leasing:leaseStatus.${s}` })),
      },
      { kind: 'text', name: 'droneId', label: 'leasingClients:lease.filter.droneId' },
    ],
    columns: [
      col('droneId', { fixed: 'left' }),
      col('droneName'),
      col('modelName', { value: (r) => r.modelName ?? '-' }),
      col('accountName'),
      col('sign', { value: (r) => r.sign ?? '-' }),
      col('leaseModel', { value: (r) => t(`leasing:leaseModel.${r.leaseModel}`) }),
      col('muUnitPrice', {
        value: (r) =>
          money(r.muUnitPrice === null ? null : perAreaUnit(r.muUnitPrice, look.unit), r.currency),
        titleVars: { unit: look.unitLabel ?? t('common:areaUnit.mu') },
        align: 'right',
      }),
      col('durationPrice', { value: (r) => money(r.durationPrice, r.currency), align: 'right' }),
      col('dailyFee', { value: (r) => money(r.dailyFee, r.currency), align: 'right' }),
      col('startTime', { value: (r) => time(r.startTime) }),
      col('returnTime', { value: (r) => time(r.returnTime) }),
      col('status', { value: (r) => t(`leasing:leaseStatus.${r.status}`) }),
      col('locked', {
        value: (r) =>
          r.locked
            ? t(
                r.lockReason === 'balance'
                  ? 'leasingClients:lease.lockedBalance'
                  : 'leasingClients:lease.locked',
              )
            : '-',
      }),
      col('sorties', { align: 'right' }),
      col('charged', { value: (r) => money(r.charged, r.currency), align: 'right' }),
    ],
    toolbar: [
      { key: 'add', label: 'leasingClients:lease.action.add', primary: true, onClick: () => hooks.openAdd() },
    ],
    actionsWidth: 170,
    rowActions: [
      {
        key: 'return',
        label: 'leasingClients:lease.action.return',
        visible: active,
        onClick: hooks.returnDrone,
      },
      {
        key: 'prices',
        label: 'leasingClients:lease.action.prices',
        visible: active,
        onClick: hooks.editPrices,
      },
      {
        key: 'cancel',
        label: 'leasingClients:lease.action.cancel',
        danger: true,
        visible: (r) => active(r) && r.sorties === 0,
        onClick: hooks.cancel,
      },
      { key: 'history', label: 'leasingClients:lease.action.history', onClick: hooks.history },
    ],
  };
}

const price = (name: string, label: string) => ({
  name,
  label,
  kind: 'number' as const,
  required: true,
  schema: majorAmountSchema,
  invalid: 'leasingClients:form.amountInvalid',
  span: 12,
});

/** A lease's model and prices for its later sorties (model 5 stays 5: the drone stays with the lessor). */
export function leasePriceForm(
  models: readonly number[],
  update: typeof leasesApi.update,
): FormDef<LeaseRecord> {
  const options = leaseModelOptions(models);
  return {
    titles: { edit: 'leasingClients:lease.pricesTitle' },
    fields: [
      {
        name: 'leaseModel',
        label: 'leasingClients:lease.col.leaseModel',
        kind: 'select',
        required: true,
        options,
      },
      price('muUnitPrice', 'leasingClients:form.muUnitPrice'),
      price('durationPrice', 'leasingClients:form.durationPrice'),
      {
        name: 'dailyFee',
        label: 'leasingClients:lease.form.dailyFee',
        kind: 'switch',
        help: 'leasingClients:lease.form.dailyFeeHelp',
      },
    ],
    initial: (r) => ({
      leaseModel: r.leaseModel,
      muUnitPrice: toMajor(r.muUnitPrice, r.currency),
      durationPrice: toMajor(r.durationPrice, r.currency),
      dailyFee: r.dailyFee !== null,
    }),
    update: (r, v) =>
      update({
        id: r.id,
        leaseModel: Number(v.leaseModel) as LeaseModelCode,
        muUnitPrice: Number(v.muUnitPrice),
        durationPrice: Number(v.durationPrice),
        dailyFee: v.dailyFee === true,
      }),
  };
}

/** The addRental body of the 'Lease drones' dialog's values (prices in major units, start in ms). */
export function addRentalBody(v: {
  accountId: number;
  droneIds: string[];
  leaseModel: number;
  muUnitPrice?: number | null;
  durationPrice?: number | null;
  dailyFee?: boolean;
  startTime?: number | null;
}) {
  return {
    accountId: v.accountId,
    droneIds: v.droneIds,
    leaseModel: v.leaseModel as LeaseModelCode,
    ...(v.muUnitPrice === null || v.muUnitPrice === undefined ? {} : { muUnitPrice: v.muUnitPrice }),
    ...(v.durationPrice === null || v.durationPrice === undefined ? {} : { durationPrice: v.durationPrice }),
    dailyFee: v.dailyFee === true,
    ...(v.startTime === null || v.startTime === undefined ? {} : { startTime: v.startTime }),
  };
}

/** One line of a lease's history: what happened, and the prices it set (major units). */
export function historyLine(e: LeaseEvent, t: Translate, lng: string): string {
  const currency = typeof e.detail.currency === 'string' ? e.detail.currency : 'CNY';
  const money = (v: unknown) =>
    typeof v === 'number' ? formatMoney(v, currency, moneyLocale(lng)) : v === null ? '-' : '';
  const prices = (p: Record<string, unknown>) =>
    [
      (p.leaseModel ?? p.lease_model) ? t(`leasing:leaseModel.${p.leaseModel ?? p.lease_model}`) : '',
      'muPriceMinor' in p || 'mu_price_minor' in p
        ? `${t('leasingClients:form.muUnitPrice')} ${money(p.muPriceMinor ?? p.mu_price_minor)}`
        : '',
      'hourPriceMinor' in p || 'hour_price_minor' in p
        ? `${t('leasingClients:form.durationPrice')} ${money(p.hourPriceMinor ?? p.hour_price_minor)}`
        : '',
      'dailyFeeMinor' in p || 'daily_fee_minor' in p
        ? `${t('leasingClients:lease.col.dailyFee')} ${money(p.dailyFeeMinor ?? p.daily_fee_minor)}`
        : '',
    ]
      .filter(Boolean)
      .join(', ');
  const what = t(`leasingClients:history.${e.action}`);
  // A label with nothing after it reads as a value missing: the colon only where something follows.
  const after = (text: string) => (text ? `${what}: ${text}` : what);
  if (e.action === 'created') return after(prices(e.detail));
  if (e.action === 'priceChanged' && e.detail.new && typeof e.detail.new === 'object')
    return after(prices(e.detail.new as Record<string, unknown>));
  if (e.action === 'returned' && typeof e.detail.returnTime === 'number')
    return `${what}: ${formatDate(e.detail.returnTime, 'YYYY-MM-DD HH:mm')}`;
  return what;
}
