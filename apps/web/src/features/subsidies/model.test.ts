import type { SubsidyStat, SubsidySummary } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import {
  deductionsText,
  doseText,
  doseVerdict,
  formatYuan,
  reasonChartOption,
  reasonRows,
  statChartOption,
  summaryCards,
  yuanOf,
} from './model.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const mu = { unit: 'mu' as const, unitLabel: 'mu', locale: 'en', t };
const acre = { unit: 'acre' as const, unitLabel: 'ac', locale: 'en', t };

type Any = {
  series: Array<{ name: string; data: number[]; type: string }>;
  xAxis: { data: string[] };
  yAxis: { data: string[] };
};

describe('subsidy figures', () => {
  it('turns fen into yuan to the cent', () => {
    expect(yuanOf(123_456)).toBe(1234.56);
    expect(formatYuan(123_456, 'en')).toBe('1,234.56');
    expect(formatYuan(5, 'en')).toBe('0.05');
  });

  it('builds the summary cards in the user unit', () => {
    const s: SubsidySummary = {
      year: 2026,
      subsidies: 3,
      operators: 2,
      sealed: 1,
      sortieCount: 40,
      monitoredMu: 100,
      qualifiedMu: 80,
      paidMu: 75,
      amountFen: 150_000,
      byReason: { overlap: 20, noRate: 5 },
    } as SubsidySummary;
    const cards = summaryCards(s, acre);
    expect(cards.map((c) => c.key)).toEqual([
      'subsidies',
      'operators',
      'sorties',
      'monitored',
      'qualified',
      'paid',
      'amount',
      'sealed',
    ]);
    expect(cards.find((c) => c.key === 'monitored')).toEqual({
      key: 'monitored',
      label: 'subsidies:card.monitored(ac)',
      value: '16.47',
    });
    expect(cards.find((c) => c.key === 'amount')?.value).toBe('1,500.00');
    expect(cards.find((c) => c.key === 'sorties')?.value).toBe('40');
  });

  it('lists the reasons with any area, largest first', () => {
    expect(reasonRows({ overlap: 2, noTrack: 0, noRate: 2, outsideRegion: 5 })).toEqual([
      { reason: 'outsideRegion', mu: 5 },
      { reason: 'overlap', mu: 2 },
      { reason: 'noRate', mu: 2 },
    ]);
    expect(reasonRows({})).toEqual([]);
  });

  it('judges and writes the dose against its range', () => {
    const range = { minLPerMu: 0.8, maxLPerMu: 1.5 };
    expect(doseVerdict({ doseLPerMu: 1, doseRange: range })).toBe('ok');
    expect(doseVerdict({ doseLPerMu: 0.5, doseRange: range })).toBe('low');
    expect(doseVerdict({ doseLPerMu: 2, doseRange: range })).toBe('high');
    expect(doseVerdict({ doseLPerMu: 2, doseRange: null })).toBeNull();
    expect(doseVerdict({ doseLPerMu: null, doseRange: range })).toBeNull();
    expect(doseText({ doseLPerMu: 1.2, doseRange: range }, mu)).toBe('1.20 L/mu (0.80–1.50)');
    expect(doseText({ doseLPerMu: null, doseRange: null }, mu)).toBe('');
    // 1 L/mu is about 6.07 L per acre.
    expect(doseText({ doseLPerMu: 1, doseRange: null }, acre)).toBe('6.07 L/ac');
  });

  it('writes the deductions with their translated reasons', () => {
    expect(
      deductionsText(
        {
          deductions: [
            { reason: 'overlap', mu: 0.5 },
            { reason: 'noRate', mu: 1 },
          ],
        },
        mu,
      ),
    ).toBe('subsidies:reason.overlap 0.50; subsidies:reason.noRate 1.00');
  });
});

describe('subsidy charts', () => {
  const stat: SubsidyStat = {
    records: [
      {
        region: 320901000,
        regionName: 'A',
        subsidies: 2,
        operators: 2,
        monitoredMu: 10,
        qualifiedMu: 8,
        paidMu: 6,
        amountFen: 6000,
      },
      {
        region: 320902000,
        regionName: 'B',
        subsidies: 1,
        operators: 1,
        monitoredMu: 3,
        qualifiedMu: 3,
        paidMu: 3,
        amountFen: 3000,
      },
    ],
  };
  it('shows the three areas per region and the amount in yuan', () => {
    const o = statChartOption(stat, mu) as unknown as Any;
    expect(o.xAxis.data).toEqual(['A', 'B']);
    expect(o.series.map((s) => s.name)).toEqual([
      'subsidies:area.monitored',
      'subsidies:area.qualified',
      'subsidies:area.paid',
      'subsidies:col.amount',
    ]);
    expect(o.series[0]?.data).toEqual([10, 3]);
    expect(o.series[3]?.data).toEqual([60, 30]);
    const inAcres = statChartOption(stat, acre) as unknown as Any;
    expect(inAcres.series[0]?.data).toEqual([1.65, 0.49]);
  });
  it('draws one bar per deduction reason, the largest on top', () => {
    const o = reasonChartOption({ overlap: 1, outsideRegion: 4 }, mu) as unknown as Any;
    expect(o.yAxis.data).toEqual(['subsidies:reason.overlap', 'subsidies:reason.outsideRegion']);
    expect(o.series[0]?.data).toEqual([1, 4]);
  });
});
