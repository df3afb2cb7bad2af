/**
 * `regionAt(lng, lat)`: which country, and in China which province / prefecture (and county where the
 * data has one) a WGS84 position lies in, as 9-digit region codes. Built lazily on first use, memoised.
 *
 * Order of the look-up:
 * 1. the Chinese layers, finest first (prefectures, then provinces): China's own data decides inside China;
 * 2. the world country layer; a hit on China / Taiwan / Hong Kong / Macau that the Chinese layers missed
 *    (coastline detail differs) takes the nearest Chinese division within `NEAR_KM`, else the country alone;
 * 3. outside every polygon (sea, a gap between simplified borders): the nearest polygon of any layer within
 *    `NEAR_KM` (Chinese divisions first on equal distance), else `NOWHERE` (country 0).
 * A point inside two polygons of a layer (on a shared border, or overlapping simplified borders) gets the
 * smaller code, so the answer is deterministic.
 */

import { findRegion } from '../regions.service.ts';
import {
  CHINA,
  chinaCode,
  countryCode,
  ECHARTS_VINTAGE,
  hierarchyOf,
  isoOfUnnamed,
  NOWHERE,
  type RegionAt,
} from './codes.ts';
import { buildPolygonLayer, type LayerFeature, type NearestHit, type PolygonLayer } from './polygonLayer.ts';
import { readEchartsMap, readPackageJson, readTopoJson } from './sources.ts';

export type { RegionAt };
export { NOWHERE };

/** Distance within which a point outside every polygon still gets the nearest region. */
export const NEAR_KM = 20;
/**
 * Cell sizes (degrees) of the look-up grids: 0.05 (about 5.5 km) for the finest Chinese layer, 0.1 for the
 * coarser ones, 0.25 for the world. Finer cells answer more points without a polygon test but cost memory.
 */
const FINEST_CELL_DEG = 0.05;
const COARSER_CELL_DEG = 0.1;
const WORLD_CELL_DEG = 0.25;

/** Feature sources of a region index: Chinese layers finest first, and the world's countries. */
export interface RegionSources {
  china: readonly (readonly LayerFeature[])[];
  world: readonly LayerFeature[];
}

export interface RegionIndex {
  regionAt(lng: number, lat: number): RegionAt;
  readonly stats: RegionIndexStats;
}

export interface RegionIndexStats {
  /** Milliseconds to read and decode the packaged files (0 when the sources were given). */
  readMs: number;
  /** Milliseconds to build the typed arrays, Flatbush indexes and grids. */
  buildMs: number;
  /** Bytes of the typed arrays and Flatbush indexes. */
  bytes: number;
  layers: { name: string; features: number; parts: number; vertices: number; bytes: number }[];
  /** Codes in the data that the regions module does not know (should be none). */
  unknownCodes: number[];
}

/** World countries of Natural Earth admin 0 (world-atlas), coded as 9-digit region codes. */
export function worldFeatures(topoJson: unknown): LayerFeature[] {
  const out: LayerFeature[] = [];
  for (const f of readTopoJson(topoJson, 'countries')) {
    if (f.id !== undefined) {
      out.push({ code: countryCode(Number(f.id)), polygons: f.polygons });
      continue;
    }
    for (const polygon of f.polygons) {
      const iso = isoOfUnnamed(f.properties.name, polygon[0]?.[0] ?? 0);
      if (iso !== 0) out.push({ code: countryCode(iso), polygons: [polygon] });
    }
  }
  return out;
}

/** The packaged default: ECharts 4 prefectures and provinces of China, Natural Earth 1:50m countries. */
export function packagedSources(): RegionSources {
  const echarts = (file: string) =>
    readEchartsMap(readPackageJson(`echarts4-maps/map/json/${file}`), (id) =>
      /^\d{6}$/.test(id) ? chinaCode(Number(id), ECHARTS_VINTAGE) : 0,
    );
  return {
    china: [echarts('china-cities.json'), echarts('china.json')],
    world: worldFeatures(readPackageJson('world-atlas/countries-50m.json')),
  };
}

function closer(a: NearestHit | null, b: NearestHit | null): NearestHit | null {
  if (a === null) return b;
  if (b === null) return a;
  return b.km < a.km ? b : a;
}

/** Builds an index over the given sources (tests build small ones; the app uses `loadRegionIndex`). */
export function buildRegionIndex(
  sources: RegionSources,
  knows: (code: number) => boolean = (code) => findRegion(code) !== null,
): RegionIndex {
  const t0 = performance.now();
  const china = sources.china.map((features, i) =>
    buildPolygonLayer(features, { cellDeg: i === 0 ? FINEST_CELL_DEG : COARSER_CELL_DEG, nearKm: NEAR_KM }),
  );
  const world = buildPolygonLayer(sources.world, { cellDeg: WORLD_CELL_DEG, nearKm: NEAR_KM });
  const counts = [...sources.china.map((features) => features.length), sources.world.length];
  const results = new Map<number, RegionAt>();
  for (const layer of [...china, world]) {
    for (const code of layer.codes) results.set(code, hierarchyOf(code));
  }
  const at = (code: number): RegionAt => results.get(code) ?? NOWHERE;

  const nearestChinese = (lng: number, lat: number): NearestHit | null => {
    for (const layer of china) {
      const hit = layer.nearest(lng, lat, NEAR_KM);
      if (hit) return hit;
    }
    return null;
  };

  function regionAt(lng: number, lat: number): RegionAt {
    if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) return NOWHERE; // also rejects NaN
    for (const layer of china) {
      const code = layer.locate(lng, lat);
      if (code !== 0) return at(code);
    }
    const country = world.locate(lng, lat);
    if (country !== 0) {
      if (at(country).country !== CHINA) return at(country);
      const near = nearestChinese(lng, lat);
      return at(near ? near.code : country);
    }
    const chinese = nearestChinese(lng, lat);
    const hit = closer(chinese, world.nearest(lng, lat, NEAR_KM));
    return hit ? at(hit.code) : NOWHERE;
  }

  return { regionAt, stats: indexStats(china, world, counts, results, knows, t0) };
}

/** Sizes of the layers; kept apart so that the `regionAt` closure holds no reference to the source features. */
function indexStats(
  china: readonly PolygonLayer[],
  world: PolygonLayer,
  counts: readonly number[],
  results: ReadonlyMap<number, RegionAt>,
  knows: (code: number) => boolean,
  t0: number,
): RegionIndexStats {
  const names = ['china-finest', 'china-coarser', 'china-coarsest'];
  const layers = [
    ...china.map((layer, i) => ({ name: names[i] ?? `china-${i}`, layer })),
    { name: 'world', layer: world },
  ];
  const unknownCodes = [...results.values()]
    .flatMap((r) => [r.country, r.province, r.city, r.county])
    .filter((code): code is number => code !== null && code !== 0 && !knows(code));
  const stats: RegionIndexStats = {
    readMs: 0,
    buildMs: 0,
    bytes: layers.reduce((sum, l) => sum + l.layer.bytes, 0),
    layers: layers.map(({ name, layer }, i) => ({
      name,
      features: counts[i] ?? 0,
      parts: layer.parts,
      vertices: layer.vertices,
      bytes: layer.bytes,
    })),
    unknownCodes: [...new Set(unknownCodes)].sort((a, b) => a - b),
  };
  stats.buildMs = Math.round(performance.now() - t0);
  return stats;
}

let cached: RegionIndex | undefined;

/** The index over the packaged data, built on first call (about a second) and memoised. Call it at start-up
 * to keep that second out of the first telemetry message. */
export function loadRegionIndex(): RegionIndex {
  if (!cached) {
    const t0 = performance.now();
    const sources = packagedSources();
    const readMs = Math.round(performance.now() - t0);
    cached = buildRegionIndex(sources);
    cached.stats.readMs = readMs;
  }
  return cached;
}

/** Where a drone was: 9-digit codes of country, Chinese province / city / county (null where unknown). */
export function regionAt(lng: number, lat: number): RegionAt {
  return (cached ?? loadRegionIndex()).regionAt(lng, lat);
}
