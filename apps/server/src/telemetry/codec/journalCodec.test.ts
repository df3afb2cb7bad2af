import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../../sim/flight/index.ts';
import { decodeJournal, encodeJournal, journalSegments } from './journalCodec.ts';
import { decodeTrack, encodeTrack } from './trackCodec.ts';

const points = runMission(
  DEFAULT_DRONE,
  rectangleField({ center: { lng: 120.2, lat: 33.7 }, widthM: 50, lengthM: 90, angleDeg: 0 }),
  { startTime: 1_790_000_000_000, seed: 3, rateHz: 1 },
).sorties.flatMap((s) => s.points);

describe('journal codec', () => {
  it('round-trips several drones, each as its track codec would', () => {
    const byDrone = new Map<string, TelemetryPoint[]>([
      ['JYP26000000', points.slice(0, 40)],
      ['无人机-7', points.slice(40, 41)],
      ['YHE26000002', points.slice(41)],
    ]);
    const back = decodeJournal(encodeJournal(byDrone));
    expect(back.map(([id, p]) => [id, p.length])).toEqual([
      ['JYP26000000', 40],
      ['无人机-7', 1],
      ['YHE26000002', points.length - 41],
    ]);
    for (const [id, p] of back) expect(p).toEqual(decodeTrack(encodeTrack(byDrone.get(id) ?? [])));
    expect(decodeJournal(encodeJournal(new Map()))).toEqual([]);
  });

  it("gives each segment's count and times, and a drone's blobs end to end decode as one track", () => {
    const a = encodeJournal(new Map([['D1', points.slice(0, 10)]]));
    const b = encodeJournal(new Map([['D1', points.slice(10, 25)]]));
    const [sa] = journalSegments(a);
    const [sb] = journalSegments(b);
    expect(sa).toMatchObject({
      droneId: 'D1',
      points: 10,
      firstTime: points[0]?.recordTime,
      lastTime: points[9]?.recordTime,
    });
    const joined = Buffer.concat([sa?.track ?? new Uint8Array(), sb?.track ?? new Uint8Array()]);
    expect(decodeTrack(joined)).toEqual(decodeTrack(encodeTrack(points.slice(0, 25))));
  });
});
