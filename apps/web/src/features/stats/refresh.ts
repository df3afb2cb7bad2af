/**
 * The screen's refresh check (001 §9): one 1-second tick for the whole screen; each panel registers
 * how often at most it reloads (most panels 300,000 ms, the side panel's monitor detail 30,000 ms and
 * its overview 300,000 ms). The tick stops when the screen unmounts, and with it every timer.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';

export const REFRESH = {
  tickMs: 1_000,
  panelMs: 300_000,
  statInfoMs: 30_000,
  overviewMs: 300_000,
} as const;

interface Entry {
  intervalMs: number;
  last: number;
  run: () => void;
}

/** Pure throttled schedule: tick(now) runs each entry whose interval has passed since it last ran. */
export function createRefreshClock() {
  const entries = new Set<Entry>();
  return {
    /** Registers a reload that last ran at `last` (its first load); returns the unregister function. */
    add(intervalMs: number, run: () => void, last: number): () => void {
      const entry = { intervalMs, run, last };
      entries.add(entry);
      return () => entries.delete(entry);
    },
    tick(now: number) {
      for (const e of entries) {
        if (now - e.last < e.intervalMs) continue;
        e.last = now;
        e.run();
      }
    },
    get size() {
      return entries.size;
    },
  };
}
export type RefreshClock = ReturnType<typeof createRefreshClock>;

const ClockContext = createContext<RefreshClock | null>(null);
export const RefreshProvider = ClockContext.Provider;

/** The screen's clock and its one setInterval(1000), cleared on unmount. */
export function useScreenClock(): RefreshClock {
  const [clock] = useState(createRefreshClock);
  useEffect(() => {
    const timer = window.setInterval(() => clock.tick(Date.now()), REFRESH.tickMs);
    return () => window.clearInterval(timer);
  }, [clock]);
  return clock;
}

/** Runs `run` at most every `intervalMs` from `since` (ms epoch; 0: now), on the screen's tick. */
export function useRefresh(intervalMs: number, run: () => void, since = 0) {
  const clock = useContext(ClockContext);
  const latest = useRef(run);
  latest.current = run;
  const first = useRef(since);
  useEffect(() => {
    if (!clock) return;
    return clock.add(intervalMs, () => latest.current(), first.current || Date.now());
  }, [clock, intervalMs]);
}

/** The current time, updated by the screen's tick (the heading's clock). */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useRefresh(REFRESH.tickMs, () => setNow(Date.now()));
  return now;
}
