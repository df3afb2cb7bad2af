/**
 * Spot checks ("人工抽检"): a reviewer draws a random sample of a subsidy's sorties to inspect in
 * the field. The draw is seeded: the same seed over the same sorties gives the same sample, so an
 * auditor can reproduce it (the seed is stored with the draw and shown). Pure.
 */

/** mulberry32: a small, well-mixed 32-bit PRNG; deterministic for a seed on every platform. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The most sorties one draw may take. */
export const SPOT_CHECK_MAX = 200;

/**
 * `n` of `sortieIds` (taken in ascending id order whatever order they come in), drawn without
 * replacement with `seed`, returned in ascending order.
 */
export function drawSample(sortieIds: readonly number[], n: number, seed: number): number[] {
  const pool = [...new Set(sortieIds)].sort((a, b) => a - b);
  const k = Math.max(0, Math.min(n, pool.length));
  const next = seededRandom(seed);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(next() * (pool.length - i));
    const t = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = t;
  }
  return pool.slice(0, k).sort((a, b) => a - b);
}
