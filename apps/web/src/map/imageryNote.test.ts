import { describe, expect, it } from 'vitest';
import { imageryNoteDue, seesConfigHints } from './ImageryNote.tsx';

describe('imagery note', () => {
  const none = { satelliteStyleUrl: null, hdTilesUrl: null };
  it('is due at field zoom when no imagery source is configured', () => {
    expect(imageryNoteDue(15, none)).toBe(true);
    expect(imageryNoteDue(6, none)).toBe(false);
  });
  it('is not due when either source is configured', () => {
    expect(imageryNoteDue(15, { ...none, hdTilesUrl: 'https://t/{z}/{x}/{y}.png' })).toBe(false);
    expect(imageryNoteDue(15, { ...none, satelliteStyleUrl: 'https://s/style.json' })).toBe(false);
  });
});

describe('configuration hints', () => {
  it('are for the platform super administrator only', () => {
    expect(seesConfigHints({ accountType: 1, userType: 1 })).toBe(true);
    expect(seesConfigHints({ accountType: 1, userType: 3 })).toBe(false);
    expect(seesConfigHints({ accountType: 4, userType: 1 })).toBe(false);
    expect(seesConfigHints(null)).toBe(false);
  });
});
