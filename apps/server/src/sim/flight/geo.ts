/**
 * Field geometry. Work is done in metres in a local tangent plane centred on the field: east x,
 * north y, scaled with the WGS-84 ellipsoid's radii of curvature at the centre (meridian M,
 * prime vertical N). For fields up to a few kilometres across the linearisation error in area is
 * below 1e-4, so areas computed here are ellipsoidal (true ground) square metres.
 *
 * A spherical area formula (e.g. @turf/area, R = 6,378,137 m) reads the same lng/lat polygon
 * larger by R^2 / (M N): +0.67% at the equator, +0.55% at 15 N, +0.27% at 33 N, -0.05% at 47 N.
 * `sphericalAreaFactor` gives that factor for comparisons.
 */

export interface LngLat {
  lng: number;
  lat: number;
}

/** Local metres: x east, y north. */
export interface XY {
  x: number;
  y: number;
}

const WGS84_A = 6_378_137;
const WGS84_E2 = 0.006_694_379_990_14;
const DEG = Math.PI / 180;

function radii(lat: number): { m: number; n: number } {
  const s = Math.sin(lat * DEG);
  const w2 = 1 - WGS84_E2 * s * s;
  return { m: (WGS84_A * (1 - WGS84_E2)) / (w2 * Math.sqrt(w2)), n: WGS84_A / Math.sqrt(w2) };
}

/** Metres per degree of longitude and of latitude at a latitude (WGS-84 ellipsoid). */
export function metresPerDegree(lat: number): { lng: number; lat: number } {
  const { m, n } = radii(lat);
  return { lng: n * Math.cos(lat * DEG) * DEG, lat: m * DEG };
}

/** How much larger a spherical (R = 6,378,137 m) area formula reads than the ellipsoidal area. */
export function sphericalAreaFactor(lat: number): number {
  const { m, n } = radii(lat);
  return (WGS84_A * WGS84_A) / (m * n);
}

export interface LocalFrame {
  origin: LngLat;
  toXY(p: LngLat): XY;
  toLngLat(p: XY): LngLat;
}

export function localFrame(origin: LngLat): LocalFrame {
  const k = metresPerDegree(origin.lat);
  return {
    origin,
    toXY: (p) => ({ x: (p.lng - origin.lng) * k.lng, y: (p.lat - origin.lat) * k.lat }),
    toLngLat: (p) => ({ lng: origin.lng + p.x / k.lng, lat: origin.lat + p.y / k.lat }),
  };
}

export function offsetLngLat(origin: LngLat, eastM: number, northM: number): LngLat {
  return localFrame(origin).toLngLat({ x: eastM, y: northM });
}

/** Signed shoelace area: positive when the vertices run counter-clockwise. */
export function signedArea(poly: readonly XY[]): number {
  let sum = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as XY;
    const b = poly[(i + 1) % poly.length] as XY;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** Strictly convex (no three vertices in a line, no reflex corner), either orientation. */
export function isConvex(poly: readonly XY[]): boolean {
  if (poly.length < 3) return false;
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as XY;
    const b = poly[(i + 1) % poly.length] as XY;
    const c = poly[(i + 2) % poly.length] as XY;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (Math.abs(cross) < 1e-9) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** A field to spray: a convex polygon (open ring, counter-clockwise) and the take-off/refill point. */
export interface Field {
  polygon: LngLat[];
  home: LngLat;
}

/** The field's local frame: centred on the vertex mean. */
export function fieldFrame(field: Field): LocalFrame {
  const n = field.polygon.length;
  const lng = field.polygon.reduce((s, p) => s + p.lng, 0) / n;
  const lat = field.polygon.reduce((s, p) => s + p.lat, 0) / n;
  return localFrame({ lng, lat });
}

/** Ellipsoidal area of the field polygon, square metres. */
export function fieldAreaM2(field: Field): number {
  const frame = fieldFrame(field);
  return Math.abs(signedArea(field.polygon.map(frame.toXY)));
}

/** The longest edge of a polygon (index of its first vertex). */
export function longestEdge(poly: readonly XY[]): number {
  let best = 0;
  let bestLen = -1;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as XY;
    const b = poly[(i + 1) % poly.length] as XY;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len > bestLen + 1e-9) {
      best = i;
      bestLen = len;
    }
  }
  return best;
}

/** A point `distanceM` outside the polygon, off the longest edge at 10% of its length. */
function defaultHome(poly: readonly XY[], distanceM: number): XY {
  const i = longestEdge(poly);
  const a = poly[i] as XY;
  const b = poly[(i + 1) % poly.length] as XY;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  // Counter-clockwise ring: the outward normal of edge a->b is (dy, -dx).
  return {
    x: a.x + 0.1 * (b.x - a.x) + ((b.y - a.y) / len) * distanceM,
    y: a.y + 0.1 * (b.y - a.y) - ((b.x - a.x) / len) * distanceM,
  };
}

/**
 * A field from a convex polygon (open or closed ring, either orientation). Without a home, the
 * home is 10 m outside the longest edge, near one of its ends (where a crew parks by the road).
 */
export function convexField(polygon: readonly LngLat[], home?: LngLat, homeDistanceM = 10): Field {
  let ring = [...polygon];
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && ring.length > 3 && first.lng === last.lng && first.lat === last.lat) {
    ring = ring.slice(0, -1);
  }
  const frame = localFrame(ring[0] ?? { lng: 0, lat: 0 });
  let xy = ring.map(frame.toXY);
  if (!isConvex(xy)) throw new Error('field polygon must be strictly convex with at least 3 vertices');
  if (signedArea(xy) < 0) {
    ring = ring.reverse();
    xy = xy.reverse();
  }
  return { polygon: ring, home: home ?? frame.toLngLat(defaultHome(xy, homeDistanceM)) };
}

export interface RectangleSpec {
  center: LngLat;
  /** Across the passes, metres. */
  widthM: number;
  /** Along the long side, metres. */
  lengthM: number;
  /** Direction of the long side, degrees clockwise from north. */
  angleDeg?: number;
  home?: LngLat;
  homeDistanceM?: number;
}

/** A width x length rectangle centred on `center`, its long side pointing to `angleDeg`. */
export function rectangleField(spec: RectangleSpec): Field {
  const { center, widthM, lengthM } = spec;
  if (!(widthM > 0 && lengthM > 0)) throw new Error('rectangle sides must be positive');
  const t = (spec.angleDeg ?? 0) * DEG;
  const along = { x: Math.sin(t), y: Math.cos(t) };
  const across = { x: Math.cos(t), y: -Math.sin(t) };
  const frame = localFrame(center);
  const corner = (sa: number, sc: number): LngLat =>
    frame.toLngLat({
      x: (sa * lengthM * along.x + sc * widthM * across.x) / 2,
      y: (sa * lengthM * along.y + sc * widthM * across.y) / 2,
    });
  const ring = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
  return convexField(ring, spec.home, spec.homeDistanceM);
}
