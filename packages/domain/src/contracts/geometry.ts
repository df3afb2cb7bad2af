/**
 * The zone geometry contract shared by the web (checked before sending, shown in the form) and the
 * server (checked again, refused with a translated message): a GeoJSON Polygon (one outer ring,
 * optional holes) or a circle (a GeoJSON Point centre and a radius in metres), WGS-84 degrees.
 *
 * `checkZoneGeometry` answers either the normalised geometry or ONE issue with a stable code (and
 * parameters for its message): the server translates `geometry.<code>` from its messages, the web
 * from its `nofly` namespace, so both say the same thing for the same input.
 *
 * Rules: coordinates are finite numbers within lng -180..180, lat -90..90; every ring is closed
 * (last position = first); consecutive repeated positions are dropped; a ring has at least 3
 * distinct positions and not all on one line; at most `GEOMETRY_LIMITS.maxVertices` positions in
 * all; no two edges of the polygon cross, touch or overlap (except neighbours at their shared
 * vertex), within a ring or between rings; each hole lies inside the outer ring; a circle's radius
 * is 10 m..100 km. The crossing test is a sweep over the edges sorted by their west end: each edge
 * is tested only against the edges whose x-extent overlaps it (5,000 vertices: a few ms).
 */
import { z } from 'zod';

export const GEOMETRY_LIMITS = {
  maxVertices: 5000,
  maxRings: 100,
  minRadiusM: 10,
  maxRadiusM: 100_000,
} as const;

export type LngLat = [number, number];

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: LngLat[][];
}
export interface PointGeometry {
  type: 'Point';
  coordinates: LngLat;
}

/** A zone's shape as the API carries it (the same columns as `nofly_zones`). */
export type ZoneShape =
  | { shape: 'polygon'; geometry: PolygonGeometry; radiusM?: null }
  | { shape: 'circle'; geometry: PointGeometry; radiusM: number };

export type GeometryIssueCode =
  | 'shape'
  | 'coordinates'
  | 'notClosed'
  | 'tooFewPoints'
  | 'collinear'
  | 'tooManyVertices'
  | 'tooManyRings'
  | 'selfIntersection'
  | 'holeOutside'
  | 'radius';

export interface GeometryIssue {
  code: GeometryIssueCode;
  /** For the message: {max}, {min}, {lng}, {lat} (where two edges meet), {ring} (1 = outer). */
  params: Record<string, number>;
}

export type GeometryCheck = { ok: true; value: ZoneShape } | { ok: false; issue: GeometryIssue };

/**
 * What the request schema lets through before the check: the structure only, with array sizes
 * bounded so a hostile body cannot make the check slow. Everything else is `checkZoneGeometry`'s.
 */
const position = z.array(z.number()).min(2).max(3);
export const zoneShapeInput = z.object({
  shape: z.enum(['polygon', 'circle']),
  geometry: z.union([
    z.object({
      type: z.literal('Polygon'),
      coordinates: z
        .array(z.array(position).max(GEOMETRY_LIMITS.maxVertices + 1))
        .max(GEOMETRY_LIMITS.maxRings + 1),
    }),
    z.object({ type: z.literal('Point'), coordinates: position }),
  ]),
  radiusM: z.number().nullable().optional(),
});
export type ZoneShapeInput = z.infer<typeof zoneShapeInput>;

const fail = (code: GeometryIssueCode, params: Record<string, number> = {}): GeometryCheck => ({
  ok: false,
  issue: { code, params },
});

const validPosition = (p: readonly number[]): p is LngLat =>
  p.length >= 2 &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  (p[0] as number) >= -180 &&
  (p[0] as number) <= 180 &&
  (p[1] as number) >= -90 &&
  (p[1] as number) <= 90;

const same = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** Orientation of c against a->b: >0 left, <0 right, 0 on the line. */
function orient(a: LngLat, b: LngLat, c: LngLat): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  // Relative tolerance: degrees carry ~1e-15 relative noise; below it we call it collinear.
  const scale = Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]) + Math.abs(c[0] - a[0]) + Math.abs(c[1] - a[1]);
  return Math.abs(v) <= scale * scale * 1e-14 ? 0 : v;
}

const onSegment = (a: LngLat, b: LngLat, c: LngLat) =>
  Math.min(a[0], b[0]) <= c[0] &&
  c[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= c[1] &&
  c[1] <= Math.max(a[1], b[1]);

/** Where segments ab and cd meet (a point they share), or null. Touching counts. */
export function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat): LngLat | null {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) {
    const t = o3 / (o3 - o4);
    return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
  }
  if (o1 === 0 && onSegment(a, b, c)) return c;
  if (o2 === 0 && onSegment(a, b, d)) return d;
  if (o3 === 0 && onSegment(c, d, a)) return a;
  if (o4 === 0 && onSegment(c, d, b)) return b;
  return null;
}

interface Edge {
  ring: number;
  i: number;
  /** Edges in the ring (to know the closing neighbour). */
  n: number;
  a: LngLat;
  b: LngLat;
  minX: number;
  maxX: number;
}

/** Neighbouring edges of one ring share exactly one vertex; they are bad only when they fold back. */
function neighbours(e: Edge, f: Edge): boolean {
  if (e.ring !== f.ring) return false;
  const d = Math.abs(e.i - f.i);
  return d === 1 || d === e.n - 1;
}

/** Two neighbours (e then f, sharing e.b = f.a, or the reverse) fold back onto each other. */
function foldsBack(e: Edge, f: Edge): boolean {
  const [p, q, r] = same(e.b, f.a) ? [e.a, e.b, f.b] : [f.a, f.b, e.b];
  if (orient(p, q, r) !== 0) return false;
  // Collinear: bad when r lies back towards p (the path reverses).
  return (q[0] - p[0]) * (r[0] - q[0]) + (q[1] - p[1]) * (r[1] - q[1]) < 0;
}

/** The first place where two edges of the rings cross or touch, or null. */
export function findSelfIntersection(
  rings: readonly (readonly LngLat[])[],
): { at: LngLat; ring: number } | null {
  const edges: Edge[] = [];
  rings.forEach((ring, r) => {
    const n = ring.length - 1;
    for (let i = 0; i < n; i++) {
      const a = ring[i] as LngLat;
      const b = ring[i + 1] as LngLat;
      edges.push({ ring: r, i, n, a, b, minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]) });
    }
  });
  edges.sort((x, y) => x.minX - y.minX);
  let active: Edge[] = [];
  for (const e of edges) {
    active = active.filter((f) => f.maxX >= e.minX);
    const eMinY = Math.min(e.a[1], e.b[1]);
    const eMaxY = Math.max(e.a[1], e.b[1]);
    for (const f of active) {
      if (Math.max(f.a[1], f.b[1]) < eMinY || Math.min(f.a[1], f.b[1]) > eMaxY) continue;
      if (neighbours(e, f)) {
        // A triangle's three edges are all neighbours; the fold test covers them.
        if (foldsBack(e, f)) return { at: same(e.b, f.a) ? e.b : e.a, ring: e.ring };
        continue;
      }
      const at = segmentsMeet(e.a, e.b, f.a, f.b);
      if (at) return { at, ring: Math.min(e.ring, f.ring) };
    }
    active.push(e);
  }
  return null;
}

/** Even-odd ray casting. */
export function pointInRing(p: LngLat, ring: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as LngLat;
    const b = ring[j] as LngLat;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0])
      inside = !inside;
  }
  return inside;
}

function checkPolygon(coordinates: readonly (readonly (readonly number[])[])[]): GeometryCheck {
  if (coordinates.length === 0) return fail('tooFewPoints', { min: 3 });
  if (coordinates.length > GEOMETRY_LIMITS.maxRings)
    return fail('tooManyRings', { max: GEOMETRY_LIMITS.maxRings });
  let total = 0;
  const rings: LngLat[][] = [];
  for (let r = 0; r < coordinates.length; r++) {
    const raw = coordinates[r] ?? [];
    total += raw.length;
    if (total > GEOMETRY_LIMITS.maxVertices + coordinates.length)
      return fail('tooManyVertices', { max: GEOMETRY_LIMITS.maxVertices });
    const ring: LngLat[] = [];
    for (const p of raw) {
      if (!validPosition(p)) return fail('coordinates');
      const q: LngLat = [p[0], p[1]];
      const last = ring[ring.length - 1];
      if (!last || !same(last, q)) ring.push(q);
    }
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (!first || !last || ring.length < 4) {
      // Closed rings of fewer than 3 distinct positions (or open ones of fewer than 4 entries).
      if (first && last && !same(first, last) && ring.length >= 3) return fail('notClosed', { ring: r + 1 });
      return fail('tooFewPoints', { min: 3, ring: r + 1 });
    }
    if (!same(first, last)) return fail('notClosed', { ring: r + 1 });
    if (ring.every((p, i) => i < 2 || orient(ring[0] as LngLat, ring[1] as LngLat, p) === 0))
      return fail('collinear', { ring: r + 1 });
    rings.push(ring);
  }
  const vertices = rings.reduce((n, ring) => n + ring.length - 1, 0);
  if (vertices > GEOMETRY_LIMITS.maxVertices)
    return fail('tooManyVertices', { max: GEOMETRY_LIMITS.maxVertices });
  const crossing = findSelfIntersection(rings);
  if (crossing)
    return fail('selfIntersection', {
      lng: Number(crossing.at[0].toFixed(6)),
      lat: Number(crossing.at[1].toFixed(6)),
      ring: crossing.ring + 1,
    });
  const outer = rings[0] as LngLat[];
  for (let r = 1; r < rings.length; r++)
    if (!pointInRing((rings[r] as LngLat[])[0] as LngLat, outer)) return fail('holeOutside', { ring: r + 1 });
  return { ok: true, value: { shape: 'polygon', geometry: { type: 'Polygon', coordinates: rings } } };
}

/** Checks a zone's shape; see the file comment for the rules. */
export function checkZoneGeometry(input: ZoneShapeInput): GeometryCheck {
  if (input.shape === 'circle') {
    if (input.geometry.type !== 'Point') return fail('shape');
    const c = input.geometry.coordinates;
    if (!validPosition(c)) return fail('coordinates');
    const r = input.radiusM;
    const { minRadiusM: min, maxRadiusM: max } = GEOMETRY_LIMITS;
    if (typeof r !== 'number' || !Number.isFinite(r) || r < min || r > max)
      return fail('radius', { min, max });
    return {
      ok: true,
      value: { shape: 'circle', geometry: { type: 'Point', coordinates: [c[0], c[1]] }, radiusM: r },
    };
  }
  if (input.geometry.type !== 'Polygon') return fail('shape');
  return checkPolygon(input.geometry.coordinates);
}

/** A representative point of a zone (circle centre; mean of the outer ring's vertices), for its region. */
export function zoneCenter(z: ZoneShape): LngLat {
  if (z.shape === 'circle') return z.geometry.coordinates;
  const ring = (z.geometry.coordinates[0] ?? []).slice(0, -1);
  const n = ring.length || 1;
  return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
}
