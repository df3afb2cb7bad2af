/**
 * Simulated telemetry for the ingest benchmarks, generated before any timing: K samples per drone
 * from its first take-off (sim/flight endlessFlights at 5 Hz, near the simulator's farm places),
 * kept in typed arrays and turned into points with any record time.
 */

import type { TelemetryPoint } from '@agrifleet/domain';
import {
  endlessFlights,
  FARM_PLACES,
  hashSeed,
  mulberry32,
  randomDrone,
  rectangleField,
  simulateMission,
} from '../apps/server/src/sim/flight/index.ts';

export const MODES = ['manual', 'auto', 'ab', 'return', 'hover'] as const;
/** Float fields per sample (rounded as a device would send them). */
const F = ['lng', 'lat', 'height', 'speed', 'heading', 'battery', 'flow', 'swath', 'tank'] as const;
const NF = F.length;

export interface Samples {
  drones: number;
  /** Samples per drone. */
  k: number;
  /** drones * k * NF floats, then drones * k * 3 bytes (pump, mode index, rtk). */
  floats: Float64Array;
  bytes: Uint8Array;
}

export interface Point {
  recordTime: number;
  lng: number;
  lat: number;
  height: number;
  speed: number;
  heading: number;
  battery: number;
  flow: number;
  pump: boolean;
  swath: number;
  tank: number;
  mode: (typeof MODES)[number];
  rtk: 0 | 1 | 2 | 4 | 5;
}

/**
 * One sortie of a drone over a small field (40 x 20 m) at 5 Hz, take-off to landing, then
 * ground samples up to K: replayed cyclically it lands once every K samples (sortie mode).
 */
function sortieCycle(d: number, K: number): TelemetryPoint[] {
  const rng = mulberry32(hashSeed(`bench-sortie/${d}`));
  const place = FARM_PLACES[d % FARM_PLACES.length] as (typeof FARM_PLACES)[number];
  const field = rectangleField({ center: place, widthM: 20, lengthM: 40, angleDeg: rng.range(0, 180) });
  const out: TelemetryPoint[] = [];
  for (const s of simulateMission(randomDrone(rng), field, {
    startTime: 1_750_000_000_000,
    seed: d + 1,
    rateHz: 5,
  })) {
    out.push(s.point);
    if (s.sortieTruth) break;
  }
  if (out.length > K - 20)
    throw new Error(`a sortie of ${out.length} samples does not fit BENCH_SAMPLES=${K}`);
  const last = out.at(-1) as TelemetryPoint;
  while (out.length < K) out.push({ ...last, height: 0, speed: 0, pump: false, flow: 0 });
  return out;
}

/**
 * K samples per drone, rounded as a device would send them: from its first take-off (5 Hz), or
 * with `sortieMode` one whole sortie and a pause, rotated by a per-drone offset so that landings
 * spread evenly over time (D x 5 / K landings a second).
 */
export function generateSamples(D: number, K: number, sortieMode = false): Samples {
  const floats = new Float64Array(D * K * NF);
  const bytes = new Uint8Array(D * K * 3);
  const round = (v: number, d: number) => Math.round(v * d) / d;
  for (let d = 0; d < D; d++) {
    const rng = mulberry32(hashSeed(`bench/${d}`));
    const cycle = sortieMode ? sortieCycle(d, K) : null;
    const offset = sortieMode ? rng.int(0, K - 1) : 0;
    const flights = endlessFlights({
      place: FARM_PLACES[d % FARM_PLACES.length] as (typeof FARM_PLACES)[number],
      drone: randomDrone(rng),
      seed: rng.int(1, 2 ** 31),
      startTime: 1_750_000_000_000,
      rateHz: 5,
    });
    const nextPoint = (j: number) =>
      cycle ? (cycle[(j + offset) % K] as TelemetryPoint) : flights.next().value.point;
    let p = nextPoint(0);
    if (!cycle) while (p.height <= 0.8) p = nextPoint(0);
    for (let j = 0; j < K; j++, p = nextPoint(j)) {
      const o = (d * K + j) * NF;
      floats[o] = round(p.lng, 1e7);
      floats[o + 1] = round(p.lat, 1e7);
      floats[o + 2] = round(p.height, 100);
      floats[o + 3] = round(p.speed, 100);
      floats[o + 4] = round(p.heading, 100);
      floats[o + 5] = round(p.battery, 100);
      floats[o + 6] = round(p.flow, 100);
      floats[o + 7] = round(p.swath, 100);
      floats[o + 8] = round(p.tank, 100);
      const b = (d * K + j) * 3;
      bytes[b] = p.pump ? 1 : 0;
      bytes[b + 1] = MODES.indexOf(p.mode);
      bytes[b + 2] = p.rtk ?? 0;
    }
  }
  return { drones: D, k: K, floats, bytes };
}

export function pointAt(s: Samples, drone: number, j: number, recordTime: number): Point {
  const i = drone * s.k + (j % s.k);
  const f = s.floats;
  const o = i * NF;
  const b = i * 3;
  return {
    recordTime,
    lng: f[o] as number,
    lat: f[o + 1] as number,
    height: f[o + 2] as number,
    speed: f[o + 3] as number,
    heading: f[o + 4] as number,
    battery: f[o + 5] as number,
    flow: f[o + 6] as number,
    pump: s.bytes[b] === 1,
    swath: f[o + 7] as number,
    tank: f[o + 8] as number,
    mode: MODES[s.bytes[b + 1] as number] as Point['mode'],
    rtk: s.bytes[b + 2] as Point['rtk'],
  };
}
