/**
 * The time model, and the sweep as a timeline: every point of the ordered route has a work time t
 * (seconds from the start of the sweep) and a cumulative spray volume, so a drone's piece [s, e]
 * of the sweep can be costed without building its legs.
 *
 * Time model (documented in README.md):
 * - spray and turn legs at the spraying speed, plus TURN_S per turn (slowing and speeding up);
 * - transit legs at the transit speed, plus the climb to the transit height and the descent back to
 *   the spraying height (CLIMB_MPS, DESCENT_MPS);
 * - a flight: take-off to the transit height, transit to the piece's start, descent, the piece,
 *   climb, transit home, landing;
 * - a refill when the tank runs dry (tankL, the pump at `flowLpm`): climb, transit home, landing,
 *   take-off, transit back to where the pump stopped, descent. The time on the ground is not
 *   flight time.
 */
import type { PointD } from 'clipper2-ts';
import { dist, pathLength } from './geom.ts';
import type { Leg } from './sweep.ts';

export const TIME_MODEL = { climbMps: 3, descentMps: 2, turnS: 2 } as const;

export interface Speeds {
  speed: number;
  transitSpeed: number;
  /** Spraying height and transit height, m. */
  height: number;
  transitHeight: number;
  /** Litres per metre of spray leg (dosage per m² x width). */
  litresPerM: number;
  tankL: number;
}

export interface Timeline {
  legs: Leg[];
  /** Per leg: start time, duration, start volume, litres per second while on it. */
  t0: Float64Array;
  dur: Float64Array;
  vol0: Float64Array;
  rate: Float64Array;
  /** Per leg: length, m. */
  len: Float64Array;
  total: number;
  totalVol: number;
}

const hop = (s: Speeds) =>
  Math.abs(s.transitHeight - s.height) / TIME_MODEL.climbMps +
  Math.abs(s.transitHeight - s.height) / TIME_MODEL.descentMps;

export function legDuration(leg: Leg, s: Speeds): number {
  const len = pathLength(leg.pts);
  if (leg.kind === 'spray') return len / s.speed;
  if (leg.kind === 'turn') return len / s.speed + TIME_MODEL.turnS;
  return len / s.transitSpeed + hop(s);
}

export function timeline(legs: Leg[], s: Speeds): Timeline {
  const n = legs.length;
  const t0 = new Float64Array(n);
  const dur = new Float64Array(n);
  const vol0 = new Float64Array(n);
  const rate = new Float64Array(n);
  const lens = new Float64Array(n);
  let t = 0;
  let v = 0;
  legs.forEach((leg, i) => {
    t0[i] = t;
    vol0[i] = v;
    const d = legDuration(leg, s);
    dur[i] = d;
    lens[i] = pathLength(leg.pts);
    const litres = leg.kind === 'spray' ? (lens[i] as number) * s.litresPerM : 0;
    rate[i] = d > 0 ? litres / d : 0;
    t += d;
    v += litres;
  });
  return { legs, t0, dur, vol0, rate, len: lens, total: t, totalVol: v };
}

/** Index of the leg holding time t (the last leg starting at or before t). */
export function legAt(tl: Timeline, t: number): number {
  let lo = 0;
  let hi = tl.legs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((tl.t0[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The point of the route at time t. */
export function pointAt(tl: Timeline, t: number): PointD {
  const i = legAt(tl, t);
  const leg = tl.legs[i] as Leg;
  const d = tl.dur[i] as number;
  const f = d > 0 ? Math.max(0, Math.min(1, (t - (tl.t0[i] as number)) / d)) : 0;
  return alongPath(leg.pts, f * (tl.len[i] as number));
}

export function alongPath(pts: readonly PointD[], at: number): PointD {
  let rest = at;
  for (let j = 1; j < pts.length; j++) {
    const a = pts[j - 1] as PointD;
    const b = pts[j] as PointD;
    const l = dist(a, b);
    if (rest <= l && l > 0) return { x: a.x + ((b.x - a.x) * rest) / l, y: a.y + ((b.y - a.y) * rest) / l };
    rest -= l;
  }
  return pts[pts.length - 1] as PointD;
}

export function volumeAt(tl: Timeline, t: number): number {
  const i = legAt(tl, t);
  return (
    (tl.vol0[i] as number) +
    (tl.rate[i] as number) * Math.max(0, Math.min(tl.dur[i] as number, t - (tl.t0[i] as number)))
  );
}

/** The time at which the cumulative volume reaches v (first such time). */
export function timeAtVolume(tl: Timeline, v: number): number {
  let lo = 0;
  let hi = tl.legs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((tl.vol0[mid] as number) < v) lo = mid;
    else hi = mid - 1;
  }
  const r = tl.rate[lo] as number;
  const t = (tl.t0[lo] as number) + (r > 0 ? (v - (tl.vol0[lo] as number)) / r : 0);
  return Math.min(t, (tl.t0[lo] as number) + (tl.dur[lo] as number));
}

const isSpray = (tl: Timeline, i: number) => (tl.legs[i] as Leg).kind === 'spray';
const legEnd = (tl: Timeline, i: number) => (tl.t0[i] as number) + (tl.dur[i] as number);

/** Snaps a piece's ends to spray legs: a piece starts where spraying starts and ends where it ends. */
export function snap(tl: Timeline, s: number, e: number): [number, number] {
  const n = tl.legs.length;
  let a = tl.total;
  let i = legAt(tl, s);
  if (isSpray(tl, i) && s < legEnd(tl, i)) a = s;
  else
    for (i++; i < n; i++)
      if (isSpray(tl, i)) {
        a = tl.t0[i] as number;
        break;
      }
  let b = 0;
  let j = legAt(tl, e);
  if (isSpray(tl, j) && e > (tl.t0[j] as number)) b = Math.min(e, legEnd(tl, j));
  else
    for (j--; j >= 0; j--)
      if (isSpray(tl, j)) {
        b = legEnd(tl, j);
        break;
      }
  return [a, Math.max(a, b)];
}

export interface PieceCost {
  flightTimeS: number;
  sorties: number;
}

/** Refill trips costed one by one up to this many; beyond, this many evenly spread stand for all. */
const MAX_REFILLS_COSTED = 64;

/** Flight time of the piece [s, e] of the sweep (already snapped) for a drone based at home. */
export function pieceCost(tl: Timeline, home: PointD, s: number, e: number, sp: Speeds): PieceCost {
  const up = sp.transitHeight / TIME_MODEL.climbMps;
  const down = sp.transitHeight / TIME_MODEL.descentMps;
  const h = hop(sp);
  const vt = sp.transitSpeed;
  let time = up + dist(home, pointAt(tl, s)) / vt + h + (e - s) + dist(home, pointAt(tl, e)) / vt + down;
  const v0 = volumeAt(tl, s);
  const vol = volumeAt(tl, e) - v0;
  const sorties = Math.max(1, Math.ceil(vol / sp.tankL - 1e-9));
  const refills = sorties - 1;
  const costed = Math.min(refills, MAX_REFILLS_COSTED);
  let trips = 0;
  for (let i = 1; i <= costed; i++) {
    // The i-th of `costed` refills spread evenly over all of them (all of them when few).
    const j = costed === refills ? i : Math.round((i * refills) / costed);
    const t = timeAtVolume(tl, v0 + j * sp.tankL);
    trips += (2 * dist(home, pointAt(tl, t))) / vt + h + up + down;
  }
  if (costed > 0) time += (trips * refills) / costed;
  return { flightTimeS: time, sorties };
}
