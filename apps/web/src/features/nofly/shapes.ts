/**
 * Between the map's drawn shape (map/DrawControl) and the zone's shape of the API (packages/domain
 * geometry.ts), and the check the server makes, run before sending: its issue becomes a message of
 * the `nofly` namespace (geometry.<code>), the same text the server would answer.
 */
import { checkZoneGeometry, type NoflyRecord, type ZoneShape, type ZoneShapeInput } from '@agrifleet/domain';
import type { Polygon } from 'geojson';
import { circlePolygon, type DrawnShape } from '../../map/DrawControl.tsx';

export function zoneShapeOf(d: DrawnShape): ZoneShapeInput {
  if (d.circle)
    return {
      shape: 'circle',
      geometry: { type: 'Point', coordinates: d.circle.center },
      radiusM: d.circle.radiusM,
    };
  return {
    shape: 'polygon',
    geometry: { type: 'Polygon', coordinates: d.geometry.coordinates as number[][][] },
  };
}

export function drawnOf(r: Pick<NoflyRecord, 'shape' | 'geometry' | 'radiusM'>): DrawnShape {
  if (r.shape === 'circle' && r.geometry.type === 'Point') {
    const center: [number, number] = [r.geometry.coordinates[0] ?? 0, r.geometry.coordinates[1] ?? 0];
    const radiusM = r.radiusM ?? 0;
    return { geometry: circlePolygon(center, radiusM), circle: { center, radiusM } };
  }
  return { geometry: r.geometry as Polygon };
}

export type ShapeCheck =
  | { ok: true; value: ZoneShape }
  | { ok: false; message: string; vars: Record<string, number> };

/** The domain's check of a drawn shape, with its message key. */
export function checkDrawn(d: DrawnShape): ShapeCheck {
  const r = checkZoneGeometry(zoneShapeOf(d));
  if (r.ok) return r;
  // i18next reads `lng` as the language to translate into: the place goes in as atLng / atLat.
  const { lng, lat, ...rest } = r.issue.params;
  const vars = lng === undefined ? rest : { ...rest, atLng: lng, atLat: lat as number };
  return { ok: false, message: `nofly:geometry.${r.issue.code}`, vars };
}

/** The polygon shown for a record on a map (a circle as its 64-gon). */
export const polygonOf = (r: Pick<NoflyRecord, 'shape' | 'geometry' | 'radiusM'>): Polygon =>
  drawnOf(r).geometry;
