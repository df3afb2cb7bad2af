/** The row a landed sortie becomes: its summary, owners and region levels, and its track blob. */
import type { Insertable } from 'kysely';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import type { SortiesTable } from '../../platform/schema.ts';
import { reportedAreaM2 } from '../anomalies/sortieRules.ts';
import { encodeTrack } from '../codec/trackCodec.ts';
import { summarizeSortie } from '../summary/sortieSummary.ts';
import type { ClosedSortie } from '../tracker/sortieTracker.ts';
import type { DroneMeta } from './droneDirectory.ts';

/**
 * A sortie row as the writer inserts it (platform/schema SortiesTable), times as epoch ms, with
 * its track blob for sortie_tracks.
 */
export type NewSortie = Required<
  Omit<
    Insertable<SortiesTable>,
    'sortie_id' | 'created_at' | 'start_time' | 'end_time' | 'simulated' | 'block_id'
  >
> & {
  start_time: number;
  end_time: number;
  simulated: boolean;
  track: Uint8Array;
};

export function sortieRow(
  meta: DroneMeta,
  closed: Pick<ClosedSortie, 'points' | 'reason'>,
  locate: (lng: number, lat: number) => RegionAt,
): NewSortie {
  const s = summarizeSortie(closed.points, locate);
  return {
    drone_id: meta.droneId,
    start_time: s.startTime,
    end_time: s.endTime,
    duration_s: s.durationS,
    distance_m: s.distanceM,
    spray_distance_m: s.sprayDistanceM,
    area_m2: s.areaM2,
    area_mu: s.areaMu,
    reported_area_m2: reportedAreaM2(closed.points),
    volume_l: s.volumeL,
    spray_time_s: s.sprayTimeS,
    mode: s.mode,
    crop_id: s.cropId,
    work_type: s.workType,
    pilot_id: s.pilotId,
    max_height_m: s.maxHeightM,
    battery_start: s.batteryStart,
    battery_end: s.batteryEnd,
    point_count: s.pointCount,
    lng: s.place.lng,
    lat: s.place.lat,
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
