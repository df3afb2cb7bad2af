/**
 * A tiny seeded pseudo-random generator (mulberry32) and the few distributions the simulator
 * draws from. Same seed, same sequence: the simulator is deterministic.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer uniform in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** Normal with mean 0 and the given standard deviation (Box-Muller). */
  normal(sigma: number): number;
  pick<T>(items: readonly T[]): T;
}

/** 32-bit FNV-1a of a string, to turn names (drone ids) into seeds. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    normal: (sigma) => {
      if (sigma === 0) return 0;
      const u = 1 - next(); // (0, 1]: log is finite
      return sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
