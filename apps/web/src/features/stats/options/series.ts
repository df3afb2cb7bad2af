/**
 * Area over time (001 §2 panel 3: caf and foreign area per period): bars or a line per series of
 * yData (named by zData), at most 20 categories in view. Pure.
 */
import type { ChartSeries } from '@agrifleet/domain';
import type { EChartOption } from '../../../charts/EChart.tsx';
import { categoryAxis, DARK, type Format, tooltip, valueAxis, xRange } from './theme.ts';

export interface AreaSeriesOptions {
  kind: 'bar' | 'line';
  convert: (mu: number) => number;
  format: Format;
}

export function areaSeriesOption(series: ChartSeries, o: AreaSeriesOptions): EChartOption {
  const zoom = xRange(series.xData.length);
  const many = series.yData.length > 1;
  return {
    color: [...DARK.palette],
    // A line starts and ends on the axis ends: room for half of the last date label, which
    // containLabel does not make.
    grid: {
      left: 8,
      right: o.kind === 'line' ? 36 : 16,
      top: many ? 30 : 16,
      bottom: zoom ? 22 : 6,
      containLabel: true,
    },
    legend: many ? { top: 0, textStyle: { color: DARK.text }, data: series.zData } : undefined,
    tooltip: tooltip({ trigger: 'axis', valueFormatter: (v: number) => o.format(v) }),
    dataZoom: zoom,
    xAxis: categoryAxis(series.xData, { boundaryGap: o.kind === 'bar' }),
    yAxis: valueAxis(),
    series: series.yData.map((values, i) => ({
      type: o.kind,
      name: series.zData[i] ?? '',
      data: values.map(o.convert),
      barMaxWidth: 18,
      smooth: 0.35,
      showSymbol: false,
      areaStyle:
        o.kind === 'line'
          ? {
              color: {
                type: 'linear',
                x: 0,
                y: 0,
                x2: 0,
                y2: 1,
                colorStops: [
                  { offset: 0, color: 'rgba(41, 208, 255, 0.45)' },
                  { offset: 1, color: 'rgba(41, 208, 255, 0.02)' },
                ],
              },
            }
          : undefined,
      itemStyle: o.kind === 'bar' ? { borderRadius: [3, 3, 0, 0] } : undefined,
    })),
  };
}
