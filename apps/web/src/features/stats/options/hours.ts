/**
 * Area per hour of day (001 §2 panel 2): all time as one bar series, or this year with one stacked
 * series per month (xData hours '0'..'23', zData months '1'..'12'). Pure.
 */
import type { ChartSeries } from '@agrifleet/domain';
import type { EChartOption } from '../../../charts/EChart.tsx';
import { categoryAxis, DARK, type Format, tooltip, valueAxis } from './theme.ts';

export interface HourOptions {
  byMonth: boolean;
  /** mu -> the shown unit. */
  convert: (mu: number) => number;
  format: Format;
  hourLabel: (hour: string) => string;
  monthName: (month: string) => string;
}

export function hourOption(series: ChartSeries, o: HourOptions): EChartOption {
  const rows = o.byMonth ? series.yData : series.yData.slice(0, 1);
  const names = rows.map((_, i) => (o.byMonth ? o.monthName(series.zData[i] ?? String(i + 1)) : ''));
  return {
    color: [...DARK.palette, '#95de64', '#ffd666', '#adc6ff', '#ffadd2'],
    grid: { left: 8, right: 12, top: o.byMonth ? 30 : 14, bottom: 6, containLabel: true },
    legend: o.byMonth
      ? {
          type: 'scroll',
          top: 0,
          textStyle: { color: DARK.text },
          pageTextStyle: { color: DARK.text },
          data: names,
        }
      : undefined,
    tooltip: tooltip({ trigger: 'axis', valueFormatter: (v: number) => o.format(v) }),
    xAxis: categoryAxis(series.xData.map(o.hourLabel)),
    yAxis: valueAxis(),
    series: rows.map((values, i) => ({
      type: 'bar',
      name: names[i],
      stack: o.byMonth ? 'months' : undefined,
      barMaxWidth: 16,
      data: values.map(o.convert),
      itemStyle: o.byMonth ? undefined : { color: DARK.cyan, borderRadius: [3, 3, 0, 0] },
    })),
  };
}
