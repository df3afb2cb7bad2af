/**
 * regionAt throughput: builds the packaged region index (ECharts 4 Chinese prefectures / provinces +
 * Natural Earth 1:50m countries), then times look-ups of seeded random points in China's bounding box and
 * worldwide. Prints JSON. Target of the ingest path: at least 200,000 look-ups per second.
 * Memory figures are exact only with `node --expose-gc --import tsx bench/region-lookup.ts`.
 */
import { loadRegionIndex, type RegionAt } from '../apps/server/src/modules/regions/geo/regionAt.ts';

/** mulberry32: a small seeded generator, so every run times the same points. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function points(n: number, minLng: number, maxLng: number, minLat: number, maxLat: number): Float64Array {
  const rnd = random(20_260_101);
  const out = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    out[2 * i] = minLng + rnd() * (maxLng - minLng);
    out[2 * i + 1] = minLat + rnd() * (maxLat - minLat);
  }
  return out;
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
/** With --expose-gc: collect twice, so that freed ArrayBuffer backing stores are released too. */
const collect = () => {
  global.gc?.();
  global.gc?.();
};

collect();
const before = process.memoryUsage();
const t0 = performance.now();
const index = loadRegionIndex();
const loadMs = Math.round(performance.now() - t0);
collect();
const after = process.memoryUsage();

function run(name: string, pts: Float64Array) {
  const n = pts.length / 2;
  const lookup = (i: number): RegionAt => index.regionAt(pts[2 * i] as number, pts[2 * i + 1] as number);
  for (let i = 0; i < Math.min(n, 50_000); i++) lookup(i); // warm-up
  let china = 0;
  let county = 0;
  let city = 0;
  let nowhere = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const r = lookup(i);
    if (r.country === 156_000_000) china++;
    if (r.city !== null) city++;
    if (r.county !== null) county++;
    if (r.country === 0) nowhere++;
  }
  const seconds = (performance.now() - start) / 1000;
  return {
    name,
    points: n,
    lookupsPerSecond: Math.round(n / seconds),
    microsecondsPerLookup: Math.round((seconds / n) * 1e8) / 100,
    share: { china: china / n, withCity: city / n, withCounty: county / n, nowhere: nowhere / n },
  };
}

const results = [
  run('china-bbox (73..135E, 18..54N)', points(1_000_000, 73, 135, 18, 54)),
  run('world (-180..180, -60..75)', points(1_000_000, -180, 180, -60, 75)),
];

console.log(
  JSON.stringify(
    {
      node: process.version,
      loadAndIndexMs: loadMs,
      readMs: index.stats.readMs,
      indexBuildMs: index.stats.buildMs,
      typedArrayMB: mb(index.stats.bytes),
      memoryDeltaMB: {
        heapUsed: mb(after.heapUsed - before.heapUsed),
        arrayBuffers: mb(after.arrayBuffers - before.arrayBuffers),
        rss: mb(after.rss - before.rss),
      },
      layers: index.stats.layers,
      unknownCodes: index.stats.unknownCodes,
      results,
      target: { lookupsPerSecond: 200_000 },
    },
    null,
    2,
  ),
);
