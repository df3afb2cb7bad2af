/**
 * Template missions of the history generator: real simulated missions, cut by the sortie tracker
 * and summarised by sortieRow exactly as live ingest does. A drone's field in the history is a
 * template's field moved to the drone's farmland (same shape and size in metres), and each
 * mission flown there reuses the template's sortie summaries and tracks (moved and shifted in
 * time, `placedTrack`): months of sorties cost what a few hundred simulations cost, and every
 * summary still comes from the ingest code.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import { decodeTrack, encodeTrack } from '../../telemetry/codec/trackCodec.ts';
import type { DroneMeta } from '../../telemetry/ingest/droneDirectory.ts';
import { type NewSortie, sortieRow } from '../../telemetry/ingest/sortieRow.ts';
import { SortieTracker } from '../../telemetry/tracker/sortieTracker.ts';
import {
  type Field,
  fieldAreaM2,
  hashSeed,
  type LngLat,
  localFrame,
  mulberry32,
  randomDrone,
  randomField,
  simulateMission,
} from '../flight/index.ts';

export interface Template {
  field: Field;
  /** The vertex mean the field is moved by. */
  centre: LngLat;
  areaM2: number;
  /** Summaries with times relative to the mission's start (ms); tracks as flown from TEMPLATE_T0. */
  sorties: NewSortie[];
}

/** The day templates are flown from. */
export const TEMPLATE_T0 = Date.UTC(2020, 0, 1);

/**
 * A template sortie's track placed on a drone's field: each point moved from the template's centre
 * to `to` (same offset in metres), its time shifted to a mission that starts at `start`, and the
 * mission's pilot and crop on every point, as a flown sortie's track carries them.
 */
export function placedTrack(
  track: Uint8Array,
  from: LngLat,
  to: LngLat,
  start: number,
  extra: { pilotId?: number; cropId?: number },
): Uint8Array {
  const a = localFrame(from);
  const b = localFrame(to);
  const points = decodeTrack(track).map((p) => {
    const at = b.toLngLat(a.toXY(p));
    const q: TelemetryPoint = {
      ...p,
      lng: at.lng,
      lat: at.lat,
      recordTime: p.recordTime - TEMPLATE_T0 + start,
    };
    if (extra.pilotId !== undefined) q.pilotId = extra.pilotId;
    if (extra.cropId !== undefined) q.cropId = extra.cropId;
    return q;
  });
  return encodeTrack(points);
}

/** Templates belong to no drone: the generator fills in the drone's own ids. */
const ANY_META: DroneMeta = {
  droneId: 'template',
  droneName: 'template',
  modelId: 0,
  modelName: '',
  zz: 0,
  yy: null,
  deviceType: 1,
  regionCode: null,
};

export const centreOf = (polygon: readonly LngLat[]): LngLat => ({
  lng: polygon.reduce((s, p) => s + p.lng, 0) / polygon.length,
  lat: polygon.reduce((s, p) => s + p.lat, 0) / polygon.length,
});

/** Moves a point from `from` to `to` keeping its east/north offset in metres. */
export function move(p: LngLat, from: LngLat, to: LngLat): LngLat {
  return localFrame(to).toLngLat(localFrame(from).toXY(p));
}

/** Flies one mission over `field` from `start` and returns its sorties as ingest would store them. */
export function flyMission(
  meta: DroneMeta,
  field: Field,
  start: number,
  seed: number,
  locate: (lng: number, lat: number) => RegionAt,
  opts: { pilotId?: number; cropId?: number; workMode?: 'auto' | 'ab' | 'manual' } = {},
): NewSortie[] {
  const rng = mulberry32(seed);
  const tracker = new SortieTracker();
  const out: NewSortie[] = [];
  const run = simulateMission(randomDrone(rng), field, {
    startTime: start,
    seed: rng.int(1, 2 ** 31),
    rateHz: 1,
    pilotId: opts.pilotId,
    cropId: opts.cropId,
    workMode: opts.workMode,
  });
  for (const s of run) for (const closed of tracker.push(s.point)) out.push(sortieRow(meta, closed, locate));
  return out;
}

/** `count` templates over fields around `near` (deterministic by seed). */
export function makeTemplates(
  count: number,
  seed: number,
  near: LngLat,
  locate: (lng: number, lat: number) => RegionAt,
): Template[] {
  return Array.from({ length: count }, (_, i) => {
    const rng = mulberry32(hashSeed(`template/${seed}/${i}`));
    const field = randomField(rng, near);
    // Flown from a fixed day; the summaries' times are kept relative to it.
    const t0 = TEMPLATE_T0;
    const sorties = flyMission(ANY_META, field, t0, rng.int(1, 2 ** 31), locate).map((row) => ({
      ...row,
      start_time: row.start_time - t0,
      end_time: row.end_time - t0,
    }));
    return { field, centre: centreOf(field.polygon), areaM2: fieldAreaM2(field), sorties };
  });
}
