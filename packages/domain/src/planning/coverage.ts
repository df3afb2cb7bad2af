/**
 * Planned coverage, measured as the console measures sprayed area (telemetry/area/booms.ts): a
 * spray leg sweeps its boom `width` wide across the track, mitred at its vertices (mitre at most
 * two half-swaths), flat where it starts and stops. Each leg's swath is a set of quadrilaterals.
 *
 * Covered area: the union of all swaths within the block; sprayed outside: that union less the
 * part within the block (past the outer ring or in a hole). Area covered twice or more: the swaths
 * are added group by group (all the passes, then each headland lap), each group's union first:
 * twice = twice ∪ (once ∩ group), once = once ∪ group. Passes hardly overlap one another
 * (neighbouring strips only touch; two passes of one strip overlap only where its pieces overlap in
 * u, around a notch reaching into the strip from both sides: not counted); a lap's
 * overlap with itself (at sharp corners) is added as the sum of its quadrilaterals less their
 * union.
 */
import type { PathD, PathsD, PointD } from 'clipper2-ts';
import { area, intersect, union } from './geom.ts';

const MAX_MITRE = 2;

/** The quadrilaterals a spray path sweeps with half-swath r. */
export function swathQuads(pts: readonly PointD[], r: number): PathsD {
  const m = pts.length;
  if (m < 2) return [];
  const ux: number[] = [];
  const uy: number[] = [];
  for (let i = 0; i < m - 1; i++) {
    const a = pts[i] as PointD;
    const b = pts[i + 1] as PointD;
    const l = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    ux.push((b.x - a.x) / l);
    uy.push((b.y - a.y) / l);
  }
  const booms: { nx: number; ny: number; k: number }[] = [];
  for (let i = 0; i < m; i++) {
    const inX = ux[Math.max(0, i - 1)] as number;
    const inY = uy[Math.max(0, i - 1)] as number;
    const outX = i < m - 1 ? (ux[i] as number) : inX;
    const outY = i < m - 1 ? (uy[i] as number) : inY;
    let bx = inX + outX;
    let by = inY + outY;
    let bl = Math.hypot(bx, by);
    if (bl < 1e-9) {
      bx = outY;
      by = -outX;
      bl = 1;
    }
    bx /= bl;
    by /= bl;
    const cosHalf = bx * outX + by * outY;
    booms.push({ nx: -by, ny: bx, k: Math.min(MAX_MITRE, 1 / Math.max(cosHalf, 1 / MAX_MITRE)) });
  }
  const quads: PathsD = [];
  for (let i = 0; i < m - 1; i++) {
    const a = pts[i] as PointD;
    const b = pts[i + 1] as PointD;
    const p = booms[i] as { nx: number; ny: number; k: number };
    const q = booms[i + 1] as { nx: number; ny: number; k: number };
    const quad: PathD = [
      { x: a.x - p.nx * r * p.k, y: a.y - p.ny * r * p.k },
      { x: b.x - q.nx * r * q.k, y: b.y - q.ny * r * q.k },
      { x: b.x + q.nx * r * q.k, y: b.y + q.ny * r * q.k },
      { x: a.x + p.nx * r * p.k, y: a.y + p.ny * r * p.k },
    ];
    quads.push(quad);
  }
  return quads;
}

/** Area of quads taken each on its own (orientation ignored). */
export const quadsArea = (quads: PathsD): number => quads.reduce((s, q) => s + Math.abs(area([q])), 0);

export interface Coverage {
  coveredM2: number;
  twiceM2: number;
  /** Swaths outside the block (past the outer ring or in a hole), m². */
  outsideM2: number;
}

/** Coverage of groups of spray paths (see the file comment) within the block `block`. */
export function coverage(block: PathsD, groups: readonly (readonly PointD[][])[], r: number): Coverage {
  let once: PathsD = [];
  let twice: PathsD = [];
  let self = 0;
  for (const group of groups) {
    const quads = group.flatMap((pts) => swathQuads(pts, r));
    if (quads.length === 0) continue;
    if (once.length === 0 && group.length > 1) {
      // The first group (the passes) in one operation.
      once = union(quads);
      continue;
    }
    const g = union(quads);
    if (group.length === 1) self += Math.max(0, quadsArea(quads) - area(g));
    if (once.length > 0) twice = union(twice, intersect(once, g));
    once = union(once, g);
  }
  const coveredM2 = area(intersect(once, block));
  return {
    coveredM2,
    twiceM2: area(intersect(twice, block)) + self,
    outsideM2: Math.max(0, area(once) - coveredM2),
  };
}
