/**
 * Capsules turned into the frame of the scanlines of capsuleUnion.ts: which way the rows run.
 */
import type { CapsuleSet } from './capsuleUnion.ts';

/**
 * The direction for the rows, radians: the one with the least track length within 5 degrees of
 * it (edges parallel to the rows are the only ones the midpoint rule gets wrong), and among those
 * the nearest to 45 degrees from the main direction.
 */
export function rowDirection(caps: CapsuleSet, keep: Int32Array, n: number): number {
  const { ax, ay, bx, by } = caps;
  const byDegree = new Float64Array(180);
  let c2 = 0;
  let s2 = 0;
  for (let k = 0; k < n; k++) {
    const i = keep[k] as number;
    const dx = (bx[i] as number) - (ax[i] as number);
    const dy = (by[i] as number) - (ay[i] as number);
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len === 0) continue;
    c2 += (dx * dx - dy * dy) / len; // length * cos(2 angle): direction without sense
    s2 += (2 * dx * dy) / len;
    let deg = Math.floor((Math.atan2(dy, dx) * 180) / Math.PI);
    if (deg < 0) deg += 180;
    if (deg >= 180) deg -= 180;
    byDegree[deg] = (byDegree[deg] as number) + len;
  }
  const main = ((0.5 * Math.atan2(s2, c2) * 180) / Math.PI + 360) % 180;
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let phi = 0; phi < 180; phi++) {
    let parallel = 0;
    for (let d = -5; d <= 5; d++)
      parallel += (byDegree[(phi + d + 180) % 180] as number) * (1 - Math.abs(d) / 6);
    const fromMain = Math.abs(((phi - main + 360) % 180) - 90); // 45 when phi = main +- 45
    const cost = parallel + Math.abs(fromMain - 45) * 1e-9;
    if (cost < bestCost) {
      bestCost = cost;
      best = phi;
    }
  }
  return (best * Math.PI) / 180;
}

/**
 * The usable capsules, turned so that the rows run along the x axis, and which of them start
 * where the one before ended, at least as wide: their start disk is already covered by it.
 */
export function turned(caps: CapsuleSet): { t: CapsuleSet; joined: Uint8Array } {
  const { ax, ay, bx, by, r } = caps;
  const keep = new Int32Array(caps.count);
  let n = 0;
  for (let i = 0; i < caps.count; i++) {
    const ri = r[i] as number;
    const sum = ri + (ax[i] as number) + (ay[i] as number) + (bx[i] as number) + (by[i] as number);
    if (ri > 0 && Number.isFinite(sum)) keep[n++] = i;
  }
  const theta = -rowDirection(caps, keep, n);
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const t: CapsuleSet = {
    count: n,
    ax: new Float64Array(n),
    ay: new Float64Array(n),
    bx: new Float64Array(n),
    by: new Float64Array(n),
    r: new Float64Array(n),
  };
  const joined = new Uint8Array(n);
  let before = -1;
  for (let k = 0; k < n; k++) {
    const i = keep[k] as number;
    const x0 = ax[i] as number;
    const y0 = ay[i] as number;
    const x1 = bx[i] as number;
    const y1 = by[i] as number;
    t.ax[k] = x0 * c - y0 * s;
    t.ay[k] = x0 * s + y0 * c;
    t.bx[k] = x1 * c - y1 * s;
    t.by[k] = x1 * s + y1 * c;
    t.r[k] = r[i] as number;
    const r0 = r[i] as number;
    if (before === i - 1 && x0 === bx[before] && y0 === by[before] && r0 <= (r[before] as number))
      joined[k] = 1;
    before = i;
  }
  return { t, joined };
}
