/**
 * Dividing the sweep among the drones: the ordered route is cut into droneCount contiguous pieces
 * (a cut may fall inside a spray leg: one drone stops the pump exactly where the next starts). The
 * cuts minimise the longest flight time (transits from and to home, take-off, landing and refill
 * trips included): a bisection on the target time T, each candidate checked greedily (every drone
 * but the last takes the longest piece it can fly within T). At the least feasible T all pieces
 * but the last are at T and the last is just under it, so the flight times come out nearly equal.
 */
import type { PointD } from 'clipper2-ts';
import { alongPath, legAt, pieceCost, type Speeds, snap, type Timeline } from './estimate.ts';
import type { Leg } from './sweep.ts';

export type Piece = [number, number];

/** Legs looked at past the first fitting end (see `balancePieces`). */
const LOOK_AHEAD = 12;
/** Pairwise evening (see `relax`) runs while the spread of flight times is above this share. */
const RELAX_ABOVE = 0.02;
const RELAX_SWEEPS = 40;

export function balancePieces(tl: Timeline, home: PointD, drones: number, sp: Speeds): Piece[] {
  const cost = (s: number, e: number) => {
    const [a, b] = snap(tl, s, e);
    return pieceCost(tl, home, a, b, sp).flightTimeS;
  };
  const greedy = (target: number): Piece[] | null => {
    const pieces: Piece[] = [];
    let s = 0;
    for (let i = 0; i < drones - 1; i++) {
      let e: number;
      if (cost(s, tl.total) <= target) e = tl.total;
      else {
        const fit = (a: number, b: number) => {
          let lo = a;
          let hi = b;
          for (let it = 0; it < 40 && hi - lo > 0.05; it++) {
            const mid = (lo + hi) / 2;
            if (cost(s, mid) <= target) lo = mid;
            else hi = mid;
          }
          return lo;
        };
        e = fit(s, tl.total);
        // The cost is not monotone (the way home shortens as the route comes back towards it):
        // look a few legs further for a later end that still fits.
        const at = legAt(tl, e);
        for (let j = Math.min(tl.legs.length - 1, at + LOOK_AHEAD); j > at; j--) {
          const b = (tl.t0[j] as number) + (tl.dur[j] as number);
          if (cost(s, b) <= target) {
            e = j + 1 < tl.legs.length ? fit(b, b + (tl.dur[j + 1] as number)) : b;
            break;
          }
        }
      }
      pieces.push([s, e]);
      s = e;
    }
    pieces.push([s, tl.total]);
    return cost(s, tl.total) <= target ? pieces : null;
  };
  // The longest flight is at least an even share of the work; start the search near it.
  let lo = tl.total / drones;
  let hi = lo * 1.5 + 600;
  let best = greedy(hi);
  if (!best) {
    lo = hi;
    hi = cost(0, tl.total) + 1;
    best = greedy(hi) as Piece[];
  }
  for (let it = 0; it < 40 && hi - lo > 0.02 + hi * 1e-4; it++) {
    const mid = (lo + hi) / 2;
    const got: Piece[] | null = greedy(mid);
    if (got) {
      best = got;
      hi = mid;
    } else lo = mid;
  }
  return relax(best, cost).map(([s, e]) => snap(tl, s, e));
}

/** Largest |cost - mean| / mean of pieces. */
function spread(pieces: readonly Piece[], cost: (s: number, e: number) => number): number {
  const t = pieces.map(([s, e]) => cost(s, e));
  const mean = t.reduce((a, b) => a + b, 0) / t.length;
  return mean > 0 ? Math.max(...t.map((x) => Math.abs(x - mean) / mean)) : 0;
}

/**
 * Where the greedy answer is still uneven (the flight time jumps by a refill trip or a transit as
 * a piece grows, so the least feasible target is not always found), neighbouring pieces are
 * evened pairwise (their common cut moved until both fly as long), sweeping forward and back; the
 * most even division seen is kept.
 */
function relax(start: Piece[], cost: (s: number, e: number) => number): Piece[] {
  let best = start;
  let bestSpread = spread(start, cost);
  if (start.length < 2 || bestSpread <= RELAX_ABOVE) return best;
  const cuts = start.map(([s]) => s);
  const end = (start[start.length - 1] as Piece)[1];
  const pieces = () => cuts.map((s, i) => [s, cuts[i + 1] ?? end] as Piece);
  for (let sweep = 0; sweep < RELAX_SWEEPS && bestSpread > RELAX_ABOVE; sweep++) {
    const order = [...Array(cuts.length - 1).keys()].map((i) => i + 1);
    if (sweep % 2) order.reverse();
    for (const i of order) {
      const a = cuts[i - 1] as number;
      const b = cuts[i + 1] ?? end;
      let lo = a;
      let hi = b;
      for (let it = 0; it < 40 && hi - lo > 0.01; it++) {
        const mid = (lo + hi) / 2;
        if (cost(a, mid) < cost(mid, b)) lo = mid;
        else hi = mid;
      }
      cuts[i] = lo;
    }
    const now = pieces();
    const sp = spread(now, cost);
    if (sp < bestSpread) {
      best = now;
      bestSpread = sp;
    }
  }
  return best;
}

/** Cuts a path at distances a..b along it. */
function subPath(pts: readonly PointD[], a: number, b: number): PointD[] {
  const out: PointD[] = [alongPath(pts, a)];
  let acc = 0;
  for (let j = 1; j < pts.length; j++) {
    acc += Math.hypot(
      (pts[j] as PointD).x - (pts[j - 1] as PointD).x,
      (pts[j] as PointD).y - (pts[j - 1] as PointD).y,
    );
    if (acc > a + 1e-9 && acc < b - 1e-9) out.push(pts[j] as PointD);
  }
  out.push(alongPath(pts, b));
  return out;
}

/** The legs of the sweep between times s and e (cut inside the first and last leg as needed). */
export function piecesLegs(tl: Timeline, s: number, e: number): Leg[] {
  const out: Leg[] = [];
  if (!(e > s)) return out;
  for (let i = 0; i < tl.legs.length; i++) {
    const t0 = tl.t0[i] as number;
    const d = tl.dur[i] as number;
    if (t0 + d <= s || t0 >= e) continue;
    const leg = tl.legs[i] as Leg;
    if (t0 >= s && t0 + d <= e) {
      out.push(leg);
      continue;
    }
    const len = tl.len[i] as number;
    const fa = d > 0 ? Math.max(0, (s - t0) / d) : 0;
    const fb = d > 0 ? Math.min(1, (e - t0) / d) : 1;
    if ((fb - fa) * len < 1e-3) continue;
    out.push({ kind: leg.kind, pts: subPath(leg.pts, fa * len, fb * len) });
  }
  return out;
}
