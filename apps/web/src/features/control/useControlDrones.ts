/**
 * The drones the caller may control (GET control drones), read again every 2 seconds while any of
 * their newest commands (of the last 10 minutes) is not final, or an online drone is flying a plan
 * or returning, so every command's state and a plan's progress stay current on screen.
 */
import type { ControlDrone } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { controlApi } from './api.ts';

/** States a command leaves on its own (the drone answers, or the console times it out). */
const OPEN = new Set(['pending', 'sent']);
/** Commands a drone acknowledges first and finishes later (a plan flown, the way home). */
const LONG = new Set(['start', 'resume', 'returnHome']);

/** A command older than this is not waited for (one queued for an offline drone). */
const RECENT_MS = 10 * 60_000;

export function commandOpen(c: ControlDrone['lastCommand'], now = Date.now()): boolean {
  if (!c || now - c.createdAt > RECENT_MS) return false;
  return OPEN.has(c.state) || (c.state === 'acknowledged' && LONG.has(c.type));
}

/** Whether the list should be read again soon. */
export function needsPolling(drones: readonly ControlDrone[]): boolean {
  return drones.some(
    (d) => commandOpen(d.lastCommand) || (d.online && (d.droneStatus === 2 || d.droneStatus === 4)),
  );
}

export const CONTROL_DRONES_KEY = ['control', 'drones'] as const;

export function useControlDrones(search?: string, onlineOnly = false) {
  return useQuery({
    queryKey: [...CONTROL_DRONES_KEY, search ?? '', onlineOnly],
    queryFn: ({ signal }) =>
      controlApi.drones(
        { ...(search ? { search } : {}), ...(onlineOnly ? { online: 1 as const } : {}) },
        signal,
      ),
    refetchInterval: (q) => (needsPolling(q.state.data?.records ?? []) ? 2000 : false),
  });
}

/** Why a drone cannot be chosen for a command, or null. */
export function unavailableReason(d: ControlDrone): 'offline' | 'locked' | null {
  if (!d.online) return 'offline';
  if (d.locked) return 'locked';
  return null;
}
