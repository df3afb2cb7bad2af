/**
 * Area sprayed again (the `overlap` deduction): the sorties of a group (one operator, one block or
 * one cell of about 10 km) are painted in take-off order on a grid of OVERLAP_CELL_M cells in one
 * local frame, each sortie as its boom quads (the very quads the sprayed area is measured from,
 * telemetry/area/booms.ts); a cell whose centre an earlier sortie of the group already covered
 * counts as overlap of the later one. With a block, only cells inside the block count (the part
 * outside it is the outsideBlock deduction already). Only sorties whose bounds touch (chained) can
 * share a cell, so each such cluster is painted on a grid of its own bounds (per 4 km tile when
 * wider): linear in the sprayed area, never in the group's extent.
 */
import type { PolygonGeometry } from '@agrifleet/domain';
import { lngDelta, localFrameAt } from '../../telemetry/area/localFrame.ts';
import { newQuadSet, type QuadSet, type SprayPoint, sortieQuads } from '../../telemetry/area/sprayedArea.ts';

/** Grid cell side, metres: a third of a typical swath; the overlap of a pass flown again is found to a few per cent. */
export const OVERLAP_CELL_M = 2;
/** Largest grid one cluster is painted on at once (cells); a wider one is painted per 4 km tile. */
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

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounds of a quad set (local metres); null when it has no quad. */
function boundsOf(q: QuadSet): Box | null {
  if (q.count === 0) return null;
  const b: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let i = 0; i < 4 * q.count; i++) {
    const x = q.x[i] as number;
    const y = q.y[i] as number;
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  }
  return Number.isFinite(b.x0) ? b : null;
}

/**
 * Sorties whose bounds touch, chained (a sweep over x with union-find): only sorties of one such
 * cluster can cover a common cell centre, so each cluster is painted on a grid of its own bounds.
 * Members keep their order (take-off order).
 */
function clusters(boxes: (Box | null)[]): number[][] {
  const parent = boxes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const order = boxes
    .map((b, i) => ({ b, i }))
    .filter((e): e is { b: Box; i: number } => e.b != null)
    .sort((a, b) => a.b.x0 - b.b.x0);
  const open: { b: Box; i: number }[] = [];
  for (const e of order) {
    for (let k = open.length - 1; k >= 0; k--) {
      const o = open[k] as { b: Box; i: number };
      if (o.b.x1 < e.b.x0) {
        open[k] = open[open.length - 1] as { b: Box; i: number };
        open.pop();
      } else if (o.b.y0 <= e.b.y1 && e.b.y0 <= o.b.y1) parent[find(o.i)] = find(e.i);
    }
    open.push(e);
  }
  const groups = new Map<number, number[]>();
  for (const { i } of order) {
    const r = find(i);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  }
  return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort((a, b) => a - b));
}

/** Side of the square tiles (cells) a cluster wider than MAX_CELLS is painted in, one after another. */
const TILE_CELLS = 2000;

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
  const boxes = quads.map(boundsOf);
  const rings = block?.coordinates.map((ring) => ({
    x: Float64Array.from(ring, ([lng]) => lngDelta(lng as number, frame.lng0) * frame.metresPerDegLng),
    y: Float64Array.from(ring, ([, lat]) => ((lat as number) - frame.lat0) * frame.metresPerDegLat),
  }));
  const cellM2 = OVERLAP_CELL_M * OVERLAP_CELL_M;
  const again = new Float64Array(sorties.length);
  for (const members of clusters(boxes)) {
    const all = members.map((k) => boxes[k] as Box);
    const x0 = Math.min(...all.map((b) => b.x0));
    const y0 = Math.min(...all.map((b) => b.y0));
    const w = Math.ceil((Math.max(...all.map((b) => b.x1)) - x0) / OVERLAP_CELL_M) + 1;
    const h = Math.ceil((Math.max(...all.map((b) => b.y1)) - y0) / OVERLAP_CELL_M) + 1;
    const tile = w * h <= MAX_CELLS ? Math.max(w, h) : TILE_CELLS;
    for (let ty = 0; ty < h; ty += tile)
      for (let tx = 0; tx < w; tx += tile) {
        const g: Grid = {
          x0: x0 + tx * OVERLAP_CELL_M,
          y0: y0 + ty * OVERLAP_CELL_M,
          w: Math.min(tile, w - tx),
          h: Math.min(tile, h - ty),
          stamp: new Uint32Array(Math.min(tile, w - tx) * Math.min(tile, h - ty)),
        };
        const gx1 = g.x0 + g.w * OVERLAP_CELL_M;
        const gy1 = g.y0 + g.h * OVERLAP_CELL_M;
        members.forEach((k, n) => {
          const b = boxes[k] as Box;
          if (b.x1 < g.x0 || b.x0 > gx1 || b.y1 < g.y0 || b.y0 > gy1) return;
          const q = quads[k] as QuadSet;
          let a = 0;
          for (let i = 0; i < q.count; i++) a += paintQuad(q, i, g, n + 1, rings);
          again[k] = (again[k] as number) + a;
        });
      }
  }
  again.forEach((a, k) => {
    if (a > 0) out.set((sorties[k] as { sortieId: number }).sortieId, a * cellM2);
  });
  return out;
}
