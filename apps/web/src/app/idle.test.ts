import { LIMITS } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { createIdleClock, IDLE_TICK_MS } from './idle.ts';

/** Runs the clock one tick per second; `moves` lists the seconds with mouse movement. */
function firstIdleSecond(seconds: number, moves: number[] = [], limitMs: number = LIMITS.idleBigScreenMs) {
  const clock = createIdleClock(limitMs, 0);
  const fired: number[] = [];
  for (let s = 1; s <= seconds; s++) if (clock.tick(s * IDLE_TICK_MS, moves.includes(s))) fired.push(s);
  return fired;
}

describe('idle clock', () => {
  it('fires after 5 minutes without movement, once', () => {
    expect(LIMITS.idleBigScreenMs).toBe(300_000);
    expect(firstIdleSecond(700)).toEqual([300]);
  });
  it('restarts from the last movement', () => {
    expect(firstIdleSecond(700, [120])).toEqual([420]);
  });
  it('fires again after new movement and another idle period', () => {
    expect(firstIdleSecond(1000, [400])).toEqual([300, 700]);
  });
  it('never fires while the mouse keeps moving', () => {
    const moves = Array.from({ length: 600 }, (_, i) => i * 60);
    expect(firstIdleSecond(600, moves, 120_000)).toEqual([]);
  });
});
