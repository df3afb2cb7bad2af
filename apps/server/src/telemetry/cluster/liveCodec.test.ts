import { type TelemetryPoint, telemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../../sim/flight/index.ts';
import { decodeTrack, encodeTrack } from '../codec/trackCodec.ts';
import { decodeLive, encodeLive, LIVE_RECORD_MAX, type LivePosition } from './liveCodec.ts';

const mission = runMission(
  DEFAULT_DRONE,
  rectangleField({ center: { lng: 126.6, lat: 45.7 }, widthM: 120, lengthM: 260, angleDeg: 10 }),
  { startTime: 1_780_000_000_000, seed: 3, rateHz: 5, pilotId: 42, cropId: 7 },
);
const points = mission.sorties[0]?.points ?? [];

const roundTrip = (entries: LivePosition[]) => {
  const out: LivePosition[] = [];
  const wire = encodeLive(entries);
  expect(wire.length).toBeLessThanOrEqual(1 + entries.length * LIVE_RECORD_MAX);
  decodeLive(wire, (e) => out.push(e));
  return out;
};

describe('live position codec', () => {
  it('gives another process the point its stored track will show', () => {
    const entries = points.map((point, i) => ({
      droneId: `D-${i % 7}_x`,
      point,
      airborne: i % 2 === 0,
      sortieStart: i % 3 ? 1_780_000_000_000 + i : null,
    }));
    const back = roundTrip(entries);
    // What the track store keeps of each point, less the accessories the map does not read.
    const stored = decodeTrack(encodeTrack(points));
    expect(back).toHaveLength(entries.length);
    back.forEach((b, i) => {
      const e = entries[i] as LivePosition;
      expect(b.droneId).toBe(e.droneId);
      expect(b.airborne).toBe(e.airborne);
      expect(b.sortieStart).toBe(e.sortieStart);
      expect(telemetryPoint.parse(b.point)).toEqual(b.point);
      expect(b.point).toEqual(stored[i]);
    });
  });

  it('keeps optional fields absent, and every flag, mode and RTK code', () => {
    const base: TelemetryPoint = {
      recordTime: 1_780_000_123_456,
      lng: -179.9999999,
      lat: 89.1234567,
      height: -12.34,
      speed: 0,
      heading: 359.9,
      battery: 100,
      flow: 0,
      pump: false,
      swath: 50,
      tank: 1000,
      mode: 'manual',
    };
    const variants: TelemetryPoint[] = [
      base,
      { ...base, pump: true, sim: false, rtk: 0, mode: 'auto' },
      { ...base, sim: true, rtk: 5, pilotId: 2_147_483_647, cropId: 1, workType: 32_767, workArea: 0 },
      { ...base, rtk: 4, workArea: 9_999_999.5 },
    ];
    const back = roundTrip(
      variants.map((point) => ({ droneId: 'X'.repeat(64), point, airborne: true, sortieStart: null })),
    );
    expect(back.map((b) => b.point)).toEqual(variants);
  });

  it('refuses a message of another version', () => {
    expect(() => decodeLive(new Uint8Array([2, 0]), () => undefined)).toThrow(/version/);
  });
});
