import { describe, expect, it } from 'vitest';
import { geodesicDistanceM } from './geodesic.ts';

/**
 * Reference distances from GeographicLib (geographiclib-geodesic 2.x, Geodesic.WGS84.Inverse;
 * the first is the JFK-LHR example of its documentation, 5551759.400319 m), [lat1, lon1, lat2, lon2].
 */
const GEOGRAPHICLIB: Array<[number, number, number, number, number]> = [
  [40.6, -73.8, 51.6, -0.5, 5551759.400318679],
  [33.7, 120.3, 33.7, 120.35, 4635.414397863513],
  [31.23, 121.47, 31.266, 121.47, 3991.4545147210733],
  [31.23, 121.47, 31.23, 121.512, 4001.5193612198777],
  [39.9, 116.4, 39.93, 116.43, 4204.124648927841],
  [0, 0, 0, 1, 111319.49079327357],
  [0, 0, 1, 0, 110574.38855779878],
  [-33.9, 151.2, -33.87, 151.25, 5698.0535460271385],
  [13.75, 100.5, 13.78, 100.52, 3961.6255005318944],
  [37.5, 127, 37.52, 127.03, 3458.6907406717505],
  [60, 10, 60.01, 10.02, 1576.8170004369626],
];

describe('geodesicDistanceM (WGS-84, Vincenty inverse)', () => {
  it('agrees with GeographicLib to a millimetre', () => {
    for (const [lat1, lon1, lat2, lon2, s12] of GEOGRAPHICLIB) {
      expect(Math.abs(geodesicDistanceM(lon1, lat1, lon2, lat2) - s12)).toBeLessThan(1e-3);
      // Symmetric.
      expect(Math.abs(geodesicDistanceM(lon2, lat2, lon1, lat1) - s12)).toBeLessThan(1e-3);
    }
  });

  it('is 0 for the same point and crosses the antimeridian the short way', () => {
    expect(geodesicDistanceM(120.3, 33.7, 120.3, 33.7)).toBe(0);
    expect(Math.abs(geodesicDistanceM(179.99, 0, -179.99, 0) - 2226.3898158634465)).toBeLessThan(1e-3);
  });
});
