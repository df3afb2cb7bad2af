/** The height and speed chart of a sortie, with the playhead as a vertical line. Pure. */
import type { OrbitPoint } from '@agrifleet/domain';
import type { EChartOption } from '../../charts/EChart.tsx';

export function profileOption(
  points: readonly OrbitPoint[],
  playhead: number | null,
  labels: { height: string; speed: string; minutes: string },
): EChartOption {
  const t0 = points[0]?.recordTime ?? 0;
  const minutes = (t: number) => Math.round(((t - t0) / 60_000) * 100) / 100;
  return {
    animation: false,
    grid: { left: 40, right: 40, top: 28, bottom: 24 },
    legend: { top: 0, data: [labels.height, labels.speed] },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'value',
      min: 0,
      max: minutes(points.at(-1)?.recordTime ?? t0),
      axisLabel: { formatter: `{value} ${labels.minutes}` },
    },
    yAxis: [
      { type: 'value', name: 'm', splitLine: { show: false } },
      { type: 'value', name: 'm/s', splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.height,
        type: 'line',
        showSymbol: false,
        data: points.map((p) => [minutes(p.recordTime), p.height]),
        markLine:
          playhead === null
            ? undefined
            : {
                symbol: 'none',
                silent: true,
                animation: false,
                lineStyle: { color: '#f5222d' },
                data: [{ xAxis: minutes(playhead) }],
              },
      },
      {
        name: labels.speed,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: points.map((p) => [minutes(p.recordTime), p.xspeed]),
      },
    ],
  };
}

/** The time at a click on the chart (minutes since the first point). */
export function timeAtMinutes(points: readonly OrbitPoint[], minutes: number): number {
  return (points[0]?.recordTime ?? 0) + minutes * 60_000;
}
