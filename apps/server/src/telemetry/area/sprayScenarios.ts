/**
 * Synthetic sorties with known sprayed areas, for the tests and bench/sprayed-area.ts (not used
 * by the server). Positions come from Vincenty's direct formula on the WGS-84 ellipsoid, which
 * is independent of the local frame sprayedArea projects with, so a wrong projection shows.
 */
import { geodesicDestination, type TelemetryPoint } from '@agrifleet/domain';

/** The point `distance` metres from (lat, lng) along the geodesic leaving at `azimuth` degrees. */
export const destination = geodesicDestination;

/** Field coordinates: u metres along `azimuth`, v metres to its right, from the origin. */
export interface Field {
  lat: number;
  lng: number;
  azimuth: number;
}

export function fieldPoint(field: Field, u: number, v: number) {
  const side = destination(field.lat, field.lng, field.azimuth + 90, v);
  return destination(side.lat, side.lng, field.azimuth, u);
}

/** A straight pass from (u0, v0) to (u1, v1) in field coordinates. */
export interface Pass {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

export interface FlightOptions {
  swath: number;
  /** Ground speed m/s and sample rate Hz; default 5 and 5 (1 m between samples). */
  speed?: number;
  hz?: number;
  /** Flow in L/min at ms since the first sample; default 2. */
  flow?: (t: number) => number;
  /** Standard deviation of position noise, metres (default 0). */
  jitter?: number;
  seed?: number;
  /** Pump-off samples flown between passes (a headland turn); default 10. */
  turnSamples?: number;
  start?: number;
}

/** Mulberry32: a small seeded generator, so noisy scenarios repeat. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The samples of a flight over the passes in order, pump on along them and off in between. */
export function fly(field: Field, passes: readonly Pass[], o: FlightOptions): TelemetryPoint[] {
  const speed = o.speed ?? 5;
  const hz = o.hz ?? 5;
  const dtMs = 1000 / hz;
  const flow = o.flow ?? (() => 2);
  const random = seeded(o.seed ?? 1);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const jitter = o.jitter ?? 0;
  const start = o.start ?? 1_750_000_000_000;
  const out: TelemetryPoint[] = [];
  const sample = (u: number, v: number, pump: boolean) => {
    const p = fieldPoint(field, u + (jitter ? jitter * gauss() : 0), v + (jitter ? jitter * gauss() : 0));
    const t = out.length * dtMs;
    out.push({
      recordTime: Math.round(start + t),
      lng: p.lng,
      lat: p.lat,
      height: 3,
      speed,
      heading: 0,
      battery: 80,
      flow: pump ? flow(t) : 0,
      pump,
      swath: o.swath,
      tank: 20,
      mode: 'auto',
    });
  };
  passes.forEach((pass, k) => {
    if (k > 0) {
      const before = passes[k - 1] as Pass;
      const turns = o.turnSamples ?? 10;
      for (let i = 1; i <= turns; i++) {
        const f = i / (turns + 1);
        sample(before.u1 + (pass.u0 - before.u1) * f, before.v1 + (pass.v0 - before.v1) * f, false);
      }
    }
    const length = Math.hypot(pass.u1 - pass.u0, pass.v1 - pass.v0);
    const steps = Math.max(1, Math.round((length * hz) / speed));
    for (let i = 0; i <= steps; i++) {
      const f = i / steps;
      sample(pass.u0 + (pass.u1 - pass.u0) * f, pass.v0 + (pass.v1 - pass.v0) * f, true);
    }
  });
  return out;
}

/** Back-and-forth passes of `length` along u, `spacing` apart across, the first at v = v0. */
export function boustrophedon(count: number, length: number, spacing: number, v0 = 0): Pass[] {
  return Array.from({ length: count }, (_, k) => {
    const v = v0 + k * spacing;
    return k % 2 === 0 ? { u0: 0, v0: v, u1: length, v1: v } : { u0: length, v0: v, u1: 0, v1: v };
  });
}

/** Back-and-forth passes along v instead, at u = u0 + k * spacing, from v = from to v = to. */
export function crossPasses(count: number, u0: number, spacing: number, from: number, to: number): Pass[] {
  return Array.from({ length: count }, (_, k) => {
    const u = u0 + k * spacing;
    return k % 2 === 0 ? { u0: u, v0: from, u1: u, v1: to } : { u0: u, v0: to, u1: u, v1: from };
  });
}

/**
 * Exact area of `count` parallel square-ended strips of length `length`, swath
 * w, `spacing` apart: the band between the end lines plus, beyond them, half-disks whose union is
 * half the union of the disks on one line. Only neighbours overlap while spacing >= w / 2.
 */
export function parallelPassesArea(count: number, length: number, spacing: number, w: number): number {
  if (spacing < w / 2) throw new Error('spacing below half the swath: three passes overlap');
  // Square-ended strips, `length` long: disjoint bands when spaced a swath or more, else one band.
  return spacing >= w ? count * w * length : ((count - 1) * spacing + w) * length;
}
