import { describe, expect, it } from 'vitest';
import { droneSorties } from './sorties.ts';
import type { DroneRoute } from './types.ts';

const route = (sprayVolumeL: number, sorties: number, flightTimeS: number): DroneRoute => ({
  index: 0,
  legs: [],
  sprayDistanceM: 0,
  distanceM: 0,
  sprayAreaM2: 0,
  sprayVolumeL,
  flightTimeS,
  sorties,
});

describe('droneSorties', () => {
  it('splits a long share into full tanks and the rest, with a refill between each two', () => {
    const r = droneSorties(route(75, 3, 3 * 3600 + 59 * 60 + 1), 30);
    expect(r.refills).toBe(2);
    expect(r.sorties.map((s) => s.volumeL)).toEqual([30, 30, 15]);
    expect(r.sorties.reduce((a, s) => a + s.flightTimeS, 0)).toBeCloseTo(14_341, 6);
    expect(r.sorties[2]?.flightTimeS).toBeCloseTo(14_341 / 5, 6);
  });
  it('one tank is one sortie and no refill; no legs, no sorties', () => {
    expect(droneSorties(route(12, 1, 600), 30)).toEqual({
      sorties: [{ n: 1, volumeL: 12, flightTimeS: 600 }],
      refills: 0,
    });
    expect(droneSorties(route(0, 0, 0), 30)).toEqual({ sorties: [], refills: 0 });
  });
});
