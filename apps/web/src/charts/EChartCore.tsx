/**
 * The ECharts implementation behind EChart.tsx (loaded lazily from there: 590 kB that a page should
 * not wait for before it renders and asks for its data). Tree-shaken (only the charts and components registered here are in
 * the bundle; import from echarts-for-react/esm/core, see ARCHITECTURE "Known pitfalls"). Option
 * builders are pure functions next to the features that use them.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { CSSProperties } from 'react';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type EChartOption = echarts.EChartsCoreOption;

export default function EChartCore({
  option,
  style,
  onClick,
  notMerge = false,
  devicePixelRatio,
}: {
  option: EChartOption;
  style?: CSSProperties;
  onClick?: (params: { dataIndex: number; value: unknown }) => void;
  /** Replace the whole option on change (charts whose series or zoom come and go). */
  notMerge?: boolean;
  /** The canvas's pixels per CSS px (a chart drawn small and scaled up stays sharp); the window's by default. */
  devicePixelRatio?: number;
}) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      style={style}
      opts={devicePixelRatio ? { devicePixelRatio } : undefined}
      notMerge={notMerge}
      lazyUpdate
      onEvents={onClick ? { click: onClick } : undefined}
    />
  );
}
