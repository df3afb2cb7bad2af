/**
 * The app's chart: ECharts, loaded lazily (EChartCore.tsx, about 590 kB). A page that shows a chart
 * renders and asks for its data at once; the chart's code arrives alongside, showing a spinner of
 * the chart's size until then. Before issue 21 (point 7) every page with a chart, or with a chart in
 * a drawer (统计列表), waited for the whole of ECharts before its first render.
 */

import { Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { type CSSProperties, lazy, Suspense } from 'react';

export type EChartOption = EChartsCoreOption;

const EChartCore = lazy(() => import('./EChartCore.tsx'));

type Props = {
  option: EChartOption;
  style?: CSSProperties;
  onClick?: (params: { dataIndex: number; value: unknown }) => void;
  /** Replace the whole option on change (charts whose series or zoom come and go). */
  notMerge?: boolean;
  /** Draw at this pixel ratio (big screens scaled above 1920 x 1080 stay sharp). */
  devicePixelRatio?: number;
};

export function EChart(props: Props) {
  // echarts-for-react's default height, so the page does not move when the chart arrives.
  const fallback = (
    <div
      style={{ height: 300, ...props.style, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Spin />
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <EChartCore {...props} />
    </Suspense>
  );
}
