/**
 * Writes the offline basemap to apps/web/public/basemap/ (committed; rerun only when the sources or
 * this script change):
 *
 * - countries.json: land, one polygon feature per country (world-atlas countries-50m, ISC, from
 *   Natural Earth, public domain), arcs simplified (Douglas-Peucker) and rounded;
 * - borders.json: lines by `kind`: 'country' (between two countries), 'province' (between Chinese
 *   provinces, echarts 4.9 china.json, Apache-2.0), 'city' (between Chinese prefecture-level
 *   divisions, echarts 4.9 china-cities.json); coasts are the edge of the land fill;
 * - labels.json: one point per country, Chinese province and prefecture with name_en, name_zh,
 *   name_zh-TW, name_th, name_ko (prefectures: pinyin in en, th, ko, as the regions module), `kind`
 *   ('country' | 'province' | 'city') and `rank` (0 = largest area).
 *
 * Run from the repository root: node --import tsx apps/web/scripts/basemap.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { feature, mesh } from 'topojson-client';
import { loadCities, loadProvinces, provinceBorders } from './basemap/china.mjs';
import { labelPoint, polygonsOf, ringArea, roundCoords, simplifyLine } from './basemap/geometry.mjs';
import { cityNames, countryNames, provinceNames } from './basemap/names.mjs';

const require = createRequire(import.meta.url);
const OUT = join(import.meta.dirname, '..', 'public', 'basemap');
/** Simplification tolerance and coordinate precision (degrees): about 2 km and 1 km. */
const TOLERANCE = 0.02;
const DIGITS = 2;
/** Prefecture borders, shown from zoom 6: simplified to about 600 m, rounded to about 100 m. */
const CITY_TOLERANCE = 0.006;
const CITY_DIGITS = 3;
/** Islands smaller than this (square degrees at the equator, about 250 km²) are left out. */
const MIN_AREA = 0.02;
/** Shown as Chinese provinces (their labels and borders come from the province layer). */
const AS_PROVINCE = new Set(['158', '344', '446']);
const CHINA = '156';

/** Absolute, simplified, rounded arcs; a closed arc (an island) keeps at least a triangle. */
function simplifyTopology(topology) {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const pts = arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
    const closed = pts.length > 3 && pts[0][0] === pts.at(-1)[0] && pts[0][1] === pts.at(-1)[1];
    let out;
    if (closed) {
      const mid = pts.length >> 1;
      const a = simplifyLine(pts.slice(0, mid + 1), TOLERANCE);
      out = roundCoords([...a, ...simplifyLine(pts.slice(mid), TOLERANCE).slice(1)], DIGITS);
    } else out = roundCoords(simplifyLine(pts, TOLERANCE), DIGITS);
    // Rounding may merge a short arc into one point; topojson wants two.
    return out.length < 2 ? [out[0], out[0]] : out;
  });
  return { type: 'Topology', objects: topology.objects, arcs };
}

const validRing = (r) => r.length >= 4;
/** Drops degenerate rings and islands under MIN_AREA, except a country's largest piece. */
function cleanGeometry(g) {
  const all = polygonsOf(g)
    .map((p) => p.filter(validRing))
    .filter((p) => p.length && validRing(p[0]));
  const largest = Math.max(...all.map((p) => ringArea(p[0])));
  const polys = all.filter((p) => ringArea(p[0]) >= Math.min(MIN_AREA, largest));
  if (!polys.length) return null;
  return polys.length === 1
    ? { type: 'Polygon', coordinates: polys[0] }
    : { type: 'MultiPolygon', coordinates: polys };
}

/** The label point of the largest polygon, and the total area (to rank labels). */
function placeLabel(geometry) {
  const polys = polygonsOf(geometry).map((p) => ({ p, area: ringArea(p[0]) }));
  polys.sort((a, b) => b.area - a.area);
  const at = labelPoint(polys[0].p);
  return { at: roundCoords(at, 2), area: polys.reduce((s, x) => s + x.area, 0) };
}

const fc = (features) => ({ type: 'FeatureCollection', features });
const line = (kind, coordinates) => ({
  type: 'Feature',
  properties: { kind },
  geometry: { type: 'MultiLineString', coordinates },
});

function build() {
  const source = require('world-atlas/countries-50m.json');
  const exact = feature(source, source.objects.countries).features;
  const topo = simplifyTopology(source);
  const object = topo.objects.countries;

  const countries = feature(topo, object)
    .features.map((f) => ({
      type: 'Feature',
      id: Number(f.id ?? 0),
      properties: {},
      geometry: cleanGeometry(f.geometry),
    }))
    .filter((f) => f.geometry);

  const chinaInside = (a, b) =>
    (a.id === CHINA && AS_PROVINCE.has(b.id)) || (b.id === CHINA && AS_PROVINCE.has(a.id));
  const countryLines = mesh(topo, object, (a, b) => a !== b && !chinaInside(a, b)).coordinates;

  const provinces = loadProvinces();
  const provinceLines = provinceBorders(provinces).map((l) =>
    roundCoords(simplifyLine(l, TOLERANCE), DIGITS),
  );

  const cities = loadCities();
  const cityLines = provinceBorders(cities)
    .map((l) => roundCoords(simplifyLine(l, CITY_TOLERANCE), CITY_DIGITS))
    .filter((l) => l.length > 1);
  const cityLabels = cities
    .map((c) => ({
      names: cityNames(c.code, c.name),
      ...placeLabel({ type: 'MultiPolygon', coordinates: c.polygons }),
      ...(c.at ? { at: roundCoords(c.at, 3) } : {}),
      id: `m${c.code}`,
    }))
    .filter((l) => l.names);

  const labels = [];
  const countryLabels = exact
    .filter((f) => f.id && !AS_PROVINCE.has(f.id))
    .map((f) => ({ names: countryNames(f.id), ...placeLabel(f.geometry), id: `c${f.id}` }))
    .filter((l) => l.names);
  const provinceLabels = provinces.map((p) => ({
    names: provinceNames(p.code, p.name),
    ...placeLabel({ type: 'MultiPolygon', coordinates: p.polygons }),
    id: `p${p.code}`,
  }));
  for (const [kind, list] of [
    ['country', countryLabels],
    ['province', provinceLabels],
    ['city', cityLabels],
  ]) {
    list.sort((a, b) => b.area - a.area);
    list.forEach((l, rank) => {
      labels.push({
        type: 'Feature',
        properties: { id: l.id, kind, rank, ...l.names },
        geometry: { type: 'Point', coordinates: l.at },
      });
    });
  }

  return {
    'countries.json': fc(countries),
    'borders.json': fc([
      line('country', countryLines),
      line(
        'province',
        provinceLines.filter((l) => l.length > 1),
      ),
      line('city', cityLines),
    ]),
    'labels.json': fc(labels),
  };
}

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [file, data] of Object.entries(build())) {
  const text = JSON.stringify(data);
  writeFileSync(join(OUT, file), text);
  total += text.length;
  console.log(`${file}: ${(text.length / 1024).toFixed(0)} KB`);
}
console.log(`total: ${(total / 1024).toFixed(0)} KB`);
