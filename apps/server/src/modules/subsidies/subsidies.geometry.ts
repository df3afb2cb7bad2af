/**
 * The geometry of a subsidy's evidence, on the console's own sprayed-area measure (the boom quads
 * of telemetry/area, as the block coverage check uses them): what share of a sortie's sprayed area
 * lies inside a polygon (a task's drawn region, the sortie's block), the share of its spraying
 * samples outside an administrative region (overlap: subsidies.overlap.ts).
 */
import type { PolygonGeometry } from '@agrifleet/domain';
import { blockCoverage, type CoverageOptions } from '../../telemetry/area/coverage.ts';
import type { SprayPoint } from '../../telemetry/area/sprayedArea.ts';

/** m² in one mu. */
export const M2_PER_MU = 2000 / 3;

/**
 * Coverage settings for evidence: rows 0.5 m apart (swaths are 3-10 m, so an area is measured to
 * about 1 %), at most 4,000 rows, and no unsprayed outline (only the figures are wanted).
 */
const OPTS: CoverageOptions = { rowHeightM: 0.5, maxRows: 4000, maxVertices: 0 };

const spraying = (points: readonly SprayPoint[]) => points.some((p) => p.pump);

/** Sprayed area of `points` inside `poly`, m² (0 when nothing was sprayed). */
export function sprayedInside(poly: PolygonGeometry, sorties: ReadonlyArray<readonly SprayPoint[]>): number {
  if (!sorties.some(spraying)) return 0;
  return blockCoverage(poly, sorties, OPTS).sprayedAreaM2;
}

/** The bounding rectangle of the spraying samples of `sorties`, padded by `padM` metres. */
export function boundsPolygon(
  sorties: ReadonlyArray<readonly SprayPoint[]>,
  padM = 30,
): PolygonGeometry | null {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const pts of sorties)
    for (const p of pts) {
      if (!p.pump || !Number.isFinite(p.lng) || !Number.isFinite(p.lat)) continue;
      if (p.lng < w) w = p.lng;
      if (p.lng > e) e = p.lng;
      if (p.lat < s) s = p.lat;
      if (p.lat > n) n = p.lat;
    }
  if (!Number.isFinite(w)) return null;
  const dLat = padM / 111_320;
  const dLng = padM / (111_320 * Math.max(0.05, Math.cos((((s + n) / 2) * Math.PI) / 180)));
  const [x0, y0, x1, y1] = [w - dLng, s - dLat, e + dLng, n + dLat];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  };
}

/**
 * Share (0..1) of a sortie's sprayed area outside `poly`: the sprayed area inside the polygon over
 * the sortie's own sprayed area measured the same way (inside its bounds). 0 when nothing sprayed.
 */
export function shareOutside(poly: PolygonGeometry, points: readonly SprayPoint[]): number {
  const own = boundsPolygon([points]);
  if (!own) return 0;
  const total = sprayedInside(own, [points]);
  if (!(total > 0)) return 0;
  const inside = sprayedInside(poly, [points]);
  return Math.min(1, Math.max(0, 1 - inside / total));
}

/** Most spraying samples located per sortie for the administrative-region share. */
export const REGION_SAMPLES = 64;

/**
 * Share (0..1) of a sortie's spraying samples located outside an administrative region. Fast path:
 * when the corners and the centre of the spraying bounds all lie inside, the share is 0.
 */
export function samplesOutside(
  points: readonly SprayPoint[],
  inside: (lng: number, lat: number) => boolean,
): number {
  const spray = points.filter((p) => p.pump && Number.isFinite(p.lng) && Number.isFinite(p.lat));
  if (spray.length === 0) return 0;
  const box = boundsPolygon([spray], 0);
  const ring = box?.coordinates[0] ?? [];
  const [c0, , c2] = ring;
  if (c0 && c2) {
    const probes: [number, number][] = [...ring.slice(0, 4), [(c0[0] + c2[0]) / 2, (c0[1] + c2[1]) / 2]].map(
      ([x, y]) => [x as number, y as number],
    );
    if (probes.every(([x, y]) => inside(x, y))) return 0;
  }
  const step = Math.max(1, spray.length / REGION_SAMPLES);
  let n = 0;
  let out = 0;
  for (let i = 0; i < spray.length; i += step) {
    const p = spray[Math.floor(i)] as SprayPoint;
    n++;
    if (!inside(p.lng, p.lat)) out++;
  }
  return n ? out / n : 0;
}

/** Whether a position lies in a polygon (even-odd over its rings, degrees). */
export function inPolygon(poly: PolygonGeometry, lng: number, lat: number): boolean {
  let odd = false;
  for (const ring of poly.coordinates)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
}

/**
 * Share (0..1) of a sortie's spraying samples (at most REGION_SAMPLES located, as samplesOutside)
 * outside both the region and `block`: the part the outsideRegion and outsideBlock deductions
 * would both take, which the rule takes once.
 */
export function samplesOutsideBoth(
  points: readonly SprayPoint[],
  inRegion: (lng: number, lat: number) => boolean,
  block: PolygonGeometry,
): number {
  const spray = points.filter((p) => p.pump && Number.isFinite(p.lng) && Number.isFinite(p.lat));
  if (spray.length === 0) return 0;
  const step = Math.max(1, spray.length / REGION_SAMPLES);
  let n = 0;
  let out = 0;
  for (let i = 0; i < spray.length; i += step) {
    const p = spray[Math.floor(i)] as SprayPoint;
    n++;
    if (!inPolygon(block, p.lng, p.lat) && !inRegion(p.lng, p.lat)) out++;
  }
  return n ? out / n : 0;
}
