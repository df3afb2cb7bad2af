import type { CommandMessage, LngLat, PlanCommandPayload, RouteLeg, TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, FARM_PLACES, type FarmPlace, liveDrone, localFrame } from '../flight/index.ts';
import { lockable } from './lock.ts';
import { type Answer, missionable } from './mission.ts';

const T0 = Date.UTC(2026, 5, 1, 2, 0, 0);
const place = FARM_PLACES[0] as FarmPlace;
/** The plan's home, 3 km east of the farm place. */
const frame = localFrame({ lng: place.lng, lat: place.lat });
const deg = (x: number, y: number): LngLat => {
  const p = frame.toLngLat({ x: 3000 + x, y });
  return [p.lng, p.lat];
};
const xy = (p: { lng: number; lat: number }) => {
  const q = frame.toXY(p);
  return { x: q.x - 3000, y: q.y };
};

/** 4 passes of 100 m, 5 m apart, straight turns between them. */
function payload(routeId: number): PlanCommandPayload {
  const legs: RouteLeg[] = [{ kind: 'transit', path: [deg(0, 0), deg(20, 20)] }];
  for (let k = 0; k < 4; k++) {
    const y = 20 + 5 * k;
    const [a, b] = k % 2 === 0 ? [20, 120] : [120, 20];
    legs.push({ kind: 'spray', path: [deg(a, y), deg(b, y)] });
    if (k < 3) legs.push({ kind: 'turn', path: [deg(b, y), deg(b, y + 5)] });
  }
  legs.push({ kind: 'transit', path: [deg(20, 35), deg(0, 0)] });
  return {
    routeId,
    index: 0,
    home: deg(0, 0),
    width: 5,
    speed: 5,
    height: 3,
    transitHeight: 15,
    flowLpm: 6,
    route: {
      index: 0,
      legs,
      sprayDistanceM: 400,
      distanceM: 0,
      sprayAreaM2: 2000,
      sprayVolumeL: 8,
      flightTimeS: 0,
      sorties: 1,
    },
  };
}

let nextId = 1;
const cmd = (type: CommandMessage['type'], body: Record<string, unknown> = {}): CommandMessage => ({
  id: nextId++,
  type,
  payload: body,
  createdAt: T0,
});

function setup(opts: { lockedAtStart?: boolean } = {}) {
  let now = T0;
  const inner = lockable(
    liveDrone('SIM-PLAN', { place, drone: DEFAULT_DRONE, seed: 7, startTime: T0, rateHz: 1 }),
  );
  if (opts.lockedAtStart) inner.setLocked(true);
  const d = missionable(inner, { clock: () => now });
  const answers: Array<{ id: number; at: number } & Answer> = [];
  d.onAnswer((id, a) => answers.push({ id, at: now, ...a }));
  const points: TelemetryPoint[] = [];
  const until = (t: number) => {
    for (; now < t; now += 1000) points.push(...d.pointsUntil(now));
  };
  return { d, answers, points, until, at: () => now };
}

const airborne = (p: TelemetryPoint) => p.height > 0.8;

describe('a simulated drone flying a plan it was sent', () => {
  it('stores settings and plans, refuses a start without its plan', () => {
    const { d } = setup();
    expect(d.obey(cmd('settings', { height: 4 }))).toEqual({ state: 'done' });
    expect(d.obey(cmd('settings', { speed: -1 })).state).toBe('failed');
    expect(d.obey(cmd('plan', { routeId: 9 })).state).toBe('failed');
    expect(d.obey(cmd('plan', payload(7)))).toEqual({ state: 'done' });
    expect(d.obey(cmd('start', { routeId: 8 }))).toEqual({ state: 'failed', reason: 'noPlan' });
    expect(d.obey(cmd('pause'))).toEqual({ state: 'failed', reason: 'notFlying' });
  });

  it('in the air, goes home and lands, is driven to the plan home, flies it, answers progress and done, stays, then goes on', () => {
    const { d, answers, points, until, at } = setup();
    until(T0 + 60_000);
    expect(airborne(points.at(-1) as TelemetryPoint)).toBe(true);
    d.obey(cmd('plan', payload(7)));
    const start = cmd('start', { routeId: 7 });
    expect(d.obey(start)).toEqual({ state: 'acknowledged', progress: 0 });
    const from = points.length;
    until(T0 + 15 * 60_000);
    expect(d.mission).toBe('stay');
    const after = points.slice(from);
    // Home first: it lands near where it took off, without a jump.
    const firstGround = after.findIndex((p) => !airborne(p) && p.speed < 0.5);
    expect(firstGround).toBeGreaterThan(0);
    for (let i = 1; i <= firstGround; i++) {
      const a = after[i - 1] as TelemetryPoint;
      const b = after[i] as TelemetryPoint;
      const pa = frame.toXY(a);
      const pb = frame.toXY(b);
      expect(Math.hypot(pb.x - pa.x, pb.y - pa.y) / ((b.recordTime - a.recordTime) / 1000)).toBeLessThan(30);
    }
    const mine = answers.filter((a) => a.id === start.id);
    const doneAt = mine.at(-1)?.at ?? 0;
    // The route: pump on only on the passes, at the plan's home frame.
    const sprayed = after.filter((p) => p.pump && p.recordTime <= doneAt);
    expect(sprayed.length).toBeGreaterThan(50);
    for (const p of sprayed) {
      const q = xy(p);
      expect(q.x).toBeGreaterThan(19.5);
      expect(q.x).toBeLessThan(120.5);
      expect([20, 25, 30, 35].some((y) => Math.abs(q.y - y) < 0.3)).toBe(true);
    }
    const progress = mine.filter((a) => a.state === 'acknowledged').map((a) => a.progress ?? 0);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(mine.at(-1)).toMatchObject({ state: 'done', progress: 1 });
    until(doneAt + 60 * 60_000);
    expect(d.mission).toBe(null);
    // Stays at home on the ground, a point every 5 s, for 15 minutes.
    const stay = points.filter((p) => p.recordTime > doneAt + 1000 && p.recordTime < doneAt + 14 * 60_000);
    expect(stay.length).toBeGreaterThan(150);
    expect(stay.every((p) => !airborne(p) && Math.hypot(xy(p).x, xy(p).y) < 1)).toBe(true);
    expect(points.filter((p) => p.recordTime > doneAt + 16 * 60_000).some(airborne)).toBe(true);
    const times = points.map((p) => p.recordTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(at()).toBeGreaterThan(doneAt);
  });

  it('pauses (hovers, pump off), resumes, returns home when told; the start then fails returnedHome', () => {
    const { d, answers, points, until } = setup();
    until(T0 + 3000);
    d.obey(cmd('plan', payload(7)));
    const start = cmd('start', { routeId: 7 });
    d.obey(start);
    until(T0 + 90_000);
    expect(points.some((p) => p.pump)).toBe(true);
    expect(d.obey(cmd('pause'))).toEqual({ state: 'done' });
    const from = points.length;
    until(T0 + 120_000);
    const hover = points.slice(from + 2);
    expect(hover.every((p) => !p.pump && airborne(p))).toBe(true);
    expect(d.obey(cmd('resume'))).toEqual({ state: 'done' });
    until(T0 + 125_000);
    const back = cmd('returnHome');
    expect(d.obey(back)).toEqual({ state: 'acknowledged' });
    until(T0 + 10 * 60_000);
    expect(answers.filter((a) => a.id === start.id).at(-1)).toMatchObject({
      state: 'failed',
      reason: 'returnedHome',
    });
    // returnHome done once landed, before the start's end.
    const order = answers.filter((a) => a.state !== 'acknowledged').map((a) => a.id);
    expect(order.slice(-2)).toEqual([back.id, start.id]);
    const landed = points.find((p) => p.recordTime > T0 + 125_000 && !airborne(p)) as TelemetryPoint;
    expect(answers.find((a) => a.id === back.id)?.at).toBeGreaterThanOrEqual(landed.recordTime);
    const last = points.filter((p) => p.recordTime < T0 + 5 * 60_000).at(-1) as TelemetryPoint;
    expect(airborne(last)).toBe(false);
    expect(Math.hypot(xy(last).x, xy(last).y)).toBeLessThan(1);
  });

  it('locked, refuses to start; locked while flying a plan, it lands at home and stays down', () => {
    const a = setup({ lockedAtStart: true });
    a.d.obey(cmd('plan', payload(7)));
    expect(a.d.obey(cmd('start', { routeId: 7 }))).toEqual({ state: 'failed', reason: 'locked' });

    const { d, answers, points, until } = setup();
    until(T0 + 3000);
    d.obey(cmd('plan', payload(7)));
    const start = cmd('start', { routeId: 7 });
    d.obey(start);
    until(T0 + 90_000);
    d.setLocked(true);
    until(T0 + 40 * 60_000);
    expect(answers.filter((x) => x.id === start.id).at(-1)).toMatchObject({
      state: 'failed',
      reason: 'locked',
    });
    const late = points.filter((p) => p.recordTime > T0 + 5 * 60_000);
    expect(late.length).toBeGreaterThan(100);
    expect(late.some(airborne)).toBe(false);
    expect(d.held).toBe(true);
  });
});
