/** The row a landed sortie becomes: its summary, owners and region levels, and its track blob. */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import { encodeTrack } from '../codec/trackCodec.ts';
import { summarizeSortie } from '../summary/sortieSummary.ts';
import type { ClosedSortie } from '../tracker/sortieTracker.ts';
import type { DroneMeta } from './droneDirectory.ts';

export interface NewSortie {
  drone_id: string;
  start_time: number;
  end_time: number;
  duration_s: number;
  distance_m: number;
  spray_distance_m: number;
  area_m2: number;
  area_mu: number;
  reported_area_m2: number | null;
  volume_l: number;
  spray_time_s: number;
  mode: string | null;
  crop_id: number | null;
  pilot_id: number | null;
  max_height_m: number;
  battery_start: number;
  battery_end: number;
  point_count: number;
  lng: number;
  lat: number;
  country_code: number;
  province_code: number | null;
  city_code: number | null;
  county_code: number | null;
  zz_account_id: number;
  yy_account_id: number | null;
  model_id: number;
  end_reason: ClosedSortie['reason'];
  simulated: boolean;
  track: Uint8Array;
}

/** The area the drone's own controller reported for the sortie (largest cumulative workArea), if any. */
function reportedArea(points: readonly TelemetryPoint[]): number | null {
  let best: number | null = null;
  for (const p of points) {
    const w = (p as { workArea?: number }).workArea;
    if (w !== undefined && (best === null || w > best)) best = w;
  }
  return best;
}

export function sortieRow(
  meta: DroneMeta,
  closed: Pick<ClosedSortie, 'points' | 'reason'>,
  locate: (lng: number, lat: number) => RegionAt,
): NewSortie {
  const s = summarizeSortie(closed.points, locate);
  const spraying = closed.points.filter((p) => p.pump);
  const at = spraying.length ? spraying : closed.points;
  const lng = at.reduce((sum, p) => sum + p.lng, 0) / at.length;
  const lat = at.reduce((sum, p) => sum + p.lat, 0) / at.length;
  return {
    drone_id: meta.droneId,
    start_time: s.startTime,
    end_time: s.endTime,
    duration_s: s.durationS,
    distance_m: s.distanceM,
    spray_distance_m: s.sprayDistanceM,
    area_m2: s.areaM2,
    area_mu: s.areaMu,
    reported_area_m2: reportedArea(closed.points),
    volume_l: s.volumeL,
    spray_time_s: s.sprayTimeS,
    mode: s.mode,
    crop_id: s.cropId,
    pilot_id: s.pilotId,
    max_height_m: s.maxHeightM,
    battery_start: s.batteryStart,
    battery_end: s.batteryEnd,
    point_count: s.pointCount,
    lng,
    lat,
    country_code: s.region.country,
    province_code: s.region.province,
    city_code: s.region.city,
    county_code: s.region.county,
    zz_account_id: meta.zz,
    yy_account_id: meta.yy,
    model_id: meta.modelId,
    end_reason: closed.reason,
    simulated: closed.points.some((p) => (p as { sim?: boolean }).sim === true),
    track: encodeTrack(closed.points),
  };
}
