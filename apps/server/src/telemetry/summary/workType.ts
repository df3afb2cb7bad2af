/**
 * A sortie's work type (oper/worktypes id: 1 spraying, 2 spreading; issue 22): the one its points
 * report most often, else spraying when it sprayed a volume, else unknown (null). Stored at landing
 * in `sorties.work_type`; the unified-task attribution (programmes/attribution.ts `workType`) and
 * re-attribution read it from there, or call this on a decoded track. Pure.
 */
import type { TelemetryPoint } from '@agrifleet/domain';

/** oper/worktypes id of spraying (migration 0033 seeds 1 spraying, 2 spreading). */
export const WORK_TYPE_SPRAYING = 1;

export function sortieWorkType(
  points: readonly Pick<TelemetryPoint, 'workType'>[],
  volumeL: number,
): number | null {
  const counts = new Map<number, number>();
  let best: number | null = null;
  let bestN = 0;
  for (const p of points) {
    if (p.workType === undefined) continue;
    const n = (counts.get(p.workType) ?? 0) + 1;
    counts.set(p.workType, n);
    if (n > bestN) {
      best = p.workType;
      bestN = n;
    }
  }
  if (best !== null) return best;
  return volumeL > 0 ? WORK_TYPE_SPRAYING : null;
}
