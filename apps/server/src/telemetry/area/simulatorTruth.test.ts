/** The sprayed area of simulated sorties against the simulator's own ground truth (issue 3 figure: within 1 %). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../../sim/flight/index.ts';
import { sprayedArea } from './sprayedArea.ts';

const rel = (a: number, b: number) => Math.abs(a - b) / b;

describe('sprayed area of simulated sorties', () => {
  for (const [name, widthM, lengthM, angleDeg, overlap] of [
    ['100 mu, passes touching', 200, 333.33, 0, 0],
    ['a narrow field at 37 degrees, 30 % overlap', 60, 420, 37, 0.3],
  ] as const) {
    it(`is within 1 % of the truth for every sortie, volume within 0.5 %: ${name}`, () => {
      const field = rectangleField({ center: { lng: 114.65, lat: 33.55 }, widthM, lengthM, angleDeg });
      const mission = runMission(DEFAULT_DRONE, field, {
        startTime: 1_780_000_000_000,
        seed: 7,
        rateHz: 5,
        overlap,
      });
      expect(mission.sorties.length).toBeGreaterThan(1);
      for (const sortie of mission.sorties) {
        const got = sprayedArea(sortie.points);
        expect(rel(got.areaM2, sortie.truth.sprayedAreaM2)).toBeLessThan(0.01);
        expect(rel(got.volumeL, sortie.truth.volumeL)).toBeLessThan(0.005);
      }
    });
  }
});
