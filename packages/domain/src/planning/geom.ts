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

/** Whether segments ab and cd cross or touch. */
export function segmentsCross(a: PointD, b: PointD, c: PointD, d: PointD): boolean {
  const o = (p: PointD, q: PointD, r: PointD) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const o1 = o(a, b, c);
  const o2 = o(a, b, d);
  const o3 = o(c, d, a);
  const o4 = o(c, d, b);
  return o1 * o2 <= 0 && o3 * o4 <= 0 && !(o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0);
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
 * Edges of a polygon set indexed by v (a bucket per `cell` metres), to test whether a path stays
 * inside the block (turns) without scanning every edge.
 */
export interface EdgeIndex {
  crosses(path: readonly PointD[]): boolean;
}

export function edgeIndex(paths: PathsD, cell: number): EdgeIndex {
  let vMin = Number.POSITIVE_INFINITY;
  for (const r of paths) for (const p of r) vMin = Math.min(vMin, p.y);
  const buckets = new Map<number, [PointD, PointD][]>();
  for (const ring of paths)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j] as PointD;
      const b = ring[i] as PointD;
      const lo = Math.floor((Math.min(a.y, b.y) - vMin) / cell);
      const hi = Math.floor((Math.max(a.y, b.y) - vMin) / cell);
      for (let k = lo; k <= hi && k - lo < 100_000; k++) {
        const list = buckets.get(k) ?? [];
        list.push([a, b]);
        buckets.set(k, list);
      }
    }
  return {
    crosses(path) {
      for (let s = 1; s < path.length; s++) {
        const a = path[s - 1] as PointD;
        const b = path[s] as PointD;
        const lo = Math.floor((Math.min(a.y, b.y) - vMin) / cell);
        const hi = Math.floor((Math.max(a.y, b.y) - vMin) / cell);
        for (let k = lo; k <= hi; k++)
          for (const [c, d] of buckets.get(k) ?? []) if (segmentsCross(a, b, c, d)) return true;
      }
      return false;
    },
  };
}

export type { PathD, PathsD, PointD };
