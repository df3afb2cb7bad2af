/**
 * Issue 20 items 17 and 18 (field truth): no boom swath of a plan reaches outside the field, and
 * every leg keeps the documented clearance from each hole (README "Clearance"). Measured apart from
 * the planner (measure.ts: its own frame and Clipper calls, every leg against every hole edge).
 */
import { describe, expect, it } from 'vitest';
import type { LngLat, PolygonGeometry } from '../contracts/geometry.ts';
import { frameAt, frameOf } from './frame.ts';
import { legChecks, sprayedOutsideM2 } from './measure.ts';
import { planGroupRoute } from './planGroupRoute.ts';
import { FIELD_TRUTH_BLOCKS, TEST_BLOCKS, testBlock } from './testShapes.ts';
import { obstacleClearanceM, type RoutePlan } from './types.ts';

/** Tolerance of the outside area (m²): the frames differ by well under a millimetre per metre. */
const OUTSIDE_TOL = 0.5;

function planOf(g: PolygonGeometry, home: LngLat, alignEdgeIndex: number, width: number, droneCount = 3) {
  const r = planGroupRoute(g, { alignEdgeIndex, home, droneCount, width });
  if (!r.ok) throw new Error(JSON.stringify(r.issue));
  return r.plan;
}

/** Least distance (m) from the outer lap's vertices to the outer ring's edges, in a frame of its own. */
function outerLapInset(g: PolygonGeometry, plan: RoutePlan): number {
  const outer = g.coordinates[0] as LngLat[];
  const f = frameOf(outer);
  const ring = outer.map((p) => f.toXY(p));
  const seg = (p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
  };
  let least = Number.POSITIVE_INFINITY;
  for (const d of plan.routes)
    for (const l of d.legs)
      if (l.kind === 'spray' && l.path.length > 4)
        for (const q of l.path) {
          const p = f.toXY(q);
          let m = Number.POSITIVE_INFINITY;
          for (let i = 1; i < ring.length; i++)
            m = Math.min(m, seg(p, ring[i - 1] as never, ring[i] as never));
          least = Math.min(least, m);
        }
  return least;
}

describe('item 17: no spray outside the field', () => {
  const filed = testBlock('field39Mu');
  for (const width of [6, 7.5])
    for (const edge of [0, 1, 2, 3])
      it(`the tester's 39.5-mu field at ${width} m, edge ${edge}: lap half a swath in, nothing sprayed outside`, () => {
        const p = planOf(filed.geometry, filed.home, edge, width);
        expect(p.blockAreaM2 / 666.667).toBeCloseTo(39.5, 1);
        // The lap runs half a swath inside every edge, the alignment edge included (1.92 m at 6 m before).
        expect(outerLapInset(filed.geometry, p)).toBeGreaterThan(width / 2 - 0.005);
        expect(sprayedOutsideM2(filed.geometry, p)).toBeLessThan(OUTSIDE_TOL);
        expect(p.sprayedOutsideM2).toBeLessThan(OUTSIDE_TOL);
        expect(p.coverageAreaM2 / p.blockAreaM2).toBeGreaterThanOrEqual(0.995);
      });

  for (const b of [...TEST_BLOCKS, ...FIELD_TRUTH_BLOCKS])
    it(`${b.name}, swaths 3 to 10 m, edges 0-2: sprayed outside < 0.5 m², the figure agrees`, () => {
      const seen: string[] = [];
      for (const width of [3, 5, 6, 7.5, 10])
        for (const edge of [0, 1, 2]) {
          const p = planOf(b.geometry, b.home, edge, width, 2);
          const measured = sprayedOutsideM2(b.geometry, p);
          if (!(measured < OUTSIDE_TOL && p.sprayedOutsideM2 < OUTSIDE_TOL))
            seen.push(`${width} m edge ${edge}: ${measured.toFixed(2)} / ${p.sprayedOutsideM2}`);
          expect(Math.abs(measured - p.sprayedOutsideM2)).toBeLessThan(OUTSIDE_TOL);
        }
      expect(seen).toEqual([]);
    }, 60_000);
});

/** Deterministic random numbers (Park-Miller). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

type Pt = [number, number];

/** A random concave field (a star with deep notches) with 0-3 holes, in China, in metres and degrees. */
function randomField(rnd: () => number) {
  const lng0 = 105 + rnd() * 15;
  const lat0 = 24 + rnd() * 20;
  const f = frameAt(lng0, lat0);
  const n = 5 + Math.floor(rnd() * 10);
  const R = 60 + rnd() * 450;
  const outer: Pt[] = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * (i + 0.3 * rnd())) / n;
    const r = R * (0.45 + 0.55 * rnd());
    return [r * Math.cos(a), r * Math.sin(a)];
  });
  const inOuter = (p: Pt) => {
    let c = false;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const a = outer[i] as Pt;
      const b = outer[j] as Pt;
      if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0])
        c = !c;
    }
    return c;
  };
  const holes: Pt[][] = [];
  for (let tries = 0; tries < 20 && holes.length < Math.floor(rnd() * 4); tries++) {
    const r = 3 + rnd() * R * 0.12;
    const c: Pt = [(rnd() - 0.5) * R * 1.2, (rnd() - 0.5) * R * 1.2];
    const k = 4 + Math.floor(rnd() * 8);
    const hole: Pt[] = Array.from({ length: k }, (_, i) => {
      const a = (-2 * Math.PI * i) / k;
      const rr = r * (0.6 + 0.4 * rnd());
      return [c[0] + rr * Math.cos(a), c[1] + rr * Math.sin(a)];
    });
    // Inside the field, at least a metre in, apart from the other holes.
    const ring: Pt[] = Array.from({ length: 16 }, (_, i) => [
      c[0] + (r + 1) * Math.cos((i * Math.PI) / 8),
      c[1] + (r + 1) * Math.sin((i * Math.PI) / 8),
    ]);
    if (!ring.every(inOuter) || !inOuter(c)) continue;
    if (holes.some((h) => Math.hypot((h[0] as Pt)[0] - c[0], (h[0] as Pt)[1] - c[1]) < 2 * r + R * 0.15))
      continue;
    holes.push(hole);
  }
  const deg = (pts: Pt[]): LngLat[] => [...pts, pts[0] as Pt].map(([x, y]) => f.toLngLat({ x, y }));
  const geometry: PolygonGeometry = { type: 'Polygon', coordinates: [deg(outer), ...holes.map(deg)] };
  const home = f.toLngLat({ x: -R - 30 - rnd() * 100, y: (rnd() - 0.5) * R });
  return { geometry, home, n, holes: holes.length };
}

describe('item 18: every leg keeps the clearance from holes (random concave fields, fixed seed)', () => {
  it('60 fields: legs >= half a swath + 1 m from every hole, inside the outer ring (home in or out), nothing sprayed outside', () => {
    const rnd = random(20_18);
    const bad: string[] = [];
    let planned = 0;
    let withHoles = 0;
    for (let t = 0; t < 60; t++) {
      const field = randomField(rnd);
      const width = 3 + rnd() * 5;
      const r = planGroupRoute(field.geometry, {
        alignEdgeIndex: Math.floor(rnd() * field.n),
        home: field.home,
        droneCount: 1 + Math.floor(rnd() * 8),
        width,
      });
      if (!r.ok) continue;
      planned++;
      if (field.holes) withHoles++;
      const clearance = obstacleClearanceM(width);
      for (const l of legChecks(field.geometry, r.plan)) {
        if (l.holeM < clearance - 1e-6)
          bad.push(
            `field ${t} drone ${l.drone} leg ${l.leg} (${l.kind}): ${l.holeM.toFixed(3)} m < ${clearance}`,
          );
        if (l.crossesOuter && !l.home)
          bad.push(`field ${t} drone ${l.drone} leg ${l.leg} (${l.kind}) crosses the outer ring`);
      }
      const out = sprayedOutsideM2(field.geometry, r.plan);
      if (!(out < OUTSIDE_TOL)) bad.push(`field ${t}: ${out.toFixed(2)} m² sprayed outside`);
      // Home inside the field (where a spray leg starts): its legs too stay inside and clear.
      const inside = r.plan.routes[0]?.legs.find((l) => l.kind === 'spray')?.path[0];
      if (!field.holes || !inside) continue;
      const again = planGroupRoute(field.geometry, {
        alignEdgeIndex: r.plan.alignEdgeIndex,
        home: inside,
        droneCount: r.plan.routes.length,
        width,
      });
      if (!again.ok) continue;
      for (const l of legChecks(field.geometry, again.plan)) {
        if (l.holeM < clearance - 1e-6)
          bad.push(
            `field ${t}, home inside: leg ${l.leg} (${l.kind}): ${l.holeM.toFixed(3)} m < ${clearance}`,
          );
        if (l.crossesOuter)
          bad.push(`field ${t}, home inside: leg ${l.leg} (${l.kind}) crosses the outer ring`);
      }
    }
    expect(bad).toEqual([]);
    expect(planned).toBeGreaterThan(50);
    expect(withHoles).toBeGreaterThan(25);
  }, 120_000);

  for (const name of ['twoHoles', 'big2000Mu', 'concave40Mu', 'holes1000Mu'] as const)
    for (const width of [5, 7.5])
      it(`${name} at ${width} m: turns and transits go around holes with the clearance, never skim`, () => {
        const b = testBlock(name);
        for (const edge of [0, 1, 2]) {
          const p = planOf(b.geometry, b.home, edge, width, 4);
          const checks = legChecks(b.geometry, p);
          const least = Math.min(...checks.map((l) => l.holeM));
          expect(least, `edge ${edge}`).toBeGreaterThanOrEqual(obstacleClearanceM(width) - 1e-6);
          expect(checks.filter((l) => l.crossesOuter && !l.home)).toEqual([]);
        }
      }, 60_000);
});
