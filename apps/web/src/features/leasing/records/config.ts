/**
 * WorkRecordList (002 §2) as configuration of the shared list pattern (src/list): filters (a lessor
 * picks one of its clients, a tenant one of its lessors; drone, days, kind), columns in the user's
 * units (area in the chosen area unit, duration as h/m/s, money from its minor units and currency),
 * the totals row of the filtered set and the export. Pure: tested in config.test.ts.
 */
import {
  type AreaUnit,
  CHARGE_KINDS,
  convertArea,
  formatDate,
  formatMoney,
  formatSeconds,
  type JobRecordPage,
  type JobRecordRow,
  type JobRecordSummary,
  type Language,
  PER_MU,
  round,
} from '@agrifleet/domain';
import { moneyLocale } from '../../../lib/money.ts';
import type { Translate } from '../../../list/columns.ts';
import type { CellValue, ColumnDef, FilterDef, ListConfig, Option } from '../../../list/types.ts';
import { clientsApi } from '../clients/api.ts';
import { verifiedClientOptions } from '../leases/config.ts';
import { recordsApi } from './api.ts';

export { moneyLocale };

export interface RecordsLook {
  t: Translate;
  lng: string;
  unit: AreaUnit;
  /** The area unit's name in the UI language. */
  unitLabel: string;
  /** A lessor (its clients' records) or a tenant (its own, from its lessors). */
  side: 'lessor' | 'tenant';
  /** Tenant: the lessors it leases from (getZzAccountByUser). */
  lessors?: Option[];
  /** 'YYYY-MM-DD', for the export's file name. */
  today: string;
}

/** The lessor's clients, loaded once (a failed call gives none). */
const clientOptions = verifiedClientOptions(clientsApi.verifiedOrNone);

/** A price per mu (minor units) per the user's area unit. */
export const perUnit = (minorPerMu: number, unit: AreaUnit) => minorPerMu / PER_MU[unit];

/** The prices a record was billed at, as text: per area unit, per hour, per day. */
export function priceText(r: JobRecordRow, look: Pick<RecordsLook, 't' | 'lng' | 'unit' | 'unitLabel'>) {
  const money = (v: number) => formatMoney(v, r.currency, moneyLocale(look.lng));
  if (r.kind === CHARGE_KINDS.dailyFee) return `${money(r.dailyFee)} / ${look.t('leasingRecords:perDay')}`;
  const area = `${money(perUnit(r.muUnitPrice, look.unit))} / ${look.unitLabel}`;
  const time = `${money(r.durationPrice)} / ${look.t('leasingRecords:perHour')}`;
  if (r.leaseModel === 2) return time;
  if (r.leaseModel === 3) return `${area}; ${time}`;
  return area;
}

/** The amounts of a summary, one per currency. */
export const amountsText = (s: JobRecordSummary, lng: string) =>
  s.amounts.map((a) => formatMoney(a.amount, a.currency, moneyLocale(lng))).join('; ');

export function workRecordConfig(look: RecordsLook): ListConfig<JobRecordRow, JobRecordPage> {
  const { t } = look;
  const lang = look.lng as Language;
  const area = (mu: number) => round(convertArea(mu, look.unit), 2);
  const decimal = new Intl.NumberFormat(moneyLocale(look.lng), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const col = (key: string, extra: Partial<ColumnDef<JobRecordRow>> = {}): ColumnDef<JobRecordRow> => ({
    key,
    title: `leasingRecords:col.${key}`,
    ...extra,
  });
  const dash = (v: string | null) => v ?? '-';
  // A day's base fee has no area nor duration: its cells are empty ('-').
  const party: FilterDef =
    look.side === 'lessor'
      ? {
          kind: 'select',
          name: 'accountId',
          label: 'leasingRecords:filter.client',
          numeric: true,
          options: clientOptions,
        }
      : {
          kind: 'select',
          name: 'zzAccountId',
          label: 'leasingRecords:filter.lessor',
          numeric: true,
          options: look.lessors ?? [],
        };
  return {
    id: `leasingRecords-${look.side}`,
    ns: ['leasingRecords', 'leasing'],
    fetch: recordsApi.page,
    rowKey: (r) => r.id,
    params: { page: 'pageIndex', size: 'size' },
    filters: [
      party,
      { kind: 'text', name: 'droneId', label: 'leasingRecords:filter.droneId' },
      {
        kind: 'dateRange',
        name: 'days',
        label: 'leasingRecords:filter.days',
        params: ['startTime', 'endTime'],
      },
      {
        kind: 'select',
        name: 'kind',
        label: 'leasingRecords:filter.kind',
        numeric: true,
        options: [CHARGE_KINDS.sortie, CHARGE_KINDS.dailyFee].map((k) => ({
          value: k,
          labelKey: `leasing:chargeKind.${k}`,
        })),
      },
    ],
    columns: [
      col('startTime', {
        value: (r) =>
          r.kind === CHARGE_KINDS.dailyFee
            ? (r.feeDay ?? '')
            : formatDate(r.startTime, 'YYYY-MM-DD HH:mm:ss'),
        fixed: 'left',
        width: 170,
      }),
      col('kind', { value: (r) => t(`leasing:chargeKind.${r.kind}`) }),
      col('droneId'),
      col('droneName', { value: (r) => dash(r.droneName) }),
      look.side === 'lessor'
        ? col('accountName', { value: (r) => dash(r.accountName) })
        : col('zzAccountName', { value: (r) => dash(r.zzAccountName) }),
      col('pilotName', { value: (r) => dash(r.pilotName) }),
      col('blockName', { value: (r) => dash(r.blockName) }),
      col('area', {
        titleVars: { unit: look.unitLabel },
        value: (r) => (r.kind === CHARGE_KINDS.dailyFee ? null : area(r.areaMu)),
        format: (v: CellValue) => decimal.format(Number(v)),
        align: 'right',
        excel: '#,##0.00',
      }),
      col('duration', {
        value: (r) => (r.kind === CHARGE_KINDS.dailyFee ? null : formatSeconds(r.durationS, lang)),
        align: 'right',
      }),
      col('leaseModel', { value: (r) => t(`leasing:leaseModel.${r.leaseModel}`) }),
      col('price', { value: (r) => priceText(r, look) }),
      col('amount', {
        value: (r) => formatMoney(r.amount, r.currency, moneyLocale(look.lng)),
        align: 'right',
        fixed: 'right',
      }),
    ],
    summary: ({ summary }) => ({
      area: area(summary.areaMu),
      duration: formatSeconds(summary.durationS, lang),
      amount: amountsText(summary, look.lng),
    }),
    export: { fileName: () => t('leasingRecords:fileName', { date: look.today }) },
  };
}

/** The figures of the filtered set shown above the list. */
export function summaryFigures(
  s: JobRecordSummary,
  look: Pick<RecordsLook, 't' | 'lng' | 'unit' | 'unitLabel'>,
) {
  const n = new Intl.NumberFormat(moneyLocale(look.lng), { maximumFractionDigits: 0 });
  const d = new Intl.NumberFormat(moneyLocale(look.lng), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return [
    { key: 'count', value: n.format(s.count) },
    { key: 'area', value: d.format(round(convertArea(s.areaMu, look.unit), 2)) },
    { key: 'duration', value: formatSeconds(s.durationS, look.lng as Language) },
    { key: 'amount', value: amountsText(s, look.lng) || '-' },
  ].map((f) => ({ ...f, label: look.t(`leasingRecords:total.${f.key}`, { unit: look.unitLabel }) }));
}
