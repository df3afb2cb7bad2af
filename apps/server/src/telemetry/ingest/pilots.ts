/**
 * Pilot links (issue 9 #13): a point's `pilotId` is kept only when that user is a member of the
 * drone's operating account (its owner, else its maker). Any other id (unknown, or a user of
 * another tenant) is removed from the point, which is kept: otherwise any key holder could make
 * the sortie list, the drone panel and the pilot ranking show the name of any user.
 *
 * Membership comes from the drone directory's per-account cache: no query per point, at most one
 * per account (and one per 30 s for ids it does not know).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { type DroneDirectory, type DroneMeta, operatingAccount } from './droneDirectory.ts';

/**
 * Resolves once every pilotId in `points` can be answered from the cache; undefined when that is
 * so already (the usual case: no await on the hot path).
 */
export function warmPilots(
  directory: DroneDirectory,
  meta: DroneMeta,
  points: readonly TelemetryPoint[],
): Promise<unknown> | undefined {
  const account = operatingAccount(meta);
  let last = 0;
  let loads: Promise<boolean>[] | undefined;
  for (const p of points) {
    const id = p.pilotId;
    if (id === undefined || id === last) continue;
    last = id;
    if (directory.isMember(account, id) !== undefined) continue;
    loads ??= [];
    loads.push(directory.checkMember(account, id));
  }
  return loads && Promise.all(loads);
}

/** Whether every pilotId in `points` can be answered from the cache (warmPilots has nothing to do). */
export function pilotsKnown(
  directory: DroneDirectory,
  meta: DroneMeta,
  points: readonly TelemetryPoint[],
): boolean {
  const account = operatingAccount(meta);
  let last = 0;
  for (let i = 0; i < points.length; i++) {
    const id = (points[i] as TelemetryPoint).pilotId;
    if (id === undefined || id === last) continue;
    last = id;
    if (directory.isMember(account, id) === undefined) return false;
  }
  return true;
}

/**
 * The points without the pilotIds that are not the operating account's members (call after
 * warmPilots), as a new array with copies of those points, and how many; null when every id is a
 * member (the usual case: nothing made). `points` itself is never changed (it may be the sender's).
 */
export function unlinkPilots(
  directory: DroneDirectory,
  meta: DroneMeta,
  points: readonly TelemetryPoint[],
): { points: TelemetryPoint[]; unlinked: number } | null {
  const account = operatingAccount(meta);
  let last = 0;
  let ok = true;
  let out: { points: TelemetryPoint[]; unlinked: number } | null = null;
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as TelemetryPoint;
    const id = p.pilotId;
    if (id === undefined) continue;
    if (id !== last) {
      last = id;
      ok = directory.isMember(account, id) === true;
    }
    if (ok) continue;
    out ??= { points: points.slice(), unlinked: 0 };
    const { pilotId: _, ...rest } = p;
    out.points[i] = rest;
    out.unlinked++;
  }
  return out;
}
