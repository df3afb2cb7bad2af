/**
 * Areas of sprayed swaths in the pass frame (u along the passes, v across, metres). A spraying
 * run is a segment along u; its swath is either the flat-ended rectangle around it or the capsule
 * (rectangle plus a half disc of diameter swath at each end).
 */

/** An axis-aligned rectangle: the flat-ended swath of a run from u0 to u1 centred on (v0+v1)/2. */
export interface Rect {
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

/** Sorted distinct v edges. */
function edges(rects: readonly Rect[]): number[] {
  return [...new Set(rects.flatMap((r) => [r.v0, r.v1]))].sort((a, b) => a - b);
}

/** Length of the union of intervals (sorted in place by start). */
function coveredLength(spans: Array<[number, number]>): number {
  spans.sort((a, b) => a[0] - b[0]);
  let length = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    length += b - Math.max(a, end);
    end = b;
  }
  return length;
}

/** Exact area of a union of flat-ended swaths (sweep over the strips between v edges). */
export function unionAreaM2(rects: readonly Rect[]): number {
  const vs = edges(rects);
  let area = 0;
  for (let i = 0; i + 1 < vs.length; i++) {
    const v0 = vs[i] as number;
    const v1 = vs[i + 1] as number;
    const spans = rects
      .filter((r) => r.v0 <= v0 && r.v1 >= v1 && r.u1 > r.u0)
      .map((r): [number, number] => [r.u0, r.u1]);
    area += coveredLength(spans) * (v1 - v0);
  }
  return area;
}

/**
 * Area of the union of the capsules of the runs: each rectangle plus a half disc of radius
 * (v1 - v0) / 2 on each end. On each scanline a capsule covers [u0 - s, u1 + s] with
 * s = sqrt(r^2 - (v - vc)^2); the covered length is integrated by the midpoint rule on lines
 * `stepM` apart (default r / 100) inside strips bounded by the capsules' v edges, so the flat
 * sides are exact and only the round ends are sampled: relative error about 1e-5.
 */
export function capsuleUnionAreaM2(rects: readonly Rect[], stepM?: number): number {
  const caps = rects.filter((r) => r.v1 > r.v0);
  if (caps.length === 0) return 0;
  const step = stepM ?? Math.min(...caps.map((r) => (r.v1 - r.v0) / 2)) / 100;
  const vs = edges(caps);
  let area = 0;
  for (let i = 0; i + 1 < vs.length; i++) {
    const a = vs[i] as number;
    const b = vs[i + 1] as number;
    const active = caps.filter((r) => r.v0 <= a && r.v1 >= b);
    if (active.length === 0) continue;
    const n = Math.max(1, Math.ceil((b - a) / step));
    const h = (b - a) / n;
    for (let j = 0; j < n; j++) {
      const v = a + (j + 0.5) * h;
      const spans = active.map((r): [number, number] => {
        const radius = (r.v1 - r.v0) / 2;
        const dv = v - (r.v0 + r.v1) / 2;
        const s = Math.sqrt(Math.max(0, radius * radius - dv * dv));
        return [r.u0 - s, r.u1 + s];
      });
      area += coveredLength(spans) * h;
    }
  }
  return area;
}
