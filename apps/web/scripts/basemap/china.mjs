/**
 * China's 34 provincial-level divisions from echarts 4.9's map/json/china.json (Apache-2.0), whose rings
 * are stored in echarts' compact string encoding (zigzag deltas as characters, 1/1024 degree units).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SCALE = 1024;

/** One ring as integer [x, y] in 1/1024 degree (echarts parseGeoJson's decodePolygon). */
function decodeRing(text, [x0, y0]) {
  const out = [];
  let x = x0;
  let y = y0;
  for (let i = 0; i < text.length; i += 2) {
    let dx = text.charCodeAt(i) - 64;
    let dy = text.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    out.push([x, y]);
  }
  return out;
}

/** Provinces as { code, name, polygons: [[ring of [lng, lat]]] } plus their rings in integer units. */
export function loadProvinces() {
  return loadUnits('echarts4-maps/map/json/china.json');
}

/**
 * Prefecture-level divisions (china-cities.json: 367 units, the municipalities and Hainan's
 * county-level cities whole), as loadProvinces, plus `at`, the source's label point.
 */
export function loadCities() {
  return loadUnits('echarts4-maps/map/json/china-cities.json');
}

function loadUnits(file) {
  const json = require(file);
  return json.features.map((f) => {
    const g = f.geometry;
    const polys =
      g.type === 'Polygon'
        ? [g.coordinates.map((r, i) => decodeRing(r, g.encodeOffsets[i]))]
        : g.coordinates.map((p, pi) => p.map((r, i) => decodeRing(r, g.encodeOffsets[pi][i])));
    return {
      code: Number(f.id),
      name: f.properties.name,
      at: f.properties.cp,
      intRings: polys.flat(),
      polygons: polys.map((p) => p.map((r) => r.map(([x, y]) => [x / SCALE, y / SCALE]))),
    };
  });
}

/** Squared distance from p to segment ab. */
function dist2(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/** Within EPS (about 2 km) of another province's edge, an edge is a border between the two. */
const EPS = 20;
const CELL = 64;

/**
 * Borders between provinces, chained into polylines in degrees. An edge is a border when its midpoint
 * lies near an edge of another province (the source's neighbours do not always share vertices); of the
 * two provinces' versions of a border, the one of the lower code is kept. The coast and the national
 * border are near no other province and are left to the country layer.
 */
export function provinceBorders(provinces) {
  const grid = new Map();
  const cellKey = (x, y) => `${Math.floor(x / CELL)},${Math.floor(y / CELL)}`;
  for (const p of provinces) {
    for (const ring of p.intRings) {
      for (let i = 1; i < ring.length; i++) {
        const a = ring[i - 1];
        const b = ring[i];
        const [x0, x1] = [Math.min(a[0], b[0]) - EPS, Math.max(a[0], b[0]) + EPS];
        const [y0, y1] = [Math.min(a[1], b[1]) - EPS, Math.max(a[1], b[1]) + EPS];
        for (let x = Math.floor(x0 / CELL); x <= Math.floor(x1 / CELL); x++) {
          for (let y = Math.floor(y0 / CELL); y <= Math.floor(y1 / CELL); y++) {
            const k = `${x},${y}`;
            if (!grid.has(k)) grid.set(k, []);
            grid.get(k).push({ code: p.code, a, b });
          }
        }
      }
    }
  }
  const neighbour = (code, a, b) => {
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    let best = EPS * EPS;
    let found = null;
    for (const s of grid.get(cellKey(mid[0], mid[1])) ?? []) {
      if (s.code === code) continue;
      const d = dist2(mid, s.a, s.b);
      if (d <= best) {
        best = d;
        found = s.code;
      }
    }
    return found;
  };
  const lines = [];
  for (const p of provinces) {
    for (const ring of p.intRings) {
      let line = [];
      for (let i = 1; i < ring.length; i++) {
        const other = neighbour(p.code, ring[i - 1], ring[i]);
        if (other !== null && other > p.code) {
          if (!line.length) line.push(ring[i - 1]);
          line.push(ring[i]);
        } else if (line.length) {
          lines.push(line);
          line = [];
        }
      }
      if (line.length) lines.push(line);
    }
  }
  return lines.map((l) => l.map(([x, y]) => [x / SCALE, y / SCALE]));
}
