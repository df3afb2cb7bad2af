/**
 * SubsidyList (001 §2) as configuration of the shared list pattern (src/list): filters year (the
 * page keeps this year in the address bar when none is chosen), region, operator and status; columns
 * operator, programme, region, the three areas in the user's unit, amount in yuan, status; actions
 * open, delete (unsealed only) and the toolbar's compute and rates (for callers who may write). Also
 * the evidence columns of a subsidy's sorties, shown in its detail and exported to .xlsx. Pure
 * (the page passes what needs React); tested in config.test.ts.
 */
import { formatDate, type SubsidyRow, type SubsidySortieRow } from '@agrifleet/domain';
import type { ColumnDef, ListConfig, RowAction, ToolbarAction } from '../../list/types.ts';
import { subsidyApi } from './api.ts';
import { areaIn, deductionsText, doseText, isSealed, type Look, statusKey, yuanOf } from './model.ts';

/** Years offered by the year filter: this one and the nine before. */
export const yearOptions = (thisYear: number) =>
  Array.from({ length: 10 }, (_, i) => ({ value: thisYear - i, label: String(thisYear - i) }));

export interface SubsidyHooks {
  canWrite: boolean;
  open: (row: SubsidyRow) => void;
  remove: (row: SubsidyRow) => void;
  compute: () => void;
  rates: () => void;
  statusCell: (row: SubsidyRow) => import('react').ReactNode;
}

const area2 = (v: unknown) => (v == null || v === '' ? '' : Number(v).toFixed(2));

/** The programme's name: the task, or the regional scheme. */
export const programmeName = (row: Pick<SubsidyRow, 'tftzName'>, look: Pick<Look, 't'>) =>
  row.tftzName ?? look.t('subsidies:regionalScheme');

export function subsidyConfig(
  look: Look & { thisYear: number; today: string },
  hooks: SubsidyHooks,
): ListConfig<SubsidyRow> {
  const { t, unit, unitLabel } = look;
  const areaCol = (key: 'monitoredMu' | 'qualifiedMu' | 'paidMu'): ColumnDef<SubsidyRow> => ({
    key,
    title: `subsidies:col.${key}`,
    titleVars: { unit: unitLabel },
    value: (r) => areaIn(r[key], unit),
    format: area2,
    align: 'right',
    excel: '#,##0.00',
  });
  const toolbar: ToolbarAction[] = hooks.canWrite
    ? [
        { key: 'rates', label: 'subsidies:action.rates', onClick: () => hooks.rates() },
        { key: 'compute', label: 'subsidies:action.compute', primary: true, onClick: () => hooks.compute() },
      ]
    : [];
  const rowActions: RowAction<SubsidyRow>[] = [
    { key: 'open', label: 'subsidies:action.open', first: true, onClick: (r) => hooks.open(r) },
    ...(hooks.canWrite
      ? [
          {
            key: 'delete',
            label: 'subsidies:action.delete',
            danger: true,
            visible: (r: SubsidyRow) => !isSealed(r),
            onClick: (r: SubsidyRow) => hooks.remove(r),
          },
        ]
      : []),
  ];
  return {
    id: 'subsidies',
    ns: ['subsidies'],
    fetch: (query, signal) => subsidyApi.page({ year: look.thisYear, ...query }, signal),
    rowKey: (r) => r.subsidyId,
    filters: [
      {
        kind: 'select',
        name: 'year',
        label: 'subsidies:filter.year',
        numeric: true,
        options: yearOptions(look.thisYear),
      },
      { kind: 'region', name: 'region', label: 'subsidies:filter.region' },
      { kind: 'text', name: 'yyAccountName', label: 'subsidies:filter.operator' },
      {
        kind: 'select',
        name: 'status',
        label: 'subsidies:filter.status',
        numeric: true,
        options: [
          { value: 1, labelKey: 'subsidies:status.computed' },
          { value: 2, labelKey: 'subsidies:status.sealed' },
        ],
      },
    ],
    columns: [
      { key: 'yyAccountName', title: 'subsidies:col.operator', fixed: 'left' },
      { key: 'programme', title: 'subsidies:col.programme', value: (r) => programmeName(r, look) },
      { key: 'regionName', title: 'subsidies:col.region' },
      { key: 'sortieCount', title: 'subsidies:col.sorties', align: 'right', excel: '0' },
      areaCol('monitoredMu'),
      areaCol('qualifiedMu'),
      areaCol('paidMu'),
      {
        key: 'amount',
        title: 'subsidies:col.amount',
        value: (r) => yuanOf(r.amountFen),
        format: area2,
        align: 'right',
        excel: '#,##0.00',
      },
      {
        key: 'status',
        title: 'subsidies:col.status',
        value: (r) => t(statusKey(r)),
        render: hooks.statusCell,
      },
    ],
    toolbar,
    rowActions,
    export: { fileName: () => t('subsidies:fileName') },
  };
}

/** The evidence of each sortie: the detail's table and the .xlsx export. */
export function evidenceColumns(look: Look): ColumnDef<SubsidySortieRow>[] {
  const { t, unit, unitLabel } = look;
  const u = { unit: unitLabel };
  const area = (key: 'monitoredMu' | 'qualifiedMu' | 'paidMu'): ColumnDef<SubsidySortieRow> => ({
    key,
    title: `subsidies:col.${key}`,
    titleVars: u,
    value: (r) => areaIn(r[key], unit),
    format: area2,
    align: 'right',
    excel: '#,##0.00',
  });
  const yesNo = (v: boolean) => t(v ? 'subsidies:yes' : 'subsidies:no');
  return [
    { key: 'sortieId', title: 'subsidies:ev.sortieId', fixed: 'left', excel: '0' },
    { key: 'drone', title: 'subsidies:ev.drone', value: (r) => `${r.droneName} (${r.droneId})` },
    { key: 'pilotName', title: 'subsidies:ev.pilot' },
    {
      key: 'startTime',
      title: 'subsidies:ev.time',
      value: (r) => formatDate(r.startTime, 'YYYY-MM-DD HH:mm'),
    },
    {
      key: 'crop',
      title: 'subsidies:ev.crop',
      value: (r) => (r.cropId == null ? '' : (look.cropName?.(r.cropId) ?? String(r.cropId))),
    },
    { key: 'blockName', title: 'subsidies:ev.block' },
    { key: 'volumeL', title: 'subsidies:ev.volume', format: area2, align: 'right', excel: '0.00' },
    { key: 'dose', title: 'subsidies:ev.dose', value: (r) => doseText(r, look) },
    { key: 'hasTrack', title: 'subsidies:ev.track', value: (r) => yesNo(r.hasTrack) },
    { key: 'pictures', title: 'subsidies:ev.pictures', align: 'right', excel: '0' },
    {
      key: 'anomalies',
      title: 'subsidies:ev.anomalies',
      value: (r) => r.anomalies.map((o) => t(`subsidies:odd.${o}`, { n: o })).join(', '),
    },
    { key: 'terrain', title: 'subsidies:ev.terrain', value: (r) => t(`subsidies:terrain.${r.terrain}`) },
    {
      key: 'rate',
      title: 'subsidies:ev.rate',
      titleVars: u,
      value: (r) => (r.rateFen == null ? null : yuanOf(r.rateFen) / areaIn(1, unit)),
      format: area2,
      align: 'right',
      excel: '0.00',
    },
    area('monitoredMu'),
    area('qualifiedMu'),
    area('paidMu'),
    {
      key: 'amount',
      title: 'subsidies:col.amount',
      value: (r) => yuanOf(r.amountFen),
      format: area2,
      align: 'right',
      excel: '#,##0.00',
    },
    { key: 'deductions', title: 'subsidies:ev.deductions', value: (r) => deductionsText(r, look) },
    {
      key: 'spotCheck',
      title: 'subsidies:ev.spotCheck',
      value: (r) =>
        [
          r.spotCheck ? t(`subsidies:spot.${r.spotCheck}`) : r.sampled ? t('subsidies:spot.sampled') : '',
          r.spotCheckNote ?? '',
        ]
          .filter(Boolean)
          .join(' · '),
    },
  ];
}
