/**
 * Passes and cells. The inner part of the block (the block inset by the headland width) is cut
 * into strips one swath wide, parallel to u; each connected piece of the inner part within a strip
 * gives one pass along the strip's centre line, from the piece's least u to its greatest, so its
 * flat-ended swath covers the whole piece (slanted ends reach the headland's inner edge).
 *
 * Why a pass never flies over a hole: a point of the centre line inside a hole (or outside the
 * block) would have every point within one swath of it outside the inner part, i.e. the whole
 * strip across it, so the piece could not be connected across it.
 *
 * Cells: passes of neighbouring strips whose u-ranges overlap one to one are chained into a cell
 * that is swept boustrophedon (the decomposition splits where the pieces split or merge, at holes
 * and at the notches of a non-convex block).
 */
import { Clipper, type PathsD } from 'clipper2-ts';
import { intersect } from './geom.ts';

export interface Pass {
  /** Strip index (v = v0 + (k + 0.5) * width). */
  k: number;
  v: number;
  u0: number;
  u1: number;
}

/** Share of a swath the strips are trimmed by at each side (the grid's tolerance). */
const TRIM = 0.011;

export interface StripGrid {
  v0: number;
  count: number;
}

/**
 * The strips over the inner part's v-extent, their edges on the lines v = `phase` + k x width, i.e.
 * on the chosen edge's inner line (phase = the edge's v): the passes along that edge meet its lap
 * exactly, and the remainder (the inner part is seldom a whole number of swaths across) is left to
 * the far side, where the last pass's swath overlaps the lap there (inside the block) rather than
 * any lap moving out past the boundary. A 1 % residue either side is tolerated.
 */
export function stripGrid(inner: PathsD, width: number, phase: number): StripGrid | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const r of inner)
    for (const p of r) {
      lo = Math.min(lo, p.y);
      hi = Math.max(hi, p.y);
    }
  if (!(hi > lo) || !Number.isFinite(phase)) return null;
  const v0 = phase + Math.floor((lo - phase) / width + 0.01) * width;
  const count = Math.max(1, Math.ceil((hi - v0) / width - 0.01));
  return { v0, count };
}

/** The passes of every strip, sorted by strip then u. */
export function makePasses(inner: PathsD, width: number, grid: StripGrid): Pass[] {
  let uMin = Number.POSITIVE_INFINITY;
  let uMax = Number.NEGATIVE_INFINITY;
  for (const r of inner)
    for (const p of r) {
      uMin = Math.min(uMin, p.x);
      uMax = Math.max(uMax, p.x);
    }
  uMin -= 1;
  uMax += 1;
  const passes: Pass[] = [];
  // Even and odd strips apart, so that no two rectangles of one clip touch.
  for (const parity of [0, 1]) {
    const rects: PathsD = [];
    for (let k = parity; k < grid.count; k += 2) {
      // Trimmed by the 1 % the grid allows, so that a piece reaching into the strip by rounding
      // only neither makes a pass nor joins two pieces.
      const a = grid.v0 + k * width + TRIM * width;
      const b = a + width - 2 * TRIM * width;
      rects.push([
        { x: uMin, y: a },
        { x: uMax, y: a },
        { x: uMax, y: b },
        { x: uMin, y: b },
      ]);
    }
    for (const ring of intersect(inner, rects)) {
      if (ring.length < 3 || !Clipper.isPositiveD(ring)) continue;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      let vLo = Number.POSITIVE_INFINITY;
      let vHi = Number.NEGATIVE_INFINITY;
      let vs = 0;
      for (const p of ring) {
        lo = Math.min(lo, p.x);
        hi = Math.max(hi, p.x);
        vLo = Math.min(vLo, p.y);
        vHi = Math.max(vHi, p.y);
        vs += p.y;
      }
      // Slivers (a piece touching a strip at a corner) are left to the headland.
      if (Clipper.areaD(ring) < 0.02 * width || vHi - vLo < TRIM * width) continue;
      const k = Math.min(grid.count - 1, Math.max(0, Math.floor((vs / ring.length - grid.v0) / width)));
      passes.push({ k, v: grid.v0 + (k + 0.5) * width, u0: lo, u1: hi });
    }
  }
  passes.sort((a, b) => a.k - b.k || a.u0 - b.u0);
  return passes;
}

const overlaps = (a: Pass, b: Pass) => Math.min(a.u1, b.u1) - Math.max(a.u0, b.u0) > 1e-6;

/** Chains passes into cells (each a list of passes in consecutive strips). */
export function makeCells(passes: readonly Pass[]): Pass[][] {
  const byStrip = new Map<number, Pass[]>();
  for (const p of passes) {
    const list = byStrip.get(p.k) ?? [];
    list.push(p);
    byStrip.set(p.k, list);
  }
  const cells: Pass[][] = [];
  const cellOf = new Map<Pass, Pass[]>();
  for (const p of passes) {
    const below = (byStrip.get(p.k - 1) ?? []).filter((q) => overlaps(p, q));
    const prev = below.length === 1 ? (below[0] as Pass) : null;
    const prevUp = prev ? (byStrip.get(p.k) ?? []).filter((q) => overlaps(prev, q)) : [];
    const cell = prev && prevUp.length === 1 ? cellOf.get(prev) : undefined;
    if (cell) cell.push(p);
    else cells.push([p]);
    cellOf.set(p, cell ?? (cells[cells.length - 1] as Pass[]));
  }
  return cells;
}
