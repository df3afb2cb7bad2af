import { describe, expect, it } from 'vitest';
import { wheelScrollLeft } from './wheel.ts';

describe('vertical wheel scrolls a horizontal row', () => {
  const row = { scrollLeft: 100, scrollWidth: 1000, clientWidth: 400 };
  it('moves sideways by the vertical delta, within the row', () => {
    expect(wheelScrollLeft(row, 0, 120)).toBe(220);
    expect(wheelScrollLeft(row, 0, -120)).toBe(0);
    expect(wheelScrollLeft({ ...row, scrollLeft: 580 }, 0, 120)).toBe(600);
  });
  it('leaves the wheel to the page at the ends, without overflow, or for a sideways wheel', () => {
    expect(wheelScrollLeft({ ...row, scrollLeft: 600 }, 0, 120)).toBeNull();
    expect(wheelScrollLeft({ ...row, scrollLeft: 0 }, 0, -120)).toBeNull();
    expect(wheelScrollLeft({ ...row, scrollWidth: 400 }, 0, 120)).toBeNull();
    expect(wheelScrollLeft(row, 80, 10)).toBeNull();
  });
});
