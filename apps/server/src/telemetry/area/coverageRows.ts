/**
 * The scanline pass of a block's coverage (coverage.ts): rows across the plane, exact along each
 * row, one row per `h` metres. On each row, the block is the even-odd set of its ring crossings and
 * each boom quad (booms.ts) covers one interval; the sweep counts how many quads cover each point
 * (touching quads of one run meet at a shared boom, so they do not count as an overlap) and adds up,
 * inside the block, the length covered once or more and twice or more, and the uncovered intervals.
 */
import type { QuadSet } from './booms.ts';

export interface RowsInput {
  /** Rings already in the turned frame: x[], y[] per ring (closed or not, the last edge is implied). */
  rings: { x: Float64Array; y: Float64Array }[];
  /** Quads already in the turned frame. */
  quads: QuadSet;
  h: number;
  yMin: number;
  rows: number;
  /** Uncovered intervals shorter than this are not collected (not drawn), metres. */
  minGapM: number;
}

export interface RowsResult {
  /** Summed row lengths (multiply by h for m²). */
  blockLength: number;
  coveredLength: number;
  twiceLength: number;
  /** Uncovered intervals inside the block per row: gapStart[row]..gapStart[row+1] into gapLo/gapHi. */
  gapStart: Int32Array;
  gapLo: Float64Array;
  gapHi: Float64Array;
}

/** Ring crossings of every row, grouped by row (counting sort). */
function ringCrossings(input: RowsInput): { start: Int32Array; xs: Float64Array } {
  const { rings, h, yMin, rows } = input;
  const count = new Int32Array(rows + 1);
  const each = (visit: (row: number, x: number) => void) => {
    for (const ring of rings) {
      const n = ring.x.length;
      for (let i = 0; i < n; i++) {
        const x0 = ring.x[i] as number;
        const y0 = ring.y[i] as number;
        const x1 = ring.x[(i + 1) % n] as number;
        const y1 = ring.y[(i + 1) % n] as number;
        if (y0 === y1) continue;
        const lo = Math.min(y0, y1);
        const hi = Math.max(y0, y1);
        const j0 = Math.max(0, Math.ceil((lo - yMin) / h - 0.5));
        const j1 = Math.min(rows - 1, Math.floor((hi - yMin) / h - 0.5));
        for (let j = j0; j <= j1; j++) {
          const yc = yMin + (j + 0.5) * h;
          // Half-open in y so a vertex on the row counts once.
          if (yc < lo || yc >= hi) continue;
          visit(j, x0 + ((yc - y0) / (y1 - y0)) * (x1 - x0));
        }
      }
    }
  };
  each((j) => {
    count[j + 1] = (count[j + 1] as number) + 1;
  });
  for (let j = 0; j < rows; j++) count[j + 1] = (count[j + 1] as number) + (count[j] as number);
  const xs = new Float64Array(count[rows] as number);
  const fill = count.slice(0, rows);
  each((j, x) => {
    const at = fill[j] as number;
    xs[at] = x;
    fill[j] = at + 1;
  });
  for (let j = 0; j < rows; j++) xs.subarray(count[j], count[j + 1]).sort();
  return { start: count, xs };
}

class Growable {
  a = new Float64Array(1024);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) {
      const b = new Float64Array(this.n * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
}

export function scanRows(input: RowsInput): RowsResult {
  const { quads, h, yMin, rows, minGapM } = input;
  const { x, y } = quads;
  const n = quads.count;
  const ring = ringCrossings(input);

  // Quads by their first row; an active list walks the rows.
  const first = new Int32Array(n);
  const last = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const a = 4 * i;
    const lo = Math.min(y[a] as number, y[a + 1] as number, y[a + 2] as number, y[a + 3] as number);
    const hi = Math.max(y[a] as number, y[a + 1] as number, y[a + 2] as number, y[a + 3] as number);
    first[i] = Math.max(0, Math.ceil((lo - yMin) / h - 0.5));
    last[i] = Math.min(rows - 1, Math.floor((hi - yMin) / h - 0.5));
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (p, q) => (first[p] as number) - (first[q] as number),
  );
  let active = new Int32Array(64);
  let nActive = 0;
  let next = 0;

  let los = new Float64Array(1024);
  let his = new Float64Array(1024);
  const gapStart = new Int32Array(rows + 1);
  const gapLo = new Growable();
  const gapHi = new Growable();
  let blockLength = 0;
  let coveredLength = 0;
  let twiceLength = 0;

  for (let j = 0; j < rows; j++) {
    const yc = yMin + (j + 0.5) * h;
    // Admit the quads starting here, drop the finished ones.
    while (next < n && (first[order[next] as number] as number) <= j) {
      if (nActive === active.length) {
        const b = new Int32Array(nActive * 2);
        b.set(active);
        active = b;
      }
      active[nActive++] = order[next++] as number;
    }
    let k = 0;
    for (let m = 0; m < nActive; m++) {
      const i = active[m] as number;
      if ((last[i] as number) >= j) active[k++] = i;
    }
    nActive = k;
    // This row's quad intervals.
    if (los.length < nActive) {
      los = new Float64Array(2 * nActive);
      his = new Float64Array(2 * nActive);
    }
    let c = 0;
    for (let m = 0; m < nActive; m++) {
      const a = 4 * (active[m] as number);
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let e = 0; e < 4; e++) {
        const p = a + e;
        const q = a + ((e + 1) & 3);
        const y0 = y[p] as number;
        const y1 = y[q] as number;
        if (y0 <= yc === y1 <= yc) continue;
        const xc = (x[p] as number) + ((yc - y0) / (y1 - y0)) * ((x[q] as number) - (x[p] as number));
        if (xc < lo) lo = xc;
        if (xc > hi) hi = xc;
      }
      if (!(lo < hi)) continue;
      los[c] = lo;
      his[c] = hi;
      c++;
    }
    const sl = los.subarray(0, c).sort();
    const sh = his.subarray(0, c).sort();
    // Sweep the breakpoints: quad starts and ends, block boundaries.
    const b0 = ring.start[j] as number;
    const b1 = ring.start[j + 1] as number;
    let bi = b0;
    let li = 0;
    let hi = 0;
    let depth = 0;
    let inside = false;
    let at = Number.NEGATIVE_INFINITY;
    let gapFrom = Number.NaN;
    while (bi < b1 || li < c) {
      // Next breakpoint; ends before starts at equal x (touching swaths do not overlap).
      const xb = bi < b1 ? (ring.xs[bi] as number) : Number.POSITIVE_INFINITY;
      const xl = li < c ? (sl[li] as number) : Number.POSITIVE_INFINITY;
      const xh = hi < c ? (sh[hi] as number) : Number.POSITIVE_INFINITY;
      const xn = Math.min(xb, xl, xh);
      if (inside && xn > at) {
        const d = xn - at;
        blockLength += d;
        if (depth >= 1) coveredLength += d;
        if (depth >= 2) twiceLength += d;
      }
      at = xn;
      const wasGap = inside && depth === 0;
      if (xh === xn) {
        depth--;
        hi++;
      } else if (xb === xn) {
        inside = !inside;
        bi++;
      } else {
        depth++;
        li++;
      }
      const isGap = inside && depth === 0;
      if (!wasGap && isGap) gapFrom = xn;
      if (wasGap && !isGap && xn - gapFrom >= minGapM) {
        gapLo.push(gapFrom);
        gapHi.push(xn);
      }
    }
    gapStart[j + 1] = gapLo.n;
  }
  return {
    blockLength,
    coveredLength,
    twiceLength,
    gapStart,
    gapLo: gapLo.a.subarray(0, gapLo.n),
    gapHi: gapHi.a.subarray(0, gapHi.n),
  };
}
