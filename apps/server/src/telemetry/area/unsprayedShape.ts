/**
 * The unsprayed parts of a block as polygons to draw (coverage.ts), from the uncovered intervals of
 * the scanline rows (coverageRows.ts), in the turned frame.
 *
 * One row in `stride` is kept (a band `stride * h` high). Intervals of consecutive kept rows that
 * overlap one-to-one are chained into one polygon (its left and right sides through the interval
 * ends at the row centres, capped square at the bands where it starts and stops); where the strips
 * split or merge, the chains end and new ones start in the next band, so the polygons tile. Points
 * nearly in line with their neighbours are dropped, so a long straight strip keeps 4 or 5 vertices.
 * If the total exceeds `maxVertices`, the stride doubles and the shape is rebuilt.
 */
import type { RowsResult } from './coverageRows.ts';

export interface ShapeInput {
  rows: RowsResult;
  rowCount: number;
  h: number;
  yMin: number;
  /** First band height, metres. */
  bandM: number;
  maxVertices: number;
}

/** Rings (closed, counter-clockwise) as flat [x0, y0, x1, y1, ...] in the turned frame. */
export type FlatRing = number[];

interface Chain {
  left: number[];
  right: number[];
  lo: number;
  hi: number;
  bottom: number;
}

function closeChain(c: Chain, top: number): FlatRing {
  const ring: number[] = [];
  const firstLo = c.left[0] as number;
  const firstHi = c.right[0] as number;
  ring.push(firstLo, c.bottom, firstHi, c.bottom);
  for (let i = 0; i < c.right.length; i += 2) ring.push(c.right[i] as number, c.right[i + 1] as number);
  ring.push(c.hi, top, c.lo, top);
  for (let i = c.left.length - 2; i >= 0; i -= 2) ring.push(c.left[i] as number, c.left[i + 1] as number);
  return ring;
}

/** Drops vertices within `tol` of the line through their kept neighbours; closes the ring. */
function simplify(ring: FlatRing, tol: number): FlatRing {
  const n = ring.length / 2;
  const out: number[] = [ring[0] as number, ring[1] as number];
  for (let i = 1; i < n; i++) {
    const x = ring[2 * i] as number;
    const y = ring[2 * i + 1] as number;
    const ax = out[out.length - 2] as number;
    const ay = out[out.length - 1] as number;
    const nx = ring[(2 * (i + 1)) % (2 * n)] as number;
    const ny = ring[(2 * (i + 1) + 1) % (2 * n)] as number;
    const dx = nx - ax;
    const dy = ny - ay;
    const len = Math.hypot(dx, dy);
    const off = len > 0 ? Math.abs((x - ax) * dy - (y - ay) * dx) / len : Math.hypot(x - ax, y - ay);
    const between = len > 0 && (x - ax) * dx + (y - ay) * dy >= 0 && (nx - x) * dx + (ny - y) * dy >= 0;
    if (off < tol && between) continue;
    if (x === ax && y === ay) continue;
    out.push(x, y);
  }
  out.push(out[0] as number, out[1] as number);
  return out;
}

function build(input: ShapeInput, stride: number): FlatRing[] {
  const { rows, rowCount, h, yMin } = input;
  const band = stride * h;
  const rings: FlatRing[] = [];
  let open: Chain[] = [];
  const bands = Math.ceil(rowCount / stride);
  for (let r = 0; r <= bands; r++) {
    const bottom = yMin + r * band;
    const j = Math.min(rowCount - 1, r * stride + (stride >> 1));
    const yc = yMin + (j + 0.5) * h;
    const from = r < bands ? (rows.gapStart[j] as number) : 0;
    const to = r < bands ? (rows.gapStart[j + 1] as number) : 0;
    const count = to - from;
    // Overlaps between the open chains and this band's intervals (both sorted by lo).
    const chainDegree = new Int32Array(open.length);
    const gapDegree = new Int32Array(count);
    const partner = new Int32Array(count).fill(-1);
    for (let g = 0; g < count; g++) {
      const lo = rows.gapLo[from + g] as number;
      const hi = rows.gapHi[from + g] as number;
      for (let c = 0; c < open.length; c++) {
        const chain = open[c] as Chain;
        if (lo < chain.hi && hi > chain.lo) {
          chainDegree[c] = (chainDegree[c] as number) + 1;
          gapDegree[g] = (gapDegree[g] as number) + 1;
          partner[g] = c;
        }
      }
    }
    const next: Chain[] = [];
    const kept = new Uint8Array(open.length);
    for (let g = 0; g < count; g++) {
      const lo = rows.gapLo[from + g] as number;
      const hi = rows.gapHi[from + g] as number;
      const c = partner[g] as number;
      if (gapDegree[g] === 1 && chainDegree[c] === 1) {
        const chain = open[c] as Chain;
        chain.left.push(lo, yc);
        chain.right.push(hi, yc);
        chain.lo = lo;
        chain.hi = hi;
        kept[c] = 1;
        next.push(chain);
      } else {
        next.push({ left: [lo, yc], right: [hi, yc], lo, hi, bottom });
      }
    }
    for (let c = 0; c < open.length; c++) if (!kept[c]) rings.push(closeChain(open[c] as Chain, bottom));
    open = next.sort((a, b) => a.lo - b.lo);
  }
  return rings.map((ring) => simplify(ring, band / 4));
}

export function unsprayedRings(input: ShapeInput): FlatRing[] {
  let stride = Math.max(1, Math.round(input.bandM / input.h));
  for (;;) {
    const rings = build(input, stride);
    const vertices = rings.reduce((s, r) => s + r.length / 2, 0);
    if (vertices <= input.maxVertices || stride >= input.rowCount) return rings;
    stride *= 2;
  }
}
