/**
 * Area per flight mode of one period (001 §2 panel 2): a ring; values divided by one scale for the
 * whole chart (万, or M in English, 001 §9). Pure.
 */
import type { ChartSeries } from '@agrifleet/domain';
import type { EChartOption } from '../../../charts/EChart.tsx';
import { escapeHtml } from '../../../charts/escapeHtml.ts';
import { DARK, type Format, pieLabel, tooltip } from './theme.ts';

export interface ModeOptions {
  /** Mode id (FLIGHT_MODES) -> its name. */
  name: (mode: string) => string;
  convert: (mu: number) => number;
  /** 10,000 or 1,000,000. */
  divisor: number;
  /** The divided value -> its label ('1.23万亩'). */
  format: Format;
}

/** The slices with area, in the server's order. */
export function modeSlices(series: ChartSeries, o: ModeOptions) {
  const values = series.yData[0] ?? [];
  return series.xData
    .map((mode, i) => ({ name: o.name(mode), value: o.convert(values[i] ?? 0) / o.divisor }))
    .filter((s) => s.value > 0);
}

export function modePieOption(series: ChartSeries, o: ModeOptions): EChartOption {
  return {
    color: [...DARK.palette],
    tooltip: tooltip({
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${escapeHtml(p.name)}: ${escapeHtml(o.format(p.value))} (${p.percent}%)`,
    }),
    // Wrapped onto a second row in a narrow panel (English at 1366 px) rather than paged: a paged
    // legend shows a cut name ('A') beside its arrows.
    legend: {
      bottom: 0,
      itemWidth: 14,
      itemHeight: 10,
      itemGap: 8,
      textStyle: { color: DARK.text },
    },
    series: [
      {
        type: 'pie',
        // Room on each side for a '29.1%' label in a narrow panel (the data screen at 1440 px).
        radius: ['32%', '52%'],
        percentPrecision: 1,
        center: ['50%', '45%'],
        itemStyle: { borderColor: '#04142f', borderWidth: 2 },
        label: pieLabel('{d}%'),
        labelLine: { length: 6, length2: 6 },
        data: modeSlices(series, o),
      },
    ],
  };
}
