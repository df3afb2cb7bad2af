/**
 * Issue 20, finding 15: chart tooltips put pilot and drone names in as raw HTML. Every tooltip
 * formatter that builds HTML from data escapes it (escapeHtml); a hostile name comes out as text.
 */
import { describe, expect, it } from 'vitest';
import type { DetailModel } from '../features/datastat/detailModel.ts';
import { pieChartOption } from '../features/datastat/options.ts';
import { modePieOption } from '../features/stats/options/modes.ts';
import { format } from '../features/stats/options/optionTesting.ts';
import { rankingOption } from '../features/stats/options/ranking.ts';
import { domesticPieOption } from '../features/stats/options/regions.ts';
import { escapeHtml } from './escapeHtml.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';
const SAFE = '&lt;img src=x onerror=alert(1)&gt;';
type Tip = { tooltip: { formatter: (p: Record<string, unknown>) => string } };
const tipOf = (o: unknown) => (o as Tip).tooltip.formatter;

/** The tooltip HTML as a browser reads it: no element may come out of it. */
function elementsIn(html: string): number {
  return (html.match(/<[a-z!/]/gi) ?? []).length;
}

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters and leaves the rest', () => {
    expect(escapeHtml(HOSTILE)).toBe(SAFE);
    expect(escapeHtml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &#39;b&#39;');
    expect(escapeHtml('赵强 D-001')).toBe('赵强 D-001');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(12.5)).toBe('12.5');
  });
});

describe('tooltips with a hostile name show it as text', () => {
  it('pilot / drone ranking', () => {
    const o = rankingOption([{ name: HOSTILE, value: 12 }], format);
    const html = tipOf(o)({ dataIndex: 0 });
    expect(html).toBe(`${SAFE}: 12.00`);
    expect(elementsIn(html)).toBe(0);
  });

  it('flight modes ring', () => {
    const o = modePieOption(
      { xData: ['manual'], yData: [[10]], zData: ['area'] },
      { name: () => HOSTILE, convert: (v) => v, divisor: 1, format },
    );
    const html = tipOf(o)({ name: HOSTILE, value: 10, percent: 100 });
    expect(html).toBe(`${SAFE}: 10.00 (100%)`);
  });

  it('domestic / overseas ring', () => {
    const o = domesticPieOption(
      { domestic: 1, foreign: 1 },
      { labels: [HOSTILE, 'b'], selected: 0, convert: (v) => v, format },
    );
    const html = tipOf(o)({ name: HOSTILE, value: 1, percent: 50 });
    expect(elementsIn(html)).toBe(0);
    expect(html).toContain(SAFE);
  });

  it('stat item pie (datastat): the name and the unit', () => {
    const model: DetailModel = {
      kind: 'pie',
      categories: [HOSTILE],
      categoryOthers: [false],
      series: [{ key: 'area', name: HOSTILE, values: [3], others: false }],
      unit: '<b>mu</b>',
      decimals: 2,
      time: false,
      additive: true,
      rows: [],
      totals: null,
      empty: false,
    };
    const html = tipOf(pieChartOption(model, { format: (v) => v.toFixed(2) }))({
      name: HOSTILE,
      value: 3,
      percent: 100,
    });
    expect(html).toBe(`${SAFE}: 3.00 &lt;b&gt;mu&lt;/b&gt; (100%)`);
    expect(elementsIn(html)).toBe(0);
  });
});
