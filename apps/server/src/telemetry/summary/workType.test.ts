import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { decodeTrack, encodeTrack } from '../codec/trackCodec.ts';
import { sortieWorkType, WORK_TYPE_SPRAYING } from './workType.ts';

const pts = (...types: Array<number | undefined>) => types.map((workType) => ({ workType }));

describe('sortieWorkType', () => {
  it('takes the most frequent reported work type, whatever the volume', () => {
    expect(sortieWorkType(pts(2, 2, 1, undefined), 0)).toBe(2);
    expect(sortieWorkType(pts(1, 2, 2), 12)).toBe(2);
    expect(sortieWorkType(pts(3), 0)).toBe(3);
  });
  it('is spraying when nothing is reported and it sprayed a volume, else unknown', () => {
    expect(sortieWorkType(pts(undefined, undefined), 1.5)).toBe(WORK_TYPE_SPRAYING);
    expect(sortieWorkType(pts(undefined), 0)).toBeNull();
    expect(sortieWorkType([], 0)).toBeNull();
  });
});

describe('track blobs keep the work type', () => {
  const base: TelemetryPoint = {
    recordTime: 1_700_000_000_000,
    lng: 118.8,
    lat: 32.05,
    height: 2,
    speed: 5,
    heading: 90,
    battery: 80,
    flow: 1.2,
    pump: true,
    swath: 5,
    tank: 10,
    mode: 'auto',
  };
  it('round-trips workType, and absent stays absent', () => {
    const out = decodeTrack(
      encodeTrack([
        { ...base, workType: 2 },
        { ...base, recordTime: base.recordTime + 1000 },
      ]),
    );
    expect(out[0]?.workType).toBe(2);
    expect(out[1]?.workType).toBeUndefined();
  });
  it("still decodes 'AFT2' blobs (13 fields, no work type)", () => {
    // An AFT2 blob: magic, 1 point, 13 zigzag varints (all zero deltas but recordTime 2 -> 4), flags.
    const blob = new Uint8Array([0x41, 0x46, 0x54, 0x32, 1, 4, ...new Array(12).fill(0), 1]);
    const [p] = decodeTrack(blob);
    expect(p?.recordTime).toBe(2);
    expect(p?.pump).toBe(true);
    expect(p?.workType).toBeUndefined();
  });
});
