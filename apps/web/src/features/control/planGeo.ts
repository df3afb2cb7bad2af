/**
 * Pure helpers of the route planning screen: the block's edges (numbered, with their length), the
 * default home point (just outside the block's corner nearest to a reference point), the colour of
 * each drone and the plan figures the screen shows.
 */
import type { LngLat, PolygonGeometry, RoutePlan } from '@agrifleet/domain';

const R = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance, metres. */
export function distanceM(a: LngLat, b: LngLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLng = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The outer ring without its closing vertex. */
export function outerRing(block: PolygonGeometry): LngLat[] {
  const ring = (block.coordinates[0] ?? []).map((p) => [p[0], p[1]] as LngLat);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  return ring;
}

export interface Edge {
  /** alignEdgeIndex: the edge from vertex i to vertex i+1 of the outer ring. */
  index: number;
  from: LngLat;
  to: LngLat;
  lengthM: number;
}

export function blockEdges(block: PolygonGeometry): Edge[] {
  const ring = outerRing(block);
  return ring.map((from, index) => {
    const to = ring[(index + 1) % ring.length] as LngLat;
    return { index, from, to, lengthM: distanceM(from, to) };
  });
}

/** The longest edge: passes parallel to it need the fewest turns. */
export function longestEdge(block: PolygonGeometry): number {
  let best = 0;
  let len = -1;
  for (const e of blockEdges(block)) if (e.lengthM > len) [best, len] = [e.index, e.lengthM];
  return best;
}

/** Centre of the outer ring's vertices (enough to point "outward" from a corner). */
function vertexMean(ring: readonly LngLat[]): LngLat {
  const n = Math.max(1, ring.length);
  return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
}

/**
 * The default home point: `offsetM` outside the corner of the outer ring nearest to `near` (where the
 * drones are), or nearest to the first vertex without one, away from the block's middle.
 */
export function defaultHome(block: PolygonGeometry, near?: LngLat | null, offsetM = 15): LngLat | null {
  const ring = outerRing(block);
  if (ring.length < 3) return null;
  const ref = near ?? ring[0];
  let corner = ring[0] as LngLat;
  let best = Number.POSITIVE_INFINITY;
  for (const p of ring) {
    const d = ref ? distanceM(p, ref) : 0;
    if (d < best) [corner, best] = [p, d];
  }
  const mid = vertexMean(ring);
  const kx = Math.cos(corner[1] * RAD);
  const dx = (corner[0] - mid[0]) * kx;
  const dy = corner[1] - mid[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) return corner;
  const deg = offsetM / (R * RAD);
  return [
    Number((corner[0] + ((dx / len) * deg) / kx).toFixed(7)),
    Number((corner[1] + (dy / len) * deg).toFixed(7)),
  ];
}

/** One colour per drone (drone i of the plan), distinct on the light basemap and the yellow block. */
export const DRONE_ROUTE_COLORS = [
  '#1677ff',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#d6336c',
  '#0c8599',
  '#5c940d',
  '#364fc7',
  '#c92a2a',
  '#862e9c',
] as const;
export const droneColor = (index: number): string =>
  DRONE_ROUTE_COLORS[index % DRONE_ROUTE_COLORS.length] as string;

export interface PlanFigures {
  /** Share of the block's area (net of holes) the swaths cover, 0..1. */
  coverage: number;
  /** Share of the block's area sprayed twice or more, 0..1. */
  overlap: number;
  /** Area the swaths spray outside the block, m² (null: a plan that does not say). */
  outsideM2: number | null;
  passes: number;
  distanceM: number;
  flightTimeS: number;
  sprayVolumeL: number;
  /** Largest difference of a drone's flight time from the mean, as a share of the mean. */
  imbalance: number;
}

export function planFigures(plan: RoutePlan): PlanFigures {
  const area = plan.blockAreaM2 > 0 ? plan.blockAreaM2 : 1;
  const times = plan.routes.map((r) => r.flightTimeS);
  const mean = times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0;
  const imbalance = mean > 0 ? Math.max(...times.map((x) => Math.abs(x - mean))) / mean : 0;
  return {
    coverage: plan.coverageAreaM2 / area,
    overlap: plan.overlapAreaM2 / area,
    outsideM2: typeof plan.sprayedOutsideM2 === 'number' ? plan.sprayedOutsideM2 : null,
    passes: plan.passes,
    distanceM: plan.routes.reduce((s, r) => s + r.distanceM, 0),
    flightTimeS: Math.max(0, ...times),
    sprayVolumeL: plan.routes.reduce((s, r) => s + r.sprayVolumeL, 0),
    imbalance,
  };
}

/** Where drone i's route starts working (the first point of its first spray leg), for its number. */
export function routeStart(route: RoutePlan['routes'][number]): LngLat | null {
  const leg = route.legs.find((l) => l.kind === 'spray') ?? route.legs[0];
  const p = leg?.path[0];
  return p ? [p[0], p[1]] : null;
}
