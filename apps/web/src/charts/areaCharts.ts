/**
 * Charts of sprayed area that several screens draw the same way (a unified task's chart page, the
 * leasing statistics): area per day with the sortie count, and a ranking of areas. Pure ECharts
 * options, areas in the user's unit; the screens' own tests check them.
 */
import { type AreaUnit, convertArea, round } from '@agrifleet/domain';
import { categoryZoom } from './categoryZoom.ts';
import type { EChartOption } from './EChart.tsx';

/** Series colours of the statistics screens, in order. */
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
export const CHART_TEXT = '#475569';
export const CHART_LINE = '#e2e8f0';

/** Area in mu as the user's unit, two decimals (a number for a chart). */
export const chartArea = (mu: number, unit: AreaUnit) => round(convertArea(mu, unit), 2);

export interface DayArea {
  /** YYYY-MM-DD. */
  day: string;
  areaMu: number;
  sorties: number;
}

/** Area per day (bars, left axis) and sorties (line, right axis); the latest days zoomed when many. */
export function dailyAreaOption(
  days: readonly DayArea[],
  unit: AreaUnit,
  names: { area: string; sorties: string },
): EChartOption {
  const zoom = categoryZoom(days.length, { latest: true, slider: { height: 16, bottom: 6 } });
  return {
    color: ['#1677ff', '#faad14'],
    grid: { left: 8, right: 8, top: 36, bottom: zoom ? 30 : 8, containLabel: true },
    legend: { top: 0, data: [names.area, names.sorties], textStyle: { color: CHART_TEXT } },
    tooltip: { trigger: 'axis' },
    dataZoom: zoom,
    xAxis: {
      type: 'category',
      data: days.map((d) => d.day.slice(5)),
      axisLabel: { color: CHART_TEXT },
      axisLine: { lineStyle: { color: CHART_LINE } },
    },
    yAxis: [
      {
        type: 'value',
        name: names.area,
        axisLabel: { color: CHART_TEXT },
        splitLine: { lineStyle: { color: CHART_LINE } },
      },
      {
        type: 'value',
        name: names.sorties,
        minInterval: 1,
        axisLabel: { color: CHART_TEXT },
        splitLine: { show: false },
      },
    ],
    series: [
      {
        type: 'bar',
        name: names.area,
        barMaxWidth: 18,
        itemStyle: { borderRadius: [3, 3, 0, 0] },
        data: days.map((d) => chartArea(d.areaMu, unit)),
      },
      {
        type: 'line',
        name: names.sorties,
        yAxisIndex: 1,
        smooth: 0.3,
        smoothMonotone: 'x',
        // A single day has no line to draw: its point shows.
        showSymbol: days.length < 2,
        data: days.map((d) => d.sorties),
      },
    ],
  };
}

export interface RankItem {
  name: string;
  areaMu: number;
}

/** Horizontal bars, the first on top, each labelled with its area in the user's unit. */
export function areaRankingOption(
  items: readonly RankItem[],
  unit: AreaUnit,
  areaName: string,
  color = '#1677ff',
): EChartOption {
  return {
    color: [color],
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'value',
      axisLabel: { color: CHART_TEXT },
      splitLine: { lineStyle: { color: CHART_LINE } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((i) => i.name),
      axisLabel: { color: CHART_TEXT, width: 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: areaName,
        barMaxWidth: 16,
        itemStyle: { borderRadius: [0, 3, 3, 0] },
        label: { show: true, position: 'right', color: CHART_TEXT },
        data: items.map((i) => chartArea(i.areaMu, unit)),
      },
    ],
  };
}
