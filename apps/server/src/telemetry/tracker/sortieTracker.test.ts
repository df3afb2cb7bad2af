import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../../sim/flight/index.ts';
import { type ClosedSortie, SortieTracker } from './sortieTracker.ts';

const mission = runMission(
  DEFAULT_DRONE,
  rectangleField({ center: { lng: 118.8, lat: 32.05 }, widthM: 150, lengthM: 300, angleDeg: 20 }),
  { startTime: 1_780_000_000_000, seed: 11, rateHz: 5 },
);
const stream = mission.sorties.flatMap((s) => s.points);

function feed(tracker: SortieTracker, points: readonly TelemetryPoint[]): ClosedSortie[] {
  return points.flatMap((p) => tracker.push(p));
}

describe('sortie tracker', () => {
  it("finds the simulator's sorties with their take-off and touchdown times", () => {
    const found = feed(new SortieTracker(), stream);
    expect(found).toHaveLength(mission.sorties.length);
    found.forEach((s, i) => {
      const truth = (mission.sorties[i] as (typeof mission.sorties)[number]).truth;
      expect(s.reason).toBe('landed');
      expect(Math.abs(s.startTime - truth.startTime)).toBeLessThanOrEqual(200);
      expect(Math.abs(s.endTime - truth.endTime)).toBeLessThanOrEqual(200);
      expect(s.points.every((p) => p.recordTime >= s.startTime && p.recordTime <= s.endTime)).toBe(true);
      expect(s.points.filter((p) => p.pump).length).toBe(
        (mission.sorties[i] as (typeof mission.sorties)[number]).points.filter((p) => p.pump).length,
      );
    });
  });

  it('without keepPoints finds the same sorties with the same times and counts, keeping no points', () => {
    const full = feed(new SortieTracker(), stream);
    const lean = feed(new SortieTracker({ keepPoints: false }), stream);
    expect(
      lean.map(({ startTime, endTime, pointCount, reason }) => ({ startTime, endTime, pointCount, reason })),
    ).toEqual(
      full.map((s) => ({
        startTime: s.startTime,
        endTime: s.endTime,
        pointCount: s.points.length,
        reason: s.reason,
      })),
    );
    expect(lean.every((s) => s.points.length === 0)).toBe(true);
  });

  it('closes a sortie whose drone falls silent, at its last point', () => {
    const first = mission.sorties[0]?.points ?? [];
    const cut = first.slice(0, Math.floor(first.length / 2));
    const tracker = new SortieTracker({ timeoutMs: 60_000 });
    expect(feed(tracker, cut)).toEqual([]);
    expect(tracker.airborne).toBe(true);
    const last = cut.at(-1) as TelemetryPoint;
    expect(tracker.tick(last.recordTime + 30_000)).toEqual([]);
    const [lost] = tracker.tick(last.recordTime + 61_000);
    expect(lost?.reason).toBe('timeout');
    expect(lost?.endTime).toBe(last.recordTime);
    expect(tracker.airborne).toBe(false);
  });

  it('reopens a sortie closed by silence when the next point continues it (issue 20 #16)', () => {
    const first = mission.sorties[0]?.points ?? [];
    const cut = Math.floor(first.length * 0.7);
    const whole = feed(new SortieTracker(), first);
    const tracker = new SortieTracker();
    expect(feed(tracker, first.slice(0, cut))).toEqual([]);
    const last = first[cut - 1] as TelemetryPoint;
    // The console heard nothing for a minute (a restart, a lagging link): closed at its last point.
    const [lost] = tracker.tick(last.recordTime + 61_000);
    expect(lost).toMatchObject({ reason: 'timeout', endTime: last.recordTime });
    expect(tracker.reopenable).toBe(true);
    // The drone resends everything: old points are ignored, the rest continue the same sortie.
    const rest = feed(tracker, first);
    expect(rest).toHaveLength(1);
    expect(rest[0]).toEqual(whole[0]);
    expect(rest[0]?.points).toHaveLength(whole[0]?.points.length ?? -1);
  });

  it('does not reopen a sortie closed by silence for a point beyond the gap, nor on a recordTime gap', () => {
    const a = mission.sorties[0]?.points ?? [];
    const half = a.slice(0, Math.floor(a.length / 2));
    const last = half.at(-1) as TelemetryPoint;
    const tracker = new SortieTracker();
    feed(tracker, half);
    expect(tracker.tick(last.recordTime + 61_000)).toHaveLength(1);
    const late = a.slice(half.length).map((p) => ({ ...p, recordTime: p.recordTime + 61_000 }));
    const closed = feed(tracker, late);
    expect(tracker.reopenable).toBe(false);
    // What follows opens a sortie of its own, begun in the air.
    expect(closed.map((s) => [s.reason, s.airStart])).toEqual([['landed', true]]);
    expect(closed[0]?.startTime).toBe(late[0]?.recordTime);
  });

  it('a point after a long silence closes the old sortie first', () => {
    const a = mission.sorties[0]?.points ?? [];
    const b = mission.sorties[1]?.points ?? [];
    const tracker = new SortieTracker();
    const halfA = a.slice(0, Math.floor(a.length / 2));
    const closed = feed(tracker, [...halfA, ...b]);
    expect(closed.map((s) => s.reason)).toEqual(['timeout', 'landed']);
  });

  it('ignores repeated or older points, and splits an endless sortie', () => {
    const points = mission.sorties[0]?.points ?? [];
    const tracker = new SortieTracker({ maxPoints: 300 });
    const closed = feed(
      tracker,
      points.flatMap((p) => [p, p]),
    );
    expect(closed.filter((s) => s.reason === 'split').length).toBeGreaterThan(1);
    expect(closed.at(-1)?.reason).toBe('landed');
    const total = closed.reduce((n, s) => n + s.points.length, 0);
    expect(total).toBeLessThanOrEqual(points.length + closed.length);
  });

  it('does not open a sortie for ground points or a hop below the take-off height', () => {
    const ground = (mission.sorties[0]?.points ?? [])
      .slice(0, 10)
      .map((p) => ({ ...p, height: 0.3, speed: 0 }));
    const tracker = new SortieTracker();
    expect(feed(tracker, ground)).toEqual([]);
    expect(tracker.airborne).toBe(false);
  });
});
