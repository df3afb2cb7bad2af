/**
 * Group working-route planning (issue 11, 001 §2): checks the input, sweeps the block (headland
 * laps, passes parallel to the chosen edge, cells around holes and notches), cuts the sweep into
 * one piece per drone with balanced flight times, and measures the plan's coverage. Pure: the web
 * preview and the server compute the same plan. See README.md for the algorithm.
 */
import type { PointD } from 'clipper2-ts';
import type { LngLat, PolygonGeometry } from '../contracts/geometry.ts';
import { ringsAreaM2 } from './area.ts';
import { coverage, swathQuads } from './coverage.ts';
import { makeRouter } from './detour.ts';
import { pieceCost, type Speeds, timeline } from './estimate.ts';
import { area, difference, offset, pathLength, ringsToPaths, union } from './geom.ts';
import { headlandLaps } from './headland.ts';
import { makeCells, makePasses, stripGrid } from './passes.ts';
import { balancePieces, piecesLegs } from './split.ts';
import { type Leg, sweepRoute, transit } from './sweep.ts';
import {
  type DroneRoute,
  OBSTACLE_MARGIN_M,
  PLAN_DEFAULTS,
  PLAN_LIMITS,
  type PlanResult,
  type RouteParams,
} from './types.ts';
import { checkInput } from './validate.ts';

const M2_PER_MU = 666.667;
/**
 * Rounding allowances (metres): holes are grown by the margin + MARGIN_HAIR for the work area, and
 * the free region is the work area inset by half a swath less HAIR, so the spray legs lie strictly
 * inside it and every leg keeps at least half a swath + the margin from a hole (Clipper rounds to
 * 1e-4 m).
 */
const MARGIN_HAIR = 0.02;
const HAIR = 0.01;
/**
 * Laps and the inner part are inset this much more (metres), so that rounding the plan's points to
 * 1e-8 degree (about 1 mm) never puts a swath's edge past the boundary.
 */
const INSET_HAIR = 0.003;

export function planGroupRoute(block: PolygonGeometry, params: RouteParams): PlanResult {
  const checked = checkInput(block, params);
  if (!checked.ok) return checked;
  const c = checked.value;
  const { plane, width: w } = c;
  const P = ringsToPaths(c.rings, plane);
  let vLo = Number.POSITIVE_INFINITY;
  let vHi = Number.NEGATIVE_INFINITY;
  for (const p of P[0] ?? []) {
    vLo = Math.min(vLo, p.y);
    vHi = Math.max(vHi, p.y);
  }
  if ((vHi - vLo) / w > PLAN_LIMITS.maxPasses) return tooMany();

  // The work area: the block less its holes grown by the obstacle margin (README "Clearance").
  const grown = offset(
    P.slice(1).map((r) => [...r].reverse()),
    OBSTACLE_MARGIN_M + MARGIN_HAIR,
  );
  const W = grown.length ? difference(P.slice(0, 1), grown) : P;
  // Headland laps half a swath inside it; the inner part one swath inside, in strips from the
  // chosen edge's inner line.
  const inner = offset(W, -w - INSET_HAIR);
  const grid = stripGrid(inner, w, plane.toUV(c.rings[0]?.[params.alignEdgeIndex] as LngLat).y);
  const laps = headlandLaps(W, w, INSET_HAIR);
  const passes = grid ? makePasses(inner, w, grid) : [];
  if (passes.length > PLAN_LIMITS.maxPasses) return tooMany();
  if (laps.length === 0 && passes.length === 0) return { ok: false, issue: { code: 'tooSmall', params: {} } };

  const home = plane.toUV(c.home);
  const router = makeRouter(W, grown, w / 2, HAIR);
  const sweep = sweepRoute(home, laps, makeCells(passes), router);
  // Legs from and to home: inside the free region when home is in it, else around the holes.
  const homeInside = router.contains(home);
  const homeLeg = (a: PointD, b: PointD): Leg =>
    homeInside ? transit(a, b, router) : { kind: 'transit', pts: router.clear(a, b) ?? [a, b] };
  const sp: Speeds = {
    speed: c.speed,
    transitSpeed: PLAN_DEFAULTS.transitSpeedMps,
    height: c.height,
    transitHeight: PLAN_DEFAULTS.transitHeightM,
    litresPerM: (c.dosage / M2_PER_MU) * w,
    tankL: c.tankL,
  };
  const tl = timeline(sweep, sp);
  if (tl.totalVol <= 0) return { ok: false, issue: { code: 'tooSmall', params: {} } };
  const pieces = balancePieces(tl, home, c.droneCount, sp);
  const ll = (pts: readonly PointD[]): LngLat[] => pts.map(plane.toLngLat);

  const routes: DroneRoute[] = pieces.map(([s, e], index) => {
    const legs: Leg[] = piecesLegs(tl, s, e);
    const first = legs[0]?.pts[0];
    const last = legs[legs.length - 1]?.pts.at(-1);
    if (first && last) {
      legs.unshift(homeLeg(home, first));
      legs.push(homeLeg(last, home));
    }
    const cost = pieceCost(tl, home, s, e, sp);
    const sprayPaths = legs.filter((l) => l.kind === 'spray').map((l) => l.pts);
    const sprayDistanceM = sprayPaths.reduce((sum, pts) => sum + pathLength(pts), 0);
    const quads = sprayPaths.flatMap((pts) => swathQuads(pts, w / 2));
    return {
      index,
      legs: legs.map((l) => ({ kind: l.kind, path: ll(l.pts) })),
      sprayDistanceM: round(sprayDistanceM, 2),
      distanceM: round(
        legs.reduce((sum, l) => sum + pathLength(l.pts), 0),
        2,
      ),
      sprayAreaM2: round(quads.length ? area(union(quads)) : 0, 2),
      sprayVolumeL: round(((sprayDistanceM * w) / M2_PER_MU) * c.dosage, 3),
      flightTimeS: legs.length ? round(cost.flightTimeS, 1) : 0,
      sorties: legs.length ? cost.sorties : 0,
    };
  });

  const cov = coverage(P, [passes.map(passPath), ...laps.map((r) => [[...r, r[0] as PointD]])], w / 2);
  return {
    ok: true,
    plan: {
      alignEdgeIndex: params.alignEdgeIndex,
      home: c.home,
      width: w,
      speed: c.speed,
      height: c.height,
      dosage: c.dosage,
      tankL: c.tankL,
      flowLpm: round((c.dosage / M2_PER_MU) * w * c.speed * 60, 4),
      blockAreaM2: round(ringsAreaM2(c.rings), 2),
      coverageAreaM2: round(cov.coveredM2, 2),
      overlapAreaM2: round(cov.twiceM2, 2),
      sprayedOutsideM2: round(cov.outsideM2, 2),
      headlandM: w,
      passes: passes.length,
      routes,
    },
  };
}

const passPath = (p: { v: number; u0: number; u1: number }): PointD[] => [
  { x: p.u0, y: p.v },
  { x: p.u1, y: p.v },
];
const round = (x: number, d: number) => Number(x.toFixed(d));
const tooMany = (): PlanResult => ({
  ok: false,
  issue: { code: 'tooManyPasses', params: { max: PLAN_LIMITS.maxPasses } },
});
