/**
 * The intervals one band of rows collects, and the covered length of each row: the union of its
 * intervals.
 */

export const BAND_SHIFT = 7;
export const BAND_ROWS = 1 << BAND_SHIFT;

/**
 * Growable interval store for one band. It starts small and doubles: one is made per measured
 * sortie, and a start of 16,384 slots (640 KB zeroed) cost a subsidy computation of 50,000 sorties
 * about a quarter of its time in allocation and garbage collection.
 */
const START = 1 << 8;
export class Intervals {
  lo: Float64Array = new Float64Array(START);
  hi: Float64Array = new Float64Array(START);
  row: Int32Array = new Int32Array(START);
  sortedLo: Float64Array = new Float64Array(START);
  sortedHi: Float64Array = new Float64Array(START);
  n = 0;

  push(lo: number, hi: number, row: number): number {
    if (this.n === this.lo.length) {
      const size = this.n * 2;
      this.lo = grow(this.lo, size);
      this.hi = grow(this.hi, size);
      const rows = new Int32Array(size);
      rows.set(this.row);
      this.row = rows;
      this.sortedLo = new Float64Array(size);
      this.sortedHi = new Float64Array(size);
    }
    this.lo[this.n] = lo;
    this.hi[this.n] = hi;
    this.row[this.n] = row;
    return this.n++;
  }
}

function grow(a: Float64Array, size: number): Float64Array {
  const b = new Float64Array(size);
  b.set(a);
  return b;
}

function insertionSort(a: Float64Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= from && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * Sorts a[from, to) ascending. A row's intervals often arrive in order (pass after pass across
 * the field), or in reverse: those take one scan.
 */
function sortRange(a: Float64Array, from: number, to: number): void {
  let up = true;
  let down = true;
  for (let i = from + 1; i < to && (up || down); i++) {
    const d = (a[i] as number) - (a[i - 1] as number);
    if (d < 0) up = false;
    else if (d > 0) down = false;
  }
  if (up) return;
  if (down) a.subarray(from, to).reverse();
  else if (to - from <= 24) insertionSort(a, from, to);
  else a.subarray(from, to).sort();
}

/** Length of the union of the intervals [lo[k], hi[k]], k in [from, to); sorts both ranges. */
function unionLength(lo: Float64Array, hi: Float64Array, from: number, to: number): number {
  if (to - from === 1) return (hi[from] as number) - (lo[from] as number);
  sortRange(lo, from, to);
  sortRange(hi, from, to);
  // The k-th smallest end is never below the k-th smallest start, so sweeping the two sorted
  // lists counts how many intervals cover each point.
  let i = from;
  let j = from;
  let depth = 0;
  let start = 0;
  let length = 0;
  while (i < to) {
    const l = lo[i] as number;
    const h = hi[j] as number;
    if (l <= h) {
      if (depth++ === 0) start = l;
      i++;
    } else {
      if (--depth === 0) length += h - start;
      j++;
    }
  }
  return length + (hi[to - 1] as number) - start;
}

/** Sum over the band's rows of the union length of their intervals. */
export function bandLength(store: Intervals, rowOffset: Int32Array): number {
  rowOffset.fill(0);
  const { lo, hi, row, sortedLo, sortedHi } = store;
  for (let k = 0; k < store.n; k++) {
    const next = (row[k] as number) + 1;
    rowOffset[next] = (rowOffset[next] as number) + 1;
  }
  for (let k = 0; k < BAND_ROWS; k++)
    rowOffset[k + 1] = (rowOffset[k + 1] as number) + (rowOffset[k] as number);
  const fill = rowOffset.slice(0, BAND_ROWS);
  for (let k = 0; k < store.n; k++) {
    const r = row[k] as number;
    const at = fill[r] as number;
    fill[r] = at + 1;
    sortedLo[at] = lo[k] as number;
    sortedHi[at] = hi[k] as number;
  }
  let length = 0;
  for (let k = 0; k < BAND_ROWS; k++) {
    const from = rowOffset[k] as number;
    const to = rowOffset[k + 1] as number;
    if (to > from) length += unionLength(sortedLo, sortedHi, from, to);
  }
  return length;
}
