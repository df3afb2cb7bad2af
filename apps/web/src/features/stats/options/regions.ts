/**
 * Regional area (001 §2 panel 4): bars per province or country, short names on the axis, in the
 * large variant without bars of 0 or below 0.9999 mu; and the domestic / overseas ring whose first
 * slice (domestic) is preselected. At most 20 regions in view. Pure.
 */
import { shortRegionName, visibleRegionBars } from '@agrifleet/domain';
import type { EChartOption } from '../../../charts/EChart.tsx';
import { escapeHtml } from '../../../charts/escapeHtml.ts';
import { categoryAxis, DARK, type Format, pieLabel, tooltip, valueAxis, xRange } from './theme.ts';

/** The bars of a region series (values in mu), shortened names; tiny ones dropped if asked. */
export function regionBars(series: { xData: string[]; yData: number[][] }, hideSmall: boolean) {
  const values = series.yData[0] ?? [];
  const bars = hideSmall
    ? visibleRegionBars(series.xData, values)
    : { names: [...series.xData], values: series.xData.map((_, i) => values[i] ?? 0) };
  return { names: bars.names.map(shortRegionName), values: bars.values };
}
export type RegionBars = ReturnType<typeof regionBars>;

export function regionBarOption(
  bars: RegionBars,
  o: { convert: (mu: number) => number; format: Format; color?: string },
): EChartOption {
  const zoom = xRange(bars.names.length, true);
  const color = o.color ?? DARK.cyan;
  return {
    grid: { left: 8, right: 12, top: 16, bottom: zoom ? 22 : 6, containLabel: true },
    tooltip: tooltip({ trigger: 'axis', valueFormatter: (v: number) => o.format(v) }),
    dataZoom: zoom,
    xAxis: categoryAxis(bars.names, {
      axisLabel: { color: DARK.text, interval: 0, rotate: bars.names.length > 8 ? 40 : 0 },
    }),
    yAxis: valueAxis(),
    series: [
      {
        type: 'bar',
        data: bars.values.map(o.convert),
        barMaxWidth: 22,
        itemStyle: {
          borderRadius: [3, 3, 0, 0],
          color: {
            type: 'linear',
            x: 0,
            y: 0,
            x2: 0,
            y2: 1,
            colorStops: [
              { offset: 0, color },
              { offset: 1, color: 'rgba(41, 120, 255, 0.25)' },
            ],
          },
        },
      },
    ],
  };
}

export const DOMESTIC = 0;
export const OVERSEAS = 1;

/** Domestic and overseas area of one period; `selected` is the slice whose bars show (domestic first). */
export function domesticPieOption(
  split: { domestic: number; foreign: number },
  o: { labels: [string, string]; selected: number; convert: (mu: number) => number; format: Format },
): EChartOption {
  const values = [split.domestic, split.foreign];
  return {
    color: [DARK.cyan, '#ffc53d'],
    tooltip: tooltip({
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${escapeHtml(p.name)}: ${escapeHtml(o.format(p.value))} (${p.percent}%)`,
    }),
    legend: { bottom: 0, textStyle: { color: DARK.text }, selectedMode: false },
    series: [
      {
        type: 'pie',
        // Small enough that the labels under the ring stay clear of the legend in a short panel
        // (the small variant at 1366 x 768).
        radius: ['30%', '48%'],
        center: ['50%', '42%'],
        percentPrecision: 1,
        selectedMode: 'single',
        selectedOffset: 8,
        itemStyle: { borderColor: '#04142f', borderWidth: 2 },
        label: pieLabel('{b}\n{d}%'),
        labelLine: { length: 8, length2: 8 },
        data: o.labels.map((name, i) => ({
          name,
          value: o.convert(values[i] ?? 0),
          selected: i === o.selected,
        })),
      },
    ],
  };
}
