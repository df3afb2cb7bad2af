/**
 * The figures of SubsidyList as the screen shows them (pure; tested in model.test.ts): money from fen
 * to yuan, areas from mu to the user's unit, the summary cards, the deductions by reason, the dose
 * against its registered range, and the ECharts options of the per-region statistics and of a
 * subsidy's deductions.
 */
import {
  type AreaUnit,
  convertArea,
  DEDUCTION_REASONS,
  type DeductionReason,
  SUBSIDY_STATUS,
  type SubsidySortieRow,
  type SubsidyStat,
  type SubsidySummary,
} from '@agrifleet/domain';
import type { EChartOption } from '../../charts/EChart.tsx';
import { escapeHtml } from '../../charts/escapeHtml.ts';
import type { Translate } from '../../list/columns.ts';

/** Yuan from fen (integers, so the sum of a page is exact to the cent). */
export const yuanOf = (fen: number) => fen / 100;

export interface Look {
  unit: AreaUnit;
  /** The unit's short name ("mu", "ac"). */
  unitLabel: string;
  locale: string;
  t: Translate;
  /** A crop's name from the lookups (the id shown when absent). */
  cropName?: (cropId: number) => string;
}

export const areaIn = (mu: number, unit: AreaUnit) => convertArea(mu, unit);
export const formatNumber = (v: number, locale: string, digits = 2) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
export const formatArea = (mu: number, look: Pick<Look, 'unit' | 'locale'>) =>
  formatNumber(areaIn(mu, look.unit), look.locale);
export const formatYuan = (fen: number, locale: string) => formatNumber(yuanOf(fen), locale);

export const isSealed = (row: { status: number }) => row.status === SUBSIDY_STATUS.sealed;
export const statusKey = (row: { status: number }) =>
  isSealed(row) ? 'subsidies:status.sealed' : 'subsidies:status.computed';

/** The i18n key of a deduction reason's name. */
export const reasonKey = (reason: DeductionReason) => `subsidies:reason.${reason}`;

/** The summary cards, in order. */
export function summaryCards(
  s: SubsidySummary,
  look: Look,
): Array<{ key: string; label: string; value: string }> {
  const n = (v: number) => formatNumber(v, look.locale, 0);
  const u = { unit: look.unitLabel };
  return [
    { key: 'subsidies', label: look.t('subsidies:card.subsidies'), value: n(s.subsidies) },
    { key: 'operators', label: look.t('subsidies:card.operators'), value: n(s.operators) },
    { key: 'sorties', label: look.t('subsidies:card.sorties'), value: n(s.sortieCount) },
    {
      key: 'monitored',
      label: look.t('subsidies:card.monitored', u),
      value: formatArea(s.monitoredMu, look),
    },
    {
      key: 'qualified',
      label: look.t('subsidies:card.qualified', u),
      value: formatArea(s.qualifiedMu, look),
    },
    { key: 'paid', label: look.t('subsidies:card.paid', u), value: formatArea(s.paidMu, look) },
    { key: 'amount', label: look.t('subsidies:card.amount'), value: formatYuan(s.amountFen, look.locale) },
    { key: 'sealed', label: look.t('subsidies:card.sealed'), value: n(s.sealed) },
  ];
}

/** Deducted area by reason, the reasons with any area, largest first (ties in the rule's order). */
export function reasonRows(
  byReason: Partial<Record<DeductionReason, number>>,
): Array<{ reason: DeductionReason; mu: number }> {
  return DEDUCTION_REASONS.map((reason) => ({ reason, mu: byReason[reason] ?? 0 }))
    .filter((r) => r.mu > 0)
    .sort((a, b) => b.mu - a.mu || DEDUCTION_REASONS.indexOf(a.reason) - DEDUCTION_REASONS.indexOf(b.reason));
}

/** The dose of a sortie against its medicine's range: 'ok', 'low', 'high' or null (unknown). */
export function doseVerdict(
  row: Pick<SubsidySortieRow, 'doseLPerMu' | 'doseRange'>,
): 'ok' | 'low' | 'high' | null {
  if (row.doseLPerMu == null || !row.doseRange) return null;
  if (row.doseLPerMu < row.doseRange.minLPerMu) return 'low';
  if (row.doseLPerMu > row.doseRange.maxLPerMu) return 'high';
  return 'ok';
}

/** "1.20 L/mu (0.80–1.50)" in the user's unit. */
export function doseText(row: Pick<SubsidySortieRow, 'doseLPerMu' | 'doseRange'>, look: Look): string {
  if (row.doseLPerMu == null) return '';
  // Litres per unit area: L/mu divided by units per mu.
  const per = (lPerMu: number) => formatNumber(lPerMu / areaIn(1, look.unit), look.locale);
  const range = row.doseRange ? ` (${per(row.doseRange.minLPerMu)}–${per(row.doseRange.maxLPerMu)})` : '';
  return `${per(row.doseLPerMu)} L/${look.unitLabel}${range}`;
}

/** The deductions of a sortie as one line: "Overlap 0.50; No rate 1.00" (in the user's unit). */
export function deductionsText(row: Pick<SubsidySortieRow, 'deductions'>, look: Look): string {
  return row.deductions.map((d) => `${look.t(reasonKey(d.reason))} ${formatArea(d.mu, look)}`).join('; ');
}

const TEXT = '#475569';
const LINE = '#e2e8f0';
export const AREA_COLORS = { monitored: '#94a3b8', qualified: '#1677ff', paid: '#52c41a' } as const;

/** Per-region statistics: monitored, qualified and paid area per region (bars), amount in yuan (line). */
export function statChartOption(stat: SubsidyStat, look: Look): EChartOption {
  const regions = stat.records.map((r) => r.regionName);
  const area = (key: 'monitoredMu' | 'qualifiedMu' | 'paidMu') =>
    stat.records.map((r) => Math.round(areaIn(r[key], look.unit) * 100) / 100);
  const bar = (name: keyof typeof AREA_COLORS, key: 'monitoredMu' | 'qualifiedMu' | 'paidMu') => ({
    type: 'bar',
    name: look.t(`subsidies:area.${name}`),
    itemStyle: { color: AREA_COLORS[name] },
    data: area(key),
  });
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: number) => escapeHtml(formatNumber(Number(v), look.locale)),
    },
    legend: { top: 0, textStyle: { color: TEXT } },
    grid: { left: 56, right: 56, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: regions, axisLabel: { color: TEXT, interval: 0, hideOverlap: true } },
    yAxis: [
      {
        type: 'value',
        name: look.unitLabel,
        axisLabel: { color: TEXT },
        splitLine: { lineStyle: { color: LINE } },
      },
      {
        type: 'value',
        name: look.t('subsidies:yuan'),
        axisLabel: { color: TEXT },
        splitLine: { show: false },
      },
    ],
    series: [
      bar('monitored', 'monitoredMu'),
      bar('qualified', 'qualifiedMu'),
      bar('paid', 'paidMu'),
      {
        type: 'line',
        name: look.t('subsidies:col.amount'),
        yAxisIndex: 1,
        itemStyle: { color: '#faad14' },
        data: stat.records.map((r) => yuanOf(r.amountFen)),
      },
    ],
  };
}

/** A subsidy's deductions: one horizontal bar per reason with any area (user's unit). */
export function reasonChartOption(
  byReason: Partial<Record<DeductionReason, number>>,
  look: Look,
): EChartOption {
  const rows = reasonRows(byReason).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      name: look.unitLabel,
      axisLabel: { color: TEXT },
      splitLine: { lineStyle: { color: LINE } },
    },
    yAxis: {
      type: 'category',
      data: rows.map((r) => look.t(reasonKey(r.reason))),
      axisLabel: { color: TEXT },
    },
    series: [
      {
        type: 'bar',
        name: look.t('subsidies:deducted', { unit: look.unitLabel }),
        itemStyle: { color: '#f5222d' },
        label: { show: true, position: 'right', color: TEXT },
        data: rows.map((r) => Math.round(areaIn(r.mu, look.unit) * 100) / 100),
      },
    ],
  };
}
