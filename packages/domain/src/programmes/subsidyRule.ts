/**
 * Operation subsidies paid on evidence (issue 22 #3), after the deep-tillage model counties run
 * ("智能监控、人工抽检；定额补助、先干后补"): every sortie of a programme has three areas, each
 * smaller or equal to the one before, and every mu between them has a stated reason.
 *
 *   monitored  the sprayed area the console measured from the track (sorties.area_mu);
 *   qualified  monitored less what the evidence does not support:
 *                noTrack         no track kept: nothing can be shown, nothing qualifies;
 *                noFly           the sortie entered a no-fly zone (anomaly 1): none of it;
 *                wrongCrop       anomaly 3 (sprayed another crop than its field's): none of it;
 *                wrongAcreage    anomaly 5 (reported area far from the measured): none of it;
 *                doseOutOfRange  applied L/mu outside the medicine's registered range: none of it;
 *                outsideRegion   the part sprayed outside the programme's region;
 *                outsideBlock    the part sprayed outside the sortie's block (when it has one), less
 *                                the part outside the region too (outsideRegion already);
 *                overlap         the part an earlier sortie of the operator already sprayed (within
 *                                the 7 days before, on ground it could be paid for), less the part
 *                                of it outside the block: that part is outsideBlock already, and
 *                                no square metre is deducted twice;
 *   paid       qualified less:
 *                spotCheckFailed a field inspection of the sortie found the work not done: none of it;
 *                noRate          no rate of the rate table applies (region, crop): none of it;
 *                overQuota       beyond the programme's quota per operator (in take-off order).
 *
 * Amounts are in fen (0.01 yuan) per sortie, rounded half up from paid mu x rate; the subsidy is
 * their sum, so recomputing the same evidence gives the same figure to the cent. Pure.
 */
import type { DoseVerdict } from './dose.ts';

export const DEDUCTION_REASONS = [
  'noTrack',
  'noFly',
  'wrongCrop',
  'wrongAcreage',
  'doseOutOfRange',
  'outsideRegion',
  'outsideBlock',
  'overlap',
  'spotCheckFailed',
  'noRate',
  'overQuota',
] as const;
export type DeductionReason = (typeof DEDUCTION_REASONS)[number];

/** Terrain class of a rate: plain (平原) or hill (丘陵山区, the counties a rate table lists). */
export const TERRAIN_CLASSES = ['plain', 'hill'] as const;
export type TerrainClass = (typeof TERRAIN_CLASSES)[number];

/** Areas are kept to 0.0001 mu (about 0.07 m²). */
export const roundMu = (mu: number) => Math.round(mu * 10_000) / 10_000;

export interface SortieEvidence {
  sortieId: number;
  startMs: number;
  monitoredMu: number;
  hasTrack: boolean;
  /** Entered a no-fly zone during the sortie (anomaly 1). */
  noFly: boolean;
  /** oddTypes of the sortie's other anomalies (3 and 5 matter here). */
  anomalies: readonly number[];
  dose: DoseVerdict;
  /** Sprayed area outside the programme's region, mu. */
  outsideRegionMu: number;
  /** Sprayed area outside the sortie's block, mu (0 with no block). */
  outsideBlockMu: number;
  /**
   * The part of outsideBlockMu outside the region too, mu: also in outsideRegionMu, so the
   * outsideBlock deduction leaves it out. Absent in evidence of subsidyRule/2 and before: 0.
   */
  outsideRegionAndBlockMu?: number;
  /** Area an earlier sortie of the same operator in the programme already sprayed, mu. */
  overlapMu: number;
  /**
   * The part of overlapMu outside the sortie's block, mu: also in outsideBlockMu, so the overlap
   * deduction leaves it out. Absent in evidence of subsidyRule/2 and before (their overlap was
   * measured inside the block only): 0.
   */
  overlapOutsideBlockMu?: number;
  spotCheck: 'passed' | 'failed' | null;
  /** The rate that applies, fen per mu (null: none does). */
  rateFen: number | null;
}

export interface Deduction {
  reason: DeductionReason;
  mu: number;
}

export interface SubsidyLine {
  sortieId: number;
  monitoredMu: number;
  qualifiedMu: number;
  paidMu: number;
  amountFen: number;
  deductions: Deduction[];
}

const WHOLE: ReadonlyArray<[DeductionReason, (e: SortieEvidence) => boolean]> = [
  ['noTrack', (e) => !e.hasTrack],
  ['noFly', (e) => e.noFly],
  ['wrongCrop', (e) => e.anomalies.includes(3)],
  ['wrongAcreage', (e) => e.anomalies.includes(5)],
  ['doseOutOfRange', (e) => e.dose === 'low' || e.dose === 'high'],
];

/** One sortie's line before the quota (which needs the sorties before it). */
export function qualifyLine(e: SortieEvidence): SubsidyLine {
  const monitoredMu = roundMu(e.monitoredMu);
  const deductions: Deduction[] = [];
  let left = monitoredMu;
  const take = (reason: DeductionReason, mu: number) => {
    const d = roundMu(Math.min(left, Math.max(0, mu)));
    if (d <= 0) return;
    deductions.push({ reason, mu: d });
    left = roundMu(left - d);
  };
  const whole = WHOLE.find(([, applies]) => applies(e));
  if (whole) take(whole[0], left);
  take('outsideRegion', e.outsideRegionMu);
  take('outsideBlock', e.outsideBlockMu - (e.outsideRegionAndBlockMu ?? 0));
  take('overlap', e.overlapMu - (e.overlapOutsideBlockMu ?? 0));
  const qualifiedMu = left;
  if (e.spotCheck === 'failed') take('spotCheckFailed', left);
  if (e.rateFen == null) take('noRate', left);
  return { sortieId: e.sortieId, monitoredMu, qualifiedMu, paidMu: left, amountFen: 0, deductions };
}

export interface SubsidyFigures {
  lines: SubsidyLine[];
  monitoredMu: number;
  qualifiedMu: number;
  paidMu: number;
  amountFen: number;
  /** Deducted mu by reason (every reason present, 0 when none). */
  byReason: Record<DeductionReason, number>;
}

/**
 * The subsidy of one operator in one programme: its sorties' lines in take-off order (ties by id),
 * the quota applied to the paid area in that order, and the sums.
 */
export function computeSubsidy(evidence: readonly SortieEvidence[], quotaMu: number | null): SubsidyFigures {
  const ordered = [...evidence].sort((a, b) => a.startMs - b.startMs || a.sortieId - b.sortieId);
  let quotaLeft = quotaMu ?? Number.POSITIVE_INFINITY;
  const byReason = Object.fromEntries(DEDUCTION_REASONS.map((r) => [r, 0])) as Record<
    DeductionReason,
    number
  >;
  const totals = { monitoredMu: 0, qualifiedMu: 0, paidMu: 0, amountFen: 0 };
  const lines = ordered.map((e) => {
    const line = qualifyLine(e);
    if (line.paidMu > quotaLeft) {
      const over = roundMu(line.paidMu - Math.max(0, quotaLeft));
      line.deductions.push({ reason: 'overQuota', mu: over });
      line.paidMu = roundMu(line.paidMu - over);
    }
    quotaLeft = roundMu(quotaLeft - line.paidMu);
    line.amountFen = e.rateFen == null ? 0 : Math.round(line.paidMu * e.rateFen);
    for (const d of line.deductions) byReason[d.reason] = roundMu(byReason[d.reason] + d.mu);
    totals.monitoredMu = roundMu(totals.monitoredMu + line.monitoredMu);
    totals.qualifiedMu = roundMu(totals.qualifiedMu + line.qualifiedMu);
    totals.paidMu = roundMu(totals.paidMu + line.paidMu);
    totals.amountFen += line.amountFen;
    return line;
  });
  return { lines, ...totals, byReason };
}

/** A rate table row: fen per mu for a region (9-digit code), optionally one crop, and a terrain class. */
export interface RateRow {
  regionCode: number;
  cropId: number | null;
  terrain: TerrainClass;
  fenPerMu: number;
}

/**
 * The rate for a sortie: among rows of its terrain whose region contains the sortie's, the most
 * specific region wins, then a row naming the sortie's crop over one naming none.
 * `terrainOf`: hill when the sortie's county lies in a region the rate table lists as hilly.
 */
export function pickRate(
  rows: readonly RateRow[],
  sortieRegion: number | null,
  cropId: number | null,
  hillRegions: readonly number[],
  contains: (outer: number, inner: number) => boolean,
): RateRow | null {
  if (sortieRegion == null) return null;
  const terrain: TerrainClass = hillRegions.some((h) => contains(h, sortieRegion)) ? 'hill' : 'plain';
  let best: RateRow | null = null;
  const rank = (r: RateRow) => [regionDepth(r.regionCode), r.cropId != null ? 1 : 0] as const;
  for (const r of rows) {
    if (r.terrain !== terrain || !contains(r.regionCode, sortieRegion)) continue;
    if (r.cropId != null && r.cropId !== cropId) continue;
    if (!best) best = r;
    else {
      const [a, b] = [rank(r), rank(best)];
      if (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])) best = r;
    }
  }
  return best;
}

/** 0 country, 1 province, 2 city, 3 county. */
function regionDepth(code: number): number {
  const n = code % 1_000_000;
  return n === 0 ? 0 : n % 10_000 === 0 ? 1 : n % 100 === 0 ? 2 : 3;
}
