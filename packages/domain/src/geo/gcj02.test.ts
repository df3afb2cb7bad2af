import { describe, expect, it } from 'vitest';
import { geodesicDistanceM } from '../geodesic.ts';
import { convertCoordinate, gcj02ToWgs84, outOfChina, parseLngLat, wgs84ToGcj02 } from './gcj02.ts';

// The test vectors published with eviltransform (github.com/googollee/eviltransform, its tests in
// every port): WGS-84 lat, lng and the GCJ-02 lat, lng they map to.
const PUBLISHED: Array<[string, number, number, number, number]> = [
  ['Shanghai', 31.1774276, 121.5272106, 31.17530398364597, 121.531541859215],
  ['Shenzhen', 22.543847, 113.912316, 22.540796131694766, 113.9171764808363],
  ['Beijing', 39.911954, 116.377817, 39.91334545536069, 116.38404722455657],
];

describe('WGS-84 <-> GCJ-02', () => {
  it.each(PUBLISHED)('%s: the published GCJ-02 of a WGS-84 point', (_, wLat, wLng, gLat, gLng) => {
    const g = wgs84ToGcj02(wLng, wLat);
    expect(Math.abs(g.lat - gLat)).toBeLessThan(1e-9);
    expect(Math.abs(g.lng - gLng)).toBeLessThan(1e-9);
  });

  it.each(PUBLISHED)(
    '%s: the inverse finds the WGS-84 point within 1e-6 degrees',
    (_, wLat, wLng, gLat, gLng) => {
      const w = gcj02ToWgs84(gLng, gLat);
      expect(Math.abs(w.lat - wLat)).toBeLessThan(1e-6);
      expect(Math.abs(w.lng - wLng)).toBeLessThan(1e-6);
      // In fact to far better than a millimetre.
      expect(geodesicDistanceM(w.lng, w.lat, wLng, wLat)).toBeLessThan(0.001);
    },
  );

  it('the shift is a few hundred metres inside China', () => {
    const g = wgs84ToGcj02(116.391226, 39.907333);
    const m = geodesicDistanceM(116.391226, 39.907333, g.lng, g.lat);
    expect(m).toBeGreaterThan(100);
    expect(m).toBeLessThan(1000);
  });

  it('round-trips across China to 1e-8 degrees', () => {
    for (let lng = 74; lng <= 134; lng += 7.3)
      for (let lat = 18; lat <= 53; lat += 4.7) {
        const back = gcj02ToWgs84(wgs84ToGcj02(lng, lat).lng, wgs84ToGcj02(lng, lat).lat);
        expect(Math.abs(back.lng - lng)).toBeLessThan(1e-8);
        expect(Math.abs(back.lat - lat)).toBeLessThan(1e-8);
      }
  });

  it('no offset outside China', () => {
    for (const [lng, lat] of [
      [139.767125, 35.681236], // Tokyo
      [-104.9903, 39.7392], // Denver
      [153.0251, -27.4698], // Brisbane
      [2.35, 48.85], // Paris
    ] as const) {
      expect(outOfChina(lng, lat)).toBe(true);
      expect(wgs84ToGcj02(lng, lat)).toEqual({ lng, lat });
      expect(gcj02ToWgs84(lng, lat)).toEqual({ lng, lat });
    }
  });

  it('converts between the systems by name; the same system is the identity', () => {
    const p = { lng: 121.5272106, lat: 31.1774276 };
    expect(convertCoordinate(p, 'wgs84', 'wgs84')).toEqual(p);
    expect(convertCoordinate(p, 'wgs84', 'gcj02')).toEqual(wgs84ToGcj02(p.lng, p.lat));
    expect(convertCoordinate(p, 'gcj02', 'wgs84')).toEqual(gcj02ToWgs84(p.lng, p.lat));
  });

  it('reads a pasted line', () => {
    expect(parseLngLat('121.5, 31.2')).toEqual({ lng: 121.5, lat: 31.2 });
    expect(parseLngLat(' 121.5\t31.2 ')).toEqual({ lng: 121.5, lat: 31.2 });
    expect(parseLngLat('121.5，31.2')).toEqual({ lng: 121.5, lat: 31.2 });
    expect(parseLngLat('31.2,121.5', true)).toEqual({ lng: 121.5, lat: 31.2 });
    expect(parseLngLat('-73.9;40.7')).toEqual({ lng: -73.9, lat: 40.7 });
    for (const bad of ['', '121.5', '121.5,31.2,5', 'abc,31', '200,31', '121,95', '1e3,2', '0x10,2'])
      expect(parseLngLat(bad)).toBeNull();
  });
});
