import { describe, expect, it } from 'vitest';
import { partitionOf } from './partition.ts';

describe('partitionOf', () => {
  it('is stable (the same id, the same partition, on every process)', () => {
    // FNV-1a 32 of "D0001" is 0x4e47bef0: pinned, since processes of two releases must agree.
    expect(partitionOf('D0001', 64)).toBe(0x4e47bef0 % 64);
    expect(partitionOf('D0001', 64)).toBe(partitionOf('D0001', 64));
  });

  it('spreads ids evenly', () => {
    const counts = new Array(16).fill(0);
    for (let i = 0; i < 16_000; i++) counts[partitionOf(`SIM${String(i).padStart(5, '0')}`, 16)]++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });
});
