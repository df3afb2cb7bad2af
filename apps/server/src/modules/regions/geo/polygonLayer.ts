/**
 * A static layer of coded polygons in compact typed arrays, for point look-ups.
 *
 * Every polygon part (one exterior ring and its holes; a MultiPolygon gives several parts with the same code)
 * gets its bounding box in a Flatbush index. Inside a part the point-in-polygon test is ray casting with the
 * even-odd rule over all its rings, so holes need no special case. To keep that test short on parts with
 * thousands of vertices, each part's edges are bucketed into horizontal bands: a ray at latitude y only meets
 * edges of the band that contains y.
 *
 * On top of that, an optional grid of square cells answers most points at once: a cell that no edge touches
 * lies wholly inside the same parts (or outside all), so its answer is computed once at build time (one
 * look-up per run of such cells along a row). Only cells an edge passes through ("mixed") take the Flatbush
 * path. The same grid, dilated by `nearKm`, tells `nearest` that an empty cell has no boundary near it.
 *
 * Coordinates are plain longitude / latitude degrees; nothing crosses the antimeridian here (the sources split
 * such polygons at ±180).
 */
import Flatbush from 'flatbush';
import { buildGrid, cellOf, KM_PER_DEG_LAT, KM_PER_DEG_LNG_EQUATOR, MIXED } from './cellGrid.ts';

/** One ring: closed or not, as [lng, lat, lng, lat, ...]. */
export type FlatRing = ArrayLike<number>;

/** A feature to index: its code and its polygons, each an exterior ring followed by its holes. */
export interface LayerFeature {
  code: number;
  polygons: readonly (readonly FlatRing[])[];
}

/** A hit of `nearest`: the code and the distance in kilometres. */
export interface NearestHit {
  code: number;
  km: number;
}

/** Aim for about this many edges per band; parts with fewer edges get one band. */
const EDGES_PER_BAND = 8;
const MAX_BANDS = 4096;

/** Build options of a layer. */
export interface LayerOptions {
  /** Grid cell size in degrees; 0 builds no grid (every look-up goes through Flatbush). Default 0.1. */
  cellDeg?: number;
  /** Radius for which the grid precomputes "no boundary near this cell" for `nearest`. Default 20 km. */
  nearKm?: number;
}

export interface PolygonLayer {
  /** Number of polygon parts. */
  readonly parts: number;
  /** Number of vertices (including the closing vertex of each ring). */
  readonly vertices: number;
  /** Bytes held by the typed arrays and the index. */
  readonly bytes: number;
  /** The distinct codes of the layer, ascending. */
  readonly codes: readonly number[];
  /** The smallest code among the parts that contain the point, or 0. */
  locate(lng: number, lat: number): number;
  /** The nearest part within `maxKm` of the point (by boundary distance), or null. Ties: smaller code. */
  nearest(lng: number, lat: number, maxKm: number): NearestHit | null;
}

export interface Arrays {
  coords: Float64Array; // x, y per vertex
  ringStart: Uint32Array; // first vertex of ring r; length rings + 1
  partRing: Uint32Array; // first ring of part p; length parts + 1
  partCode: Int32Array;
  bbox: Float64Array; // minX, minY, maxX, maxY per part
  bandBase: Uint32Array; // first band of part p; length parts + 1
  bandEdge: Uint32Array; // first entry in `edges` of band b; length bands + 1
  edges: Uint32Array; // start vertex of each edge (the edge runs to the next vertex)
}

function closedLength(ring: FlatRing): number {
  const n = ring.length >> 1;
  if (n === 0) return 0;
  const closed = ring[0] === ring[2 * n - 2] && ring[1] === ring[2 * n - 1];
  return closed ? n : n + 1;
}

/** Copies the features into flat arrays, closing open rings and dropping rings of fewer than 3 points. */
function flatten(features: readonly LayerFeature[]) {
  let vertices = 0;
  let rings = 0;
  let parts = 0;
  for (const f of features) {
    for (const poly of f.polygons) {
      const kept = poly.filter((r) => closedLength(r) >= 4);
      if (kept.length === 0 || kept[0] !== poly[0]) continue;
      parts++;
      rings += kept.length;
      for (const r of kept) vertices += closedLength(r);
    }
  }
  const coords = new Float64Array(vertices * 2);
  const ringStart = new Uint32Array(rings + 1);
  const partRing = new Uint32Array(parts + 1);
  const partCode = new Int32Array(parts);
  let v = 0;
  let r = 0;
  let p = 0;
  for (const f of features) {
    for (const poly of f.polygons) {
      const kept = poly.filter((ring) => closedLength(ring) >= 4);
      if (kept.length === 0 || kept[0] !== poly[0]) continue;
      partRing[p] = r;
      partCode[p] = f.code;
      p++;
      for (const ring of kept) {
        ringStart[r++] = v;
        const n = ring.length >> 1;
        for (let i = 0; i < 2 * n; i++) coords[2 * v + i] = ring[i] as number;
        v += n;
        if (closedLength(ring) !== n) {
          coords[2 * v] = ring[0] as number;
          coords[2 * v + 1] = ring[1] as number;
          v++;
        }
      }
    }
  }
  ringStart[r] = v;
  partRing[p] = r;
  return { coords, ringStart, partRing, partCode, parts, vertices };
}

/** Bounding boxes and the banded edge lists of every part. */
function bandEdges(coords: Float64Array, ringStart: Uint32Array, partRing: Uint32Array, parts: number) {
  const bbox = new Float64Array(parts * 4);
  const bandBase = new Uint32Array(parts + 1);
  const bandCount = new Uint32Array(parts);
  for (let p = 0; p < parts; p++) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const v0 = ringStart[partRing[p] as number] as number;
    const v1 = ringStart[partRing[p + 1] as number] as number;
    for (let v = v0; v < v1; v++) {
      const x = coords[2 * v] as number;
      const y = coords[2 * v + 1] as number;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    bbox.set([minX, minY, maxX, maxY], p * 4);
    const edgeCount = v1 - v0 - (partRing[p + 1] as number) + (partRing[p] as number);
    const n = Math.min(MAX_BANDS, Math.max(1, Math.ceil(edgeCount / EDGES_PER_BAND)));
    bandCount[p] = maxY > minY ? n : 1;
    bandBase[p + 1] = (bandBase[p] as number) + (bandCount[p] as number);
  }
  const bands = bandBase[parts] as number;
  // Two passes: count the edges of each band, then fill.
  const fill = new Uint32Array(bands + 1);
  const visit = (add: (band: number, edge: number) => void) => {
    for (let p = 0; p < parts; p++) {
      const minY = bbox[p * 4 + 1] as number;
      const n = bandCount[p] as number;
      const h = ((bbox[p * 4 + 3] as number) - minY) / n;
      const base = bandBase[p] as number;
      for (let r = partRing[p] as number; r < (partRing[p + 1] as number); r++) {
        for (let v = ringStart[r] as number; v < (ringStart[r + 1] as number) - 1; v++) {
          const ya = coords[2 * v + 1] as number;
          const yb = coords[2 * v + 3] as number;
          const lo = bandOf(Math.min(ya, yb), minY, h, n);
          const hi = bandOf(Math.max(ya, yb), minY, h, n);
          for (let b = lo; b <= hi; b++) add(base + b, v);
        }
      }
    }
  };
  visit((band) => {
    fill[band + 1] = (fill[band + 1] as number) + 1;
  });
  for (let b = 0; b < bands; b++) fill[b + 1] = (fill[b + 1] as number) + (fill[b] as number);
  const bandEdge = fill.slice();
  const edges = new Uint32Array(bandEdge[bands] as number);
  visit((band, edge) => {
    const at = fill[band] as number;
    edges[at] = edge;
    fill[band] = at + 1;
  });
  return { bbox, bandBase, bandEdge, edges };
}

function bandOf(y: number, minY: number, h: number, n: number): number {
  if (!(h > 0)) return 0;
  const b = Math.floor((y - minY) / h);
  return b < 0 ? 0 : b >= n ? n - 1 : b;
}

function isInside(a: Arrays, p: number, x: number, y: number): boolean {
  const minY = a.bbox[p * 4 + 1] as number;
  const maxY = a.bbox[p * 4 + 3] as number;
  const base = a.bandBase[p] as number;
  const n = (a.bandBase[p + 1] as number) - base;
  const band = base + bandOf(y, minY, (maxY - minY) / n, n);
  const c = a.coords;
  let inside = false;
  for (let e = a.bandEdge[band] as number, end = a.bandEdge[band + 1] as number; e < end; e++) {
    const i = 2 * (a.edges[e] as number);
    const yi = c[i + 1] as number;
    const yj = c[i + 3] as number;
    // Half-open rule: an edge counts when y is in [min(yi, yj), max(yi, yj)), so a vertex is counted once.
    if (yi > y !== yj > y) {
      const xi = c[i] as number;
      const xj = c[i + 2] as number;
      if (x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Distance in km from (x, y) to the part's boundary, looking only at edges within `maxKm`; Infinity if none. */
function boundaryKm(a: Arrays, p: number, x: number, y: number, maxKm: number): number {
  const kx = KM_PER_DEG_LNG_EQUATOR * Math.cos((y * Math.PI) / 180);
  const ky = KM_PER_DEG_LAT;
  const dLat = maxKm / ky;
  const minY = a.bbox[p * 4 + 1] as number;
  const maxY = a.bbox[p * 4 + 3] as number;
  const base = a.bandBase[p] as number;
  const n = (a.bandBase[p + 1] as number) - base;
  const h = (maxY - minY) / n;
  const lo = base + bandOf(y - dLat, minY, h, n);
  const hi = base + bandOf(y + dLat, minY, h, n);
  const c = a.coords;
  let best = Infinity;
  for (let e = a.bandEdge[lo] as number, end = a.bandEdge[hi + 1] as number; e < end; e++) {
    const i = 2 * (a.edges[e] as number);
    // Local equirectangular plane centred on the point, in km.
    const ax = ((c[i] as number) - x) * kx;
    const ay = ((c[i + 1] as number) - y) * ky;
    const bx = ((c[i + 2] as number) - x) * kx;
    const by = ((c[i + 3] as number) - y) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    const px = ax + t * dx;
    const py = ay + t * dy;
    const d = Math.sqrt(px * px + py * py);
    if (d < best) best = d;
  }
  return best;
}

/** Builds the layer. Features keep their order; equal codes may repeat (each polygon becomes a part). */
export function buildPolygonLayer(
  features: readonly LayerFeature[],
  options: LayerOptions = {},
): PolygonLayer {
  const flat = flatten(features);
  const banded = bandEdges(flat.coords, flat.ringStart, flat.partRing, flat.parts);
  const a: Arrays = { ...flat, ...banded };
  const index = new Flatbush(Math.max(1, flat.parts));
  for (let p = 0; p < flat.parts; p++) {
    const o = p * 4;
    index.add(a.bbox[o] as number, a.bbox[o + 1] as number, a.bbox[o + 2] as number, a.bbox[o + 3] as number);
  }
  if (flat.parts === 0) index.add(0, 0, 0, 0); // Flatbush needs one item; part 0 does not exist and is skipped
  index.finish();
  const parts = flat.parts;
  const codes = [...new Set(a.partCode)].sort((x, y) => x - y);
  const bytes =
    index.data.byteLength +
    [a.coords, a.ringStart, a.partRing, a.partCode, a.bbox, a.bandBase, a.bandEdge, a.edges].reduce(
      (sum, arr) => sum + arr.byteLength,
      0,
    );

  function exactLocate(lng: number, lat: number): number {
    let best = 0;
    for (const p of index.search(lng, lat, lng, lat)) {
      if (p >= parts) continue;
      const code = a.partCode[p] as number;
      if ((best === 0 || code < best) && isInside(a, p, lng, lat)) best = code;
    }
    return best;
  }

  function exactNearest(lng: number, lat: number, maxKm: number): NearestHit | null {
    const dLat = maxKm / KM_PER_DEG_LAT;
    const cos = Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180));
    const dLng = maxKm / (KM_PER_DEG_LNG_EQUATOR * cos);
    let hit: NearestHit | null = null;
    for (const p of index.search(lng - dLng, lat - dLat, lng + dLng, lat + dLat)) {
      if (p >= parts) continue;
      const code = a.partCode[p] as number;
      const km = isInside(a, p, lng, lat) ? 0 : boundaryKm(a, p, lng, lat, maxKm);
      if (km > maxKm) continue;
      if (hit === null || km < hit.km || (km === hit.km && code < hit.code)) hit = { code, km };
    }
    return hit;
  }

  const cellDeg = options.cellDeg ?? 0.1;
  const grid =
    cellDeg > 0 && parts > 0 ? buildGrid(a, parts, cellDeg, options.nearKm ?? 20, exactLocate) : null;
  const gridBytes = grid ? grid.cell.byteLength + grid.far.byteLength : 0;

  return {
    parts,
    vertices: flat.vertices,
    bytes: bytes + gridBytes,
    codes,
    locate(lng, lat) {
      if (grid) {
        const k = cellOf(grid, lng, lat);
        if (k < 0) return 0; // outside the grid, which holds every part
        const code = grid.cell[k] as number;
        if (code !== MIXED) return code;
      }
      return exactLocate(lng, lat);
    },
    nearest(lng, lat, maxKm) {
      if (grid && maxKm <= grid.nearKm) {
        const k = cellOf(grid, lng, lat);
        const code = k < 0 ? MIXED : (grid.cell[k] as number);
        if (code > 0) return { code, km: 0 };
        if (code === 0 && grid.far[k] === 1) return null;
      }
      return exactNearest(lng, lat, maxKm);
    },
  };
}
