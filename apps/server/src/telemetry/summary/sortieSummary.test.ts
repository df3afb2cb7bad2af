import { describe, expect, it } from 'vitest';
import { regionAt } from '../../modules/regions/geo/regionAt.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../../sim/flight/index.ts';
import { summarizeSortie } from './sortieSummary.ts';

const rel = (a: number, b: number) => Math.abs(a - b) / b;

describe('sortie summary', () => {
  it('sums up a simulated sortie near Nanjing against its truth, located in Jiangsu', () => {
    const mission = runMission(
      DEFAULT_DRONE,
      rectangleField({ center: { lng: 118.8, lat: 32.05 }, widthM: 150, lengthM: 300, angleDeg: 20 }),
      { startTime: 1_780_000_000_000, seed: 5, rateHz: 5, pilotId: 9, cropId: 3 },
    );
    const sortie = mission.sorties[0] as (typeof mission.sorties)[number];
    const s = summarizeSortie(sortie.points, regionAt);
    expect(rel(s.areaM2, sortie.truth.sprayedAreaM2)).toBeLessThan(0.01);
    expect(rel(s.volumeL, sortie.truth.volumeL)).toBeLessThan(0.005);
    expect(rel(s.sprayTimeS, sortie.truth.sprayTimeS)).toBeLessThan(0.01);
    expect(rel(s.distanceM, sortie.truth.distanceM)).toBeLessThan(0.02);
    expect(s).toMatchObject({ mode: 'auto', cropId: 3, pilotId: 9, pointCount: sortie.points.length });
    expect(s.region.country).toBe(156_000_000);
    expect(s.region.province).toBe(156_320_000);
    expect(s.region.city).toBe(156_320_100);
    expect(s.batteryEnd).toBeLessThan(s.batteryStart);
    expect(s.maxHeightM).toBeGreaterThan(2);
  });

  it('locates a sortie that never sprayed by its take-off point, abroad too', () => {
    const p = {
      recordTime: 1,
      lng: 100.5,
      lat: 13.75,
      height: 5,
      speed: 1,
      heading: 0,
      battery: 90,
      flow: 0,
      pump: false,
      swath: 6,
      tank: 10,
      mode: 'manual' as const,
    };
    const s = summarizeSortie([p, { ...p, recordTime: 1001, battery: 89 }], regionAt);
    expect(s.region.country).toBe(764_000_000);
    expect(s).toMatchObject({ areaM2: 0, volumeL: 0, mode: null, cropId: null, durationS: 1 });
  });
});
