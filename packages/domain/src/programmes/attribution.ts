/**
 * Which sorties count for a unified task: THE rule (issue 22 #2), used by the landing hook, the
 * re-attribution after an enrolment changes, the task's sortie list and the subsidies alike. A
 * sortie that does not count gets the first reason it fails, in this order, so an operator reads
 * why its work was left out:
 *
 * 1. `simulated`       flown in simulation mode (never counted anywhere);
 * 2. `notEnrolled`     the drone is not enrolled in the task;
 * 3. `outOfPeriod`     it took off before the task's first day, after its last, or after the task
 *                      was finished early or cancelled (taskStatus.ts);
 * 4. `outOfEnrolment`  it took off outside the enrolment's dataStartDate..dataEndDate;
 * 5. `outOfRegion`     its sprayed footprint is not in the task's region: the spraying centre's
 *                      county is not inside the task's administrative region, or, where the task
 *                      has a drawn polygon, less than REGION_MIN_SHARE of its sprayed area lies in it;
 * 6. `otherWorkType`   the task names a work type and the sortie's is another (or unknown);
 * 7. `otherCrop`       the task names a crop and the sortie's (reported, else its block's) is
 *                      another;
 *    `cropUnknown`     ... or the sortie has no crop at all.
 *
 * Times are the sortie's take-off; every period is half open [start, end). Pure.
 */

import { taskCountsUntil } from './taskStatus.ts';

/** A sortie whose sprayed area lies at least this much inside a task's polygon lies in it. */
export const REGION_MIN_SHARE = 0.5;

export const EXCLUSION_REASONS = [
  'simulated',
  'notEnrolled',
  'outOfPeriod',
  'outOfEnrolment',
  'outOfRegion',
  'otherWorkType',
  'otherCrop',
  'cropUnknown',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

export interface TaskTerms {
  /** Period: first instant of startDate, first instant after endDate (task's local days). */
  startMs: number;
  endMs: number;
  /** When the task was finished early or cancelled (null: not closed). */
  closedAtMs: number | null;
  /** Administrative region, a 9-digit code (country x 1,000,000 + national code). */
  regionCode: number;
  /** Whether the task also has a drawn polygon (then SortieFacts.insideShare is its measure). */
  hasPolygon: boolean;
  workType: number | null;
  cropId: number | null;
}

export interface EnrolmentTerms {
  /** dataStartDate's first instant and the first instant after dataEndDate, ms. */
  startMs: number;
  endMs: number;
}

export interface SortieFacts {
  startMs: number;
  simulated: boolean;
  /** Finest region code of the spraying centre (county, else city, province, country). */
  regionCode: number | null;
  /** Share (0..1) of the sprayed area inside the task's polygon; null when the task has none. */
  insideShare: number | null;
  workType: number | null;
  /** The crop the drone reported, else its block's, else null. */
  cropId: number | null;
}

export type Attribution = { counted: true } | { counted: false; reason: ExclusionReason };

/** The codes below a 9-digit region code, as an inclusive range (province 156320000: 156320000-156329999). */
export function regionCodeRange(code: number): [number, number] {
  const national = code % 1_000_000;
  const span = national === 0 ? 1_000_000 : national % 10_000 === 0 ? 10_000 : national % 100 === 0 ? 100 : 1;
  return [code, code + span - 1];
}

/** Whether region `inner` lies inside region `outer` (or is it). */
export function regionContains(outer: number, inner: number): boolean {
  const [lo, hi] = regionCodeRange(outer);
  return inner >= lo && inner <= hi;
}

/** Whether a sortie counts for a task, and if not, why. `enrolment` null: the drone is not enrolled. */
export function attributeSortie(
  task: TaskTerms,
  enrolment: EnrolmentTerms | null,
  s: SortieFacts,
): Attribution {
  const no = (reason: ExclusionReason): Attribution => ({ counted: false, reason });
  if (s.simulated) return no('simulated');
  if (!enrolment) return no('notEnrolled');
  const until = taskCountsUntil(task);
  if (s.startMs < task.startMs || s.startMs >= until) return no('outOfPeriod');
  if (s.startMs < enrolment.startMs || s.startMs >= enrolment.endMs) return no('outOfEnrolment');
  if (s.regionCode == null || !regionContains(task.regionCode, s.regionCode)) return no('outOfRegion');
  if (task.hasPolygon && (s.insideShare ?? 0) < REGION_MIN_SHARE) return no('outOfRegion');
  if (task.workType != null && s.workType !== task.workType) return no('otherWorkType');
  if (task.cropId != null) {
    if (s.cropId == null) return no('cropUnknown');
    if (s.cropId !== task.cropId) return no('otherCrop');
  }
  return { counted: true };
}
