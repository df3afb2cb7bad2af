import { type TelemetryPoint, telemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../../sim/flight/index.ts';
import { decodeSprayFixes, decodeTrack, encodeTrack } from './trackCodec.ts';

const mission = runMission(
  DEFAULT_DRONE,
  rectangleField({ center: { lng: 126.6, lat: 45.7 }, widthM: 120, lengthM: 260, angleDeg: 10 }),
  { startTime: 1_780_000_000_000, seed: 3, rateHz: 5, pilotId: 42, cropId: 7 },
);
const points = mission.sorties[0]?.points ?? [];

describe('track codec', () => {
  it('round-trips a sortie to the stored resolution', () => {
    const back = decodeTrack(encodeTrack(points));
    expect(back).toHaveLength(points.length);
    back.forEach((b, i) => {
      const p = points[i] as TelemetryPoint;
      expect(telemetryPoint.parse(b)).toEqual(b);
      expect(b.recordTime).toBe(p.recordTime);
      expect(Math.abs(b.lng - p.lng)).toBeLessThanOrEqual(0.5e-7 + 1e-12);
      expect(Math.abs(b.lat - p.lat)).toBeLessThanOrEqual(0.5e-7 + 1e-12);
      expect(Math.abs(b.height - p.height)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(Math.abs(b.tank - p.tank)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(Math.abs(b.heading - p.heading)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(b.pump).toBe(p.pump);
      expect(b.mode).toBe(p.mode);
      expect(b.rtk).toBe(p.rtk);
      expect(b.pilotId).toBe(42);
      expect(b.cropId).toBe(7);
    });
  });

  it('decodes the spray fixes alone as the whole points carry them, also of blobs end to end', () => {
    const blob = encodeTrack(points);
    const two = new Uint8Array(2 * blob.length);
    two.set(blob);
    two.set(blob, blob.length);
    const whole = decodeTrack(two);
    expect(decodeSprayFixes(two)).toEqual(
      whole.map(({ recordTime, lng, lat, pump, flow, swath }) => ({
        recordTime,
        lng,
        lat,
        pump,
        flow,
        swath,
      })),
    );
  });

  it('is small: a few bytes a point against hundreds in JSON', () => {
    const blob = encodeTrack(points);
    const json = Buffer.byteLength(JSON.stringify(points));
    expect(blob.length / points.length).toBeLessThan(32);
    expect(json / blob.length).toBeGreaterThan(8);
  });

  it('keeps absent optional fields absent, and handles an empty track', () => {
    const bare = points.slice(0, 3).map(({ pilotId: _p, cropId: _c, rtk: _r, ...rest }) => rest);
    const back = decodeTrack(encodeTrack(bare));
    expect(back.map((b) => [b.pilotId, b.cropId, b.rtk])).toEqual([
      [undefined, undefined, undefined],
      [undefined, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
    expect(decodeTrack(encodeTrack([]))).toEqual([]);
  });

  it('refuses a foreign or truncated blob', () => {
    expect(() => decodeTrack(new Uint8Array([1, 2, 3, 4, 0]))).toThrow(/not a track/);
    const blob = encodeTrack(points.slice(0, 5));
    expect(() => decodeTrack(blob.slice(0, blob.length - 3))).toThrow(/truncated/);
    expect(() => decodeSprayFixes(new Uint8Array([1, 2, 3, 4, 0]))).toThrow(/not a track/);
    // Cut anywhere inside a point (a skipped field, a read one, the flags byte): refused.
    for (let cut = 6; cut < blob.length; cut++)
      expect(() => decodeSprayFixes(blob.slice(0, cut)), `cut at ${cut}`).toThrow(/truncated/);
  });
});
