/**
 * Headland laps: closed spray paths half a swath inside the boundary (outer ring and around each
 * hole), so their swath covers the band one swath wide along the boundary, where the passes end
 * and the turns are flown.
 *
 * Along an outer edge parallel to the passes the nearest pass's swath may reach into that band
 * (the inner part is seldom a whole number of swaths across): there the lap is moved out by that
 * overshoot, at most 0.4 swath (so it is still flown a tenth of a swath inside the block), and its swath spills
 * outside the block instead of spraying the band twice. Holes keep their laps half a swath out
 * (no spray is pushed into a hole).
 */
import type { PathD, PathsD, PointD } from 'clipper2-ts';
import { inside, offset } from './geom.ts';
import type { StripGrid } from './passes.ts';

/** A lap is moved out by at most this share of a swath (it stays a tenth of a swath inside). */
const MAX_SHIFT = 0.4;
/** An edge counts as parallel to the passes within this slope. */
const PARALLEL = 1e-4;

/** How far the swath of the nearest pass reaches past the inner line at v = line (0..width). */
function overshoot(line: number, interiorBelow: boolean, grid: StripGrid, width: number): number {
  const k = (line - grid.v0) / width;
  // The pass strip holding the inner line, and how far its far edge lies beyond it.
  // Within 1 % of a strip edge counts as on it (the strip grid itself allows that much).
  if (Math.abs(k - Math.round(k)) < 0.011) return 0;
  const f = k - Math.floor(k);
  return (interiorBelow ? 1 - f : f) * width;
}

/** The outer ring with its pass-parallel edges moved out by the pass overshoot (see above). */
function shiftedOuter(outer: PathD, inner: PathsD, grid: StripGrid | null, width: number): PathD {
  if (!grid) return outer;
  const n = outer.length;
  const dv = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = outer[i] as PointD;
    const b = outer[(i + 1) % n] as PointD;
    const du = b.x - a.x;
    if (Math.abs(b.y - a.y) > PARALLEL * Math.abs(du) || du === 0) continue;
    // Outer ring counter-clockwise: going towards -u the interior lies below (v smaller).
    const below = du < 0;
    const line = below ? a.y - width : a.y + width;
    if (!passesAlong(a.x, b.x, below ? line - 0.05 : line + 0.05, inner, width)) continue;
    const s = Math.min(MAX_SHIFT * width, overshoot(line, below, grid, width)) * (below ? 1 : -1);
    dv[i] = s;
    dv[(i + 1) % n] = s;
  }
  return outer.map((p, i) => ({ x: p.x, y: p.y + (dv[i] as number) }));
}

/**
 * Whether the inner part lies all along the edge's inner line (from u0 to u1, less two swaths at each
 * end), so passes cover up to that line: where it does not (a part of the block narrower than two
 * swaths), the lap stays where it is.
 */
function passesAlong(u0: number, u1: number, v: number, inner: PathsD, width: number): boolean {
  const lo = Math.min(u0, u1) + 2 * width;
  const hi = Math.max(u0, u1) - 2 * width;
  if (hi < lo) return false;
  const n = Math.min(200, Math.ceil((hi - lo) / width));
  for (let i = 0; i <= n; i++)
    if (!inside({ x: lo + ((hi - lo) * i) / Math.max(1, n), y: v }, inner)) return false;
  return true;
}

/** The headland laps of block P (outer ring first, then holes, as Clipper paths). */
export function headlandLaps(P: PathsD, inner: PathsD, grid: StripGrid | null, width: number): PathsD {
  const [outer, ...holes] = P;
  if (!outer) return [];
  return offset([shiftedOuter(outer, inner, grid, width), ...holes], -width / 2).filter((r) => r.length >= 3);
}
