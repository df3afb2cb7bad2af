/**
 * A block's polygon in the browser: the domain's geometry check (the same the server makes, run
 * before sending; its issue becomes `blocks:geometry.<code>`) and its area on the ellipsoid, net of
 * holes (`ringsAreaM2`), in mu and in the user's unit.
 */
import {
  type AreaUnit,
  checkZoneGeometry,
  convertArea,
  ringsAreaM2,
  squareMetresToMu,
} from '@agrifleet/domain';
import type { Polygon } from 'geojson';

export type BlockCheck = { ok: true } | { ok: false; message: string; vars: Record<string, number> };

export function checkBlock(geometry: Polygon): BlockCheck {
  const r = checkZoneGeometry({
    shape: 'polygon',
    geometry: { type: 'Polygon', coordinates: geometry.coordinates as number[][][] },
  });
  if (r.ok) return { ok: true };
  // i18next reads `lng` as the language to translate into: the place goes in as atLng / atLat.
  const { lng, lat, ...rest } = r.issue.params;
  const vars = lng === undefined ? rest : { ...rest, atLng: lng, atLat: lat as number };
  return { ok: false, message: `blocks:geometry.${r.issue.code}`, vars };
}

/**
 * Above this area (mu) the editor warns and asks before saving (issue 21: a mis-click at low zoom
 * saved a 369,171-mu field). 10,000 mu is 6.7 km² (667 ha): the largest single plots of China's state
 * farms (Heilongjiang, Xinjiang) are a few thousand mu, a drone sprays some hundreds of mu a day, and
 * a click at province zoom gives tens of thousands and more.
 */
export const BLOCK_AREA_WARN_MU = 10_000;

/** Area net of holes, mu. */
export const blockAreaMu = (geometry: Polygon): number =>
  squareMetresToMu(ringsAreaM2(geometry.coordinates as number[][][]));

/** An area in mu shown in `unit` with two decimals. */
export const areaText = (mu: number, unit: AreaUnit): string => convertArea(mu, unit).toFixed(2);

/** The bounds [[w, s], [e, n]] of polygons (to frame them on the map). */
export function boundsOf(polygons: readonly Polygon[]): [[number, number], [number, number]] | null {
  const pts = polygons.flatMap((p) => p.coordinates[0] ?? []);
  if (!pts.length) return null;
  const lngs = pts.map((p) => p[0] as number);
  const lats = pts.map((p) => p[1] as number);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
