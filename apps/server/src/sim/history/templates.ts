/**
 * Template missions of the history generator: real simulated missions, cut by the sortie tracker
 * and summarised by sortieRow exactly as live ingest does. A drone's field in the history is a
 * template's field moved to the drone's farmland (same shape and size in metres), and each
 * mission flown there reuses the template's sortie summaries: months of sorties cost what a few
 * hundred simulations cost, and every summary still comes from the ingest code.
 */
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
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
  /** Summaries with times relative to the mission's start (ms) and no track. */
  sorties: Array<Omit<NewSortie, 'track'>>;
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
    // Flown from a fixed day; the times are kept relative to it.
    const t0 = Date.UTC(2020, 0, 1);
    const sorties = flyMission(ANY_META, field, t0, rng.int(1, 2 ** 31), locate).map(
      ({ track: _t, ...row }) => ({
        ...row,
        start_time: row.start_time - t0,
        end_time: row.end_time - t0,
      }),
    );
    return { field, centre: centreOf(field.polygon), areaM2: fieldAreaM2(field), sorties };
  });
}
