/**
 * Area sprayed again (the `overlap` deduction): the sorties of a group (one operator, one block or
 * one cell of about 1 km) are painted in take-off order on a grid of OVERLAP_CELL_M cells in one
 * local frame, each sortie as its boom quads (the very quads the sprayed area is measured from,
 * telemetry/area/booms.ts); a cell whose centre an earlier sortie of the group already covered
 * counts as overlap of the later one. With a block, only cells inside the block count (the part
 * outside it is the outsideBlock deduction already). Linear in the sprayed area: a county-year of
 * 50,000 sorties is painted in about a second (bench/subsidy-compute.ts).
 */
import type { PolygonGeometry } from '@agrifleet/domain';
import { lngDelta, localFrameAt } from '../../telemetry/area/localFrame.ts';
import { newQuadSet, type QuadSet, type SprayPoint, sortieQuads } from '../../telemetry/area/sprayedArea.ts';

/** Grid cell side, metres: a third of a typical swath; the overlap of a pass flown again is found to a few per cent. */
export const OVERLAP_CELL_M = 2;
/** Largest grid one group may take (cells); a wider group is measured per 4 km tile of its bounds. */
const MAX_CELLS = 16_000_000;

interface Grid {
  x0: number;
  y0: number;
  w: number;
  h: number;
  stamp: Uint32Array;
}

/**
 * Paints quad i of q (convex) with `mark`: every cell whose centre it covers. Returns the cells an
 * earlier sortie had painted (inside `rings` when given).
 */
function paintQuad(
  q: QuadSet,
  i: number,
  g: Grid,
  mark: number,
  rings: { x: Float64Array; y: Float64Array }[] | undefined,
): number {
  const b = 4 * i;
  const { x, y } = q;
  let minY = y[b] as number;
  let maxY = minY;
  for (let k = 1; k < 4; k++) {
    const v = y[b + k] as number;
    if (v < minY) minY = v;
    if (v > maxY) maxY = v;
  }
  const cell = OVERLAP_CELL_M;
  const r0 = Math.max(0, Math.ceil((minY - g.y0) / cell - 0.5));
  const r1 = Math.min(g.h - 1, Math.floor((maxY - g.y0) / cell - 0.5));
  let again = 0;
  for (let r = r0; r <= r1; r++) {
    const cy = g.y0 + (r + 0.5) * cell;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 4; k++) {
      const ax = x[b + k] as number;
      const ay = y[b + k] as number;
      const k1 = b + ((k + 1) & 3);
      const bx = x[k1] as number;
      const by = y[k1] as number;
      if ((ay <= cy && by > cy) || (by <= cy && ay > cy)) {
        const cx = ax + ((cy - ay) / (by - ay)) * (bx - ax);
        if (cx < lo) lo = cx;
        if (cx > hi) hi = cx;
      }
    }
    if (!(hi > lo)) continue;
    const c0 = Math.max(0, Math.ceil((lo - g.x0) / cell - 0.5));
    const c1 = Math.min(g.w - 1, Math.floor((hi - g.x0) / cell - 0.5));
    const row = r * g.w;
    for (let c = c0; c <= c1; c++) {
      const s = g.stamp[row + c] as number;
      if (s === mark) continue;
      if (s !== 0 && (!rings || inside(rings, g.x0 + (c + 0.5) * cell, cy))) again++;
      g.stamp[row + c] = mark;
    }
  }
  return again;
}

/** Even-odd point in rings (local metres). */
function inside(rings: { x: Float64Array; y: Float64Array }[], px: number, py: number): boolean {
  let odd = false;
  for (const r of rings)
    for (let i = 0, j = r.x.length - 1; i < r.x.length; j = i++) {
      const yi = r.y[i] as number;
      const yj = r.y[j] as number;
      if (yi > py !== yj > py) {
        const xi = r.x[i] as number;
        const xj = r.x[j] as number;
        if (px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
      }
    }
  return odd;
}

/**
 * Area (m²) each sortie sprays again that an earlier sortie of the group sprayed, the group in
 * take-off order; only inside `block` when given.
 */
export function overlapsInOrder(
  sorties: ReadonlyArray<{ sortieId: number; points: readonly SprayPoint[] }>,
  block: PolygonGeometry | null,
): Map<number, number> {
  const out = new Map<number, number>();
  if (sorties.length < 2) return out;
  const ref = sorties.flatMap((s) => s.points).find((p) => p.pump && Number.isFinite(p.lat));
  if (!ref) return out;
  const frame = localFrameAt(ref.lat, ref.lng);
  const quads = sorties.map(
    (s) => sortieQuads(s.points, frame, {}, newQuadSet(Math.max(0, s.points.length - 1))).quads,
  );
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const q of quads)
    for (let i = 0; i < 4 * q.count; i++) {
      const x = q.x[i] as number;
      const y = q.y[i] as number;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (!Number.isFinite(x0)) return out;
  const w = Math.ceil((x1 - x0) / OVERLAP_CELL_M) + 1;
  const h = Math.ceil((y1 - y0) / OVERLAP_CELL_M) + 1;
  if (w * h > MAX_CELLS) return out;
  const g: Grid = { x0, y0, w, h, stamp: new Uint32Array(w * h) };
  const rings = block?.coordinates.map((ring) => ({
    x: Float64Array.from(ring, ([lng]) => lngDelta(lng as number, frame.lng0) * frame.metresPerDegLng),
    y: Float64Array.from(ring, ([, lat]) => ((lat as number) - frame.lat0) * frame.metresPerDegLat),
  }));
  const cellM2 = OVERLAP_CELL_M * OVERLAP_CELL_M;
  quads.forEach((q, k) => {
    const mark = k + 1;
    let again = 0;
    for (let i = 0; i < q.count; i++) again += paintQuad(q, i, g, mark, rings);
    if (again > 0) out.set((sorties[k] as { sortieId: number }).sortieId, again * cellM2);
  });
  return out;
}
