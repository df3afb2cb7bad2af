/**
 * Dose compliance at landing (issue 22 #4, oddType 2 rule `dose`): a sortie flown for a unified
 * task that names a medicine is judged against the medicine's registered range per mu
 * (programmes/dose.ts `doseVerdict`: 10 % tolerance, sorties under half a mu unjudged). The task
 * is one whose enrolment and period contain the sortie's take-off and whose region holds its
 * spraying centre, as programmes/attribution.ts decides; where the task has a drawn boundary, the
 * centre must lie inside it too (the share of spray the attribution measures on the track is not
 * at hand at landing; the centre inside is that share's majority for a sortie of one field). A
 * sortie no such task holds is judged against the medicine its block names (the smallest block
 * holding its spraying centre, as the rollups assign blocks). Pure: `doseHook.ts` loads both.
 */
import {
  appliedDose,
  attributeSortie,
  type DoseRange,
  doseVerdict,
  type EnrolmentTerms,
  type LngLat,
  type PolygonGeometry,
  pointInRing,
  type TaskTerms,
} from '@agrifleet/domain';
import type { SortieAnomaly } from './sortieRules.ts';

/** A task the sortie's drone is enrolled in that names a medicine, with that medicine's range. */
export interface DoseTask extends DoseRange {
  tftzId: number;
  medId: number;
  task: Pick<TaskTerms, 'startMs' | 'endMs' | 'closedAtMs' | 'regionCode'> & {
    /** The task's drawn boundary, if any. */
    polygon: PolygonGeometry | null;
  };
  enrolment: EnrolmentTerms;
}

export interface DoseSortie {
  startMs: number;
  simulated: boolean;
  /** Finest region code of the spraying centre. */
  regionCode: number | null;
  volumeL: number;
  areaMu: number;
  /** The spraying centre. */
  centre: LngLat;
  /** Where the anomaly is placed: the landing point. */
  end: { time: number; lng: number; lat: number };
}

/** Whether a point lies in a polygon (outer ring, not in a hole). */
function inPolygon(p: LngLat, poly: PolygonGeometry): boolean {
  const [outer, ...holes] = poly.coordinates as LngLat[][];
  return !!outer && pointInRing(p, outer) && !holes.some((h) => pointInRing(p, h));
}

/** The block a sortie's spraying centre lies in, naming a medicine, with that medicine's range. */
export interface DoseBlock extends DoseRange {
  blockId: number;
  medId: number;
}

/**
 * The dose anomaly of a sortie, judged for the first task (lowest id) it lies in by period,
 * enrolment and region, else for the medicine its block names; null when neither names one, it is
 * unjudged or within range. Work type and crop do not matter here: a wrong crop is its own anomaly
 * (oddType 3), the dose is the medicine's.
 */
export function doseRule(
  s: DoseSortie,
  tasks: readonly DoseTask[],
  block: DoseBlock | null = null,
): SortieAnomaly | null {
  const fits = [...tasks]
    .sort((a, b) => a.tftzId - b.tftzId)
    .find(
      (t) =>
        attributeSortie(
          { ...t.task, hasPolygon: !!t.task.polygon, workType: null, cropId: null },
          t.enrolment,
          {
            startMs: s.startMs,
            simulated: s.simulated,
            regionCode: s.regionCode,
            insideShare: t.task.polygon ? Number(inPolygon(s.centre, t.task.polygon)) : null,
            workType: null,
            cropId: null,
          },
        ).counted,
    );
  const judge = fits ?? block;
  if (!judge) return null;
  const verdict = doseVerdict(s.volumeL, s.areaMu, judge);
  if (verdict !== 'low' && verdict !== 'high') return null;
  return {
    oddType: 2,
    time: s.end.time,
    lng: s.end.lng,
    lat: s.end.lat,
    detail: {
      rule: 'dose',
      verdict,
      doseLPerMu: appliedDose(s.volumeL, s.areaMu),
      minLPerMu: judge.minLPerMu,
      maxLPerMu: judge.maxLPerMu,
      medId: judge.medId,
      ...(fits ? { tftzId: fits.tftzId } : { blockId: (judge as DoseBlock).blockId }),
    },
  };
}
