/**
 * Which no-fly zones contain a point. A packed R-tree (flatbush) over the zones' bounding boxes
 * picks the candidates; each candidate is then tested exactly: even-odd ray casting over all rings
 * of a polygon (holes included), geodesic distance to the centre of a circle.
 *
 * `depthM` tells how far inside a zone a point is, for the detector's entry margin.
 *
 * Coordinates are WGS-84 degrees. Circles are measured on the WGS-84 ellipsoid, as sprayed areas
 * are (packages/domain geodesicDistanceM): the sphere of mean radius read up to 0.56 % off, a
 * point 8.6 m outside a 4 km circle at 33.7 N inside it (issue 20 #19). The sphere only decides
 * points clearly in or out (1 % of the radius away from the edge). Zones crossing the antimeridian
 * are not supported (none of the served countries has one).
 */
import { geodesicDistanceM } from '@agrifleet/domain';
import Flatbush from 'flatbush';

export type Position = readonly number[];

interface ZoneBase {
  id: number;
  name: string;
  /** 1 other department, 2 civil aviation. */
  noflyType: 1 | 2;
  /** The zone's version (nofly_zone_versions) this shape is; an alert records it. */
  version?: number;
}
export type NoflyZone = ZoneBase &
  (
    | {
        shape: 'polygon' /** GeoJSON Polygon coordinates: outer ring, then holes. */;
        rings: readonly (readonly Position[])[];
      }
    | { shape: 'circle'; center: Position; radiusM: number }
  );

export interface NoflyIndex {
  readonly size: number;
  /** Enabled zones containing the point (usually none: the shared empty array). */
  zonesAt(lng: number, lat: number): readonly NoflyZone[];
}

const EARTH_R = 6_371_008.8;
const RAD = Math.PI / 180;
const NONE: readonly NoflyZone[] = Object.freeze([]);

/** Great-circle distance in metres on the sphere of mean radius (a quick bound, not the measure). */
export function haversineM(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_R * Math.asin(Math.min(1, Math.sqrt(s)));
}

type Test = (lng: number, lat: number) => boolean;
type Box = [number, number, number, number];

/** Rings as flat [lng0, lat0, lng1, lat1, ...] arrays, for a tight inner loop. */
function polygonTest(rings: readonly (readonly Position[])[]): { box: Box; test: Test } {
  const flat = rings.map((ring) =>
    Float64Array.from(ring.flatMap((p) => [p[0] ?? Number.NaN, p[1] ?? Number.NaN])),
  );
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const outer = flat[0] ?? new Float64Array();
  for (let i = 0; i < outer.length; i += 2) {
    const x = outer[i] as number;
    const y = outer[i + 1] as number;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  const test: Test = (lng, lat) => {
    let inside = false;
    for (const r of flat) {
      const n = r.length;
      // j trails i by one vertex; a closed ring's repeated last vertex adds a zero-length edge.
      for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
        const xi = r[i] as number;
        const yi = r[i + 1] as number;
        const xj = r[j] as number;
        const yj = r[j + 1] as number;
        if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    return inside;
  };
  return { box, test };
}

function circleTest(center: Position, radiusM: number): { box: Box; test: Test } {
  const lng0 = center[0] ?? Number.NaN;
  const lat0 = center[1] ?? Number.NaN;
  // 1 % margin: the box only has to contain the circle.
  const dLat = ((radiusM / EARTH_R) * 1.01) / RAD;
  const poleward = Math.min(89.9, Math.abs(lat0) + dLat);
  const dLng = dLat / Math.cos(poleward * RAD);
  return {
    box: [lng0 - dLng, lat0 - dLat, lng0 + dLng, lat0 + dLat],
    test: (lng, lat) => {
      // The sphere is within 0.6 % of the ellipsoid: it settles points well inside or outside.
      const h = haversineM(lng0, lat0, lng, lat);
      if (h < radiusM * 0.99) return true;
      if (h > radiusM * 1.01) return false;
      return geodesicDistanceM(lng0, lat0, lng, lat) <= radiusM;
    },
  };
}

/**
 * Distance in metres from a point inside `zone` to its border (for a point outside: to the border
 * too, so test containment first). Polygons are measured in the equirectangular plane of the point,
 * which is exact to well under a metre at the few hundred metres that matter here.
 */
export function depthM(zone: NoflyZone, lng: number, lat: number): number {
  if (zone.shape === 'circle')
    return Math.abs(zone.radiusM - geodesicDistanceM(zone.center[0] ?? 0, zone.center[1] ?? 0, lng, lat));
  const ky = EARTH_R * RAD;
  const kx = ky * Math.cos(lat * RAD);
  let best = Infinity;
  for (const ring of zone.rings) {
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1] as Position;
      const b = ring[i] as Position;
      const ax = ((a[0] ?? 0) - lng) * kx;
      const ay = ((a[1] ?? 0) - lat) * ky;
      const dx = ((b[0] ?? 0) - lng) * kx - ax;
      const dy = ((b[1] ?? 0) - lat) * ky - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
      const d = Math.hypot(ax + t * dx, ay + t * dy);
      if (d < best) best = d;
    }
  }
  return best;
}

/** Builds the index once per zone set (rebuild on any change: 10,000 zones take a few ms). */
export function createNoflyIndex(zones: readonly NoflyZone[]): NoflyIndex {
  const usable = zones
    .map((zone) => ({
      zone,
      ...(zone.shape === 'polygon' ? polygonTest(zone.rings) : circleTest(zone.center, zone.radiusM)),
    }))
    .filter((z) => z.box.every(Number.isFinite) && z.box[0] <= z.box[2] && z.box[1] <= z.box[3]);
  if (usable.length === 0) return { size: 0, zonesAt: () => NONE };
  const tree = new Flatbush(usable.length);
  for (const z of usable) tree.add(...z.box);
  tree.finish();
  const near = coarseCells(usable.map((z) => z.box));
  /**
   * The zones whose box meets each coarse cell visited so far (a tree search per cell, not per
   * point: the search allocates its queue, its results and a closure, which was 8 % of the
   * ingest's garbage). Bounded: emptied when it holds MAX_CACHED_CELLS.
   */
  const byCell = new Map<number, Int32Array>();
  const candidatesOf = (cell: number): Int32Array => {
    let found = byCell.get(cell);
    if (found) return found;
    const col = cell % COLS;
    const row = (cell - col) / COLS;
    const x0 = col * CELL_DEG - 180 - CELL_EPSILON;
    const y0 = row * CELL_DEG - 90 - CELL_EPSILON;
    found = Int32Array.from(
      tree.search(x0, y0, x0 + CELL_DEG + 2 * CELL_EPSILON, y0 + CELL_DEG + 2 * CELL_EPSILON),
    ).sort();
    if (byCell.size >= MAX_CACHED_CELLS) byCell.clear();
    byCell.set(cell, found);
    return found;
  };
  return {
    size: usable.length,
    zonesAt(lng, lat) {
      // Most points are nowhere near a zone: one bit says so, before any zone is tried.
      const cell = near ? near(lng, lat) : OFF_GRID;
      if (cell === FAR) return NONE;
      let found: NoflyZone[] | null = null;
      if (cell !== OFF_GRID) {
        const candidates = candidatesOf(cell);
        for (let k = 0; k < candidates.length; k++) {
          const z = usable[candidates[k] as number];
          if (!z || lng < z.box[0] || lat < z.box[1] || lng > z.box[2] || lat > z.box[3]) continue;
          if (z.test(lng, lat)) {
            if (found) found.push(z.zone);
            else found = [z.zone];
          }
        }
        return found ?? NONE;
      }
      tree.search(lng, lat, lng, lat, (i) => {
        const z = usable[i];
        if (z?.test(lng, lat)) {
          if (found) found.push(z.zone);
          else found = [z.zone];
        }
        return false;
      });
      return found ?? NONE;
    },
  };
}

/** Coarse cells of 0.1° (about 11 km) over the whole earth, one bit each: 810 KB. */
const CELL_DEG = 0.1;
const COLS = 3600;
const ROWS = 1800;
/** Zone boxes covering more cells than this in all make no grid (the tree alone is searched). */
const MAX_MARKED = 2_000_000;

const colOf = (lng: number) => Math.min(COLS - 1, Math.max(0, Math.floor((lng + 180) / CELL_DEG)));
const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));

/** `near`'s answers besides a cell's index: no zone's box near; a point off the grid (try the tree). */
const FAR = -1;
const OFF_GRID = -2;
/** Cells whose candidate zones are kept at once (each a few bytes: the drones' cells, in practice). */
const MAX_CACHED_CELLS = 100_000;
/** A cell's box is searched this much wider, so float rounding cannot leave out a box on its edge. */
const CELL_EPSILON = 1e-9;

/**
 * The coarse cell of a point when some zone's box may be there, FAR where none can be (the cells
 * the boxes touch are marked; a point on a box's edge falls in a marked cell, as both are floored
 * alike), OFF_GRID for coordinates off the earth. Null when the boxes cover too much to be worth it.
 */
function coarseCells(boxes: readonly Box[]): ((lng: number, lat: number) => number) | null {
  let cells = 0;
  for (const b of boxes) cells += (colOf(b[2]) - colOf(b[0]) + 1) * (rowOf(b[3]) - rowOf(b[1]) + 1);
  if (cells > MAX_MARKED) return null;
  const bits = new Uint8Array((COLS * ROWS) >> 3);
  for (const b of boxes)
    for (let r = rowOf(b[1]); r <= rowOf(b[3]); r++)
      for (let c = colOf(b[0]); c <= colOf(b[2]); c++) {
        const i = r * COLS + c;
        bits[i >> 3] = (bits[i >> 3] as number) | (1 << (i & 7));
      }
  return (lng, lat) => {
    if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) return OFF_GRID;
    const i = rowOf(lat) * COLS + colOf(lng);
    return ((bits[i >> 3] as number) & (1 << (i & 7))) !== 0 ? i : FAR;
  };
}
