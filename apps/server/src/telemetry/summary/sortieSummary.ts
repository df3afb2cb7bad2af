/**
 * What a closed sortie amounts to, the row stored at landing: times, distance, sprayed area and
 * volume (telemetry/area), the flight mode, crop, work type and pilot it was flown with (the most frequent
 * among its spraying samples), and where it happened (region of the centroid of the spraying
 * samples, else of the take-off point).
 */
import { type FlightMode, squareMetresToMu, type TelemetryPoint } from '@agrifleet/domain';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import { sprayedArea } from '../area/sprayedArea.ts';
import { sortieWorkType } from './workType.ts';

export interface SortieSummary {
  startTime: number;
  endTime: number;
  durationS: number;
  /** Horizontal path length over the whole sortie, metres. */
  distanceM: number;
  sprayDistanceM: number;
  areaM2: number;
  areaMu: number;
  volumeL: number;
  sprayTimeS: number;
  mode: FlightMode | null;
  cropId: number | null;
  /** oper/worktypes id: the most reported, else 1 (spraying) when it sprayed, else null (workType.ts). */
  workType: number | null;
  pilotId: number | null;
  maxHeightM: number;
  batteryStart: number;
  batteryEnd: number;
  pointCount: number;
  /** Where it happened: the centroid of the spraying samples, else the take-off point. */
  place: { lng: number; lat: number };
  region: RegionAt;
}

const EARTH_R = 6_371_008.8;
const RAD = Math.PI / 180;

function haversine(a: TelemetryPoint, b: TelemetryPoint): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_R * Math.asin(Math.min(1, Math.sqrt(s)));
}

function mostFrequent<T>(values: Iterable<T | undefined>): T | null {
  const counts = new Map<T, number>();
  let best: T | null = null;
  let bestN = 0;
  for (const v of values) {
    if (v === undefined) continue;
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestN) {
      best = v;
      bestN = n;
    }
  }
  return best;
}

/** `locate` is regionAt of modules/regions/geo (passed in so tests and callers choose). */
export function summarizeSortie(
  points: readonly TelemetryPoint[],
  locate: (lng: number, lat: number) => RegionAt,
): SortieSummary {
  if (points.length === 0) throw new Error('a sortie has at least one point');
  const first = points[0] as TelemetryPoint;
  const last = points.at(-1) as TelemetryPoint;
  let distanceM = 0;
  let maxHeightM = first.height;
  let sprayTimeMs = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as TelemetryPoint;
    if (p.height > maxHeightM) maxHeightM = p.height;
    if (i > 0) {
      const q = points[i - 1] as TelemetryPoint;
      distanceM += haversine(q, p);
      if (p.pump && q.pump) sprayTimeMs += p.recordTime - q.recordTime;
    }
  }
  const sprayPoints = points.filter((p) => p.pump);
  const centroid = (key: 'lng' | 'lat') =>
    sprayPoints.reduce((sum, p) => sum + p[key], 0) / sprayPoints.length;
  const place =
    sprayPoints.length > 0
      ? { lng: centroid('lng'), lat: centroid('lat') }
      : { lng: first.lng, lat: first.lat };
  const area = sprayedArea(points);
  return {
    startTime: first.recordTime,
    endTime: last.recordTime,
    durationS: (last.recordTime - first.recordTime) / 1000,
    distanceM,
    sprayDistanceM: area.sprayedDistanceM,
    areaM2: area.areaM2,
    areaMu: squareMetresToMu(area.areaM2),
    volumeL: area.volumeL,
    sprayTimeS: sprayTimeMs / 1000,
    mode: mostFrequent(sprayPoints.map((p) => p.mode)),
    cropId: mostFrequent(sprayPoints.map((p) => p.cropId)),
    workType: sortieWorkType(points, area.volumeL),
    pilotId: mostFrequent(points.map((p) => p.pilotId)),
    maxHeightM,
    batteryStart: first.battery,
    batteryEnd: last.battery,
    pointCount: points.length,
    place,
    region: locate(place.lng, place.lat),
  };
}
