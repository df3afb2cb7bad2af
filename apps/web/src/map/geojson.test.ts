import type { LineString } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  blockFeatures,
  DRONE_STATE,
  droneFeatures,
  NO_FLY_COLORS,
  TRACK_COLORS,
  type TrackPoint,
  trackFeatures,
  zoneFeatures,
} from './geojson.ts';

const drone = (droneId: string, online: boolean, spraying: boolean, lng = 120, lat = 30) => ({
  droneId,
  lng,
  lat,
  heading: 45,
  online,
  spraying,
});

describe('droneFeatures', () => {
  it('gives each drone its heading and state: offline, flying or spraying', () => {
    const fc = droneFeatures([drone('a', false, true), drone('b', true, false), drone('c', true, true)]);
    expect(fc.features.map((f) => f.properties)).toEqual([
      { id: 'a', h: 45, s: DRONE_STATE.offline },
      { id: 'b', h: 45, s: DRONE_STATE.flying },
      { id: 'c', h: 45, s: DRONE_STATE.spraying },
    ]);
    expect(fc.features[0]?.geometry.coordinates).toEqual([120, 30]);
  });

  it('skips drones without a position and zeroes a missing heading', () => {
    const fc = droneFeatures([
      drone('a', true, false, Number.NaN),
      { ...drone('b', true, false), heading: Number.NaN },
    ]);
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0]?.properties).toMatchObject({ id: 'b', h: 0 });
  });
});

describe('trackFeatures', () => {
  const pts = (flags: boolean[]): TrackPoint[] => flags.map((spraying, i) => ({ lng: i, lat: 0, spraying }));
  const lines = (fc: ReturnType<typeof trackFeatures>) =>
    fc.features
      .filter((f) => f.geometry.type === 'LineString')
      .map((f) => ({ ...f.properties, xs: (f.geometry as LineString).coordinates.map((c) => c[0]) }));

  it('splits runs where spraying switches; a segment takes its first point flag', () => {
    const fc = trackFeatures(pts([false, false, true, true, false]), '#123456');
    expect(lines(fc)).toEqual([
      { spray: 0, played: 1, c: '#123456', xs: [0, 1, 2] },
      { spray: 1, played: 1, c: TRACK_COLORS.spraying, xs: [2, 3, 4] },
    ]);
    expect(fc.features.some((f) => f.properties?.kind === 'head')).toBe(false);
  });

  it('splits at the playhead and marks it', () => {
    const fc = trackFeatures(pts([true, true, true, true]), undefined, 2);
    expect(lines(fc)).toEqual([
      { spray: 1, played: 1, c: TRACK_COLORS.spraying, xs: [0, 1, 2] },
      { spray: 1, played: 0, c: TRACK_COLORS.spraying, xs: [2, 3] },
    ]);
    const head = fc.features.find((f) => f.properties?.kind === 'head');
    expect(head?.geometry).toEqual({ type: 'Point', coordinates: [2, 0] });
    expect(head?.properties?.c).toBe(TRACK_COLORS.default);
  });

  it('clamps the playhead and copes with short tracks', () => {
    expect(lines(trackFeatures(pts([false, false]), undefined, 0))).toEqual([
      { spray: 0, played: 0, c: TRACK_COLORS.default, xs: [0, 1] },
    ]);
    const past = trackFeatures(pts([false, false, false]), undefined, 99);
    expect(lines(past)).toEqual([{ spray: 0, played: 1, c: TRACK_COLORS.default, xs: [0, 1, 2] }]);
    expect(trackFeatures([]).features).toEqual([]);
    expect(lines(trackFeatures(pts([true])))).toEqual([]);
  });
});

describe('areas', () => {
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  };

  it('colours no-fly zones by type: civil aviation red, other orange', () => {
    const fc = zoneFeatures([
      { id: 1, name: 'Airport', type: 1, geometry: square },
      { id: 'b', name: 'Base', type: 2, geometry: square },
    ]);
    expect(fc.features.map((f) => f.properties)).toEqual([
      { id: '1', name: 'Airport', c: NO_FLY_COLORS.civil },
      { id: 'b', name: 'Base', c: NO_FLY_COLORS.other },
    ]);
    expect(fc.features[0]?.geometry).toBe(square);
  });

  it('keeps block ids and names', () => {
    expect(blockFeatures([{ id: 7, name: 'East field', geometry: square }]).features[0]?.properties).toEqual({
      id: '7',
      name: 'East field',
    });
  });
});
