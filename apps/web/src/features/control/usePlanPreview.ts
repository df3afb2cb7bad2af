/**
 * The live preview of a group route: `planGroupRoute` (the same function the server runs) on the
 * block and the parameters, again 250 ms after the last change, in the browser.
 */
import { type PlanResult, type PolygonGeometry, planGroupRoute, type RouteParams } from '@agrifleet/domain';
import { useEffect, useState } from 'react';

export const PLAN_DEBOUNCE_MS = 250;

export interface PlanPreview {
  result: PlanResult | null;
  /** Parameters of `result` (what a save sends). */
  params: RouteParams | null;
  /** Time the last planning took, ms. */
  ms: number | null;
  computing: boolean;
}

export function usePlanPreview(block: PolygonGeometry | null, params: RouteParams | null): PlanPreview {
  const [state, setState] = useState<PlanPreview>({ result: null, params: null, ms: null, computing: false });
  useEffect(() => {
    if (!block || !params) return;
    setState((s) => ({ ...s, computing: true }));
    const timer = setTimeout(() => {
      const t0 = performance.now();
      let result: PlanResult;
      try {
        result = planGroupRoute(block, params);
      } catch {
        result = { ok: false, issue: { code: 'geometry', params: {} } };
      }
      setState({ result, params, ms: performance.now() - t0, computing: false });
    }, PLAN_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [block, params]);
  return state;
}
