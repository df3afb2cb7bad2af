import { describe, expect, it } from 'vitest';
import { cardsThatFit, screenScale } from './scale.ts';

describe('screenScale', () => {
  it('is 1 up to the design size and grows with the smaller ratio above it', () => {
    expect(screenScale(1366, 768)).toBe(1);
    expect(screenScale(1600, 900)).toBe(1);
    expect(screenScale(1920, 1080)).toBe(1);
    expect(screenScale(3840, 2160)).toBe(2);
    expect(screenScale(2560, 1440)).toBe(1.33);
    // A wide but short viewport follows its height.
    expect(screenScale(3840, 1080)).toBe(1);
    expect(screenScale(5120, 1620)).toBe(1.5);
  });
});

describe('cardsThatFit', () => {
  it('fits whole cards, at least one and at most all', () => {
    expect(cardsThatFit(939, 180, 10, 6)).toBe(4);
    expect(cardsThatFit(940, 180, 10, 6)).toBe(5);
    expect(cardsThatFit(1130, 180, 10, 6)).toBe(6);
    expect(cardsThatFit(1129, 180, 10, 6)).toBe(5);
    expect(cardsThatFit(5000, 180, 10, 6)).toBe(6);
    expect(cardsThatFit(100, 180, 10, 6)).toBe(1);
  });
});
