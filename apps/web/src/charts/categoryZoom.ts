/**
 * The zoom of a category x axis with more categories than a chart shows at once (001 §9 "Max chart
 * X range 20"): that many in view, the first ones or the latest (a time axis), the wheel moving them
 * sideways (not zooming past the range) and a slider under the chart styled by the caller.
 */
import { LIMITS } from '@agrifleet/domain';

export const MAX_X_RANGE = LIMITS.maxChartXRange;

export function categoryZoom(count: number, o: { latest: boolean; slider?: Record<string, unknown> }) {
  if (count <= MAX_X_RANGE) return undefined;
  const startValue = o.latest ? count - MAX_X_RANGE : 0;
  const window = { startValue, endValue: startValue + MAX_X_RANGE - 1, maxValueSpan: MAX_X_RANGE - 1 };
  return [
    { type: 'inside', xAxisIndex: 0, ...window, zoomOnMouseWheel: false, moveOnMouseWheel: true },
    { type: 'slider', xAxisIndex: 0, ...window, showDetail: false, brushSelect: false, ...o.slider },
  ];
}
