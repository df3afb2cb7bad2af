/**
 * The scanline pass of a block's coverage (coverage.ts): rows across the plane, exact along each
 * row, one row per `h` metres. On each row, the block is the even-odd set of its ring crossings and
 * each boom quad (booms.ts) covers one interval; the sweep counts how many quads cover each point
 * (touching quads of one run meet at a shared boom, so they do not count as an overlap) and adds up,
 * inside the block, the length covered once or more and twice or more, and the uncovered intervals.
 */
import type { QuadSet } from './booms.ts';
import { BAND_ROWS, BAND_SHIFT, Intervals } from './rowIntervals.ts';

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

/** Whether quad i continues quad i - 1's run: they share a boom (booms.ts addRun). */
function joinsPrevious(q: QuadSet, i: number): boolean {
  if (i === 0) return false;
  const a = 4 * i;
  const b = 4 * (i - 1);
  const close = (u: number, v: number) => Math.abs(u - v) <= 1e-9 * (1 + Math.abs(u));
  return (
    close(q.x[a] as number, q.x[b + 1] as number) &&
    close(q.y[a] as number, q.y[b + 1] as number) &&
    close(q.x[a + 3] as number, q.x[b + 2] as number) &&
    close(q.y[a + 3] as number, q.y[b + 2] as number)
  );
}

export function scanRows(input: RowsInput): RowsResult {
  const { quads, h, yMin, rows, minGapM } = input;
  const { x, y } = quads;
  const n = quads.count;
  const ring = ringCrossings(input);

  // Quads by band of rows (in quad order within a band), as quadUnion.ts does.
  const first = new Int32Array(n);
  const last = new Int32Array(n);
  const joins = new Uint8Array(n);
  const bands = (rows + BAND_ROWS - 1) >> BAND_SHIFT;
  const bandStart = new Int32Array(bands + 1);
  for (let i = 0; i < n; i++) {
    const a = 4 * i;
    const lo = Math.min(y[a] as number, y[a + 1] as number, y[a + 2] as number, y[a + 3] as number);
    const hi = Math.max(y[a] as number, y[a + 1] as number, y[a + 2] as number, y[a + 3] as number);
    const j0 = Math.max(0, Math.ceil((lo - yMin) / h - 0.5));
    const j1 = Math.min(rows - 1, Math.floor((hi - yMin) / h - 0.5));
    first[i] = j0;
    last[i] = j1;
    joins[i] = joinsPrevious(quads, i) ? 1 : 0;
    if (j1 < j0) continue;
    for (let b = j0 >> BAND_SHIFT; b <= j1 >> BAND_SHIFT; b++)
      bandStart[b + 1] = (bandStart[b + 1] as number) + 1;
  }
  for (let b = 0; b < bands; b++) bandStart[b + 1] = (bandStart[b + 1] as number) + (bandStart[b] as number);
  const members = new Int32Array(bandStart[bands] as number);
  const fill = bandStart.slice(0, bands);
  for (let i = 0; i < n; i++) {
    if ((last[i] as number) < (first[i] as number)) continue;
    for (let b = (first[i] as number) >> BAND_SHIFT; b <= (last[i] as number) >> BAND_SHIFT; b++) {
      const at = fill[b] as number;
      members[at] = i;
      fill[b] = at + 1;
    }
  }

  const store = new Intervals();
  const lastOnRow = new Int32Array(BAND_ROWS);
  const lastQuadOnRow = new Int32Array(BAND_ROWS);
  const rowOffset = new Int32Array(BAND_ROWS + 1);
  const gapStart = new Int32Array(rows + 1);
  const gapLo = new Growable();
  const gapHi = new Growable();
  const acc = { block: 0, covered: 0, twice: 0 };

  for (let b = 0; b < bands; b++) {
    const rowFrom = b << BAND_SHIFT;
    const rowTo = Math.min(rows, rowFrom + BAND_ROWS) - 1;
    store.n = 0;
    lastQuadOnRow.fill(-2);
    for (let m = bandStart[b] as number; m < (bandStart[b + 1] as number); m++) {
      const i = members[m] as number;
      const a = 4 * i;
      const jEnd = Math.min(last[i] as number, rowTo);
      for (let j = Math.max(first[i] as number, rowFrom); j <= jEnd; j++) {
        const yc = yMin + (j + 0.5) * h;
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
        const k = j - rowFrom;
        const prev = lastOnRow[k] as number;
        // The next quad of the same run: one swath with the previous one (they touch at a boom).
        if (
          joins[i] === 1 &&
          lastQuadOnRow[k] === i - 1 &&
          lo <= (store.hi[prev] as number) + 1e-9 &&
          hi >= (store.lo[prev] as number) - 1e-9
        ) {
          if (lo < (store.lo[prev] as number)) store.lo[prev] = lo;
          if (hi > (store.hi[prev] as number)) store.hi[prev] = hi;
        } else {
          lastOnRow[k] = store.push(lo, hi, k);
        }
        lastQuadOnRow[k] = i;
      }
    }
    // Group the band's intervals by row, then sweep each row.
    rowOffset.fill(0);
    for (let t = 0; t < store.n; t++) {
      const r = (store.row[t] as number) + 1;
      rowOffset[r] = (rowOffset[r] as number) + 1;
    }
    for (let k = 0; k < BAND_ROWS; k++)
      rowOffset[k + 1] = (rowOffset[k + 1] as number) + (rowOffset[k] as number);
    const at = rowOffset.slice(0, BAND_ROWS);
    for (let t = 0; t < store.n; t++) {
      const r = store.row[t] as number;
      const w = at[r] as number;
      at[r] = w + 1;
      store.sortedLo[w] = store.lo[t] as number;
      store.sortedHi[w] = store.hi[t] as number;
    }
    for (let j = rowFrom; j <= rowTo; j++) {
      const from = rowOffset[j - rowFrom] as number;
      const to = rowOffset[j - rowFrom + 1] as number;
      const sl = store.sortedLo.subarray(from, to).sort();
      const sh = store.sortedHi.subarray(from, to).sort();
      sweepRow(
        sl,
        sh,
        ring.xs,
        ring.start[j] as number,
        ring.start[j + 1] as number,
        minGapM,
        acc,
        gapLo,
        gapHi,
      );
      gapStart[j + 1] = gapLo.n;
    }
  }
  return {
    blockLength: acc.block,
    coveredLength: acc.covered,
    twiceLength: acc.twice,
    gapStart,
    gapLo: gapLo.a.subarray(0, gapLo.n),
    gapHi: gapHi.a.subarray(0, gapHi.n),
  };
}

/**
 * One row: the sorted starts and ends of its swath intervals and the block's boundary crossings
 * xs[b0, b1). Adds the block length, covered and twice-covered length; collects the gaps.
 */
function sweepRow(
  sl: Float64Array,
  sh: Float64Array,
  xs: Float64Array,
  b0: number,
  b1: number,
  minGapM: number,
  acc: { block: number; covered: number; twice: number },
  gapLo: Growable,
  gapHi: Growable,
): void {
  const c = sl.length;
  let bi = b0;
  let li = 0;
  let hi = 0;
  let depth = 0;
  let inside = false;
  let at = Number.NEGATIVE_INFINITY;
  let gapFrom = Number.NaN;
  while (bi < b1) {
    // Next breakpoint; ends before starts at equal x (touching swaths do not overlap).
    const xb = xs[bi] as number;
    const xl = li < c ? (sl[li] as number) : Number.POSITIVE_INFINITY;
    const xh = hi < c ? (sh[hi] as number) : Number.POSITIVE_INFINITY;
    const xn = Math.min(xb, xl, xh);
    if (inside && xn > at) {
      const d = xn - at;
      acc.block += d;
      if (depth >= 1) acc.covered += d;
      if (depth >= 2) acc.twice += d;
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
}
