/**
 * Idle switch (000 §4): for platform users with the big-screen setting on, 5 minutes without mouse
 * movement move the user to the stat screen. Checked every second; mouse activity is sampled once per
 * second (a mousemove only raises a flag, the one-second tick reads and clears it).
 */
import { LIMITS, STORAGE_KEYS } from '@agrifleet/domain';
import { useEffect, useRef } from 'react';

export const IDLE_TICK_MS = 1_000;

/** Pure idle clock: feed it one sample per tick; it says when the limit is reached (once). */
export function createIdleClock(limitMs: number, now: number) {
  let lastActive = now;
  let fired = false;
  return {
    /** One sample: whether the mouse moved since the previous one. True once the limit is reached. */
    tick(at: number, moved: boolean): boolean {
      if (moved) {
        lastActive = at;
        fired = false;
        return false;
      }
      if (!fired && at - lastActive >= limitMs) {
        fired = true;
        return true;
      }
      return false;
    },
  };
}

/** The big-screen setting of the settings dialog. */
export const bigScreenSetting = {
  get: () => localStorage.getItem(STORAGE_KEYS.bigScreen) === 'true',
  set: (on: boolean) => localStorage.setItem(STORAGE_KEYS.bigScreen, on ? 'true' : 'false'),
};

/**
 * Calls onIdle after LIMITS.idleBigScreenMs without mouse movement while `enabled` and the big-screen
 * setting are on (the setting is read at each tick, so the settings dialog takes effect at once).
 */
export function useIdleSwitch(
  enabled: boolean,
  onIdle: () => void,
  limitMs: number = LIMITS.idleBigScreenMs,
) {
  const callback = useRef(onIdle);
  callback.current = onIdle;
  useEffect(() => {
    if (!enabled) return;
    let moved = false;
    const onMove = () => {
      moved = true;
    };
    const clock = createIdleClock(limitMs, Date.now());
    const timer = window.setInterval(() => {
      const sample = moved || !bigScreenSetting.get();
      moved = false;
      if (clock.tick(Date.now(), sample)) callback.current();
    }, IDLE_TICK_MS);
    window.addEventListener('mousemove', onMove, { passive: true });
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('mousemove', onMove);
    };
  }, [enabled, limitMs]);
}
