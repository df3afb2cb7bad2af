/**
 * What the task's chart page shows, as pure functions (tested in chartOptions.test.ts): the
 * overview cards in the user's area unit, the ECharts options of area per day, per owner, per crop,
 * the drone and pilot rankings and the left-out sorties by reason, and the sorties as map points.
 */
import {
  type AreaUnit,
  EXCLUSION_REASONS,
  type ExclusionReason,
  type Language,
  round,
  type TaskStatData,
  type TaskStatOverview,
} from '@agrifleet/domain';
import type { FeatureCollection } from 'geojson';
import {
  areaRankingOption,
  CHART_LINE,
  CHART_TEXT,
  chartArea,
  dailyAreaOption,
  PALETTE,
  type RankItem,
} from '../../charts/areaCharts.ts';
import type { EChartOption } from '../../charts/EChart.tsx';

export { PALETTE, type RankItem };

const TEXT = CHART_TEXT;
const LINE = CHART_LINE;
/** Counted sorties green, left-out ones red, the task's boundary blue. */
export const SORTIE_COLORS = { counted: '#16a34a', excluded: '#dc2626', area: '#1677ff' } as const;

export interface Look {
  unit: AreaUnit;
  language: Language;
  locale: string;
}

export interface Figure {
  key: string;
  value: string;
}

const integer = (n: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
/** Area in mu as the user's unit (two decimals), a number for charts. */
export const areaValue = chartArea;
export const areaText = (mu: number, look: Look) =>
  new Intl.NumberFormat(look.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    areaValue(mu, look.unit),
  );
export const volumeText = (l: number, look: Look) =>
  new Intl.NumberFormat(look.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    round(l, 1),
  );

/** Flight time in hours, one decimal (a card stays one short line in every language). */
export const hoursText = (s: number, look: Look) =>
  new Intl.NumberFormat(look.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    round(s / 3600, 1),
  );

/** The overview cards (labels: unifiedTasks figure.<key>). */
export function overviewFigures(o: TaskStatOverview, look: Look): Figure[] {
  return [
    { key: 'drones', value: integer(o.droneCount, look.locale) },
    { key: 'activeDrones', value: integer(o.activeDrones, look.locale) },
    { key: 'owners', value: integer(o.ownerCount, look.locale) },
    { key: 'sorties', value: integer(o.sortieCount, look.locale) },
    { key: 'area', value: areaText(o.areaMu, look) },
    { key: 'volume', value: volumeText(o.volumeL, look) },
    { key: 'duration', value: hoursText(o.durationS, look) },
  ];
}

/** Counted area per day (bars, user's unit) and sorties (line, right axis); the latest days in view. */
/** Counted area per day and sorties (charts/areaCharts.ts). */
export function dailyOption(
  days: TaskStatData['days'],
  look: Look,
  names: { area: string; sorties: string },
): EChartOption {
  return dailyAreaOption(
    days.map((d) => ({ day: d.day, areaMu: d.areaMu, sorties: d.sortieCount })),
    look.unit,
    names,
  );
}

/** Drones, pilots or owners by counted area (charts/areaCharts.ts). */
export const rankingOption = (items: readonly RankItem[], look: Look, areaName: string, color?: string) =>
  areaRankingOption(items, look.unit, areaName, color);

/** Counted area per crop, a ring (a crop not reported named by `unknown`). */
export function cropOption(
  crops: TaskStatData['crops'],
  look: Look,
  nameOf: (id: number) => string,
  unknown: string,
): EChartOption {
  const data = crops
    .filter((c) => c.areaMu > 0)
    .map((c) => ({
      name: c.cropId == null ? unknown : nameOf(c.cropId),
      value: areaValue(c.areaMu, look.unit),
    }));
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
        data,
      },
    ],
  };
}

/** The left-out sorties per reason, in the rule's order, reasons with none left out. */
export function excludedItems(
  excluded: Partial<Record<ExclusionReason, number>>,
): Array<{ reason: ExclusionReason; count: number }> {
  return EXCLUSION_REASONS.map((reason) => ({ reason, count: excluded[reason] ?? 0 })).filter(
    (i) => i.count > 0,
  );
}

/** Bars of left-out sorties by reason (names translated by the caller). */
export function excludedOption(
  items: ReadonlyArray<{ reason: ExclusionReason; count: number }>,
  reasonName: (r: ExclusionReason) => string,
  seriesName: string,
): EChartOption {
  return {
    color: [SORTIE_COLORS.excluded],
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: TEXT },
      splitLine: { lineStyle: { color: LINE } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((i) => reasonName(i.reason)),
      axisLabel: { color: TEXT },
    },
    series: [
      {
        type: 'bar',
        name: seriesName,
        barMaxWidth: 16,
        label: { show: true, position: 'right', color: TEXT },
        data: items.map((i) => i.count),
      },
    ],
  };
}

/** The sorties as GeoJSON points, `c` their colour (counted or not). */
export function sortieFeatures(
  sorties: ReadonlyArray<{ lng: number; lat: number; counted: boolean; sortieId: number }>,
): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: sorties
      .filter((s) => Number.isFinite(s.lng) && Number.isFinite(s.lat) && (s.lng !== 0 || s.lat !== 0))
      .map((s) => ({
        type: 'Feature',
        properties: { id: s.sortieId, c: s.counted ? SORTIE_COLORS.counted : SORTIE_COLORS.excluded },
        geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
      })),
  };
}

/** [[west, south], [east, north]] of positions (none: null; one: a small box about it). */
export function boundsOf(
  points: ReadonlyArray<ReadonlyArray<number>>,
): [[number, number], [number, number]] | null {
  const ok = points.filter(
    (p) => Number.isFinite(p[0]) && Number.isFinite(p[1]) && (p[0] !== 0 || p[1] !== 0),
  );
  if (!ok.length) return null;
  const lngs = ok.map((p) => p[0] as number);
  const lats = ok.map((p) => p[1] as number);
  const pad = ok.length === 1 ? 0.01 : 0;
  return [
    [Math.min(...lngs) - pad, Math.min(...lats) - pad],
    [Math.max(...lngs) + pad, Math.max(...lats) + pad],
  ];
}
