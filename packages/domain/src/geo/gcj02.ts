/**
 * WGS-84 <-> GCJ-02, the offset coordinates Chinese web maps (AutoNavi/Gaode, Tencent) are drawn
 * in. GCJ-02 is WGS-84 plus a smooth, position-dependent shift of a few hundred metres, by the
 * formula published with the open implementations (eviltransform and its many ports); outside
 * China's rough bounding rectangle there is no shift. The forward direction is that formula; the
 * inverse has no closed form and is found by fixed-point iteration (each step moves the guess by
 * the residual), converging to well under 1e-9 degrees in a few steps.
 */

/** A position in degrees. */
export interface GeoPoint {
  lng: number;
  lat: number;
}

const A = 6_378_245;
const EE = 0.006_693_421_622_965_943;
const PI = Math.PI;

/** True outside China's rough rectangle (the published implementations' test): no offset there. */
export function outOfChina(lng: number, lat: number): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function shiftLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * PI) + 20 * Math.sin(2 * x * PI)) * 2) / 3;
  r += ((20 * Math.sin(y * PI) + 40 * Math.sin((y / 3) * PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * PI) + 320 * Math.sin((y * PI) / 30)) * 2) / 3;
  return r;
}

function shiftLng(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * PI) + 20 * Math.sin(2 * x * PI)) * 2) / 3;
  r += ((20 * Math.sin(x * PI) + 40 * Math.sin((x / 3) * PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * PI) + 300 * Math.sin((x / 30) * PI)) * 2) / 3;
  return r;
}

/** The GCJ-02 shift at a WGS-84 position, degrees (zero outside China). */
function offset(lng: number, lat: number): GeoPoint {
  if (outOfChina(lng, lat)) return { lng: 0, lat: 0 };
  const radLat = (lat / 180) * PI;
  const s = Math.sin(radLat);
  const magic = 1 - EE * s * s;
  const sqrtMagic = Math.sqrt(magic);
  return {
    lat: (shiftLat(lng - 105, lat - 35) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * PI),
    lng: (shiftLng(lng - 105, lat - 35) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * PI),
  };
}

/** WGS-84 to GCJ-02. */
export function wgs84ToGcj02(lng: number, lat: number): GeoPoint {
  const d = offset(lng, lat);
  return { lng: lng + d.lng, lat: lat + d.lat };
}

/** Iterations of the inverse at most (it converges in 3 to 6). */
const MAX_STEPS = 30;
const TOLERANCE_DEG = 1e-10;

/** GCJ-02 to WGS-84: the WGS-84 position whose GCJ-02 is (lng, lat), by iteration. */
export function gcj02ToWgs84(lng: number, lat: number): GeoPoint {
  if (outOfChina(lng, lat)) return { lng, lat };
  let x = lng;
  let y = lat;
  for (let i = 0; i < MAX_STEPS; i++) {
    const g = wgs84ToGcj02(x, y);
    const dx = g.lng - lng;
    const dy = g.lat - lat;
    x -= dx;
    y -= dy;
    if (Math.abs(dx) < TOLERANCE_DEG && Math.abs(dy) < TOLERANCE_DEG) break;
  }
  return { lng: x, lat: y };
}

export type CoordinateSystem = 'wgs84' | 'gcj02';

/** Converts a position between the two systems (the same system gives it back). */
export function convertCoordinate(p: GeoPoint, from: CoordinateSystem, to: CoordinateSystem): GeoPoint {
  if (from === to) return { lng: p.lng, lat: p.lat };
  return from === 'wgs84' ? wgs84ToGcj02(p.lng, p.lat) : gcj02ToWgs84(p.lng, p.lat);
}

/**
 * One line of pasted coordinates: "lng,lat" (comma, semicolon, tab or spaces between them), or
 * null when the line does not hold two numbers within -180..180 / -90..90. `latFirst` reads
 * "lat,lng" instead (what Chinese map pickers often copy).
 */
export function parseLngLat(line: string, latFirst = false): GeoPoint | null {
  const parts = line
    .trim()
    .split(/[\s,;，；]+/)
    .filter((p) => p !== '');
  if (parts.length !== 2) return null;
  const nums = parts.map((p) => (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(p) ? Number(p) : Number.NaN));
  const [a, b] = nums as [number, number];
  const lng = latFirst ? b : a;
  const lat = latFirst ? a : b;
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90)
    return null;
  return { lng, lat };
}
