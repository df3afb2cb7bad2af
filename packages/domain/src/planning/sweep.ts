/**
 * The whole sweep as one ordered route: the cells (boustrophedon, U-turns between neighbouring
 * passes) and the headland laps (closed rings one half swath inside the boundary, started at the
 * middle of an edge so the two flat ends of the lap meet exactly), visited nearest first from the
 * home point, joined by transits (flown at the transit height).
 *
 * Every pump-off leg keeps the clearance (README "Clearance"): it stays in the router's free region
 * (half a swath + the obstacle margin from every hole, half a swath inside the outer boundary). A
 * U-turn that would leave it becomes a straight turn, and one that still would, the shortest path
 * around (detour.ts); a transit is that shortest path. Only where the free region does not connect
 * the two points (a hole's clearance closing a neck of the block) does a leg leave the block, and it
 * still goes around the holes' clearance (`clear`); failing both, straight (flagged by the tests).
 */
import type { PathD, PointD } from 'clipper2-ts';
import type { Router } from './detour.ts';
import { dist } from './geom.ts';
import type { Pass } from './passes.ts';

export interface Leg {
  kind: 'spray' | 'turn' | 'transit';
  pts: PointD[];
}

interface Entry {
  at: PointD;
  /** Appends the item's legs (starting at `at`) and answers where it ends. */
  emit(out: Leg[]): PointD;
}

interface Item {
  entries(): Entry[];
}

const clean = (pts: PointD[]): PointD[] =>
  pts.filter((p, i) => i === 0 || dist(p, pts[i - 1] as PointD) > 1e-6);

function turn(a: PointD, b: PointD, right: boolean, r: Router): Leg {
  const m = right ? Math.max(a.x, b.x) : Math.min(a.x, b.x);
  const u = clean([a, { x: m, y: a.y }, { x: m, y: b.y }, b]);
  if (r.fits(u)) return { kind: 'turn', pts: u };
  if (r.fits([a, b])) return { kind: 'turn', pts: [a, b] };
  const around = r.inside(a, b);
  if (around) return { kind: 'turn', pts: around };
  return { kind: 'transit', pts: r.clear(a, b) ?? [a, b] };
}

/** A transit from a to b: inside the free region, else around the holes' clearance, else straight. */
export const transit = (a: PointD, b: PointD, r: Router): Leg => ({
  kind: 'transit',
  pts: r.inside(a, b) ?? r.clear(a, b) ?? [a, b],
});

function cellItem(cell: readonly Pass[], block: Router): Item {
  const sweep = (up: boolean, leftFirst: boolean): Entry => {
    const order = up ? cell : [...cell].reverse();
    const first = order[0] as Pass;
    return {
      at: { x: leftFirst ? first.u0 : first.u1, y: first.v },
      emit(out) {
        let ltr = leftFirst;
        let prev: PointD | null = null;
        for (const p of order) {
          const a = { x: ltr ? p.u0 : p.u1, y: p.v };
          const b = { x: ltr ? p.u1 : p.u0, y: p.v };
          if (prev) out.push(turn(prev, a, !ltr, block));
          out.push({ kind: 'spray', pts: [a, b] });
          prev = b;
          ltr = !ltr;
        }
        return prev as PointD;
      },
    };
  };
  return { entries: () => [sweep(true, true), sweep(true, false), sweep(false, true), sweep(false, false)] };
}

function lapItem(ring: PathD): Item {
  return {
    entries: () =>
      // At most about 64 entries (every step-th edge): the greedy order stays cheap on long rings.
      ring.flatMap((a, i) => {
        if (i % Math.ceil(ring.length / 64) !== 0) return [];
        const b = ring[(i + 1) % ring.length] as PointD;
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        return {
          at: mid,
          emit(out) {
            const pts = [mid];
            for (let j = 1; j <= ring.length; j++) pts.push(ring[(i + j) % ring.length] as PointD);
            pts.push(mid);
            out.push({ kind: 'spray', pts: clean(pts) });
            return mid;
          },
        };
      }),
  };
}

/** Orders laps and cells from `home` (nearest entry first) into one route of legs (home excluded). */
export function sweepRoute(
  home: PointD,
  laps: readonly PathD[],
  cells: readonly Pass[][],
  block: Router,
): Leg[] {
  const items: { entries: Entry[] }[] = [
    ...laps.map((r) => ({ entries: lapItem(r).entries() })),
    ...cells.map((c) => ({ entries: cellItem(c, block).entries() })),
  ];
  const done = new Uint8Array(items.length);
  const out: Leg[] = [];
  let at = home;
  for (let n = 0; n < items.length; n++) {
    let best: Entry | null = null;
    let bestI = -1;
    let bestD = Number.POSITIVE_INFINITY;
    items.forEach((it, i) => {
      if (done[i]) return;
      for (const e of it.entries) {
        const d = dist(at, e.at);
        if (d < bestD) {
          bestD = d;
          best = e;
          bestI = i;
        }
      }
    });
    if (!best) break;
    done[bestI] = 1;
    if (out.length > 0 && bestD > 1e-6) out.push(transit(at, (best as Entry).at, block));
    at = (best as Entry).emit(out);
  }
  return out;
}
