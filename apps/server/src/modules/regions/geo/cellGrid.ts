/**
 * Look-up grid of a polygon layer: square cells over the layer's extent. A cell that no edge touches lies
 * wholly inside the same parts (or outside all), so its answer is computed once at build time, with one exact
 * look-up per run of such cells along a row. Cells an edge passes through are MIXED and go to the exact path.
 * The mixed cells, dilated by `nearKm`, also tell `nearest` that an empty cell has no boundary near it.
 */
import type { Arrays } from './polygonLayer.ts';

export const KM_PER_DEG_LAT = 110.574;
export const KM_PER_DEG_LNG_EQUATOR = 111.32;
/** Grid cell state: an edge passes through the cell, ask the index. */
export const MIXED = -1;
/** Never more grid cells than this per layer (the cell size grows instead). */
const MAX_CELLS = 4_000_000;

export interface Grid {
  x0: number;
  y0: number;
  size: number;
  cols: number;
  rows: number;
  /** Per cell: MIXED, or the code every point of the cell gets (0: outside every part). */
  cell: Int32Array;
  /** Per cell: 1 when no edge is within `nearKm` of any point of the cell. */
  far: Uint8Array;
  nearKm: number;
}

/** The grid cell of a point, or -1 outside the grid. */
export function cellOf(g: Grid, x: number, y: number): number {
  const i = Math.floor((x - g.x0) / g.size);
  const j = Math.floor((y - g.y0) / g.size);
  return i >= 0 && i < g.cols && j >= 0 && j < g.rows ? j * g.cols + i : -1;
}

/** Builds the grid of a layer; `exact` is the layer's look-up without grid. */
export function buildGrid(
  a: Arrays,
  parts: number,
  cellDeg: number,
  nearKm: number,
  exact: (x: number, y: number) => number,
) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let p = 0; p < parts; p++) {
    x0 = Math.min(x0, a.bbox[p * 4] as number);
    y0 = Math.min(y0, a.bbox[p * 4 + 1] as number);
    x1 = Math.max(x1, a.bbox[p * 4 + 2] as number);
    y1 = Math.max(y1, a.bbox[p * 4 + 3] as number);
  }
  let size = cellDeg;
  while (Math.ceil((x1 - x0) / size + 1) * Math.ceil((y1 - y0) / size + 1) > MAX_CELLS) size *= 1.5;
  const cols = Math.ceil((x1 - x0) / size) + 1;
  const rows = Math.ceil((y1 - y0) / size) + 1;
  const g: Grid = {
    x0,
    y0,
    size,
    cols,
    rows,
    cell: new Int32Array(cols * rows),
    far: new Uint8Array(cols * rows),
    nearKm,
  };
  const col = (x: number) => Math.min(cols - 1, Math.max(0, Math.floor((x - x0) / size)));
  const row = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor((y - y0) / size)));
  // 1. Every cell that an edge's bounding box touches is mixed (a superset of the cells the edge crosses).
  const c = a.coords;
  for (let r = 0; r + 1 < a.ringStart.length; r++) {
    for (let v = a.ringStart[r] as number; v < (a.ringStart[r + 1] as number) - 1; v++) {
      const xa = c[2 * v] as number;
      const ya = c[2 * v + 1] as number;
      const xb = c[2 * v + 2] as number;
      const yb = c[2 * v + 3] as number;
      const i1 = col(Math.max(xa, xb));
      const j1 = row(Math.max(ya, yb));
      for (let j = row(Math.min(ya, yb)); j <= j1; j++) {
        g.cell.fill(MIXED, j * cols + col(Math.min(xa, xb)), j * cols + i1 + 1);
      }
    }
  }
  // 2. Cells between two mixed cells of a row share the answer of the first one's centre.
  for (let j = 0; j < rows; j++) {
    const y = y0 + (j + 0.5) * size;
    let i = 0;
    while (i < cols) {
      if (g.cell[j * cols + i] === MIXED) {
        i++;
        continue;
      }
      let end = i;
      while (end < cols && g.cell[j * cols + end] !== MIXED) end++;
      g.cell.fill(exact(x0 + (i + 0.5) * size, y), j * cols + i, j * cols + end);
      i = end;
    }
  }
  // 3. far = not within nearKm of a mixed cell: dilate the mixed cells by a box that holds the nearKm disc.
  const ry = Math.ceil(nearKm / (size * KM_PER_DEG_LAT));
  const near = new Uint8Array(cols * rows);
  for (let j = 0; j < rows; j++) {
    const lat = Math.min(
      89.9,
      Math.max(Math.abs(y0 + j * size), Math.abs(y0 + (j + 1) * size)) + (ry + 1) * size,
    );
    const rx = Math.min(
      cols,
      Math.ceil(nearKm / (size * KM_PER_DEG_LNG_EQUATOR * Math.cos((lat * Math.PI) / 180))),
    );
    // Two sweeps per row: distance to the previous and to the next mixed cell.
    let lastMixed = -Infinity;
    for (let i = 0; i < cols; i++) {
      if (g.cell[j * cols + i] === MIXED) lastMixed = i;
      if (i - lastMixed <= rx) near[j * cols + i] = 1;
    }
    let nextMixed = Infinity;
    for (let i = cols - 1; i >= 0; i--) {
      if (g.cell[j * cols + i] === MIXED) nextMixed = i;
      if (nextMixed - i <= rx) near[j * cols + i] = 1;
    }
  }
  for (let i = 0; i < cols; i++) {
    let last = -Infinity;
    for (let j = 0; j < rows; j++) {
      if (near[j * cols + i]) last = j;
      if (j - last <= ry) g.far[j * cols + i] = 2; // 2 = near (temporary)
    }
    let next = Infinity;
    for (let j = rows - 1; j >= 0; j--) {
      if (near[j * cols + i]) next = j;
      if (next - j <= ry) g.far[j * cols + i] = 2;
    }
  }
  for (let k = 0; k < g.far.length; k++) g.far[k] = g.far[k] === 2 ? 0 : 1;
  return g;
}
