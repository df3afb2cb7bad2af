import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, FARM_PLACES, type FarmPlace, liveDrone } from '../flight/index.ts';
import { lockable } from './lock.ts';

const T0 = Date.UTC(2026, 5, 1, 2, 0, 0);
const drone = () =>
  liveDrone('SIM-LOCK', {
    place: FARM_PLACES[0] as FarmPlace,
    drone: DEFAULT_DRONE,
    seed: 7,
    startTime: T0,
    rateHz: 1,
  });
const airborne = (p: TelemetryPoint) => p.height > 0.8;

/** Points of `d` tick by tick (1 s) from `from` to `to`, wall time. */
function fly(d: ReturnType<typeof lockable>, from: number, to: number) {
  const out: TelemetryPoint[] = [];
  for (let t = from; t <= to; t += 1000) out.push(...d.pointsUntil(t));
  return out;
}

describe('a simulated drone under lock', () => {
  it('locked on the ground, it does not take off and reports a ground point now and then', () => {
    const free = fly(lockable(drone()), T0, T0 + 120_000);
    expect(free.some(airborne)).toBe(true); // unlocked, it is in the air within two minutes

    const d = lockable(drone());
    d.setLocked(true);
    const held = fly(d, T0, T0 + 30 * 60_000);
    expect(d.held).toBe(true);
    expect(held.some(airborne)).toBe(false);
    expect(held.length).toBeGreaterThan(300); // heartbeats every 5 s: still online
    expect(held.at(-1)?.recordTime).toBeGreaterThan(T0 + 29 * 60_000);
  });

  it('unlocked, it takes off and flies its day on, its times shifted by the time it was held', () => {
    const d = lockable(drone());
    d.setLocked(true);
    fly(d, T0, T0 + 10 * 60_000);
    d.setLocked(false);
    const after = fly(d, T0 + 10 * 60_000 + 1000, T0 + 12 * 60_000);
    expect(after.some(airborne)).toBe(true);
    const times = after.map((p) => p.recordTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThan(T0 + 10 * 60_000);
  });

  it('locked in the air, it lands at the end of its sortie and stays down', () => {
    const d = lockable(drone());
    const before = fly(d, T0, T0 + 60_000);
    expect(before.at(-1) && airborne(before.at(-1) as TelemetryPoint)).toBe(true);
    d.setLocked(true);
    const rest = fly(d, T0 + 61_000, T0 + 60 * 60_000);
    const landed = rest.findIndex((p) => !airborne(p) && p.speed < 0.5);
    expect(landed).toBeGreaterThan(0); // it flew on first
    expect(rest.slice(landed).some(airborne)).toBe(false);
    expect(d.held).toBe(true);
  });
});
