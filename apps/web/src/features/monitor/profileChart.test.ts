import type { OrbitPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { profileOption, timeAtMinutes } from './profileChart.ts';

const at = (s: number, height: number, xspeed: number): OrbitPoint => ({
  lng: 120,
  lat: 33,
  height,
  xspeed,
  recordTime: 1_795_000_000_000 + s * 1000,
  heading: 0,
  spray: true,
  flow: 1,
  battery: 80,
});
const points = [at(0, 0, 0), at(60, 3, 5), at(150, 2.5, 4)];
const labels = { height: '高度（米）', speed: '速度（米/秒）', minutes: '分钟' };

describe('height and speed chart', () => {
  it('plots both against minutes since take-off, labelled in the language given, with the playhead', () => {
    const o = profileOption(points, points[1]?.recordTime ?? 0, labels) as {
      xAxis: { max: number; axisLabel: { formatter: string } };
      series: Array<{ name: string; data: number[][]; markLine?: { data: Array<{ xAxis: number }> } }>;
    };
    expect(o.xAxis.max).toBe(2.5);
    expect(o.xAxis.axisLabel.formatter).toBe('{value} 分钟');
    expect(o.series.map((s) => s.name)).toEqual([labels.height, labels.speed]);
    expect(o.series[0]?.data).toEqual([
      [0, 0],
      [1, 3],
      [2.5, 2.5],
    ]);
    expect(o.series[1]?.data[1]).toEqual([1, 5]);
    expect(o.series[0]?.markLine?.data).toEqual([{ xAxis: 1 }]);
    expect(
      (profileOption(points, null, labels) as { series: Array<{ markLine?: unknown }> }).series[0]?.markLine,
    ).toBeUndefined();
  });

  it('turns a click on the chart back into a time', () => {
    expect(timeAtMinutes(points, 1.5)).toBe(1_795_000_000_000 + 90_000);
  });
});
