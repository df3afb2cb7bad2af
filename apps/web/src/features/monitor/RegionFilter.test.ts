import { describe, expect, it } from 'vitest';
import { regionCode } from './RegionFilter.tsx';

describe('monitor region filter', () => {
  it('sends 9-digit codes: a country id becomes its code, divisions are already codes', () => {
    expect(regionCode(156)).toBe(156_000_000);
    expect(regionCode(764)).toBe(764_000_000);
    expect(regionCode(156_320_000)).toBe(156_320_000);
    expect(regionCode(156_320_102)).toBe(156_320_102);
  });
});
