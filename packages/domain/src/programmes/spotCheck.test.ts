import { describe, expect, it } from 'vitest';
import { drawSample, seededRandom } from './spotCheck.ts';

describe('spot checks', () => {
  it('draws the same sample for the same seed, whatever the order of the sorties', () => {
    const ids = Array.from({ length: 500 }, (_, i) => 1000 + i * 7);
    const a = drawSample(ids, 20, 123456);
    expect(a).toHaveLength(20);
    expect(drawSample([...ids].reverse(), 20, 123456)).toEqual(a);
    expect(new Set(a).size).toBe(20);
    expect(a).toEqual([...a].sort((x, y) => x - y));
    for (const id of a) expect(ids).toContain(id);
    expect(drawSample(ids, 20, 654321)).not.toEqual(a);
  });

  it('takes everything when asked for more than there is, nothing when asked for none', () => {
    expect(drawSample([3, 1, 2, 2], 10, 1)).toEqual([1, 2, 3]);
    expect(drawSample([1, 2, 3], 0, 1)).toEqual([]);
    expect(drawSample([], 5, 1)).toEqual([]);
  });

  it('is a fixed sequence per seed in [0, 1), spread evenly', () => {
    const r = seededRandom(42);
    const first = [r(), r(), r()];
    const r2 = seededRandom(42);
    expect([r2(), r2(), r2()]).toEqual(first);
    const g = seededRandom(7);
    const bins = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) {
      const v = g();
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
      bins[Math.floor(v * 4)] = (bins[Math.floor(v * 4)] ?? 0) + 1;
    }
    for (const b of bins) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });

  it('draws each sortie about equally often over many seeds', () => {
    const ids = [1, 2, 3, 4, 5];
    const seen = new Map<number, number>();
    for (let seed = 0; seed < 5000; seed++)
      for (const id of drawSample(ids, 1, seed)) seen.set(id, (seen.get(id) ?? 0) + 1);
    for (const id of ids) expect(Math.abs((seen.get(id) ?? 0) - 1000)).toBeLessThan(150);
  });
});
