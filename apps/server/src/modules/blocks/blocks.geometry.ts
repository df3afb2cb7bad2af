/**
 * A block's polygon as the table stores it: checked by `checkZoneGeometry` (400 naming the issue),
 * area net of holes on the ellipsoid (mu), `shape` = the outer ring as PostgreSQL polygon text
 * (GiST-indexed: sortie attribution, the monitor's map range), a centre that lies inside the
 * polygon and outside its holes, and its extent in degrees (the monitor's resolution filter).
 */
import { checkZoneGeometry, ErrorCode, type PolygonGeometry, ringsAreaM2 } from '@agrifleet/domain';
import { AppError } from '../../platform/errors.ts';
import type { MessageKey } from '../../platform/messages.ts';

const GEOMETRY_KEYS: Record<string, MessageKey> = {
  shape: 'blockGeometryShape',
  coordinates: 'noflyGeometryCoordinates',
  notClosed: 'noflyGeometryNotClosed',
  tooFewPoints: 'noflyGeometryTooFewPoints',
  collinear: 'noflyGeometryCollinear',
  tooManyVertices: 'noflyGeometryTooManyVertices',
  tooManyRings: 'noflyGeometryTooManyRings',
  selfIntersection: 'noflyGeometrySelfIntersection',
  holeOutside: 'noflyGeometryHoleOutside',
};

export const MU_M2 = 2000 / 3;

type Ring = readonly (readonly number[])[];

export interface BlockShape {
  geometry: { type: 'Polygon'; coordinates: number[][][] };
  areaMu: number;
  /** PostgreSQL polygon text of the outer ring: ((lng,lat),...). */
  shapeText: string;
  center: [number, number];
  /** max(width, height) of the outer ring's box, degrees. */
  extentDeg: number;
}

/** Even-odd test of a point against every ring (inside the outer ring, outside the holes). */
export function insidePolygon(rings: readonly Ring[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
}

/** The middle of the widest inside stretch of the horizontal line at `y`, or null. */
function scanline(rings: readonly Ring[], y: number): { x: number; width: number } | null {
  const xs: number[] = [];
  for (const ring of rings)
    for (let i = 0; i + 1 < ring.length; i++) {
      const [x1, y1] = ring[i] as [number, number];
      const [x2, y2] = ring[i + 1] as [number, number];
      if (y1 > y !== y2 > y) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    }
  xs.sort((a, b) => a - b);
  let best: { x: number; width: number } | null = null;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const a = xs[i] as number;
    const b = xs[i + 1] as number;
    if (!best || b - a > best.width) best = { x: (a + b) / 2, width: b - a };
  }
  return best;
}

/** A point inside the polygon (outside its holes): the vertex mean when inside, else a scanline's. */
export function innerPoint(rings: readonly Ring[]): [number, number] {
  const outer = (rings[0] ?? []).slice(0, -1);
  const n = outer.length || 1;
  const mx = outer.reduce((s, p) => s + (p[0] as number), 0) / n;
  const my = outer.reduce((s, p) => s + (p[1] as number), 0) / n;
  if (insidePolygon(rings, mx, my)) return [mx, my];
  const ys = outer.map((p) => p[1] as number);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  let best: { x: number; y: number; width: number } | null = null;
  // The centroid's latitude first, then 15 evenly spaced lines across the box.
  for (const y of [my, ...Array.from({ length: 15 }, (_, i) => lo + ((hi - lo) * (i + 1)) / 16)]) {
    const s = scanline(rings, y);
    if (s && (!best || s.width > best.width)) best = { ...s, y };
  }
  return best ? [best.x, best.y] : [mx, my];
}

/** Checks a block polygon and derives its stored columns; a 400 naming the issue otherwise. */
export function blockShape(input: unknown): BlockShape {
  const checked = checkZoneGeometry({ shape: 'polygon', geometry: input as PolygonGeometry });
  if (!checked.ok) {
    const { code, params } = checked.issue;
    throw new AppError(400, ErrorCode.badRequest, GEOMETRY_KEYS[code] ?? 'badRequest', params);
  }
  // Only positions [lng, lat] are kept (an altitude would be meaningless for a field).
  const coordinates = (checked.value.geometry as PolygonGeometry).coordinates.map((ring) =>
    ring.map((p) => [p[0] as number, p[1] as number]),
  );
  const outer = coordinates[0] as number[][];
  const lngs = outer.map((p) => p[0] as number);
  const lats = outer.map((p) => p[1] as number);
  return {
    geometry: { type: 'Polygon', coordinates },
    areaMu: ringsAreaM2(coordinates) / MU_M2,
    shapeText: `(${outer
      .slice(0, -1)
      .map((p) => `(${p[0]},${p[1]})`)
      .join(',')})`,
    center: innerPoint(coordinates),
    extentDeg: Math.max(Math.max(...lngs) - Math.min(...lngs), Math.max(...lats) - Math.min(...lats)),
  };
}
