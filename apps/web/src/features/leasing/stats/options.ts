/**
 * What the leasing statistics screens show, as pure functions (tested in options.test.ts): the
 * figure cards of a jobStatistics / customerDataStat answer in the user's area unit, and the ECharts
 * options of the daily area and sorties chart, the area rankings and the pies.
 */
import {
  type AreaUnit,
  convertArea,
  formatMoney,
  formatSeconds,
  type Language,
  type LeaseDayPoint,
  type LeaseFigures,
  round,
} from '@agrifleet/domain';
import { categoryZoom } from '../../../charts/categoryZoom.ts';
import type { EChartOption } from '../../../charts/EChart.tsx';
import { lastStatDays, statDayNoon } from '../../../lib/statDay.ts';

export const PALETTE: string[] = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#722ed1',
  '#f5222d',
  '#eb2f96',
  '#fa8c16',
];
const TEXT = '#475569';
const BLUE = '#1677ff';
const GOLD = '#faad14';
const LINE = '#e2e8f0';

export interface Look {
  unit: AreaUnit;
  language: Language;
  /** The locale numbers are written in. */
  locale: string;
}

export interface Figure {
  key: string;
  value: string;
}

const integer = (n: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
/** An area in mu as the user's unit, two decimals. */
export const areaText = (mu: number, look: Look) =>
  new Intl.NumberFormat(look.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    round(convertArea(mu, look.unit), 2),
  );

/** Money per currency, joined ("¥100.00 / US$0.70"); none: zero in `fallback`. */
export function moneyText(
  items: ReadonlyArray<{ currency: string; minor: number }>,
  fallback: string,
  locale: string,
): string {
  const shown = items.filter((i) => i.minor !== 0);
  if (!shown.length) return formatMoney(0, fallback, locale);
  return shown.map((i) => formatMoney(i.minor, i.currency, locale)).join(' / ');
}

/** The work and money cards of figures (labels are keys of the leasingStats namespace: figure.<key>). */
export function workFigures(f: LeaseFigures, look: Look, fallbackCurrency = 'CNY'): Figure[] {
  return [
    { key: 'sorties', value: integer(f.sorties, look.locale) },
    { key: 'area', value: areaText(f.areaMu, look) },
    { key: 'duration', value: formatSeconds(f.durationS, look.language) },
    {
      key: 'charge',
      value: moneyText(
        f.currencies.map((c) => ({ currency: c.currency, minor: c.chargeMinor })),
        fallbackCurrency,
        look.locale,
      ),
    },
    {
      key: 'fee',
      value: moneyText(
        f.currencies.map((c) => ({ currency: c.currency, minor: c.feeMinor })),
        fallbackCurrency,
        look.locale,
      ),
    },
  ];
}

export const countText = integer;

/** Daily area (bars, left axis, user's unit) and sorties (line, right axis); the latest 20 days in view. */
export function dailyOption(
  days: readonly LeaseDayPoint[],
  look: Look,
  names: { area: string; sorties: string },
): EChartOption {
  const zoom = categoryZoom(days.length, { latest: true, slider: { height: 16, bottom: 6 } });
  return {
    color: [BLUE, GOLD],
    grid: { left: 8, right: 8, top: 36, bottom: zoom ? 30 : 8, containLabel: true },
    legend: { top: 0, data: [names.area, names.sorties], textStyle: { color: TEXT } },
    tooltip: { trigger: 'axis' },
    dataZoom: zoom,
    xAxis: {
      type: 'category',
      data: days.map((d) => d.day.slice(5)),
      axisLabel: { color: TEXT },
      axisLine: { lineStyle: { color: LINE } },
    },
    yAxis: [
      {
        type: 'value',
        name: names.area,
        axisLabel: { color: TEXT },
        splitLine: { lineStyle: { color: LINE } },
      },
      {
        type: 'value',
        name: names.sorties,
        minInterval: 1,
        axisLabel: { color: TEXT },
        splitLine: { show: false },
      },
    ],
    series: [
      {
        type: 'bar',
        name: names.area,
        barMaxWidth: 18,
        itemStyle: { borderRadius: [3, 3, 0, 0] },
        data: days.map((d) => round(convertArea(d.areaMu, look.unit), 2)),
      },
      {
        type: 'line',
        name: names.sorties,
        yAxisIndex: 1,
        smooth: 0.3,
        smoothMonotone: 'x',
        showSymbol: false,
        data: days.map((d) => d.sorties),
      },
    ],
  };
}

export interface RankItem {
  name: string;
  areaMu: number;
}

/** Horizontal bars, the first on top, areas in the user's unit. */
export function rankingOption(items: readonly RankItem[], look: Look, areaName: string): EChartOption {
  return {
    color: [BLUE],
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', axisLabel: { color: TEXT }, splitLine: { lineStyle: { color: LINE } } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((i) => i.name),
      axisLabel: { color: TEXT, width: 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: areaName,
        barMaxWidth: 16,
        itemStyle: { borderRadius: [0, 3, 3, 0] },
        label: { show: true, position: 'right', color: TEXT },
        data: items.map((i) => round(convertArea(i.areaMu, look.unit), 2)),
      },
    ],
  };
}

/** A ring of counts (zero slices left out), its legend below. */
export function pieOption(items: ReadonlyArray<{ name: string; value: number }>): EChartOption {
  const shown = items.filter((i) => i.value > 0);
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, textStyle: { color: TEXT } },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{c}', color: TEXT },
        data: shown.map((i) => ({ name: i.name, value: i.value })),
      },
    ],
  };
}

/**
 * A picked statistics day as the calls take it: its noon in the statistics time zone, which the
 * server reads back as that day (issue 21: whatever the browser's zone).
 */
export const dayTime = (day: string) => statDayNoon(day);

/** The last `days` statistics days ending today, as [noon of the first, noon of today] in ms. */
export function lastDays(now: number, days = 30): [number, number] {
  const [first, today] = lastStatDays(days, now);
  return [dayTime(first), dayTime(today)];
}
