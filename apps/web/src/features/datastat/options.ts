/**
 * ECharts options of a stat item's chart (showType bar, line or pie) from its detail model: one
 * series per dimension value (zData), at most 20 categories in view on a bar or line chart with the
 * rest to scroll to (001 §9 "Max chart X range 20"), "others" in grey. Pure: tested in options.test.ts.
 */
import type { EChartOption } from '../../charts/EChart.tsx';
import { escapeHtml } from '../../charts/escapeHtml.ts';
import type { DetailModel } from './detailModel.ts';

/** Most categories a bar or line chart shows at once (001 §9). */
export const MAX_X_RANGE = 20;

export const PALETTE = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#722ed1',
  '#f5222d',
  '#eb2f96',
  '#fa8c16',
  '#2f54eb',
  '#a0d911',
];
/** The colour of "others". */
export const OTHERS_COLOR = '#bfbfbf';
const TEXT = '#475569';
const LINE = '#e2e8f0';

export interface ChartLook {
  /** A value as text (the locale's digits and the model's decimals). */
  format: (value: number) => string;
}

/**
 * Zoom of a category axis with more than MAX_X_RANGE categories: that many in view (the first ones, or
 * the latest of a time axis), a slider under the chart and the wheel to move sideways.
 */
export function xZoom(count: number, latest: boolean) {
  if (count <= MAX_X_RANGE) return undefined;
  const startValue = latest ? count - MAX_X_RANGE : 0;
  const window = { startValue, endValue: startValue + MAX_X_RANGE - 1, maxValueSpan: MAX_X_RANGE - 1 };
  return [
    { type: 'inside', xAxisIndex: 0, ...window, zoomOnMouseWheel: false, moveOnMouseWheel: true },
    {
      type: 'slider',
      xAxisIndex: 0,
      ...window,
      height: 16,
      bottom: 8,
      showDetail: false,
      brushSelect: false,
    },
  ];
}

const seriesColor = (i: number, others: boolean) =>
  others ? OTHERS_COLOR : (PALETTE[i % PALETTE.length] as string);

/** A bar or line chart: categories on x, one series per dimension value (stacked bars when they add up). */
export function axisChartOption(model: DetailModel, look: ChartLook): EChartOption {
  const kind = model.kind === 'line' ? 'line' : 'bar';
  const zoom = xZoom(model.categories.length, model.time);
  const many = model.series.length > 1;
  const long = model.categories.some((c) => c.length > 8);
  return {
    color: model.series.map((s, i) => seriesColor(i, s.others)),
    grid: { left: 16, right: 24, top: many ? 48 : 32, bottom: zoom ? 40 : 12, containLabel: true },
    legend: many ? { type: 'scroll', top: 0, data: model.series.map((s) => s.name) } : undefined,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => look.format(v) },
    dataZoom: zoom,
    xAxis: {
      type: 'category',
      data: model.categories,
      boundaryGap: kind === 'bar',
      // Every category of the window named (at most MAX_X_RANGE), slanted when the names are long.
      axisLabel: { color: TEXT, interval: 0, rotate: long ? 40 : 0, hideOverlap: true },
      axisLine: { lineStyle: { color: LINE } },
      axisTick: { show: false },
    },
    yAxis: {
      type: 'value',
      name: model.unit,
      nameTextStyle: { color: TEXT },
      axisLabel: { color: TEXT },
      splitLine: { lineStyle: { color: LINE } },
    },
    series: model.series.map((s) => ({
      type: kind,
      name: s.name,
      data: kind === 'bar' ? s.values.map((v, i) => barPoint(v, model.categoryOthers[i] === true)) : s.values,
      stack: kind === 'bar' && many && model.additive ? 'total' : undefined,
      barMaxWidth: 36,
      showSymbol: kind === 'line' && model.categories.length <= 60,
      emphasis: { focus: 'series' },
    })),
  };
}

/** A bar of the "others" category of a single series is grey. */
const barPoint = (value: number, others: boolean) =>
  others ? { value, itemStyle: { color: OTHERS_COLOR } } : value;

/** A pie chart: one slice per category with a value above zero (a pie has one series). */
export function pieChartOption(model: DetailModel, look: ChartLook): EChartOption {
  const values = model.series[0]?.values ?? [];
  const slices = model.categories
    .map((name, i) => ({ name, value: values[i] ?? 0, others: model.categoryOthers[i] === true }))
    .filter((s) => s.value > 0);
  let coloured = 0;
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        escapeHtml(`${p.name}: ${look.format(p.value)}${model.unit ? ` ${model.unit}` : ''} (${p.percent}%)`),
    },
    legend: { type: 'scroll', orient: 'vertical', right: 8, top: 'middle', textStyle: { color: TEXT } },
    series: [
      {
        type: 'pie',
        name: model.series[0]?.name ?? '',
        radius: ['38%', '68%'],
        center: ['40%', '52%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}: {d}%', color: TEXT },
        data: slices.map((s) => ({
          name: s.name,
          value: s.value,
          itemStyle: { color: s.others ? OTHERS_COLOR : seriesColor(coloured++, false) },
        })),
      },
    ],
  };
}

/** The chart of a model (bar, line or pie); a table model has none. */
export function chartOption(model: DetailModel, look: ChartLook): EChartOption | null {
  if (model.kind === 'table') return null;
  return model.kind === 'pie' ? pieChartOption(model, look) : axisChartOption(model, look);
}
