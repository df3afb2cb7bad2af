/**
 * The planner's working plane: local metres (frame.ts) turned so that u runs along the chosen edge
 * and v across it (passes are lines of constant v). Rings are Clipper paths (outer ring positive,
 * holes negative), so offsets and boolean operations apply directly.
 */
import { Clipper, EndType, FillRule, JoinType, type PathD, type PathsD, type PointD } from 'clipper2-ts';
import type { LngLat } from '../contracts/geometry.ts';
import { type Frame, frameOf } from './frame.ts';

/** Clipper's rounding: 1e-4 m. */
export const PRECISION = 4;

export interface Plane {
  frame: Frame;
  cos: number;
  sin: number;
  toUV(p: readonly number[]): PointD;
  toLngLat(p: PointD): LngLat;
}

/** The plane whose u axis runs along the outer ring's edge `edge` (from vertex edge to edge+1). */
export function planeFor(outer: readonly LngLat[], edge: number): Plane {
  const frame = frameOf(outer.slice(0, -1));
  const a = frame.toXY(outer[edge] as LngLat);
  const b = frame.toXY(outer[edge + 1] as LngLat);
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const cos = (b.x - a.x) / len;
  const sin = (b.y - a.y) / len;
  return {
    frame,
    cos,
    sin,
    toUV: (p) => {
      const q = frame.toXY(p);
      return { x: q.x * cos + q.y * sin, y: -q.x * sin + q.y * cos };
    },
    toLngLat: (p) => {
      const ll = frame.toLngLat({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos });
      return [Number(ll[0].toFixed(8)), Number(ll[1].toFixed(8))];
    },
  };
}

/** Rings of a polygon as Clipper paths in the plane (open, outer positive, holes negative). */
export function ringsToPaths(rings: readonly (readonly LngLat[])[], plane: Plane): PathsD {
  return rings.map((ring, i) => {
    const path = ring.slice(0, -1).map(plane.toUV);
    const positive = Clipper.isPositiveD(path);
    if ((i === 0) !== positive) path.reverse();
    return path;
  });
}

/** Insets (negative delta) or grows a polygon set, mitred corners (limit 2, as the boom's mitre). */
export function offset(paths: PathsD, delta: number): PathsD {
  return Clipper.inflatePathsD(paths, delta, JoinType.Miter, EndType.Polygon, 2, PRECISION);
}

export const area = (paths: PathsD): number => Clipper.areaPathsD(paths);

export const union = (a: PathsD, b: PathsD = []): PathsD => Clipper.unionD(a, b, FillRule.NonZero, PRECISION);
export const intersect = (a: PathsD, b: PathsD): PathsD =>
  Clipper.intersectD(a, b, FillRule.NonZero, PRECISION);
export const difference = (a: PathsD, b: PathsD): PathsD =>
  Clipper.differenceD(a, b, FillRule.NonZero, PRECISION);

export const dist = (a: PointD, b: PointD): number => Math.hypot(a.x - b.x, a.y - b.y);

export function pathLength(path: readonly PointD[]): number {
  let s = 0;
  for (let i = 1; i < path.length; i++) s += dist(path[i - 1] as PointD, path[i] as PointD);
  return s;
}

/** Distance from p to segment ab. */
export function segmentDistance(p: PointD, a: PointD, b: PointD): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0;
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** Orientation of r against pq (twice the signed area of pqr). */
const orient = (p: PointD, q: PointD, r: PointD): number =>
  (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);

/** Whether segments ab and cd cross or touch. */
export function segmentsCross(a: PointD, b: PointD, c: PointD, d: PointD): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  if (o1 * o2 > 0) return false;
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  return o3 * o4 <= 0 && !(o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0);
}

/** Even-odd point in polygon set (rings with holes). */
export function inside(p: PointD, paths: PathsD): boolean {
  let c = false;
  for (const ring of paths)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i] as PointD;
      const b = ring[j] as PointD;
      if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) c = !c;
    }
  return c;
}

/**
 * Edges of a polygon set in a uniform grid (about two edges per cell), to test whether a path
 * crosses the rings without scanning every edge: a segment visits the cells it passes through, row
 * by row (a hair wider, so that an edge and a segment meeting on a cell's side share a cell).
 */
export interface EdgeIndex {
  crosses(path: readonly PointD[]): boolean;
}

export function edgeIndex(paths: PathsD): EdgeIndex {
  const edges: [PointD, PointD][] = [];
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const ring of paths)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j] as PointD;
      const b = ring[i] as PointD;
      edges.push([a, b]);
      x0 = Math.min(x0, a.x);
      y0 = Math.min(y0, a.y);
      x1 = Math.max(x1, a.x);
      y1 = Math.max(y1, a.y);
    }
  if (edges.length === 0) return { crosses: () => false };
  const w = Math.max(x1 - x0, 1e-6);
  const h = Math.max(y1 - y0, 1e-6);
  const span = Math.max(w, h);
  const s = Math.max(Math.sqrt((w * h) / (2 * edges.length)), span / 1024);
  const nx = Math.ceil(w / s) + 1;
  const ny = Math.ceil(h / s) + 1;
  const eps = span * 1e-9 + 1e-9;
  /** Calls f for every cell segment ab passes through (each once). */
  const cells = (a: PointD, b: PointD, f: (cell: number) => boolean): boolean => {
    const yl = Math.min(a.y, b.y);
    const yh = Math.max(a.y, b.y);
    const j0 = Math.max(0, Math.floor((yl - eps - y0) / s));
    const j1 = Math.min(ny - 1, Math.floor((yh + eps - y0) / s));
    const dy = b.y - a.y;
    for (let j = j0; j <= j1; j++) {
      let xl: number;
      let xh: number;
      if (Math.abs(dy) < 1e-12) {
        xl = Math.min(a.x, b.x);
        xh = Math.max(a.x, b.x);
      } else {
        const ya = Math.max(yl, y0 + j * s - eps);
        const yb = Math.min(yh, y0 + (j + 1) * s + eps);
        const xa = a.x + ((b.x - a.x) * (ya - a.y)) / dy;
        const xb = a.x + ((b.x - a.x) * (yb - a.y)) / dy;
        xl = Math.min(xa, xb);
        xh = Math.max(xa, xb);
      }
      const i0 = Math.max(0, Math.floor((xl - eps - x0) / s));
      const i1 = Math.min(nx - 1, Math.floor((xh + eps - x0) / s));
      for (let i = i0; i <= i1; i++) if (f(j * nx + i)) return true;
    }
    return false;
  };
  const count = new Int32Array(nx * ny + 1);
  for (const [a, b] of edges)
    cells(a, b, (c) => {
      count[c + 1] = (count[c + 1] as number) + 1;
      return false;
    });
  for (let c = 0; c < nx * ny; c++) count[c + 1] = (count[c + 1] as number) + (count[c] as number);
  const fill = count.slice(0, nx * ny);
  const list = new Int32Array(count[nx * ny] as number);
  edges.forEach(([a, b], e) => {
    cells(a, b, (c) => {
      list[fill[c] as number] = e;
      fill[c] = (fill[c] as number) + 1;
      return false;
    });
  });
  const stamp = new Int32Array(edges.length);
  let now = 0;
  return {
    crosses(path) {
      for (let k = 1; k < path.length; k++) {
        const a = path[k - 1] as PointD;
        const b = path[k] as PointD;
        now++;
        const hit = cells(a, b, (c) => {
          for (let m = count[c] as number, end = count[c + 1] as number; m < end; m++) {
            const e = list[m] as number;
            if (stamp[e] === now) continue;
            stamp[e] = now;
            const [p, q] = edges[e] as [PointD, PointD];
            if (segmentsCross(a, b, p, q)) return true;
          }
          return false;
        });
        if (hit) return true;
      }
      return false;
    },
  };
}

export type { PathD, PathsD, PointD };
