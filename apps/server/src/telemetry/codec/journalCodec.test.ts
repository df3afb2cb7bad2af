import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../../sim/flight/index.ts';
import {
  decodeJournal,
  encodeJournal,
  type JournalIndex,
  journalIndex,
  journalSegments,
} from './journalCodec.ts';
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

  it('fills, while encoding, the index a stored blob is read back to, and each entry cuts its track', () => {
    const byDrone = new Map([
      ['D1', points.slice(0, 7)],
      ['无人机-2', points.slice(7, 8)],
      ['D3', points.slice(8, 30)],
    ]);
    const index: JournalIndex = { ids: [], nums: [] };
    const blob = encodeJournal(byDrone, index);
    expect({ ids: index.ids, nums: [...index.nums] }).toEqual(journalIndex(blob));
    expect(index.ids).toEqual(['D1', '无人机-2', 'D3']);
    index.ids.forEach((id, i) => {
      const [n, first, last, start, length] = index.nums.slice(5 * i, 5 * i + 5) as number[];
      const mine = byDrone.get(id) ?? [];
      expect([n, first, last]).toEqual([mine.length, mine[0]?.recordTime, mine.at(-1)?.recordTime]);
      expect(decodeTrack(blob.subarray(start, (start as number) + (length as number)))).toEqual(
        decodeTrack(encodeTrack(mine)),
      );
    });
  });
});

/** The layout as documented, written the plain way: the fast encoders must give these bytes. */
function referenceTrack(ps: readonly TelemetryPoint[]): Uint8Array {
  const bytes: number[] = [0x41, 0x46, 0x54, 0x33];
  const uvarint = (v: number) => {
    while (v >= 0x80) {
      bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    bytes.push(v);
  };
  uvarint(ps.length);
  const keys = ['recordTime', 'lng', 'lat', 'height', 'speed', 'heading', 'battery', 'flow', 'swath', 'tank'];
  const scales = [1, 1e7, 1e7, 100, 100, 10, 10, 100, 100, 100];
  const prev = new Float64Array(14);
  const modes = ['manual', 'auto', 'ab', 'return', 'hover'];
  const rtks = [undefined, 0, 1, 2, 4, 5];
  for (const p of ps) {
    const x = p as TelemetryPoint & { workArea?: number; sim?: boolean };
    const rec = x as unknown as Record<string, number | undefined>;
    const q = [
      ...keys.map((k, i) => Math.round((rec[k] ?? 0) * (scales[i] as number))),
      Math.round(x.pilotId ?? 0),
      Math.round(x.cropId ?? 0),
      x.workArea === undefined ? 0 : Math.round(x.workArea) + 1,
      Math.round(x.workType ?? 0),
    ];
    q.forEach((v, f) => {
      const d = v - (prev[f] as number);
      uvarint(d < 0 ? -2 * d - 1 : 2 * d);
      prev[f] = v;
    });
    const mode = Math.max(0, modes.indexOf(x.mode));
    const rtk = Math.max(0, rtks.indexOf(x.rtk));
    bytes.push((x.pump ? 1 : 0) | (mode << 1) | (rtk << 4) | (x.sim ? 0x80 : 0));
  }
  return Uint8Array.from(bytes);
}

function referenceJournal(byDrone: ReadonlyMap<string, readonly TelemetryPoint[]>): Buffer {
  const parts: Buffer[] = [];
  for (const [droneId, ps] of byDrone) {
    const id = Buffer.from(droneId, 'utf8');
    const track = referenceTrack(ps);
    const head = Buffer.alloc(26);
    head.writeUInt16BE(id.length, 0);
    const meta = head.subarray(2);
    meta.writeUInt32BE(ps.length, 0);
    meta.writeDoubleBE(ps[0]?.recordTime ?? 0, 4);
    meta.writeDoubleBE(ps.at(-1)?.recordTime ?? 0, 12);
    meta.writeUInt32BE(track.length, 20);
    parts.push(head.subarray(0, 2), id, meta, Buffer.from(track));
  }
  return Buffer.concat(parts);
}

describe('journal and track encoders', () => {
  it('write the documented bytes, whatever the fields present, large jumps and many drones', () => {
    const varied: TelemetryPoint[] = points.map((p, i) => {
      const x: TelemetryPoint & { workArea?: number; sim?: boolean } = { ...p };
      if (i % 3 === 0) x.pilotId = 1000 + i;
      if (i % 4 === 0) x.cropId = 7;
      if (i % 5 === 0) x.workType = 2;
      if (i % 2 === 0) x.rtk = ([0, 1, 2, 4, 5] as const)[i % 5];
      else delete x.rtk;
      if (i % 6 === 0) x.workArea = 12.6 * i;
      if (i % 7 === 0) x.sim = true;
      if (i === 9) x.lng = -179.9999999;
      if (i === 10) x.recordTime = 4_102_444_800_000;
      return x;
    });
    expect(Buffer.from(encodeTrack(varied))).toEqual(Buffer.from(referenceTrack(varied)));
    expect(Buffer.from(encodeTrack([]))).toEqual(Buffer.from(referenceTrack([])));
    const many = new Map<string, TelemetryPoint[]>();
    for (let d = 0; d < 300; d++)
      many.set(
        d % 50 === 0 ? `无人机-${d}` : `D${d}`,
        varied.slice(d % varied.length, (d % varied.length) + (d % 4)),
      );
    expect(encodeJournal(many)).toEqual(referenceJournal(many));
    const one = new Map([['JYP1', varied]]);
    expect(encodeJournal(one)).toEqual(referenceJournal(one));
  });
});
