/**
 * Input checks of the planner (never throws: hostile input answers an issue). Geometry first
 * (`checkZoneGeometry`), then the edge index, the numbers against PLAN_LIMITS, then the home point.
 */
import { checkZoneGeometry, type LngLat, type PolygonGeometry, pointInRing } from '../contracts/geometry.ts';
import { ringsAreaM2 } from './area.ts';
import { type Plane, planeFor, segmentDistance } from './geom.ts';
import { PLAN_DEFAULTS, PLAN_LIMITS, type PlanIssue, type RouteParams } from './types.ts';

export interface Checked {
  rings: LngLat[][];
  plane: Plane;
  home: LngLat;
  droneCount: number;
  width: number;
  speed: number;
  height: number;
  dosage: number;
  tankL: number;
}

const issue = (code: PlanIssue['code'], params: Record<string, number> = {}) => ({
  ok: false as const,
  issue: { code, params },
});

const inRange = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x >= min && x <= max;

export function checkInput(
  block: PolygonGeometry,
  params: RouteParams,
): { ok: true; value: Checked } | { ok: false; issue: PlanIssue } {
  let geo: ReturnType<typeof checkZoneGeometry>;
  try {
    geo = checkZoneGeometry({ shape: 'polygon', geometry: block as never });
  } catch {
    return issue('geometry');
  }
  if (!geo.ok) return issue('geometry', geo.issue.params);
  const rings = (geo.value.geometry as PolygonGeometry).coordinates;
  const outer = rings[0] as LngLat[];
  const p = (params ?? {}) as Partial<RouteParams>;
  const edges = outer.length - 1;
  if (
    !Number.isInteger(p.alignEdgeIndex) ||
    (p.alignEdgeIndex as number) < 0 ||
    (p.alignEdgeIndex as number) >= edges
  )
    return issue('edgeIndex', { min: 0, max: edges - 1 });
  const L = PLAN_LIMITS;
  if (!Number.isInteger(p.droneCount) || !inRange(p.droneCount, 1, L.maxDrones))
    return issue('droneCount', { min: 1, max: L.maxDrones });
  if (!inRange(p.width, L.minWidthM, L.maxWidthM))
    return issue('width', { min: L.minWidthM, max: L.maxWidthM });
  const speed = p.speed ?? PLAN_DEFAULTS.speedMps;
  if (!inRange(speed, L.minSpeedMps, L.maxSpeedMps))
    return issue('speed', { min: L.minSpeedMps, max: L.maxSpeedMps });
  const height = p.height ?? PLAN_DEFAULTS.heightM;
  if (!inRange(height, L.minHeightM, L.maxHeightM))
    return issue('height', { min: L.minHeightM, max: L.maxHeightM });
  const dosage = p.dosage ?? PLAN_DEFAULTS.dosageLPerMu;
  if (!inRange(dosage, L.minDosageLPerMu, L.maxDosageLPerMu))
    return issue('dosage', { min: L.minDosageLPerMu, max: L.maxDosageLPerMu });
  // Bounds on the work before any of it is done (the server plans on the request path).
  if (rings.length - 1 > L.maxHoles) return issue('tooManyHoles', { max: L.maxHoles });
  if (ringsAreaM2(rings) / p.width > L.maxSprayKm * 1000)
    return issue('tooLarge', { max: Math.floor((L.maxSprayKm * 1000 * p.width) / (2000 / 3)) });
  // The tank has no issue code of its own: an unusable one falls back to the default.
  const tankL = inRange(p.tankL, 1, 10_000) ? p.tankL : PLAN_DEFAULTS.tankL;
  const plane = planeFor(outer, p.alignEdgeIndex as number);
  const h = p.home;
  if (!Array.isArray(h) || !inRange(h[0], -180, 180) || !inRange(h[1], -90, 90))
    return issue('homeFar', { max: L.maxHomeDistanceM });
  const home: LngLat = [h[0], h[1]];
  if (!pointInRing(home, outer)) {
    const q = plane.toUV(home);
    let d = Number.POSITIVE_INFINITY;
    const ring = outer.map(plane.toUV);
    for (let i = 1; i < ring.length; i++)
      d = Math.min(d, segmentDistance(q, ring[i - 1] as never, ring[i] as never));
    if (!(d <= L.maxHomeDistanceM)) return issue('homeFar', { max: L.maxHomeDistanceM });
  }
  return {
    ok: true,
    value: {
      rings,
      plane,
      home,
      droneCount: p.droneCount as number,
      width: p.width,
      speed,
      height,
      dosage,
      tankL,
    },
  };
}
