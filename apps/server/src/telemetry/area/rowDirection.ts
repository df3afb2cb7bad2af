/** Which way the scanline rows run: away from every direction the track takes (quadUnion.ts). */

/**
 * The direction for the rows, radians: the one with the least track length within 5 degrees of
 * it (edges parallel to the rows are the only ones the midpoint rule gets wrong), and among those
 * the nearest to 45 degrees from the main direction.
 */
export function rowDirection(
  ax: Float64Array,
  ay: Float64Array,
  bx: Float64Array,
  by: Float64Array,
  n: number,
): number {
  const byDegree = new Float64Array(180);
  let c2 = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
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
