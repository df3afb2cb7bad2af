import type { LngLat, PolygonGeometry } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { blockCoverage } from './coverage.ts';
import { localFrameAt } from './localFrame.ts';
import { type SprayPoint, sprayedArea } from './sprayedArea.ts';

const frame = localFrameAt(33.55, 114.65);
const deg = (x: number, y: number): LngLat => [
  frame.lng0 + x / frame.metresPerDegLng,
  frame.lat0 + y / frame.metresPerDegLat,
];
const ring = (pts: [number, number][]): LngLat[] =>
  [...pts, pts[0] as [number, number]].map(([x, y]) => deg(x, y));
const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const polygon = (...rings: [number, number][][]): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: rings.map(ring),
});

/** Passes along x at y = y0 + k * spacing, from x0 to x1, sampled every metre, pump on only on passes. */
function passes(opts: {
  x0: number;
  x1: number;
  y0: number;
  count: number;
  spacing: number;
  swath: number;
}): SprayPoint[] {
  const points: SprayPoint[] = [];
  let t = 1_780_000_000_000;
  for (let k = 0; k < opts.count; k++) {
    const y = opts.y0 + k * opts.spacing;
    const forward = k % 2 === 0;
    for (let i = 0; i <= opts.x1 - opts.x0; i++) {
      const x = forward ? opts.x0 + i : opts.x1 - i;
      const [lng, lat] = deg(x, y);
      points.push({ recordTime: t, lng, lat, pump: true, flow: 2, swath: opts.swath });
      t += 200;
    }
    // The turn, pump off.
    const [lng, lat] = deg(forward ? opts.x1 : opts.x0, y + opts.spacing / 2);
    points.push({ recordTime: t, lng, lat, pump: false, flow: 0, swath: opts.swath });
    t += 200;
  }
  return points;
}

const rel = (a: number, b: number) => Math.abs(a - b) / b;
const ringAreaDeg = (r: LngLat[]) => {
  let s = 0;
  for (let i = 0; i + 1 < r.length; i++) {
    const [ax, ay] = r[i] as LngLat;
    const [bx, by] = r[i + 1] as LngLat;
    s += ax * by - bx * ay;
  }
  return (s / 2) * frame.metresPerDegLng * frame.metresPerDegLat;
};

describe('blockCoverage', () => {
  it('reads a block sprayed edge to edge as fully covered, nothing twice, nothing to draw', () => {
    const block = polygon(rect(0, 0, 200, 60));
    const sortie = passes({ x0: 0, x1: 200, y0: 2.5, count: 12, spacing: 5, swath: 5 });
    const c = blockCoverage(block, [sortie]);
    expect(rel(c.blockAreaM2, 12_000)).toBeLessThan(1e-3);
    expect(c.sprayedAreaM2 / c.blockAreaM2).toBeGreaterThan(0.999);
    expect(c.twiceAreaM2 / c.blockAreaM2).toBeLessThan(1e-3);
    expect(c.unsprayed.coordinates).toHaveLength(0);
  });

  it('counts the union of several sorties once, and their overlap as twice sprayed', () => {
    const block = polygon(rect(0, 0, 200, 60));
    const a = passes({ x0: 0, x1: 200, y0: 2.5, count: 7, spacing: 5, swath: 5 }); // y 0..35
    const b = passes({ x0: 0, x1: 200, y0: 27.5, count: 7, spacing: 5, swath: 5 }); // y 25..60
    const c = blockCoverage(block, [a, b]);
    expect(c.sprayedAreaM2 / c.blockAreaM2).toBeGreaterThan(0.999);
    expect(rel(c.twiceAreaM2, 200 * 10)).toBeLessThan(0.01);
  });

  it('leaves the unsprayed half out and draws it', () => {
    const block = polygon(rect(0, 0, 200, 60));
    const sortie = passes({ x0: 0, x1: 200, y0: 2.5, count: 6, spacing: 5, swath: 5 }); // y 0..30
    const c = blockCoverage(block, [sortie]);
    expect(rel(c.sprayedAreaM2, 6000)).toBeLessThan(0.005);
    const drawn = c.unsprayed.coordinates.reduce((s, p) => s + ringAreaDeg(p[0] as LngLat[]), 0);
    expect(rel(drawn, 6000)).toBeLessThan(0.05);
    const vertices = c.unsprayed.coordinates.reduce((s, p) => s + (p[0]?.length ?? 0), 0);
    expect(vertices).toBeLessThan(40);
  });

  it('keeps holes out of the block and of the sprayed area', () => {
    const block = polygon(rect(0, 0, 200, 60), rect(50, 20, 90, 40), rect(120, 10, 150, 50));
    const sortie = passes({ x0: 0, x1: 200, y0: 2.5, count: 12, spacing: 5, swath: 5 });
    const c = blockCoverage(block, [sortie]);
    expect(rel(c.blockAreaM2, 12_000 - 800 - 1200)).toBeLessThan(1e-3);
    expect(c.sprayedAreaM2 / c.blockAreaM2).toBeGreaterThan(0.999);
  });

  it('measures what sprayedArea measures when the block holds the whole sortie', () => {
    const block = polygon(rect(-20, -20, 260, 100));
    const sortie = passes({ x0: 0, x1: 230, y0: 2.5, count: 9, spacing: 6, swath: 5 });
    const c = blockCoverage(block, [sortie]);
    expect(rel(c.sprayedAreaM2, sprayedArea(sortie).areaM2)).toBeLessThan(0.002);
    expect(c.twiceAreaM2).toBeLessThan(1);
  });

  it('answers zero for no sorties and the whole block as unsprayed', () => {
    const block = polygon(rect(0, 0, 100, 100));
    const c = blockCoverage(block, []);
    expect(c.sprayedAreaM2).toBe(0);
    const drawn = c.unsprayed.coordinates.reduce((s, p) => s + ringAreaDeg(p[0] as LngLat[]), 0);
    expect(rel(drawn, 10_000)).toBeLessThan(0.02);
  });
});
