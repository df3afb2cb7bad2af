/**
 * Wind estimated from a drone's own track (we have no weather feed). An aircraft whose air velocity
 * points along its heading is carried sideways by the wind: its ground velocity g = a·f + W, with f
 * the unit heading vector and a the airspeed. Across the heading (unit normal r) that leaves
 * g·r = W·r: every sample gives one linear equation in the wind W, whatever the airspeed.
 * Samples on passes flown in different directions determine W whole (least squares); samples in
 * one direction (and its reverse) only its component across the heading, a lower bound of |W|.
 *
 * Course over ground comes from positions over a chord of at least `chordM` (GPS noise of a metre
 * or two then moves the course by a few degrees, averaged out over a window). A drone flying
 * backwards is folded (heading + 180°); one flying sideways (course more than `maxCrabDeg` off its
 * nose or tail) is left out: its offset is the pilot's choice, not the wind's. So is a chord whose
 * speed disagrees with the reported speed (by more than 1 m/s and 30 %): a position jump.
 */
import type { TelemetryPoint } from '@agrifleet/domain';

export interface WindOptions {
  chordM?: number;
  /** Longest time a chord may span, ms. */
  maxChordMs?: number;
  minSpeedMps?: number;
  maxCrabDeg?: number;
}

export interface WindObservation {
  time: number;
  lng: number;
  lat: number;
  /** Unit normal to the heading, to its right (east, north). */
  rx: number;
  ry: number;
  /** Ground velocity across the heading, m/s (positive to the right). */
  cross: number;
}

export interface WindEstimate {
  /** Wind vector (towards which it blows), m/s east and north. */
  east: number;
  north: number;
  speedMps: number;
  /** True when the samples saw two directions well enough to give the whole vector. */
  full: boolean;
}

const RAD = Math.PI / 180;
const M_PER_DEG = 6_371_008.8 * RAD;

/** Observations along runs of consecutive samples accepted by `use` (e.g. airborne and spraying). */
export function windObservations(
  points: readonly TelemetryPoint[],
  use: (p: TelemetryPoint) => boolean,
  opts: WindOptions = {},
): WindObservation[] {
  const chordM = opts.chordM ?? 15;
  const maxChordMs = opts.maxChordMs ?? 10_000;
  const minSpeed = opts.minSpeedMps ?? 2;
  const maxCrab = (opts.maxCrabDeg ?? 60) * RAD;
  const out: WindObservation[] = [];
  // Prefix sums of the heading's unit vector: the mean heading over a chord in O(1).
  const sx = new Float64Array(points.length + 1);
  const sy = new Float64Array(points.length + 1);
  const sv = new Float64Array(points.length + 1);
  points.forEach((p, i) => {
    sv[i + 1] = (sv[i] as number) + p.speed;
    sx[i + 1] = (sx[i] as number) + Math.sin(p.heading * RAD);
    sy[i + 1] = (sy[i] as number) + Math.cos(p.heading * RAD);
  });
  let runStart = 0;
  let j = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as TelemetryPoint;
    if (!use(p)) {
      runStart = i + 1;
      j = i + 1;
      continue;
    }
    const kx = M_PER_DEG * Math.cos(p.lat * RAD);
    const chord = (q: TelemetryPoint) => ({ x: (p.lng - q.lng) * kx, y: (p.lat - q.lat) * M_PER_DEG });
    // Latest start j in this run still at least chordM behind p.
    while (j + 1 < i) {
      const c = chord(points[j + 1] as TelemetryPoint);
      if (Math.hypot(c.x, c.y) < chordM) break;
      j += 1;
    }
    if (j < runStart || j >= i) continue;
    const q = points[j] as TelemetryPoint;
    const c = chord(q);
    const dist = Math.hypot(c.x, c.y);
    const dt = (p.recordTime - q.recordTime) / 1000;
    if (dist < chordM || dt <= 0 || dt * 1000 > maxChordMs || dist / dt < minSpeed) continue;
    const reported = ((sv[i + 1] as number) - (sv[j] as number)) / (i + 1 - j);
    if (Math.abs(dist / dt - reported) > 1 + 0.3 * reported) continue;
    let fx = (sx[i + 1] as number) - (sx[j] as number);
    let fy = (sy[i + 1] as number) - (sy[j] as number);
    const norm = Math.hypot(fx, fy);
    if (norm < 1e-9) continue;
    fx /= norm;
    fy /= norm;
    const gx = c.x / dt;
    const gy = c.y / dt;
    let along = gx * fx + gy * fy;
    if (along < 0) {
      // Flying backwards: the tail leads.
      fx = -fx;
      fy = -fy;
      along = -along;
    }
    const rx = fy;
    const ry = -fx;
    const cross = gx * rx + gy * ry;
    if (Math.abs(Math.atan2(cross, along)) > maxCrab) continue;
    out.push({ time: p.recordTime, lng: p.lng, lat: p.lat, rx, ry, cross });
  }
  return out;
}

/**
 * Least-squares wind from observations: minimises Σ (W·r - cross)². When the normals span one
 * direction only (smaller eigenvalue under `minRatio` of the larger), W is the component along it.
 */
export function estimateWind(obs: readonly WindObservation[], minRatio = 0.05): WindEstimate | null {
  if (obs.length === 0) return null;
  let a = 0;
  let b = 0;
  let d = 0;
  let ux = 0;
  let uy = 0;
  for (const o of obs) {
    a += o.rx * o.rx;
    b += o.rx * o.ry;
    d += o.ry * o.ry;
    ux += o.rx * o.cross;
    uy += o.ry * o.cross;
  }
  const mean = (a + d) / 2;
  const spread = Math.sqrt(((a - d) / 2) ** 2 + b * b);
  const big = mean + spread;
  const small = mean - spread;
  if (big <= 0) return null;
  let east: number;
  let north: number;
  const full = small / big >= minRatio;
  if (full) {
    const det = a * d - b * b;
    east = (d * ux - b * uy) / det;
    north = (a * uy - b * ux) / det;
  } else {
    // Principal eigenvector of [[a, b], [b, d]].
    let ex = b;
    let ey = big - a;
    if (Math.hypot(ex, ey) < 1e-12) [ex, ey] = a >= d ? [1, 0] : [0, 1];
    const n = Math.hypot(ex, ey);
    ex /= n;
    ey /= n;
    const k = (ex * ux + ey * uy) / big;
    east = k * ex;
    north = k * ey;
  }
  return { east, north, speedMps: Math.hypot(east, north), full };
}
