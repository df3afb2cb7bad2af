/**
 * The steps a route is flown by (route.ts): its legs between the first and the last spray leg as
 * lines and verticals in local metres around home, and the truth of what was sprayed (the union of
 * the flat-ended swath rectangles of the straight stretches, measured by quadUnion.ts).
 */
import type { DroneRoute, LngLat } from '@agrifleet/domain';
import { newQuadSet, type QuadSet } from '../../telemetry/area/booms.ts';
import { unionAreaOfQuads } from '../../telemetry/area/quadUnion.ts';
import type { Phase } from './motion.ts';
import type { UV } from './plan.ts';
import type { RouteSettings } from './route.ts';

export interface Step {
  kind: 'line' | 'vertical';
  phase: Phase;
  a: UV;
  b: UV;
  /** Height at the end (a line is flown at it). */
  h: number;
  speed: number;
  flow: number;
  /** First / last step of a spray leg. */
  legStart: boolean;
  legEnd: boolean;
}

/** Seconds a turn leg takes beyond its length at the spraying speed (as the planner's time model). */
export const TURN_S = 2;

/** The legs between the first and the last spray leg, as steps in local metres around home. */
export function stepsOf(route: DroneRoute, toUV: (p: LngLat) => UV, s: Required<RouteSettings>): Step[] {
  const legs = route.legs;
  const first = legs.findIndex((l) => l.kind === 'spray');
  const last = legs.map((l) => l.kind).lastIndexOf('spray');
  const steps: Step[] = [];
  const base = { legStart: false, legEnd: false, flow: 0 };
  for (let li = first; li >= 0 && li <= last; li++) {
    const leg = legs[li] as DroneRoute['legs'][number];
    const pts = leg.path.map(toUV);
    if (pts.length === 0) continue;
    let length = 0;
    for (let i = 1; i < pts.length; i++)
      length += Math.hypot((pts[i] as UV).u - (pts[i - 1] as UV).u, (pts[i] as UV).v - (pts[i - 1] as UV).v);
    const turnMps = length > 0 ? length / (length / s.speed + TURN_S) : s.speed;
    const at0 = pts[0] as UV;
    const atN = pts[pts.length - 1] as UV;
    if (leg.kind === 'transit')
      steps.push({
        ...base,
        kind: 'vertical',
        phase: 'takeoff',
        a: at0,
        b: at0,
        h: s.transitHeightM,
        speed: 0,
      });
    const spray = leg.kind === 'spray';
    const from = steps.length;
    for (let i = 1; i < pts.length; i++) {
      steps.push({
        ...base,
        kind: 'line',
        phase: spray ? 'spray' : leg.kind === 'turn' ? 'turn' : 'transit',
        a: pts[i - 1] as UV,
        b: pts[i] as UV,
        h: leg.kind === 'transit' ? s.transitHeightM : s.height,
        speed: spray ? s.speed : leg.kind === 'turn' ? turnMps : s.transitSpeedMps,
        flow: spray ? s.flowLpm : 0,
      });
    }
    if (spray && steps.length > from) {
      (steps[from] as Step).legStart = true;
      (steps[steps.length - 1] as Step).legEnd = true;
    }
    if (leg.kind === 'transit')
      steps.push({ ...base, kind: 'vertical', phase: 'descend', a: atN, b: atN, h: s.height, speed: 0 });
  }
  return steps;
}

/** A flat-ended swath rectangle around a straight stretch, as a quad. */
function pushRect(q: QuadSet, a: UV, b: UV, half: number): void {
  const len = Math.hypot(b.u - a.u, b.v - a.v);
  if (!(len > 0)) return;
  const nu = (-(b.v - a.v) / len) * half;
  const nv = ((b.u - a.u) / len) * half;
  const k = 4 * q.count++;
  const xs = [a.u + nu, b.u + nu, b.u - nu, a.u - nu];
  const ys = [a.v + nv, b.v + nv, b.v - nv, a.v - nv];
  for (let c = 0; c < 4; c++) {
    q.x[k + c] = xs[c] as number;
    q.y[k + c] = ys[c] as number;
  }
}

export function rectsArea(rects: Array<[UV, UV]>, width: number): number {
  const q = newQuadSet(rects.length);
  for (const [a, b] of rects) pushRect(q, a, b, width / 2);
  return q.count > 0 ? unionAreaOfQuads(q, { swathM: width }).areaM2 : 0;
}
