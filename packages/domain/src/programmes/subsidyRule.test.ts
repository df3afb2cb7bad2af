import { describe, expect, it } from 'vitest';
import { regionContains } from './attribution.ts';
import {
  computeSubsidy,
  DEDUCTION_REASONS,
  pickRate,
  qualifyLine,
  type RateRow,
  roundMu,
  type SortieEvidence,
} from './subsidyRule.ts';

const ev = (over: Partial<SortieEvidence> = {}): SortieEvidence => ({
  sortieId: 1,
  startMs: 0,
  monitoredMu: 10,
  hasTrack: true,
  noFly: false,
  anomalies: [],
  dose: 'ok',
  outsideRegionMu: 0,
  outsideBlockMu: 0,
  overlapMu: 0,
  spotCheck: null,
  rateFen: 1000,
  ...over,
});

describe('qualifyLine', () => {
  it('pays sound work whole', () => {
    expect(qualifyLine(ev())).toMatchObject({ monitoredMu: 10, qualifiedMu: 10, paidMu: 10, deductions: [] });
  });

  it('takes the whole sortie for the first whole-sortie reason only', () => {
    for (const [over, reason] of [
      [{ hasTrack: false }, 'noTrack'],
      [{ noFly: true }, 'noFly'],
      [{ anomalies: [3] }, 'wrongCrop'],
      [{ anomalies: [5] }, 'wrongAcreage'],
      [{ dose: 'high' as const }, 'doseOutOfRange'],
      [{ dose: 'low' as const }, 'doseOutOfRange'],
    ] as const) {
      const l = qualifyLine(ev({ ...over, outsideRegionMu: 3 }));
      expect(l.deductions).toEqual([{ reason, mu: 10 }]);
      expect(l.qualifiedMu).toBe(0);
      expect(l.paidMu).toBe(0);
    }
    expect(qualifyLine(ev({ hasTrack: false, noFly: true })).deductions).toEqual([
      { reason: 'noTrack', mu: 10 },
    ]);
    expect(qualifyLine(ev({ dose: 'unjudged' })).paidMu).toBe(10);
  });

  it('takes partial areas in order, never more than is left', () => {
    const l = qualifyLine(ev({ outsideRegionMu: 2, outsideBlockMu: 3, overlapMu: 7 }));
    expect(l.deductions).toEqual([
      { reason: 'outsideRegion', mu: 2 },
      { reason: 'outsideBlock', mu: 3 },
      { reason: 'overlap', mu: 5 },
    ]);
    expect(l.qualifiedMu).toBe(0);
    expect(l.deductions.reduce((s, d) => s + d.mu, 0)).toBe(10);
  });

  it('takes the overlap outside the block once: it is outsideBlock already', () => {
    // 4 mu outside the block, 5 mu sprayed again, 3 of them outside the block: 4 + 2 unpaid.
    const l = qualifyLine(ev({ outsideBlockMu: 4, overlapMu: 5, overlapOutsideBlockMu: 3 }));
    expect(l.deductions).toEqual([
      { reason: 'outsideBlock', mu: 4 },
      { reason: 'overlap', mu: 2 },
    ]);
    expect(l).toMatchObject({ monitoredMu: 10, qualifiedMu: 4, paidMu: 4 });
    // All of the overlap outside the block: no overlap deduction at all.
    const o = qualifyLine(ev({ outsideBlockMu: 5, overlapMu: 5, overlapOutsideBlockMu: 5 }));
    expect(o.deductions).toEqual([{ reason: 'outsideBlock', mu: 5 }]);
    expect(o.paidMu).toBe(5);
    // Every unpaid mu has one reason; monitored >= qualified >= paid.
    for (const x of [l, o]) {
      expect(roundMu(x.paidMu + x.deductions.reduce((s, d) => s + d.mu, 0))).toBe(x.monitoredMu);
      expect(x.monitoredMu).toBeGreaterThanOrEqual(x.qualifiedMu);
      expect(x.qualifiedMu).toBeGreaterThanOrEqual(x.paidMu);
    }
  });

  it('takes the part outside both the region and the block once, as outsideRegion', () => {
    const l = qualifyLine(ev({ outsideRegionMu: 3, outsideBlockMu: 4, outsideRegionAndBlockMu: 2.5 }));
    expect(l.deductions).toEqual([
      { reason: 'outsideRegion', mu: 3 },
      { reason: 'outsideBlock', mu: 1.5 },
    ]);
    expect(l).toMatchObject({ qualifiedMu: 5.5, paidMu: 5.5 });
  });

  it('gives evidence of rule version 2 (no overlapOutsideBlockMu, outsideRegionAndBlockMu) the figures it was sealed with', () => {
    // Its overlap was measured inside the block only: taken whole after outsideBlock.
    const l = qualifyLine(ev({ outsideRegionMu: 1, outsideBlockMu: 4, overlapMu: 3 }));
    expect(l.deductions).toEqual([
      { reason: 'outsideRegion', mu: 1 },
      { reason: 'outsideBlock', mu: 4 },
      { reason: 'overlap', mu: 3 },
    ]);
    expect(l.paidMu).toBe(2);
  });

  it('takes failed spot checks and missing rates off the paid area, not the qualified', () => {
    const f = qualifyLine(ev({ spotCheck: 'failed', overlapMu: 1 }));
    expect(f).toMatchObject({ qualifiedMu: 9, paidMu: 0 });
    expect(f.deductions.at(-1)).toEqual({ reason: 'spotCheckFailed', mu: 9 });
    const n = qualifyLine(ev({ rateFen: null }));
    expect(n).toMatchObject({ qualifiedMu: 10, paidMu: 0, deductions: [{ reason: 'noRate', mu: 10 }] });
    expect(qualifyLine(ev({ spotCheck: 'passed' })).paidMu).toBe(10);
  });

  it('keeps areas to 0.0001 mu', () => {
    const l = qualifyLine(ev({ monitoredMu: 1.234567, outsideRegionMu: 0.11111 }));
    expect(l.monitoredMu).toBe(1.2346);
    expect(l.qualifiedMu).toBe(roundMu(1.2346 - 0.1111));
  });
});

describe('computeSubsidy', () => {
  it('orders by take-off, applies the quota in that order and sums to the cent', () => {
    const lines = [
      ev({ sortieId: 3, startMs: 300, monitoredMu: 4 }),
      ev({ sortieId: 1, startMs: 100, monitoredMu: 4.3333, rateFen: 1234 }),
      ev({ sortieId: 2, startMs: 100, monitoredMu: 4, overlapMu: 1 }),
    ];
    const f = computeSubsidy(lines, 9);
    expect(f.lines.map((l) => l.sortieId)).toEqual([1, 2, 3]);
    expect(f.lines.map((l) => l.paidMu)).toEqual([4.3333, 3, 1.6667]);
    expect(f.lines[2]?.deductions).toEqual([{ reason: 'overQuota', mu: 2.3333 }]);
    expect(f.lines[0]?.amountFen).toBe(Math.round(4.3333 * 1234));
    expect(f.amountFen).toBe(f.lines.reduce((s, l) => s + l.amountFen, 0));
    expect(f).toMatchObject({ monitoredMu: 12.3333, qualifiedMu: 11.3333, paidMu: 9 });
    expect(f.byReason).toMatchObject({ overlap: 1, overQuota: 2.3333 });
    expect(Object.keys(f.byReason).sort()).toEqual([...DEDUCTION_REASONS].sort());
    // Every mu is accounted for.
    expect(roundMu(f.paidMu + Object.values(f.byReason).reduce((s, v) => s + v, 0))).toBe(f.monitoredMu);
  });

  it('gives the same figures whatever order the evidence comes in', () => {
    const lines = Array.from({ length: 200 }, (_, i) =>
      ev({
        sortieId: i + 1,
        startMs: (i * 7919) % 1000,
        monitoredMu: 1 + (i % 13) / 7,
        overlapMu: (i % 5) / 10,
      }),
    );
    const a = computeSubsidy(lines, 150);
    const b = computeSubsidy([...lines].reverse(), 150);
    expect(b).toEqual(a);
  });
});

describe('pickRate', () => {
  const rows: RateRow[] = [
    { regionCode: 156320000, cropId: null, terrain: 'plain', fenPerMu: 1000 },
    { regionCode: 156320000, cropId: 1, terrain: 'plain', fenPerMu: 1100 },
    { regionCode: 156320900, cropId: null, terrain: 'plain', fenPerMu: 1200 },
    { regionCode: 156320000, cropId: null, terrain: 'hill', fenPerMu: 1500 },
  ];
  const pick = (region: number | null, crop: number | null, hills: number[] = []) =>
    pickRate(rows, region, crop, hills, regionContains)?.fenPerMu ?? null;

  it('takes the most specific region, then the row naming the crop', () => {
    expect(pick(156320102, null)).toBe(1000);
    expect(pick(156320102, 1)).toBe(1100);
    expect(pick(156320923, 1)).toBe(1200);
    expect(pick(156330102, null)).toBeNull();
    expect(pick(null, null)).toBeNull();
  });

  it('takes the hill rate in a hill region', () => {
    expect(pick(156320923, null, [156320900])).toBe(1500);
    expect(pick(156320102, null, [156320900])).toBe(1000);
  });
});
