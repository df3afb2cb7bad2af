/** Synthetic tracks for the anomaly rules' tests: straight legs in a local metre frame. */
import type { TelemetryPoint } from '@agrifleet/domain';
import { type LngLat, localFrame } from '../../sim/flight/geo.ts';
import { mulberry32, type Rng } from '../../sim/flight/prng.ts';

export const T0 = 1_780_000_000_000;

export const basePoint: TelemetryPoint = {
  recordTime: T0,
  lng: 120,
  lat: 33,
  height: 3,
  speed: 6,
  heading: 0,
  battery: 90,
  flow: 8,
  pump: true,
  swath: 7,
  tank: 20,
  mode: 'auto',
};

export interface Leg {
  /** Start and end in metres east/north of the origin. */
  from: [number, number];
  to: [number, number];
  speed: number;
  /** Overrides for every sample of the leg (heading defaults to the leg's bearing). */
  with?: Partial<TelemetryPoint>;
}

/**
 * Samples legs at `rateHz` from `origin`; `noise(rng)` gives the position error (east, north, m).
 * Every leg starts one sample after the previous one ends.
 */
export function track(
  origin: LngLat,
  legs: readonly Leg[],
  opts: { rateHz?: number; start?: number; seed?: number; noise?: (rng: Rng) => [number, number] } = {},
): TelemetryPoint[] {
  const frame = localFrame(origin);
  const rng = mulberry32(opts.seed ?? 1);
  const dt = 1000 / (opts.rateHz ?? 5);
  const out: TelemetryPoint[] = [];
  let t = opts.start ?? T0;
  for (const leg of legs) {
    const [x0, y0] = leg.from;
    const [x1, y1] = leg.to;
    const len = Math.hypot(x1 - x0, y1 - y0);
    const n = Math.max(1, Math.round(len / leg.speed / (dt / 1000)));
    const heading = ((Math.atan2(x1 - x0, y1 - y0) * 180) / Math.PI + 360) % 360;
    for (let k = 0; k < n; k++) {
      const f = k / n;
      const [ex, ey] = opts.noise ? opts.noise(rng) : [0, 0];
      const ll = frame.toLngLat({ x: x0 + f * (x1 - x0) + ex, y: y0 + f * (y1 - y0) + ey });
      out.push({ ...basePoint, recordTime: t, ...ll, speed: leg.speed, heading, ...leg.with });
      t += dt;
    }
  }
  return out;
}

export const uniformNoise =
  (m: number) =>
  (rng: Rng): [number, number] => [rng.range(-m, m), rng.range(-m, m)];

export const gaussianNoise =
  (sigma: number) =>
  (rng: Rng): [number, number] => [rng.normal(sigma), rng.normal(sigma)];
