import { describe, expect, it } from 'vitest';
import { capsuleUnionAreaM2, unionAreaM2 } from './area.ts';
import {
  convexField,
  fieldAreaM2,
  metresPerDegree,
  offsetLngLat,
  rectangleField,
  sphericalAreaFactor,
} from './geo.ts';
import { planMission } from './plan.ts';
import { mulberry32 } from './prng.ts';

describe('geometry', () => {
  it('metres per degree match the WGS-84 tables', () => {
    expect(metresPerDegree(0).lat).toBeCloseTo(110_574, 0);
    expect(metresPerDegree(0).lng).toBeCloseTo(111_319.5, 0);
    expect(metresPerDegree(45).lat).toBeCloseTo(111_132, 0);
    expect(metresPerDegree(45).lng).toBeCloseTo(78_847, 0);
    expect(sphericalAreaFactor(33)).toBeCloseTo(1.0027, 4);
  });

  it('builds a rotated rectangle of the asked size with a home just outside it', () => {
    const f = rectangleField({
      center: { lng: 120.26, lat: 33.77 },
      widthM: 120,
      lengthM: 300,
      angleDeg: 30,
    });
    expect(f.polygon).toHaveLength(4);
    expect(fieldAreaM2(f)).toBeCloseTo(36_000, 3);
    const plan = planMission(f, 6);
    expect(Math.abs(plan.axisU.x - Math.sin(Math.PI / 6))).toBeLessThan(1e-6);
    expect(plan.rows).toHaveLength(20);
    expect(plan.spacingM).toBeCloseTo(6, 9);
    expect(plan.home.v).toBeLessThan(Math.min(...plan.rows.map((r) => r.v)));
  });

  it('plans passes along the longest edge of a convex polygon and rejects a concave one', () => {
    const c = { lng: 107.9, lat: 22.63 };
    const tri = convexField([offsetLngLat(c, 0, 0), offsetLngLat(c, 0, 300), offsetLngLat(c, 100, 100)]);
    const plan = planMission(tri, 7);
    expect(Math.abs(plan.axisU.y)).toBeCloseTo(1, 9);
    expect(plan.coverageAreaM2 / fieldAreaM2(tri)).toBeGreaterThan(0.97);
    const dart = [
      offsetLngLat(c, 0, 0),
      offsetLngLat(c, 100, 50),
      offsetLngLat(c, 0, 20),
      offsetLngLat(c, -100, 50),
    ];
    expect(() => convexField(dart)).toThrow(/convex/);
  });

  it('computes the union of rectangles exactly', () => {
    const rects = [
      { u0: 0, u1: 10, v0: 0, v1: 2 },
      { u0: 5, u1: 15, v0: 1, v1: 3 },
      { u0: 20, u1: 21, v0: 0, v1: 1 },
    ];
    expect(unionAreaM2(rects)).toBe(20 + 20 - 5 + 1);
  });

  it('computes the union of capsules to about 1e-5', () => {
    const one = [{ u0: 0, u1: 100, v0: 0, v1: 7 }];
    expect(capsuleUnionAreaM2(one) / (700 + Math.PI * 3.5 ** 2)).toBeCloseTo(1, 4);
    // Two capsules end to end on one line: one long capsule.
    const split = [
      { u0: 0, u1: 40, v0: 0, v1: 7 },
      { u0: 40, u1: 100, v0: 0, v1: 7 },
    ];
    expect(capsuleUnionAreaM2(split) / capsuleUnionAreaM2(one)).toBeCloseTo(1, 4);
    // Side by side, touching: the caps add a disc each side, minus nothing (they only touch).
    const pair = [
      { u0: 0, u1: 100, v0: 0, v1: 7 },
      { u0: 0, u1: 100, v0: 7, v1: 14 },
    ];
    expect(capsuleUnionAreaM2(pair) / (1400 + 2 * Math.PI * 3.5 ** 2)).toBeCloseTo(1, 4);
  });

  it('mulberry32 repeats with its seed', () => {
    const a = mulberry32(9);
    const b = mulberry32(9);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    const n = mulberry32(1);
    const draws = Array.from({ length: 20_000 }, () => n.normal(2));
    const sd = Math.sqrt(draws.reduce((s, x) => s + x * x, 0) / draws.length);
    expect(sd).toBeCloseTo(2, 1);
  });
});
