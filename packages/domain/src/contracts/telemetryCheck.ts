/**
 * The telemetry contract (telemetry.ts) checked in place, without building a new object: ingest
 * takes tens of thousands of points a second and zod's parse copies every one (a profile showed
 * the copies in a quarter of the time as garbage collection). Same rules as the zod schemas,
 * tested against them (telemetryCheck.test.ts); unknown keys are ignored, as zod ignores them.
 * Returns null when valid, else the path and reason of the first problem.
 */
import { INT32_MAX, MAX_MILLIS } from './bounds.ts';
import { DRONE_ID_RE, FLIGHT_MODES, MAX_ACCESSORIES_PER_POINT, MAX_POINTS_PER_DRONE } from './telemetry.ts';
import { HW_ID_RE } from './whitelist.ts';

const MODES = new Set<unknown>(FLIGHT_MODES);
const RTK = new Set<unknown>([0, 1, 2, 4, 5]);

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function range(p: Record<string, unknown>, key: string, min: number, max: number): string | null {
  const v = p[key];
  if (!isNum(v)) return `${key}: expected a number`;
  return v < min || v > max ? `${key}: out of range ${min}..${max}` : null;
}

export function checkTelemetryPoint(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected an object';
  const p = value as Record<string, unknown>;
  const t = p.recordTime;
  if (!isNum(t) || !Number.isInteger(t) || t <= 0 || t > MAX_MILLIS)
    return 'recordTime: expected a positive integer within the Date range';
  if (!isNum(p.lng)) return 'lng: expected a number';
  if (!isNum(p.lat)) return 'lat: expected a number';
  const r =
    range(p, 'height', -500, 10_000) ??
    range(p, 'speed', 0, 100) ??
    range(p, 'heading', 0, 360) ??
    range(p, 'battery', 0, 100) ??
    range(p, 'flow', 0, 100) ??
    range(p, 'swath', 0, 50) ??
    range(p, 'tank', 0, 1000);
  if (r) return r;
  if (typeof p.pump !== 'boolean') return 'pump: expected a boolean';
  if (!MODES.has(p.mode)) return `mode: expected one of ${FLIGHT_MODES.join(', ')}`;
  for (const key of ['pilotId', 'cropId'] as const) {
    const v = p[key];
    if (v !== undefined && !(isNum(v) && Number.isInteger(v) && v > 0 && v <= INT32_MAX))
      return `${key}: expected a positive integer up to ${INT32_MAX}`;
  }
  if (p.rtk !== undefined && !RTK.has(p.rtk)) return 'rtk: expected 0, 1, 2, 4 or 5';
  if (p.workArea !== undefined) {
    const w = range(p, 'workArea', 0, 10_000_000);
    if (w) return w;
  }
  if (p.sim !== undefined && typeof p.sim !== 'boolean') return 'sim: expected a boolean';
  if (p.accessories !== undefined) return checkAccessories(p.accessories);
  return null;
}

function checkAccessories(list: unknown): string | null {
  if (!Array.isArray(list) || list.length > MAX_ACCESSORIES_PER_POINT)
    return `accessories: expected at most ${MAX_ACCESSORIES_PER_POINT} accessories`;
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as Record<string, unknown> | null;
    if (typeof a !== 'object' || a === null || Array.isArray(a))
      return `accessories.${i}: expected an object`;
    if (Object.keys(a).some((k) => k !== 'type' && k !== 'hwId')) return `accessories.${i}: unknown key`;
    const t = a.type;
    if (!isNum(t) || !Number.isInteger(t) || t < 1 || t > 5) return `accessories.${i}.type: expected 1 to 5`;
    if (typeof a.hwId !== 'string' || !HW_ID_RE.test(a.hwId))
      return `accessories.${i}.hwId: expected 1-64 of A-Z a-z 0-9 . _ : -`;
  }
  return null;
}

function checkPoints(points: unknown, path: string): string | null {
  if (!Array.isArray(points) || points.length < 1 || points.length > MAX_POINTS_PER_DRONE)
    return `${path}: expected 1 to ${MAX_POINTS_PER_DRONE} points`;
  for (let i = 0; i < points.length; i++) {
    const e = checkTelemetryPoint(points[i]);
    if (e) return `${path}.${i}.${e}`;
  }
  return null;
}

/** One MQTT message: a point, or { points: [...] }. */
export function checkTelemetryMessage(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && 'points' in value)
    return checkPoints((value as { points: unknown }).points, 'points');
  return checkTelemetryPoint(value);
}

/** POST /api/telemetry/batch. */
export function checkTelemetryBatch(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'expected an object';
  const drones = (value as { drones?: unknown }).drones;
  if (!Array.isArray(drones) || drones.length < 1 || drones.length > 1000)
    return 'drones: expected 1 to 1000 drones';
  for (let i = 0; i < drones.length; i++) {
    const d = drones[i] as { droneId?: unknown; points?: unknown } | null;
    if (typeof d !== 'object' || d === null) return `drones.${i}: expected an object`;
    if (typeof d.droneId !== 'string' || !DRONE_ID_RE.test(d.droneId)) return `drones.${i}.droneId: invalid`;
    const e = checkPoints(d.points, `drones.${i}.points`);
    if (e) return e;
  }
  return null;
}
