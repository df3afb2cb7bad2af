/**
 * Checks of a finished plan, measured apart from the planner (tests and bench/planning.ts): from the
 * plan's legs in degrees and the block's rings, in the frame area.ts measures block areas in (not
 * the planner's turned plane, and with plain Clipper calls of its own):
 * - `sprayedOutsideM2`: the area the spray legs' boom swaths (mitred at vertices, flat-ended, as the
 *   console measures them: coverage.ts `swathQuads`) cover outside the block or in its holes;
 * - `legClearance`: per leg, the least distance to every hole's edge, and whether it crosses the
 *   outer ring.
 */
import { Clipper, FillRule, type PathsD, type PointD } from 'clipper2-ts';
import type { LngLat, PolygonGeometry } from '../contracts/geometry.ts';
import { swathQuads } from './coverage.ts';
import { type Frame, frameOf } from './frame.ts';
import { segmentsCross } from './geom.ts';
import type { RouteLeg, RoutePlan } from './types.ts';

/** The frame area.ts measures a block's area in (at the mean of its outer ring's vertices). */
const frameFor = (g: PolygonGeometry): Frame => frameOf(g.coordinates[0] as LngLat[]);

/** Area the plan's spray swaths cover outside the block (beyond the outer ring or in a hole), m². */
export function sprayedOutsideM2(g: PolygonGeometry, plan: RoutePlan): number {
  const f = frameFor(g);
  const rings: PathsD = g.coordinates.map((r) => r.slice(0, -1).map((p) => f.toXY(p)));
  const quads = plan.routes.flatMap((d) =>
    d.legs
      .filter((l) => l.kind === 'spray')
      .flatMap((l) => swathQuads(l.path.map((p) => f.toXY(p)) as PointD[], plan.width / 2)),
  );
  if (quads.length === 0) return 0;
  const swaths = Clipper.unionD(quads, [], FillRule.NonZero, 4);
  return Clipper.areaPathsD(Clipper.differenceD(swaths, rings, FillRule.EvenOdd, 4));
}

/** Least distance between segments ab and cd (0 when they cross). */
function segSeg(a: PointD, b: PointD, c: PointD, d: PointD): number {
  if (segmentsCross(a, b, c, d)) return 0;
  const pd = (p: PointD, q: PointD, r: PointD) => {
    const dx = r.x - q.x;
    const dy = r.y - q.y;
    const l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((p.x - q.x) * dx + (p.y - q.y) * dy) / l2)) : 0;
    return Math.hypot(p.x - q.x - t * dx, p.y - q.y - t * dy);
  };
  return Math.min(pd(a, c, d), pd(b, c, d), pd(c, a, b), pd(d, a, b));
}

/** Even-odd point in ring. */
function inRing(p: PointD, ring: readonly PointD[]): boolean {
  let c = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as PointD;
    const b = ring[j] as PointD;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}

export interface LegCheck {
  drone: number;
  leg: number;
  kind: RouteLeg['kind'];
  /** The first or last leg of its drone (from or to the home point). */
  home: boolean;
  /** Least distance from the leg to any hole's edge, metres (0 when it enters a hole). */
  holeM: number;
  /** Whether the leg crosses (or touches) the outer ring. */
  crossesOuter: boolean;
}

/** Every leg's least distance to the holes and whether it crosses the outer ring. */
export function legChecks(g: PolygonGeometry, plan: RoutePlan): LegCheck[] {
  const f = frameFor(g);
  const [outer, ...holes] = g.coordinates.map((r) => r.map((p) => f.toXY(p) as PointD));
  const out: LegCheck[] = [];
  plan.routes.forEach((d, di) => {
    d.legs.forEach((l, li) => {
      const pts = l.path.map((p) => f.toXY(p) as PointD);
      let holeM = Number.POSITIVE_INFINITY;
      let crossesOuter = false;
      for (let i = 1; i < pts.length; i++) {
        const a = pts[i - 1] as PointD;
        const b = pts[i] as PointD;
        for (const h of holes) {
          if (inRing(a, h)) holeM = 0;
          for (let j = 1; j < h.length; j++)
            holeM = Math.min(holeM, segSeg(a, b, h[j - 1] as PointD, h[j] as PointD));
        }
        for (let j = 1; j < (outer?.length ?? 0); j++)
          if (segmentsCross(a, b, outer?.[j - 1] as PointD, outer?.[j] as PointD)) crossesOuter = true;
      }
      out.push({
        drone: di,
        leg: li,
        kind: l.kind,
        home: li === 0 || li === d.legs.length - 1,
        holeM,
        crossesOuter,
      });
    });
  });
  return out;
}
