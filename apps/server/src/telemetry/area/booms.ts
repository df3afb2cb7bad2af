/**
 * The swath swept by a spray boom: a spraying run is a chain of samples; at each sample the boom
 * is a line across the track, perpendicular to the bisector of the headings meeting there
 * (mitred, so consecutive segments share their boom: no gap, no overlap inside a run), and square
 * to the track where the run starts and stops. Each segment sweeps the quadrilateral between its
 * two booms.
 */

/** Quadrilaterals as 4 corners each: x[4i..4i+3], y[4i..4i+3], in order around the shape. */
export interface QuadSet {
  count: number;
  x: Float64Array;
  y: Float64Array;
}

/** A mitre longer than this many half-swaths (a turn sharper than about 120 degrees) is cut. */
const MAX_MITRE = 2;

export function newQuadSet(capacity: number): QuadSet {
  return { count: 0, x: new Float64Array(4 * capacity), y: new Float64Array(4 * capacity) };
}

/** Working arrays of addRun, kept between calls (it runs for every run of every sortie measured). */
let scratch = {
  px: new Float64Array(0),
  py: new Float64Array(0),
  pr: new Float64Array(0),
  ux: new Float64Array(0),
  uy: new Float64Array(0),
  nx: new Float64Array(0),
  ny: new Float64Array(0),
  scale: new Float64Array(0),
};

/** addRun's working arrays with room for `n` samples (grown, never shrunk; fully written before read). */
function scratchFor(n: number): typeof scratch {
  if (scratch.px.length < n) {
    const size = Math.max(n, 2 * scratch.px.length, 256);
    scratch = {
      px: new Float64Array(size),
      py: new Float64Array(size),
      pr: new Float64Array(size),
      ux: new Float64Array(size),
      uy: new Float64Array(size),
      nx: new Float64Array(size),
      ny: new Float64Array(size),
      scale: new Float64Array(size),
    };
  }
  return scratch;
}

/**
 * Adds the quads of one run: samples (xs[i], ys[i]) in local metres, half-swath hw[i] of the
 * segment that starts at sample i. Zero-length segments are skipped.
 */
export function addRun(q: QuadSet, xs: Float64Array, ys: Float64Array, hw: Float64Array, n: number): void {
  // Distinct positions only: a repeated sample has no direction.
  let m = 0;
  const { px, py, pr, ux, uy, nx, ny, scale } = scratchFor(n);
  for (let i = 0; i < n; i++) {
    const x = xs[i] as number;
    const y = ys[i] as number;
    if (m > 0 && x === px[m - 1] && y === py[m - 1]) continue;
    px[m] = x;
    py[m] = y;
    pr[m] = hw[i] as number;
    m++;
  }
  if (m < 2) return;
  // Unit direction of each segment.
  for (let i = 0; i < m - 1; i++) {
    const dx = (px[i + 1] as number) - (px[i] as number);
    const dy = (py[i + 1] as number) - (py[i] as number);
    const len = Math.hypot(dx, dy);
    ux[i] = dx / len;
    uy[i] = dy / len;
  }
  // Boom at each sample: unit normal of the bisector, and the mitre scale 1 / cos(turn / 2).
  for (let i = 0; i < m; i++) {
    const inX = i > 0 ? (ux[i - 1] as number) : (ux[0] as number);
    const inY = i > 0 ? (uy[i - 1] as number) : (uy[0] as number);
    const outX = i < m - 1 ? (ux[i] as number) : inX;
    const outY = i < m - 1 ? (uy[i] as number) : inY;
    let bx = inX + outX;
    let by = inY + outY;
    let bl = Math.hypot(bx, by);
    if (bl < 1e-9) {
      // A reversal: the boom lies along the track.
      bx = outY;
      by = -outX;
      bl = 1;
    }
    bx /= bl;
    by /= bl;
    nx[i] = -by;
    ny[i] = bx;
    const cosHalf = bx * outX + by * outY;
    scale[i] = Math.min(MAX_MITRE, 1 / Math.max(cosHalf, 1 / MAX_MITRE));
  }
  for (let i = 0; i < m - 1; i++) {
    const r = pr[i] as number;
    if (!(r > 0)) continue;
    const k = q.count++;
    const a = 4 * k;
    const ra = r * (scale[i] as number);
    const rb = r * (scale[i + 1] as number);
    q.x[a] = (px[i] as number) + (nx[i] as number) * ra;
    q.y[a] = (py[i] as number) + (ny[i] as number) * ra;
    q.x[a + 1] = (px[i + 1] as number) + (nx[i + 1] as number) * rb;
    q.y[a + 1] = (py[i + 1] as number) + (ny[i + 1] as number) * rb;
    q.x[a + 2] = (px[i + 1] as number) - (nx[i + 1] as number) * rb;
    q.y[a + 2] = (py[i + 1] as number) - (ny[i + 1] as number) * rb;
    q.x[a + 3] = (px[i] as number) - (nx[i] as number) * ra;
    q.y[a + 3] = (py[i] as number) - (ny[i] as number) * ra;
  }
}
