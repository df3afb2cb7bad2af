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
import {
  areaRankingOption,
  CHART_TEXT,
  dailyAreaOption,
  PALETTE,
  type RankItem,
} from '../../../charts/areaCharts.ts';
import type { EChartOption } from '../../../charts/EChart.tsx';

export { PALETTE, type RankItem };

import { lastStatDays, statDayNoon } from '../../../lib/statDay.ts';

const TEXT = CHART_TEXT;

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

/** Area per day and sorties (charts/areaCharts.ts). */
export const dailyOption = (
  days: readonly LeaseDayPoint[],
  look: Look,
  names: { area: string; sorties: string },
): EChartOption => dailyAreaOption(days, look.unit, names);

/** Areas ranked, the first on top (charts/areaCharts.ts). */
export const rankingOption = (items: readonly RankItem[], look: Look, areaName: string): EChartOption =>
  areaRankingOption(items, look.unit, areaName);

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
