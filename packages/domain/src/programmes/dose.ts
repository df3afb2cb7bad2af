/**
 * Dose compliance (issue 22 #4). A pesticide registered for drone application names the spray
 * liquid per mu it may be applied at (e.g. 1.0-2.0 L/亩); a sortie's applied dose is its sprayed
 * volume over its sprayed area. A sortie outside its medicine's range raises an anomaly (oddType 2,
 * spraying anomaly, rule `dose`), and its area is not paid (subsidyRule.ts `doseOutOfRange`).
 *
 * A tolerance keeps measuring noise (flow meter, swath) from flagging sound work: the range is
 * widened by DOSE_TOLERANCE on each side. Sorties under DOSE_MIN_AREA_MU are not judged (a test
 * spray of a few square metres says nothing of the dose). Pure.
 */

export const DOSE_TOLERANCE = 0.1;
export const DOSE_MIN_AREA_MU = 0.5;

export interface DoseRange {
  minLPerMu: number;
  maxLPerMu: number;
}

/** Litres per mu, rounded to 0.001 L; null when nothing was sprayed over any area. */
export function appliedDose(volumeL: number, areaMu: number): number | null {
  if (!(areaMu > 0)) return null;
  return Math.round((volumeL / areaMu) * 1000) / 1000;
}

export type DoseVerdict = 'ok' | 'low' | 'high' | 'unjudged';

export function doseVerdict(volumeL: number, areaMu: number, range: DoseRange | null): DoseVerdict {
  if (!range || !(areaMu >= DOSE_MIN_AREA_MU)) return 'unjudged';
  const dose = appliedDose(volumeL, areaMu);
  if (dose == null) return 'unjudged';
  if (dose < range.minLPerMu * (1 - DOSE_TOLERANCE)) return 'low';
  if (dose > range.maxLPerMu * (1 + DOSE_TOLERANCE)) return 'high';
  return 'ok';
}
