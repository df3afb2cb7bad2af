import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { unionAreaM2 } from './area.ts';
import { convexField, type Field, type LngLat, localFrame, offsetLngLat, rectangleField } from './geo.ts';
import type { MissionPlan, UV } from './plan.ts';
import { DEFAULT_DRONE, type DroneProfile } from './profile.ts';
import { runMission, type SimOptions } from './simulate.ts';
import { pointUV, sprayRuns, trackedRects, trackedVolumeL } from './testkit.ts';

const T0 = Date.UTC(2025, 3, 10, 0, 0, 0);
const MU = 2000 / 3;
const run = (drone: DroneProfile, field: Field, opts: Partial<SimOptions> = {}) =>
  runMission(drone, field, { startTime: T0, seed: 11, ...opts });

/** How far (m) a point lies outside the plan's polygon; 0 inside. */
function outside(plan: MissionPlan, p: UV): number {
  const poly = plan.field.polygon.map((q) => pointUV(plan, { lng: q.lng, lat: q.lat } as TelemetryPoint));
  let worst = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as UV;
    const b = poly[(i + 1) % poly.length] as UV;
    const len = Math.hypot(b.u - a.u, b.v - a.v);
    // Counter-clockwise ring: inside is on the left of each edge.
    const left = ((b.u - a.u) * (p.v - a.v) - (b.v - a.v) * (p.u - a.u)) / len;
    worst = Math.max(worst, -left);
  }
  return worst;
}

describe('ground truth', () => {
  it('a 100 mu rectangle: the runs tile the field, area truth = width x length', () => {
    const field = rectangleField({
      center: { lng: 114.61, lat: 33.54 },
      widthM: 200,
      lengthM: 100 * (MU / 200),
    });
    const r = run(DEFAULT_DRONE, field);
    expect(r.truth.fieldAreaM2 / MU).toBeCloseTo(100, 6);
    expect(Math.abs(r.truth.sprayedAreaM2 / r.truth.fieldAreaM2 - 1)).toBeLessThan(1e-9);
    expect(r.plan.coverageAreaM2).toBeCloseTo(r.truth.sprayedAreaM2, 6);
    // Sortie areas add up to a little more: 29 rows at 6.89 m for a 7 m swath overlap by 0.11 m,
    // counted twice where two rows belong to different sorties.
    const sum = r.sorties.reduce((s, x) => s + x.truth.sprayedAreaM2, 0);
    expect(sum).toBeGreaterThanOrEqual(r.truth.sprayedAreaM2);
    expect(sum / r.truth.sprayedAreaM2).toBeLessThan(1.01);
  });

  it('with overlapping passes the field is still covered exactly once as a union', () => {
    const field = rectangleField({
      center: { lng: 132.6, lat: 47.25 },
      widthM: 90,
      lengthM: 400,
      angleDeg: 95,
    });
    const r = run(DEFAULT_DRONE, field, { overlap: 0.2 });
    expect(r.plan.spacingM).toBeLessThanOrEqual(DEFAULT_DRONE.swathM * 0.8 + 1e-9);
    expect(Math.abs(r.truth.sprayedAreaM2 / (90 * 400) - 1)).toBeLessThan(1e-9);
  });

  it('a tracker joining pump-on samples finds the area (0.5%) and volume truths of each sortie', () => {
    const field = rectangleField({
      center: { lng: 120.26, lat: 33.77 },
      widthM: 150,
      lengthM: 300,
      angleDeg: 17,
    });
    const r = run(DEFAULT_DRONE, field);
    let volume = 0;
    const rects = [];
    for (const { points, truth } of r.sorties) {
      const tracked = trackedVolumeL(points);
      expect(Math.abs(tracked / truth.volumeL - 1)).toBeLessThan(1e-9);
      volume += tracked;
      const mine = trackedRects(r.plan, points);
      expect(mine.length).toBe(truth.runs);
      expect(Math.abs(unionAreaM2(mine) / truth.sprayedAreaM2 - 1)).toBeLessThan(0.005);
      rects.push(...mine);
    }
    expect(Math.abs(volume / r.truth.volumeL - 1)).toBeLessThan(1e-9);
    expect(Math.abs(unionAreaM2(rects) / r.truth.sprayedAreaM2 - 1)).toBeLessThan(0.005);
    // Volume truth = flow x spraying time, summed over the runs.
    const sprayTime = r.sorties.reduce((s, x) => s + x.truth.sprayTimeS, 0);
    expect(sprayTime).toBeCloseTo(r.truth.sprayTimeS, 6);
    expect(r.truth.volumeL / ((DEFAULT_DRONE.flowLpm / 60) * r.truth.sprayTimeS)).toBeCloseTo(1, 2);
  });

  it('the capsule truth matches a brute-force grid over the pump-on runs', () => {
    const c: LngLat = { lng: 115.59, lat: 32.64 };
    const r = run(DEFAULT_DRONE, rectangleField({ center: c, widthM: 30, lengthM: 70, angleDeg: 63 }));
    const frame = localFrame(c);
    const cell = 0.05;
    for (const { points, truth } of r.sorties) {
      const runs = sprayRuns(points).map((pts) => [
        frame.toXY(pts[0] as LngLat),
        frame.toXY(pts.at(-1) as LngLat),
      ]);
      const half = DEFAULT_DRONE.swathM / 2;
      const xs = runs.flat().map((p) => p.x);
      const ys = runs.flat().map((p) => p.y);
      let covered = 0;
      for (let x = Math.min(...xs) - half; x < Math.max(...xs) + half; x += cell) {
        for (let y = Math.min(...ys) - half; y < Math.max(...ys) + half; y += cell) {
          const hit = runs.some(([a, b]) => {
            if (!a || !b) return false;
            const dx = b.x - a.x;
            const dy = b.y - a.y;
            const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy)));
            return Math.hypot(x - a.x - t * dx, y - a.y - t * dy) <= half;
          });
          if (hit) covered++;
        }
      }
      expect(Math.abs((covered * cell * cell) / truth.capsuleAreaM2 - 1)).toBeLessThan(0.003);
      expect(truth.capsuleAreaM2).toBeGreaterThan(truth.sprayedAreaM2);
    }
    // Over the whole field the caps add at most a disc per row (two half discs beyond the ends).
    const extra = r.truth.capsuleAreaM2 - r.truth.sprayedAreaM2;
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThanOrEqual(r.plan.rows.length * Math.PI * 3.5 ** 2);
    expect(r.truth.capsuleAreaM2).toBeCloseTo(r.plan.capsuleCoverageAreaM2, 6);
  });

  it('holds at 1 Hz and 10 Hz too (pump switches on sample instants)', () => {
    const field = rectangleField({
      center: { lng: 100.12, lat: 14.47 },
      widthM: 60,
      lengthM: 250,
      angleDeg: 120,
    });
    for (const rateHz of [1, 10]) {
      const r = run(DEFAULT_DRONE, field, { rateHz });
      const volume = r.sorties.reduce((s, x) => s + trackedVolumeL(x.points), 0);
      expect(Math.abs(volume / r.truth.volumeL - 1)).toBeLessThan(1e-9);
      const rects = r.sorties.flatMap((x) => trackedRects(r.plan, x.points));
      expect(Math.abs(unionAreaM2(rects) / (60 * 250) - 1)).toBeLessThan(0.005);
    }
  });

  it('sprays only inside the field (plus GPS jitter), also for an irregular convex field', () => {
    const c: LngLat = { lng: 86.05, lat: 44.38 };
    const quad = convexField([
      offsetLngLat(c, -120, -60),
      offsetLngLat(c, 140, -80),
      offsetLngLat(c, 110, 70),
      offsetLngLat(c, -90, 55),
    ]);
    for (const field of [quad, rectangleField({ center: c, widthM: 80, lengthM: 200, angleDeg: 33 })]) {
      const r = run(DEFAULT_DRONE, field, { gpsSigmaM: 0.05 });
      const spraying = r.sorties.flatMap((s) => s.points.filter((p) => p.pump));
      expect(spraying.length).toBeGreaterThan(1000);
      for (const p of spraying) expect(outside(r.plan, pointUV(r.plan, p))).toBeLessThan(0.3);
      // The swath union of an irregular field differs from the polygon only along the slanted ends.
      expect(Math.abs(r.truth.sprayedAreaM2 / r.truth.fieldAreaM2 - 1)).toBeLessThan(0.02);
    }
  });
});
