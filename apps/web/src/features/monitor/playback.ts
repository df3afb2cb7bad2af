/** Track playback: a shared timeline over one or more sorties, and where each drone is at a time. Pure. */
import type { OrbitPoint } from '@agrifleet/domain';

export interface Timeline {
  start: number;
  end: number;
}

export function timelineOf(tracks: ReadonlyArray<{ points: readonly OrbitPoint[] }>): Timeline {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const t of tracks) {
    const first = t.points[0];
    const last = t.points.at(-1);
    if (first && first.recordTime < start) start = first.recordTime;
    if (last && last.recordTime > end) end = last.recordTime;
  }
  return Number.isFinite(start) ? { start, end } : { start: 0, end: 0 };
}

/** Index of the last point at or before `time` (-1 before the first). Binary search. */
export function indexAt(points: readonly OrbitPoint[], time: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as OrbitPoint).recordTime <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The drone's interpolated position at `time`, or null outside its sortie. */
export function positionAt(points: readonly OrbitPoint[], time: number) {
  const i = indexAt(points, time);
  if (i < 0) return null;
  const a = points[i] as OrbitPoint;
  const b = points[i + 1];
  if (!b) return time - a.recordTime > 2000 ? null : { ...a, index: i };
  const f = (time - a.recordTime) / (b.recordTime - a.recordTime || 1);
  return {
    ...a,
    lng: a.lng + (b.lng - a.lng) * f,
    lat: a.lat + (b.lat - a.lat) * f,
    height: a.height + (b.height - a.height) * f,
    index: i,
  };
}

export const SPEEDS = [1, 2, 4, 8, 16, 32] as const;
