import { describe, expect, it } from 'vitest';
import { badgeStyle, rankingOption, rankLabel } from './ranking.ts';
import { BADGE, rankBadgeColor } from './theme.ts';

type Label = {
  formatter: (p: { dataIndex: number }) => string;
  rich?: Record<string, { backgroundColor?: string }>;
};
type Opt = {
  xAxis: { max: number };
  yAxis: { data: string[]; inverse: boolean };
  series: Array<{ data: number[]; label: Label }>;
};

describe('ranking chart', () => {
  const items = [
    { name: 'D-001', value: 1234.567 },
    { name: 'D-002', value: 900 },
    { name: 'D-003', value: 12 },
    { name: 'D-004', value: 3.5 },
  ];
  const o = rankingOption(items, (v) => `${v.toFixed(2)} 亩`) as unknown as Opt;
  const [track, bars] = o.series;

  it('lists the rows top down, bars against a full-width track carrying the values', () => {
    expect(o.yAxis.inverse).toBe(true);
    expect(o.yAxis.data).toEqual(['D-001', 'D-002', 'D-003', 'D-004']);
    expect(bars?.data).toEqual([1234.567, 900, 12, 3.5]);
    expect(track?.data).toEqual([1234.567, 1234.567, 1234.567, 1234.567]);
    expect(o.xAxis.max).toBe(1234.567);
    expect(track?.label.formatter({ dataIndex: 0 })).toBe('1234.57 亩');
    expect(track?.label.formatter({ dataIndex: 3 })).toBe('3.50 亩');
  });

  it('badges: first red, second and third yellow, the rest blue', () => {
    expect(bars?.label.formatter({ dataIndex: 0 })).toBe('{first|1} {name|D-001}');
    expect(bars?.label.formatter({ dataIndex: 1 })).toBe('{top3|2} {name|D-002}');
    expect(rankLabel('D-003', 2)).toBe('{top3|3} {name|D-003}');
    expect(rankLabel('D-004', 3)).toBe('{rest|4} {name|D-004}');
    expect(bars?.label.rich?.first?.backgroundColor).toBe(BADGE.first);
    expect(bars?.label.rich?.top3?.backgroundColor).toBe(BADGE.top3);
    expect(bars?.label.rich?.rest?.backgroundColor).toBe(BADGE.rest);
    expect([0, 1, 2, 3, 5].map(rankBadgeColor)).toEqual([
      BADGE.first,
      BADGE.top3,
      BADGE.top3,
      BADGE.rest,
      BADGE.rest,
    ]);
    expect(badgeStyle(5)).toBe('rest');
  });

  it('cuts long names so the value keeps the right end', () => {
    const label = bars?.label as unknown as { width: number; overflow: string };
    expect([label.width, label.overflow]).toEqual([130, 'truncate']);
  });

  it('an all-zero ranking still draws (no division by zero)', () => {
    const zero = rankingOption([{ name: 'x', value: 0 }], String) as unknown as Opt;
    expect(zero.xAxis.max).toBe(1);
  });
});
