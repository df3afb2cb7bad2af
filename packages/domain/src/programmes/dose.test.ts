import { describe, expect, it } from 'vitest';
import { appliedDose, DOSE_MIN_AREA_MU, DOSE_TOLERANCE, doseVerdict } from './dose.ts';

const range = { minLPerMu: 1, maxLPerMu: 2 };

describe('dose', () => {
  it('is litres per mu to 0.001 L, null without area', () => {
    expect(appliedDose(15, 10)).toBe(1.5);
    expect(appliedDose(1, 3)).toBe(0.333);
    expect(appliedDose(5, 0)).toBeNull();
    expect(appliedDose(5, Number.NaN)).toBeNull();
  });

  it('judges against the range widened by the tolerance on each side', () => {
    expect(doseVerdict(15, 10, range)).toBe('ok');
    expect(doseVerdict(10 * 2 * (1 + DOSE_TOLERANCE), 10, range)).toBe('ok');
    expect(doseVerdict(10 * 2 * (1 + DOSE_TOLERANCE) + 0.1, 10, range)).toBe('high');
    expect(doseVerdict(10 * (1 - DOSE_TOLERANCE), 10, range)).toBe('ok');
    expect(doseVerdict(10 * (1 - DOSE_TOLERANCE) - 0.1, 10, range)).toBe('low');
  });

  it('leaves tiny sorties and sorties without a medicine unjudged', () => {
    expect(doseVerdict(100, DOSE_MIN_AREA_MU - 0.01, range)).toBe('unjudged');
    expect(doseVerdict(100, 10, null)).toBe('unjudged');
    expect(doseVerdict(100, DOSE_MIN_AREA_MU, range)).toBe('high');
  });
});
