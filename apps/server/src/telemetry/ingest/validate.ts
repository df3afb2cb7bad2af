/**
 * Turns what a drone sent into the points ingest keeps. A message that is not JSON, or not a point
 * or { points } (packages/domain telemetryMessage, checked by checkTelemetryMessage), is refused with a reason. Inside a valid
 * message, points are put in time order and these rules (001 §5, docs/api.md "Dropped points")
 * drop, not refuse, and count:
 *
 * - outOfRange: coordinates outside lng -180..180 / lat -90..90;
 * - outOfTime: a recordTime outside the accepted window around the server's clock (default 30 days
 *   back, 10 minutes ahead; TELEMETRY_MAX_PAST_HOURS, TELEMETRY_MAX_FUTURE_SECONDS). A clock in 2100
 *   would otherwise make every later point of the drone a "duplicate", and one in 1970 a sortie there;
 * - duplicates: a recordTime not after the newest accepted one;
 * - implausible: a fix farther from the drone's previous accepted one than MAX_SPEED_MPS over the
 *   time between them allows (plus JUMP_SLACK_M for GPS noise): a glitch to (-180, 0) would add
 *   thousands of km to a sortie. After REANCHOR_AFTER such fixes in a row the drone is taken to be
 *   where they say (the previous fix was the wrong one, or it was carried there switched on).
 */
import { checkTelemetryMessage, type TelemetryPoint } from '@agrifleet/domain';

export class BadMessage extends Error {}

export interface Accepted {
  points: TelemetryPoint[];
  /** Dropped by the coordinate rule. */
  outOfRange: number;
  /** Dropped as outside the accepted time window. */
  outOfTime: number;
  /** Dropped as duplicates of a recordTime already seen (in this message or before). */
  duplicates: number;
  /** Dropped as implying an impossible speed from the drone's previous fix. */
  implausible: number;
}

/** How far from the server's clock a recordTime may be (ms). */
export interface TimeWindow {
  pastMs: number;
  futureMs: number;
}
export const DEFAULT_TIME_WINDOW: TimeWindow = { pastMs: 30 * 86_400_000, futureMs: 10 * 60_000 };

/** Faster than any farm drone, or a truck carrying one switched on. */
export const MAX_SPEED_MPS = 100;
/** GPS noise between two fixes close in time. */
export const JUMP_SLACK_M = 100;
export const REANCHOR_AFTER = 5;

/** A drone's newest accepted fix (mutated by acceptPoints; one object per drone, no allocation). */
export interface Anchor {
  /** recordTime of the fix, ms (NaN: none yet). */
  at: number;
  lng: number;
  lat: number;
  /** Implausible fixes in a row since. */
  jumps: number;
}
export const newAnchor = (): Anchor => ({ at: Number.NaN, lng: 0, lat: 0, jumps: 0 });

const M_PER_DEG = 111_320;
const RAD_PER_DEG_HALF = Math.PI / 360;

/** True when `p` is farther from the anchor than the speed limit allows (equirectangular metres). */
function implausible(a: Anchor, p: TelemetryPoint): boolean {
  if (Number.isNaN(a.at)) return false;
  let dLng = Math.abs(p.lng - a.lng);
  if (dLng > 180) dLng = 360 - dLng;
  const x = dLng * Math.cos((p.lat + a.lat) * RAD_PER_DEG_HALF) * M_PER_DEG;
  const y = (p.lat - a.lat) * M_PER_DEG;
  const limit = (MAX_SPEED_MPS * Math.abs(p.recordTime - a.at)) / 1000 + JUMP_SLACK_M;
  return x * x + y * y > limit * limit;
}

/** Parses one MQTT payload. Throws BadMessage with a short reason. */
export function parsePayload(payload: Buffer | string): TelemetryPoint[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    throw new BadMessage('payload is not JSON');
  }
  // Checked in place (the contract's rules without zod's copy of every point).
  const problem = checkTelemetryMessage(json);
  if (problem) throw new BadMessage(`invalid telemetry: ${problem}`);
  const message = json as TelemetryPoint | { points: TelemetryPoint[] };
  return 'points' in message ? message.points : [message];
}

const inRange = (p: TelemetryPoint) => p.lng >= -180 && p.lng <= 180 && p.lat >= -90 && p.lat <= 90;

/**
 * Applies the drop rules. `lastTime` is the drone's newest recordTime already accepted, `anchor`
 * its newest accepted fix (updated here), `now` the server's clock.
 */
export function acceptPoints(
  points: readonly TelemetryPoint[],
  lastTime: number,
  anchor: Anchor,
  now: number,
  window: TimeWindow = DEFAULT_TIME_WINDOW,
): Accepted {
  const sorted =
    points.length > 1 && !isSorted(points) ? [...points].sort((a, b) => a.recordTime - b.recordTime) : points;
  // The accepted points: the message's own array while every point so far is taken (the usual
  // case: no copy, no garbage), a copy from the first one refused on.
  let out: TelemetryPoint[] | null = null;
  const minTime = now - window.pastMs;
  const maxTime = now + window.futureMs;
  let outOfRange = 0;
  let outOfTime = 0;
  let duplicates = 0;
  let jumps = 0;
  let last = lastTime;
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i] as TelemetryPoint;
    let refused = true;
    if (!inRange(p)) outOfRange++;
    else if (p.recordTime < minTime || p.recordTime > maxTime) outOfTime++;
    else if (p.recordTime <= last) duplicates++;
    else if (implausible(anchor, p) && ++anchor.jumps < REANCHOR_AFTER) jumps++;
    else {
      refused = false;
      out?.push(p);
      last = p.recordTime;
      anchor.at = p.recordTime;
      anchor.lng = p.lng;
      anchor.lat = p.lat;
      anchor.jumps = 0;
    }
    if (refused && out === null) out = sorted.slice(0, i);
  }
  return {
    points: out ?? (sorted as TelemetryPoint[]),
    outOfRange,
    outOfTime,
    duplicates,
    implausible: jumps,
  };
}

function isSorted(points: readonly TelemetryPoint[]): boolean {
  for (let i = 1; i < points.length; i++)
    if ((points[i] as TelemetryPoint).recordTime < (points[i - 1] as TelemetryPoint).recordTime) return false;
  return true;
}
