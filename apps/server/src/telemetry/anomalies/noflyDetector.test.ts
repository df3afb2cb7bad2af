import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { localFrame } from '../../sim/flight/geo.ts';
import {
  createNoflyDetector,
  type NoflyDetectorOptions,
  type NoflyEndEvent,
  type NoflyEvent,
} from './noflyDetector.ts';
import { createNoflyIndex, type NoflyZone } from './noflyIndex.ts';
import { gaussianNoise, type Leg, T0, track, uniformNoise } from './testkit.ts';

const origin = { lng: 120, lat: 33 };
const frame = localFrame(origin);
const ll = (x: number, y: number) => {
  const p = frame.toLngLat({ x, y });
  return [p.lng, p.lat];
};
/** A 1 km square, x and y in [0, 1000] m; its west border is x = 0. */
const square: NoflyZone = {
  id: 7,
  name: '某水库保护区',
  noflyType: 1,
  shape: 'polygon',
  rings: [[ll(0, 0), ll(1000, 0), ll(1000, 1000), ll(0, 1000), ll(0, 0)]],
};
const index = createNoflyIndex([square]);

function run(points: readonly TelemetryPoint[], opts?: NoflyDetectorOptions, droneId = 'D1') {
  const d = createNoflyDetector(() => index, opts);
  const events: NoflyEvent[] = points.flatMap((p) => d.feed(droneId, p));
  return {
    d,
    events,
    starts: events.filter((e) => e.kind === 'start'),
    ends: events.filter((e) => e.kind === 'end'),
  };
}

/** Up and down the west border (x = 0) for about ten minutes. */
const alongBorder: Leg[] = Array.from({ length: 6 }, (_, i) => ({
  from: [0, i % 2 ? 1000 : 0],
  to: [0, i % 2 ? 0 : 1000],
  speed: 6,
}));
const insideShare = (pts: TelemetryPoint[]) =>
  pts.filter((p) => index.zonesAt(p.lng, p.lat).length > 0).length / pts.length;

describe('no-fly detector', () => {
  it.each([
    ['±3 m uniform, 1 Hz', 1, uniformNoise(3)],
    ['±3 m uniform, 5 Hz', 5, uniformNoise(3)],
    ['σ 3 m gaussian, 1 Hz', 1, gaussianNoise(3)],
    ['σ 3 m gaussian, 10 Hz', 10, gaussianNoise(3)],
  ])('raises nothing for a drone flying along the border (%s)', (_, rateHz, noise) => {
    const pts = track(origin, alongBorder, { rateHz, noise, seed: 3 });
    expect(insideShare(pts)).toBeGreaterThan(0.3);
    const { events, d } = run(pts);
    expect(events).toEqual([]);
    expect(d.openCount()).toBe(0);
  });

  it('needs its margin: on dwell alone a 1 Hz track on the border alarms now and then', () => {
    const pts = track(origin, alongBorder, { rateHz: 1, noise: gaussianNoise(3), seed: 3 });
    expect(run(pts, { marginM: 0 }).starts.length).toBeGreaterThan(0);
  });

  it('raises exactly one alert for a real incursion, and closes it on the way out', () => {
    const pts = track(origin, [{ from: [-500, 500], to: [1500, 500], speed: 6 }], { noise: uniformNoise(3) });
    const { starts, ends, d } = run(pts);
    expect(starts).toHaveLength(1);
    expect(ends).toHaveLength(1);
    const s = starts[0] as Extract<NoflyEvent, { kind: 'start' }>;
    const e = ends[0] as Extract<NoflyEvent, { kind: 'end' }>;
    expect(s).toMatchObject({
      oddType: 1,
      droneId: 'D1',
      noflyId: 7,
      detail: { zoneName: '某水库保护区', noflyType: 1 },
    });
    // Enters at x = 0 (500 m at 6 m/s), counted from 5 m inside; leaves at x = 1000.
    expect(s.time - T0).toBeGreaterThan(83_000);
    expect(s.time - T0).toBeLessThan(86_000);
    expect(e.endTime - T0).toBeGreaterThan(249_000);
    expect(e.endTime - T0).toBeLessThan(251_000);
    expect(e).toMatchObject({ key: s.key, time: s.time });
    expect(d.openCount()).toBe(0);
  });

  it('keeps one alert while the drone steps out briefly, and alerts again on a later entry', () => {
    const pts = track(origin, [
      { from: [-300, 500], to: [200, 500], speed: 6 }, // in
      { from: [200, 500], to: [-10, 500], speed: 6 }, // out for about 1.5 s
      { from: [-10, 500], to: [300, 500], speed: 6 }, // back in
      { from: [300, 500], to: [-300, 500], speed: 6 }, // out for good
      { from: [-300, 500], to: [300, 500], speed: 6 }, // in again
    ]);
    const { starts, ends } = run(pts);
    expect(starts).toHaveLength(2);
    expect(ends).toHaveLength(1);
    expect((ends[0] as { endTime: number }).endTime).toBeLessThan((starts[1] as { time: number }).time);
  });

  it('ignores a clipped corner shorter than the dwell, ground points and replays', () => {
    // 20 m inside for 4 s at 6 m/s.
    const clip = track(origin, [
      { from: [-100, 500], to: [20, 500], speed: 6 },
      { from: [20, 500], to: [-100, 500], speed: 6 },
    ]);
    expect(run(clip).events).toEqual([]);
    const parked = track(origin, [{ from: [500, 500], to: [500, 560], speed: 0.5, with: { height: 0.2 } }]);
    expect(run(parked).events).toEqual([]);
    const inside = track(origin, [{ from: [100, 500], to: [400, 500], speed: 6 }]);
    const d = createNoflyDetector(() => index);
    expect(inside.flatMap((p) => d.feed('D1', p))).toHaveLength(1);
    expect(inside.flatMap((p) => d.feed('D1', p))).toEqual([]);
  });

  it('ends an incursion when the drone lands, and after a silence', () => {
    const landing = track(origin, [
      { from: [100, 500], to: [400, 500], speed: 6 },
      { from: [400, 500], to: [400, 510], speed: 1, with: { height: 0 } },
    ]);
    const landed = run(landing);
    expect(landed.starts).toHaveLength(1);
    expect(landed.ends).toHaveLength(1);

    const silent = track(origin, [{ from: [100, 500], to: [400, 500], speed: 6 }]);
    const { d, starts } = run(silent);
    expect(starts).toHaveLength(1);
    const last = silent.at(-1) as TelemetryPoint;
    expect(d.expire(last.recordTime + 60_000)).toEqual([]);
    const expired = d.expire(last.recordTime + 130_000);
    expect(expired).toEqual([expect.objectContaining({ kind: 'end', endTime: last.recordTime, noflyId: 7 })]);
    expect(d.openCount()).toBe(0);
  });

  it('does not take a drone uploading old points for a silent one: silence counts from when it was heard', () => {
    // A flight from three hours ago, uploaded now (a backlog, a replay): heard at `now`.
    const old = track(origin, [
      { from: [100, 500], to: [400, 500], speed: 6 },
      { from: [400, 500], to: [1500, 500], speed: 6 },
    ]);
    const now = (old.at(-1) as TelemetryPoint).recordTime + 3 * 3600_000;
    const d = createNoflyDetector(() => index);
    const events: NoflyEvent[] = [];
    old.forEach((p, i) => {
      events.push(...d.feed('D1', p, now + i * 10));
      // The periodic expiry runs while the upload goes on.
      if (i % 10 === 0) events.push(...d.expire(now + i * 10));
    });
    expect(events.map((e) => e.kind)).toEqual(['start', 'end']);
    // Ended where the drone left, not cut at the first expiry.
    expect((events[1] as NoflyEndEvent).endTime).toBeGreaterThan(old[0]?.recordTime as number);
    expect(d.expire(now + 60_000)).toEqual([]);
    expect(d.expire(now + old.length * 10 + 130_000)).toEqual([]);
  });

  it('keeps drones apart', () => {
    const d = createNoflyDetector(() => index);
    const a = track(origin, [{ from: [100, 500], to: [400, 500], speed: 6 }]);
    const b = track(origin, [{ from: [-400, 500], to: [-100, 500], speed: 6 }]);
    const events = a.flatMap((p, i) => [...d.feed('A', p), ...(b[i] ? d.feed('B', b[i]) : [])]);
    expect(events.map((e) => e.droneId)).toEqual(['A']);
  });
});
