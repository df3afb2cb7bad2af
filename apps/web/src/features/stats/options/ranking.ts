/**
 * A ranking (device or pilot area, 001 §2 panel 1): one row per entry, its badge and name above a
 * bar, its value at the right end. Badges: first red, second and third yellow, the rest blue. Pure.
 */
import type { EChartOption } from '../../../charts/EChart.tsx';
import { escapeHtml } from '../../../charts/escapeHtml.ts';
import { BADGE, DARK, type Format, tooltip } from './theme.ts';

export interface RankItem {
  name: string;
  value: number;
}

/** The rich-text style of a rank badge: first, second and third, or the rest. */
export const badgeStyle = (index: number) => (index === 0 ? 'first' : index <= 2 ? 'top3' : 'rest');

// No `align` in a rich fragment: it would move the fragment within the label's fixed width.
const badge = (color: string) => ({
  backgroundColor: color,
  color: '#fff',
  height: 16,
  lineHeight: 16,
  padding: [0, 5],
  borderRadius: 3,
  fontWeight: 'bold',
  fontSize: 11,
});

/** The badge and the name of row `index`, as rich text. */
export const rankLabel = (name: string, index: number) =>
  `{${badgeStyle(index)}|${index + 1}} {name|${name}}`;

/**
 * The first row on top; values labelled with `format` (2 decimals, scaled). Badge and name take at
 * most `labelWidth` px (longer names are cut with an ellipsis), leaving the right end to the value.
 */
export function rankingOption(items: readonly RankItem[], format: Format, labelWidth = 130): EChartOption {
  const max = Math.max(...items.map((i) => i.value), 0) || 1;
  const above = -18;
  return {
    animationDuration: 600,
    grid: { left: 2, right: 2, top: 20, bottom: 2 },
    tooltip: tooltip({
      trigger: 'item',
      formatter: (p: { dataIndex: number }) => {
        const item = items[p.dataIndex];
        return item ? `${escapeHtml(item.name)}: ${escapeHtml(format(item.value))}` : '';
      },
    }),
    xAxis: { type: 'value', show: false, max },
    yAxis: { type: 'category', inverse: true, show: false, data: items.map((i) => i.name) },
    series: [
      {
        // The track: full width, the value at its right end.
        type: 'bar',
        data: items.map(() => max),
        barWidth: 6,
        barGap: '-100%',
        silent: true,
        itemStyle: { color: 'rgba(86, 160, 230, 0.14)', borderRadius: 3 },
        label: {
          show: true,
          position: ['100%', above],
          align: 'right',
          color: DARK.strong,
          fontSize: 12,
          lineHeight: 16,
          formatter: (p: { dataIndex: number }) => format(items[p.dataIndex]?.value ?? 0),
        },
      },
      {
        type: 'bar',
        data: items.map((i) => i.value),
        barWidth: 6,
        itemStyle: {
          borderRadius: 3,
          color: {
            type: 'linear',
            x: 0,
            y: 0,
            x2: 1,
            y2: 0,
            colorStops: [
              { offset: 0, color: 'rgba(41, 208, 255, 0.25)' },
              { offset: 1, color: DARK.cyan },
            ],
          },
        },
        label: {
          show: true,
          position: [0, above],
          align: 'left',
          width: labelWidth,
          overflow: 'truncate',
          color: DARK.strong,
          formatter: (p: { dataIndex: number }) => rankLabel(items[p.dataIndex]?.name ?? '', p.dataIndex),
          rich: {
            first: badge(BADGE.first),
            top3: badge(BADGE.top3),
            rest: badge(BADGE.rest),
            name: { color: DARK.strong, fontSize: 12, lineHeight: 16, padding: [0, 0, 0, 4] },
          },
        },
      },
    ],
  };
}
