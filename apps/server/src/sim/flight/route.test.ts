import type { DroneRoute, LngLat, RouteLeg, TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { sprayedArea } from '../../telemetry/area/sprayedArea.ts';
import { localFrame } from './geo.ts';
import { DEFAULT_DRONE } from './profile.ts';
import { flyRoute, type RouteControl, type RouteSettings, runRoute } from './route.ts';

const T0 = Date.UTC(2026, 5, 1, 1, 0, 0);
const HOME = { lng: 114.65, lat: 33.55 };
const frame = localFrame(HOME);
const deg = (x: number, y: number): LngLat => {
  const p = frame.toLngLat({ x, y });
  return [p.lng, p.lat];
};
const xy = (p: { lng: number; lat: number }) => frame.toXY(p);

/**
 * A hand-made route: from home, 8 passes 200 m long along x, 5 m apart, joined by half-circle
 * turns, in two blocks of 4 passes with a transit between them; back home.
 */
function handRoute(): { route: DroneRoute; passes: Array<[number, number, number, number]> } {
  const legs: RouteLeg[] = [];
  const passes: Array<[number, number, number, number]> = [];
  const x0 = 30;
  const x1 = 230;
  legs.push({ kind: 'transit', path: [deg(0, 0), deg(x0, 20)] });
  for (let k = 0; k < 8; k++) {
    const y = 20 + (k < 4 ? k : k + 4) * 5;
    const fwd = k % 2 === 0;
    const [a, b] = fwd ? [x0, x1] : [x1, x0];
    passes.push([a, y, b, y]);
    legs.push({ kind: 'spray', path: [deg(a, y), deg((a + b) / 2, y), deg(b, y)] });
    if (k === 7) break;
    if (k === 3) {
      legs.push({ kind: 'transit', path: [deg(b, y), deg(x0, y + 25)] });
      continue;
    }
    const turn: LngLat[] = [];
    for (let i = 0; i <= 8; i++) {
      const t = (Math.PI * i) / 8;
      const dir = fwd ? 1 : -1;
      turn.push(deg(b + dir * 2.5 * Math.sin(t), y + 2.5 - 2.5 * Math.cos(t)));
    }
    legs.push({ kind: 'turn', path: turn });
  }
  legs.push({ kind: 'transit', path: [deg(x0, 75), deg(0, 0)] });
  return {
    route: {
      index: 0,
      legs,
      sprayDistanceM: 1600,
      distanceM: 0,
      sprayAreaM2: 8000,
      sprayVolumeL: 0,
      flightTimeS: 0,
      sorties: 1,
    },
    passes,
  };
}

const SETTINGS: RouteSettings = { home: [HOME.lng, HOME.lat], width: 5, speed: 5, height: 3, flowLpm: 6 };
/** 10 L: the 1,600 m of passes need 32 L, so four sorties. */
const SMALL_TANK = { ...DEFAULT_DRONE, tankL: 10 };

function distToSegment(p: { x: number; y: number }, a: number[], b: number[]): number {
  const [ax, ay, bx, by] = [a[0] ?? 0, a[1] ?? 0, b[0] ?? 0, b[1] ?? 0];
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - ax - t * dx, p.y - ay - t * dy);
}

describe('flyRoute', () => {
  const { route, passes } = handRoute();
  const run = runRoute(SMALL_TANK, SETTINGS, route, { startTime: T0, seed: 3 });
  const points = run.sorties.flatMap((s) => s.points);

  it('refills: several sorties, the tank ends all but the last', () => {
    expect(run.sorties.length).toBe(4);
    expect(run.sorties.slice(0, -1).every((s) => s.truth.endReason === 'tank')).toBe(true);
    expect(run.sorties.at(-1)?.truth.endReason).toBe('done');
    expect(run.truth.sprayLegsDone).toBe(8);
    expect(run.truth.returnedHome).toBe(false);
  });

  it('has the pump on only on spray legs, at the plan flow, with the plan swath', () => {
    for (const p of points) {
      expect(p.swath).toBe(5);
      if (!p.pump) continue;
      expect(p.flow).toBe(6);
      const near = Math.min(...passes.map(([ax, ay, bx, by]) => distToSegment(xy(p), [ax, ay], [bx, by])));
      expect(near).toBeLessThan(0.2);
    }
  });

  it('flies every spray leg once, end to end (flat ends)', () => {
    const sprayedAlong = passes.map(() => 0);
    for (const s of run.sorties) {
      for (let i = 1; i < s.points.length; i++) {
        const a = s.points[i - 1] as TelemetryPoint;
        const b = s.points[i] as TelemetryPoint;
        if (!(a.pump && b.pump)) continue;
        const pa = xy(a);
        const pb = xy(b);
        const k = passes.findIndex(([, y]) => Math.abs(pa.y - y) < 0.2);
        sprayedAlong[k] = (sprayedAlong[k] as number) + Math.abs(pb.x - pa.x);
      }
    }
    for (const len of sprayedAlong) expect(Math.abs(len - 200)).toBeLessThan(0.5);
    const xs = points.filter((p) => p.pump).map((p) => xy(p).x);
    expect(Math.min(...xs)).toBeGreaterThan(29.8);
    expect(Math.max(...xs)).toBeLessThan(230.2);
  });

  it('resumes after a refill exactly where the pump stopped', () => {
    for (let k = 0; k + 1 < run.sorties.length; k++) {
      const stop = run.sorties[k]?.points.filter((p) => p.pump).at(-1) as TelemetryPoint;
      const again = run.sorties[k + 1]?.points.find((p) => p.pump) as TelemetryPoint;
      const a = xy(stop);
      const b = xy(again);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.2);
    }
  });

  it('gives ordered, plausible points: time increasing, < 100 m/s, heights in range', () => {
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as TelemetryPoint;
      const b = points[i] as TelemetryPoint;
      expect(b.recordTime).toBeGreaterThan(a.recordTime);
      const pa = xy(a);
      const pb = xy(b);
      const v = Math.hypot(pb.x - pa.x, pb.y - pa.y) / ((b.recordTime - a.recordTime) / 1000);
      expect(v).toBeLessThan(100);
    }
    expect(Math.max(...points.map((p) => p.height))).toBeLessThan(16);
    expect(points.filter((p) => p.pump).every((p) => Math.abs(p.height - 3) < 0.3)).toBe(true);
  });

  it('tells the truth the console measures: area within 1 %, volume within 0.5 %', () => {
    expect(Math.abs(run.truth.sprayedAreaM2 - 8000) / 8000).toBeLessThan(0.001);
    expect(run.truth.volumeL).toBeCloseTo(32, 0);
    for (const s of run.sorties) {
      const got = sprayedArea(s.points);
      expect(Math.abs(got.areaM2 - s.truth.sprayedAreaM2) / s.truth.sprayedAreaM2).toBeLessThan(0.01);
      expect(Math.abs(got.volumeL - s.truth.volumeL) / s.truth.volumeL).toBeLessThan(0.005);
    }
    expect(run.truth.flightTimeS).toBeGreaterThan(1600 / 5);
  });

  it('is deterministic', () => {
    const again = runRoute(SMALL_TANK, SETTINGS, route, { startTime: T0, seed: 3 });
    expect(again.sorties.flatMap((s) => s.points)).toEqual(points);
  });

  it('hovers while paused (pump off), goes on from there, and returns home when told', () => {
    let now = 0;
    const control: RouteControl = {
      paused: () => now >= T0 + 120_000 && now < T0 + 180_000,
      returnHome: () => now >= T0 + 300_000,
    };
    const progress = { sprayLegs: 0, sprayLegsDone: 0 };
    const got: TelemetryPoint[] = [];
    const it = flyRoute(DEFAULT_DRONE, SETTINGS, route, { startTime: T0, seed: 3, control, progress });
    let r = it.next();
    for (; !r.done; r = it.next()) {
      got.push(r.value.point);
      now = r.value.point.recordTime;
    }
    expect(r.value.returnedHome).toBe(true);
    expect(progress.sprayLegs).toBe(8);
    expect(progress.sprayLegsDone).toBeGreaterThan(0);
    expect(progress.sprayLegsDone).toBeLessThan(8);
    const paused = got.filter((p) => p.recordTime > T0 + 121_000 && p.recordTime < T0 + 180_000);
    expect(paused.every((p) => !p.pump && p.speed === 0)).toBe(true);
    const spots = paused.map(xy);
    expect(
      Math.max(...spots.map((s) => Math.hypot(s.x - (spots[0]?.x ?? 0), s.y - (spots[0]?.y ?? 0)))),
    ).toBeLessThan(0.3);
    const last = got.at(-1) as TelemetryPoint;
    expect(Math.hypot(xy(last).x, xy(last).y)).toBeLessThan(0.3);
    expect(last.height).toBeLessThan(0.3);
    expect(got.some((p) => p.pump && p.recordTime > T0 + 181_000)).toBe(true);
  });
});
