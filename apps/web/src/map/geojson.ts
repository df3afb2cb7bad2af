/** Pure builders turning the layers' props into GeoJSON for MapLibre sources. */
import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';

export interface DronePosition {
  droneId: string;
  lng: number;
  lat: number;
  /** Degrees clockwise from north. */
  heading: number;
  online: boolean;
  spraying: boolean;
}

/** Drone state as drawn: 0 offline (grey), 1 flying (blue), 2 spraying (green). */
export const DRONE_STATE = { offline: 0, flying: 1, spraying: 2 } as const;

export const droneState = (d: Pick<DronePosition, 'online' | 'spraying'>): number =>
  !d.online ? DRONE_STATE.offline : d.spraying ? DRONE_STATE.spraying : DRONE_STATE.flying;

const point = (lng: number, lat: number): Point => ({ type: 'Point', coordinates: [lng, lat] });

/** One point per drone with a valid position; properties id, h (heading), s (state). */
export function droneFeatures(drones: readonly DronePosition[]): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  for (const d of drones) {
    if (!Number.isFinite(d.lng) || !Number.isFinite(d.lat)) continue;
    features.push({
      type: 'Feature',
      geometry: point(d.lng, d.lat),
      properties: { id: d.droneId, h: Number.isFinite(d.heading) ? d.heading : 0, s: droneState(d) },
    });
  }
  return { type: 'FeatureCollection', features };
}

export interface TrackPoint {
  lng: number;
  lat: number;
  spraying: boolean;
}

export const TRACK_COLORS = { spraying: '#2fb344', default: '#1677ff' } as const;

/**
 * A track as line runs of equal (spraying, played) state. A segment takes the spraying flag of its
 * first point; segments before `progress` (the playhead's point index) are played. Without progress
 * everything is played. Properties: spray (0|1), played (0|1), c (colour). With progress, a Point
 * feature (kind 'head') marks the playhead.
 */
export function trackFeatures(
  points: readonly TrackPoint[],
  color: string = TRACK_COLORS.default,
  progress?: number,
): FeatureCollection<LineString | Point> {
  const features: Feature<LineString | Point>[] = [];
  const head = progress === undefined ? points.length : Math.max(0, Math.min(points.length - 1, progress));
  let run: number[][] = [];
  let runKey = '';
  const flush = (spray: boolean, played: boolean) => {
    if (run.length > 1) {
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: run },
        properties: {
          spray: spray ? 1 : 0,
          played: played ? 1 : 0,
          c: spray ? TRACK_COLORS.spraying : color,
        },
      });
    }
  };
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as TrackPoint;
    const b = points[i + 1] as TrackPoint;
    const played = i < head;
    const key = `${a.spraying}|${played}`;
    if (key !== runKey) {
      if (runKey) flush(runKey.startsWith('true'), runKey.endsWith('true'));
      run = [[a.lng, a.lat]];
      runKey = key;
    }
    run.push([b.lng, b.lat]);
  }
  if (runKey) flush(runKey.startsWith('true'), runKey.endsWith('true'));
  const at = points[head];
  if (progress !== undefined && at) {
    features.push({
      type: 'Feature',
      geometry: point(at.lng, at.lat),
      properties: { kind: 'head', c: color },
    });
  }
  return { type: 'FeatureCollection', features };
}

export interface NoFlyZone {
  id: string | number;
  name: string;
  /** 1 civil aviation (red), 2 other (orange). */
  type: 1 | 2;
  geometry: Polygon;
}

export interface Block {
  id: string | number;
  name: string;
  geometry: Polygon;
}

export const NO_FLY_COLORS = { civil: '#e5383b', other: '#f08c00' } as const;

export function zoneFeatures(zones: readonly NoFlyZone[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: zones.map((z) => ({
      type: 'Feature',
      geometry: z.geometry,
      properties: {
        id: String(z.id),
        name: z.name,
        c: z.type === 1 ? NO_FLY_COLORS.civil : NO_FLY_COLORS.other,
      },
    })),
  };
}

export function blockFeatures(blocks: readonly Block[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: blocks.map((b) => ({
      type: 'Feature',
      geometry: b.geometry,
      properties: { id: String(b.id), name: b.name },
    })),
  };
}
