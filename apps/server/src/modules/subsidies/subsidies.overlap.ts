/**
 * Area sprayed again (the `overlap` deduction): the sorties of a group (one operator, one cell of
 * about 10 km, whatever blocks they name) are painted in take-off order on a grid of OVERLAP_CELL_M
 * cells in one local frame, each sortie as its boom quads (the very quads the sprayed area is
 * measured from, telemetry/area/booms.ts); a cell whose centre an earlier sortie of the group
 * already covered, one that took off at most OVERLAP_WINDOW_MS before the later one, counts as
 * overlap of the later one: the same treatment paid twice. A field sprayed again after that is a
 * new treatment (pests come back in generations; re-application intervals of registered products
 * are 7 to 15 days). The last painter of a cell is the latest earlier sortie over it, so its
 * take-off alone decides.
 * A sortie with a clip (its block) paints only the cells inside it: its part outside is not paid
 * (outsideBlock), so spraying that ground later pays it once. Its own overlap is counted wherever
 * it sprays, and the part of it outside its clip is also given apart (`outsideM2`): that part is
 * the outsideBlock deduction already, and the rule takes it once. Only sorties whose bounds touch
 * (chained) can share a cell, so each such cluster is painted on a grid of its own bounds (per 4 km
 * tile when wider): linear in the sprayed area, never in the group's extent.
 */
import type { PolygonGeometry } from '@agrifleet/domain';
import { type LocalFrame, lngDelta, localFrameAt } from '../../telemetry/area/localFrame.ts';
import { newQuadSet, type QuadSet, type SprayPoint, sortieQuads } from '../../telemetry/area/sprayedArea.ts';

/** How long after a sortie spraying its area again is overlap, ms (7 days). */
export const OVERLAP_WINDOW_MS = 7 * 86_400_000;

/** Grid cell side, metres: a third of a typical swath; the overlap of a pass flown again is found to a few per cent. */
export const OVERLAP_CELL_M = 2;
/** Largest grid one cluster is painted on at once (cells); a wider one is painted per 4 km tile. */
const MAX_CELLS = 4_000_000;

interface Grid {
  x0: number;
  y0: number;
  w: number;
  h: number;
  /** The mark of the last painter of each cell (painters with a clip: only cells inside it). */
  stamp: Uint32Array;
  /** The mark of the last sortie over each cell, painted or not (written only for sorties with a clip). */
  seen: Uint32Array;
  /** Stamps at or below it are left from earlier grids painted on the same buffer: empty here. */
  base: number;
  /** Take-off (ms) of the sortie that painted mark base + 1 + n, at n. */
  starts: Float64Array;
  /** The earliest take-off of a painter whose cells the sortie now painted pays again. */
  since: number;
}

/**
 * The stamp buffer grids are painted on, reused from grid to grid without clearing: each grid
 * paints with marks above the last one used (Grid.base). One per computation (buildEvidence),
 * so it is let go with it.
 */
export interface OverlapScratch {
  stamp: Uint32Array;
  seen: Uint32Array;
  used: number;
}

export const newOverlapScratch = (): OverlapScratch => ({
  stamp: new Uint32Array(0),
  seen: new Uint32Array(0),
  used: 0,
});

/** A grid of w x h cells whose marks 1..marks are free on the scratch buffer. */
function gridOn(s: OverlapScratch, x0: number, y0: number, w: number, h: number, starts: Float64Array): Grid {
  const marks = starts.length;
  if (s.stamp.length < w * h || s.used + marks >= 0xffff_ffff) {
    if (s.stamp.length < w * h) {
      const size = Math.max(w * h, 2 * s.stamp.length);
      s.stamp = new Uint32Array(size);
      s.seen = new Uint32Array(size);
    } else {
      s.stamp.fill(0);
      s.seen.fill(0);
    }
    s.used = 0;
  }
  const g: Grid = { x0, y0, w, h, stamp: s.stamp, seen: s.seen, base: s.used, starts, since: 0 };
  s.used += marks;
  return g;
}

/** Cells counted again by one sortie: all of them, and those outside its clip. */
interface Again {
  all: number;
  outside: number;
}

/**
 * A clip (polygon rings in local metres) as crossings per grid row, computed once per row: a cell
 * centre lies inside when an odd number of crossings lie west of it.
 */
class ClipRows {
  private readonly rows = new Map<number, Float64Array>();
  constructor(private readonly rings: { x: Float64Array; y: Float64Array }[]) {}

  at(r: number, cy: number): Float64Array {
    let xs = this.rows.get(r);
    if (!xs) {
      const out: number[] = [];
      for (const ring of this.rings)
        for (let i = 0, j = ring.x.length - 1; i < ring.x.length; j = i++) {
          const yi = ring.y[i] as number;
          const yj = ring.y[j] as number;
          if (yi > cy !== yj > cy) {
            const xi = ring.x[i] as number;
            const xj = ring.x[j] as number;
            out.push(((xj - xi) * (cy - yi)) / (yj - yi) + xi);
          }
        }
      xs = Float64Array.from(out).sort();
      this.rows.set(r, xs);
    }
    return xs;
  }
}

/**
 * Paints quad i of q (convex) with `mark` (above g.base): every cell whose centre it covers (with
 * a clip: inside the clip only). Adds to `again` the cells an earlier painter had painted since
 * g.since, each once per sortie.
 */
function paintQuad(q: QuadSet, i: number, g: Grid, mark: number, clip: ClipRows | null, again: Again): void {
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
  let all = 0;
  let outside = 0;
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
    if (!clip) {
      for (let c = c0; c <= c1; c++) {
        const s = g.stamp[row + c] as number;
        if (s === mark) continue;
        if (s > g.base && (g.starts[s - g.base - 1] as number) >= g.since) all++;
        g.stamp[row + c] = mark;
      }
      continue;
    }
    // With a clip: the crossings west of the cell centre, walked eastward.
    const xs = clip.at(r, cy);
    let west = 0;
    for (let c = c0; c <= c1; c++) {
      const at = row + c;
      if (g.seen[at] === mark) continue;
      g.seen[at] = mark;
      const px = g.x0 + (c + 0.5) * cell;
      while (west < xs.length && (xs[west] as number) < px) west++;
      const inside = (west & 1) === 1;
      const s = g.stamp[at] as number;
      if (s > g.base && (g.starts[s - g.base - 1] as number) >= g.since) {
        all++;
        if (!inside) outside++;
      }
      if (inside) g.stamp[at] = mark;
    }
  }
  again.all += all;
  again.outside += outside;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounds of quads from..to-1 of a set (local metres); null when there is none. */
function boundsOf(q: QuadSet, from: number, to: number): Box | null {
  if (to <= from) return null;
  const b: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let i = 4 * from; i < 4 * to; i++) {
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
 * The sorties of one group, added in take-off order as their boom quads in one local frame (the
 * first spraying sample's): the points can be let go as soon as they are added.
 */
export interface OverlapGroup {
  frame: LocalFrame | null;
  quads: QuadSet;
  ids: number[];
  /** Take-off of sortie k, ms. */
  starts: number[];
  /** Sortie k's clip (its block), null: none. */
  clips: (PolygonGeometry | null)[];
  /** Sortie k's quads are from[k]..from[k + 1] - 1. */
  from: number[];
}

export const newOverlapGroup = (): OverlapGroup => ({
  frame: null,
  quads: newQuadSet(0),
  ids: [],
  starts: [],
  clips: [],
  from: [0],
});

/**
 * Adds a sortie (the next in take-off order, at `startMs`) to the group; with a clip (its block),
 * it paints only inside it.
 */
export function addToGroup(
  g: OverlapGroup,
  sortieId: number,
  startMs: number,
  points: readonly SprayPoint[],
  clip: PolygonGeometry | null = null,
): void {
  if (!g.frame) {
    const ref = points.find((p) => p.pump && Number.isFinite(p.lat) && Number.isFinite(p.lng));
    if (ref) g.frame = localFrameAt(ref.lat, ref.lng);
  }
  if (g.frame) {
    const need = 4 * (g.quads.count + Math.max(0, points.length - 1));
    if (g.quads.x.length < need) {
      const size = Math.max(need, 2 * g.quads.x.length);
      const x = new Float64Array(size);
      const y = new Float64Array(size);
      x.set(g.quads.x.subarray(0, 4 * g.quads.count));
      y.set(g.quads.y.subarray(0, 4 * g.quads.count));
      g.quads = { count: g.quads.count, x, y };
    }
    sortieQuads(points, g.frame, {}, g.quads);
  }
  g.ids.push(sortieId);
  g.starts.push(startMs);
  g.clips.push(clip);
  g.from.push(g.quads.count);
}

/** Area (m²) a sortie sprays again, and the part of it outside its clip. */
export interface OverlapArea {
  m2: number;
  outsideM2: number;
}

/**
 * Area each sortie sprays again that an earlier sortie of the group sprayed (inside the earlier
 * one's clip) within OVERLAP_WINDOW_MS before it, the group in take-off order (startMs; absent:
 * all at once). Sorties that spray nothing again are absent.
 */
export function overlapsInOrder(
  sorties: ReadonlyArray<{
    sortieId: number;
    startMs?: number;
    points: readonly SprayPoint[];
    clip?: PolygonGeometry | null;
  }>,
  scratch: OverlapScratch = newOverlapScratch(),
): Map<number, OverlapArea> {
  const g = newOverlapGroup();
  for (const s of sorties) addToGroup(g, s.sortieId, s.startMs ?? 0, s.points, s.clip ?? null);
  return groupOverlaps(g, scratch);
}

/** The overlaps of a group built with addToGroup (see overlapsInOrder). */
export function groupOverlaps(
  group: OverlapGroup,
  scratch: OverlapScratch = newOverlapScratch(),
): Map<number, OverlapArea> {
  const out = new Map<number, OverlapArea>();
  const { frame, quads, from, ids } = group;
  if (ids.length < 2 || !frame) return out;
  const boxes = ids.map((_, k) => boundsOf(quads, from[k] as number, from[k + 1] as number));
  const ringsOf = (clip: PolygonGeometry) =>
    clip.coordinates.map((ring) => ({
      x: Float64Array.from(ring, ([lng]) => lngDelta(lng as number, frame.lng0) * frame.metresPerDegLng),
      y: Float64Array.from(ring, ([, lat]) => ((lat as number) - frame.lat0) * frame.metresPerDegLat),
    }));
  const cellM2 = OVERLAP_CELL_M * OVERLAP_CELL_M;
  const again = ids.map((): Again => ({ all: 0, outside: 0 }));
  for (const members of clusters(boxes)) {
    const all: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (const k of members) {
      const b = boxes[k] as Box;
      all.x0 = Math.min(all.x0, b.x0);
      all.y0 = Math.min(all.y0, b.y0);
      all.x1 = Math.max(all.x1, b.x1);
      all.y1 = Math.max(all.y1, b.y1);
    }
    const rings = new Map<number, { x: Float64Array; y: Float64Array }[]>();
    for (const k of members) {
      const clip = group.clips[k];
      if (clip) rings.set(k, ringsOf(clip));
    }
    const { x0, y0 } = all;
    const w = Math.ceil((all.x1 - x0) / OVERLAP_CELL_M) + 1;
    const h = Math.ceil((all.y1 - y0) / OVERLAP_CELL_M) + 1;
    const tile = w * h <= MAX_CELLS ? Math.max(w, h) : TILE_CELLS;
    for (let ty = 0; ty < h; ty += tile)
      for (let tx = 0; tx < w; tx += tile) {
        const g = gridOn(
          scratch,
          x0 + tx * OVERLAP_CELL_M,
          y0 + ty * OVERLAP_CELL_M,
          Math.min(tile, w - tx),
          Math.min(tile, h - ty),
          Float64Array.from(members, (k) => group.starts[k] as number),
        );
        const gx1 = g.x0 + g.w * OVERLAP_CELL_M;
        const gy1 = g.y0 + g.h * OVERLAP_CELL_M;
        members.forEach((k, n) => {
          const b = boxes[k] as Box;
          if (b.x1 < g.x0 || b.x0 > gx1 || b.y1 < g.y0 || b.y0 > gy1) return;
          g.since = (group.starts[k] as number) - OVERLAP_WINDOW_MS;
          const r = rings.get(k);
          const clip = r ? new ClipRows(r) : null;
          const end = from[k + 1] as number;
          for (let i = from[k] as number; i < end; i++)
            paintQuad(quads, i, g, g.base + n + 1, clip, again[k] as Again);
        });
      }
  }
  again.forEach((a, k) => {
    if (a.all > 0) out.set(ids[k] as number, { m2: a.all * cellM2, outsideM2: a.outside * cellM2 });
  });
  return out;
}
