import { mapDronesOf } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { applyPush } from './liveDrones.ts';

const drone = (droneId: string, lng: number, spraying = false) => ({
  droneId,
  lng,
  lat: 33.123456789,
  heading: 91.6,
  online: true,
  airborne: true,
  spraying,
  recordTime: 1_795_250_389_000,
});

describe('monitor pushes', () => {
  it('adds and moves drones from the compact columns, and removes those that left the view', () => {
    let m = applyPush(new Map(), {
      drones: mapDronesOf([drone('a', 120), drone('b', 121, true)]),
      removed: [],
    });
    expect([...m.keys()]).toEqual(['a', 'b']);
    expect(m.get('b')).toEqual({
      droneId: 'b',
      lng: 121,
      lat: 33.123457,
      heading: 92,
      online: true,
      airborne: true,
      spraying: true,
      recordTime: 1_795_250_389_000,
    });
    m = applyPush(m, { drones: mapDronesOf([drone('a', 120.5)]), removed: ['b'] });
    expect([...m.keys()]).toEqual(['a']);
    expect(m.get('a')?.lng).toBe(120.5);
  });
});
