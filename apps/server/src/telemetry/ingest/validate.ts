/**
 * Turns what a drone sent into the points ingest keeps. A message that is not JSON, or not a point
 * or { points } (packages/domain telemetryMessage, checked by checkTelemetryMessage), is refused with a reason. Inside a valid
 * message, points are put in time order and the spec's rules (001 §5) drop, not refuse:
 * coordinates outside lng -180..180 / lat -90..90, and a recordTime already seen (duplicate).
 */
import { checkTelemetryMessage, type TelemetryPoint } from '@agrifleet/domain';

export class BadMessage extends Error {}

export interface Accepted {
  points: TelemetryPoint[];
  /** Dropped by the coordinate rule. */
  outOfRange: number;
  /** Dropped as duplicates of a recordTime already seen (in this message or before). */
  duplicates: number;
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

/** Applies the drop rules. `lastTime` is the drone's newest recordTime already accepted. */
export function acceptPoints(points: readonly TelemetryPoint[], lastTime: number): Accepted {
  const sorted =
    points.length > 1 && !isSorted(points) ? [...points].sort((a, b) => a.recordTime - b.recordTime) : points;
  const out: TelemetryPoint[] = [];
  let outOfRange = 0;
  let duplicates = 0;
  let last = lastTime;
  for (const p of sorted) {
    if (!inRange(p)) outOfRange++;
    else if (p.recordTime <= last) duplicates++;
    else {
      out.push(p);
      last = p.recordTime;
    }
  }
  return { points: out, outOfRange, duplicates };
}

function isSorted(points: readonly TelemetryPoint[]): boolean {
  for (let i = 1; i < points.length; i++)
    if ((points[i] as TelemetryPoint).recordTime < (points[i - 1] as TelemetryPoint).recordTime) return false;
  return true;
}
