import type { AreaUnit, Language } from './enums.ts';

/** Units per mu (001 §9, 002 §9). */
export const PER_MU: Record<AreaUnit, number> = {
  mu: 1,
  rai: 0.4166667,
  acre: 0.1647369,
  hectare: 0.0666667,
};
export const SQUARE_METRES_PER_MU = 2000 / 3;

export function convertArea(mu: number, unit: AreaUnit): number {
  return mu * PER_MU[unit];
}

export function squareMetresToMu(m2: number): number {
  return m2 / SQUARE_METRES_PER_MU;
}

/** English acre, Thai rai, otherwise mu. */
export function defaultAreaUnit(language: Language | string): AreaUnit {
  if (language === 'en') return 'acre';
  if (language === 'th') return 'rai';
  return 'mu';
}
