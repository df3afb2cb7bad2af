/**
 * BillList (002 §2 bill-list) as configuration of the shared list pattern (src/list): the
 * recharges and the deductions of a lessor's clients (one client picked, or all) or of a tenant
 * (one lessor picked, or all), money from its minor units and currency, and the export.
 * Pure: tested in config.test.ts.
 */
import {
  type AreaUnit,
  CHARGE_KINDS,
  convertArea,
  type DeductionRow,
  formatDate,
  formatSeconds,
  type Language,
  RECHARGE_STATUSES,
  type RechargeRow,
  round,
} from '@agrifleet/domain';
import { money, moneyLocale } from '../../../lib/money.ts';
import type { Translate } from '../../../list/columns.ts';
import type { CellValue, ColumnDef, FilterDef, ListConfig, Option } from '../../../list/types.ts';
import { clientsApi } from '../clients/api.ts';
import { verifiedClientOptions } from '../leases/config.ts';
import { moneyApi } from './api.ts';

export type BillTab = 'recharges' | 'deductions';
export const BILL_TABS: BillTab[] = ['recharges', 'deductions'];
/** The address-bar parameter of the tab; the party filters it keeps across tabs. */
export const TAB_PARAM = 'tab';
/** The bill screen reloads its balance and lists this often: charges appear as the drones land. */
export const BILL_REFRESH_MS = 10_000;
export const PARTY_PARAMS = ['accountId', 'zzAccountId'] as const;

export { money, moneyLocale };

export interface BillLook {
  t: Translate;
  lng: string;
  unit: AreaUnit;
  unitLabel: string;
  side: 'lessor' | 'tenant';
  /** Tenant: the lessors it leases from (getZzAccountByUser). */
  lessors?: Option[];
  /** 'YYYY-MM-DD', for the export's file name. */
  today: string;
}

/** The lessor's clients, loaded once (a failed call gives none). */
const clientOptions = verifiedClientOptions(clientsApi.verifiedOrNone);

/** The party filter: a lessor picks one of its clients, a tenant one of its lessors. */
export function partyFilter(look: Pick<BillLook, 'side' | 'lessors'>): FilterDef {
  return look.side === 'lessor'
    ? {
        kind: 'select',
        name: 'accountId',
        label: 'leasingMoney:filter.client',
        numeric: true,
        options: clientOptions,
      }
    : {
        kind: 'select',
        name: 'zzAccountId',
        label: 'leasingMoney:filter.lessor',
        numeric: true,
        options: look.lessors ?? [],
      };
}

/** A tab from the address bar ('recharges' unless it names the other). */
export const tabOf = (v: string | null): BillTab => (v === 'deductions' ? 'deductions' : 'recharges');

/** The address bar of another tab: the party filter stays, the rest goes. */
export function tabSearch(current: URLSearchParams, tab: BillTab): URLSearchParams {
  const next = new URLSearchParams();
  for (const k of PARTY_PARAMS) {
    const v = current.get(k);
    if (v) next.set(k, v);
  }
  if (tab !== 'recharges') next.set(TAB_PARAM, tab);
  return next;
}

/** The party the address bar names (a positive integer), else undefined. */
export function partyOf(search: URLSearchParams, side: BillLook['side']): number | undefined {
  const v = Number(search.get(side === 'lessor' ? 'accountId' : 'zzAccountId'));
  return Number.isInteger(v) && v > 0 ? v : undefined;
}

/** Every time of the bill screens (lists and the balance card's lock events). */
export const time = (ms: number | null) => (ms ? formatDate(ms, 'YYYY-MM-DD HH:mm:ss') : '-');

export function rechargeConfig(look: BillLook): ListConfig<RechargeRow> {
  const { t } = look;
  const col = (key: string, extra: Partial<ColumnDef<RechargeRow>> = {}): ColumnDef<RechargeRow> => ({
    key,
    title: `leasingMoney:recharge.${key}`,
    ...extra,
  });
  return {
    id: `leasingMoney-recharges-${look.side}`,
    ns: ['leasingMoney', 'leasing'],
    fetch: (q, signal) => moneyApi.recharges<RechargeRow>(q, signal),
    rowKey: (r) => r.id,
    refreshMs: BILL_REFRESH_MS,
    params: { page: 'pageIndex', size: 'size' },
    filters: [
      partyFilter(look),
      {
        kind: 'select',
        name: 'status',
        label: 'leasingMoney:filter.status',
        numeric: true,
        options: RECHARGE_STATUSES.map((s) => ({ value: s, labelKey: `leasing:rechargeStatus.${s}` })),
      },
    ],
    columns: [
      col('createdAt', { value: (r) => time(r.createdAt), fixed: 'left', width: 170 }),
      col('outTradeNo', { width: 240 }),
      look.side === 'lessor' ? col('accountName') : col('zzAccountName'),
      col('amount', { value: (r) => money(r.amount, r.currency, look.lng), align: 'right' }),
      col('provider', { value: (r) => t(`leasingMoney:provider.${r.provider}`) }),
      col('status', { value: (r) => t(`leasing:rechargeStatus.${r.status}`) }),
      col('paidAt', { value: (r) => time(r.paidAt), width: 170 }),
    ],
    export: { fileName: () => t('leasingMoney:fileName.recharges', { date: look.today }) },
  };
}

export function deductionConfig(look: BillLook): ListConfig<DeductionRow> {
  const { t } = look;
  const lang = look.lng as Language;
  const decimal = new Intl.NumberFormat(moneyLocale(look.lng), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const col = (key: string, extra: Partial<ColumnDef<DeductionRow>> = {}): ColumnDef<DeductionRow> => ({
    key,
    title: `leasingMoney:deduction.${key}`,
    ...extra,
  });
  return {
    id: `leasingMoney-deductions-${look.side}`,
    ns: ['leasingMoney', 'leasing'],
    fetch: (q, signal) => moneyApi.deductions<DeductionRow>(q, signal),
    rowKey: (r) => r.id,
    refreshMs: BILL_REFRESH_MS,
    params: { page: 'pageIndex', size: 'size' },
    filters: [
      partyFilter(look),
      {
        kind: 'select',
        name: 'kind',
        label: 'leasingMoney:filter.kind',
        numeric: true,
        options: [CHARGE_KINDS.sortie, CHARGE_KINDS.dailyFee].map((k) => ({
          value: k,
          labelKey: `leasing:chargeKind.${k}`,
        })),
      },
      {
        kind: 'dateRange',
        name: 'days',
        label: 'leasingMoney:filter.days',
        params: ['startTime', 'endTime'],
      },
    ],
    columns: [
      col('startTime', {
        value: (r) => (r.kind === CHARGE_KINDS.dailyFee ? (r.feeDay ?? '') : time(r.startTime)),
        fixed: 'left',
        width: 170,
      }),
      col('kind', { value: (r) => t(`leasing:chargeKind.${r.kind}`) }),
      col('droneId'),
      col('accountName'),
      col('leaseModel', { value: (r) => t(`leasing:leaseModel.${r.leaseModel}`) }),
      col('area', {
        titleVars: { unit: look.unitLabel },
        value: (r) => (r.kind === CHARGE_KINDS.dailyFee ? '' : round(convertArea(r.areaMu, look.unit), 2)),
        format: (v: CellValue) => (v === '' ? '-' : decimal.format(Number(v))),
        align: 'right',
        excel: '#,##0.00',
      }),
      col('duration', {
        value: (r) => (r.kind === CHARGE_KINDS.dailyFee ? '-' : formatSeconds(r.durationS, lang)),
        align: 'right',
      }),
      col('amount', { value: (r) => money(r.amount, r.currency, look.lng), align: 'right' }),
    ],
    export: { fileName: () => t('leasingMoney:fileName.deductions', { date: look.today }) },
  };
}
