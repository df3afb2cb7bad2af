/** Colours and shared pieces of the dark big-screen charts. Pure. */
import { categoryZoom } from '../../../charts/categoryZoom.ts';

export const DARK = {
  text: '#a9c8ec',
  strong: '#e6f4ff',
  axis: 'rgba(86, 160, 230, 0.45)',
  split: 'rgba(86, 160, 230, 0.14)',
  cyan: '#29d0ff',
  tooltipBg: 'rgba(4, 22, 52, 0.92)',
  palette: ['#29d0ff', '#3d7bff', '#2ee6a8', '#ffc53d', '#ff7a45', '#b37feb', '#5cdbd3', '#ff85c0'],
} as const;

/** Rank badges (001 §2): first red, second and third yellow, the rest blue. */
export const BADGE = { first: '#f5484a', top3: '#f7b500', rest: '#2f7fff' } as const;

export function rankBadgeColor(index: number): string {
  if (index === 0) return BADGE.first;
  if (index <= 2) return BADGE.top3;
  return BADGE.rest;
}

export { MAX_X_RANGE } from '../../../charts/categoryZoom.ts';

export const tooltip = (extra: Record<string, unknown> = {}) => ({
  backgroundColor: DARK.tooltipBg,
  borderColor: DARK.cyan,
  textStyle: { color: DARK.strong },
  ...extra,
});

/**
 * A ring's percent labels: whole in a narrow panel (ECharts cuts a label 10 px short of the
 * chart's edge by default, '28....'), with one decimal.
 */
export const pieLabel = (formatter: string) => ({
  color: DARK.strong,
  formatter,
  bleedMargin: 2,
  overflow: 'none' as const,
});

export const categoryAxis = (data: string[], extra: Record<string, unknown> = {}) => ({
  type: 'category',
  data,
  axisLine: { lineStyle: { color: DARK.axis } },
  axisTick: { show: false },
  axisLabel: { color: DARK.text },
  ...extra,
});

export const valueAxis = (extra: Record<string, unknown> = {}) => ({
  type: 'value',
  axisLine: { show: false },
  axisLabel: { color: DARK.text },
  splitLine: { lineStyle: { color: DARK.split } },
  nameTextStyle: { color: DARK.text },
  ...extra,
});

/**
 * With more than MAX_X_RANGE categories, show the last MAX_X_RANGE (or the first) and let the rest
 * be scrolled to, with the big screen's slim slider.
 */
export const xRange = (count: number, fromStart = false) =>
  categoryZoom(count, {
    latest: !fromStart,
    slider: {
      height: 12,
      bottom: 4,
      borderColor: 'transparent',
      backgroundColor: 'rgba(86, 160, 230, 0.12)',
      fillerColor: 'rgba(41, 208, 255, 0.35)',
      handleSize: 0,
    },
  });

/** Formats a chart's numbers: value -> label text. */
export type Format = (value: number) => string;

/** Whether any value is above 0: a chart of zeros shows the empty placeholder (001 §4). */
export function hasData(rows: readonly (readonly number[])[]): boolean {
  return rows.some((row) => row.some((v) => v > 0));
}
