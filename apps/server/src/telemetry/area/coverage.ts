/**
 * How much of a block its sorties sprayed (issue 11 "Coverage check"), with the console's own
 * sprayed-area geometry: each sortie's boom quadrilaterals (`sortieQuads`, the very quads
 * `sprayedArea` measures: booms.ts), all in one local metric frame at the block.
 *
 * Method: scanline rows (coverageRows.ts), exact along each row and one per `h` metres across (by
 * default the narrowest swath / 10, coarser if the block would need more than `maxRows` rows).
 * The rows run at the angle `rowDirection` picks away from both the swaths and the block's edges,
 * since an edge parallel to the rows is the only thing the midpoint rule gets wrong. On each row the
 * sweep counts the swaths over each point inside the block (even-odd over the rings, so holes are
 * out); consecutive quads of a run touch at a shared boom and do not count as two swaths.
 * The block's area is the exact one of its rings (`ringsAreaM2`, as the planner and the block list
 * give it); the sprayed and twice-sprayed areas are that area times the share of the block's row
 * length covered, so a fully sprayed block reads exactly its area.
 * The unsprayed parts are polygons built from the uncovered row intervals (unsprayedShape.ts),
 * capped in vertices; gaps narrower than `minGapM` are left out of the drawing (not of the figures).
 */
import { type PolygonGeometry, ringsAreaM2 } from '@agrifleet/domain';
import { newQuadSet } from './booms.ts';
import { scanRows } from './coverageRows.ts';
import { type LocalFrame, lngDelta, localFrameAt } from './localFrame.ts';
import { rowDirection } from './rowDirection.ts';
import { type SprayedAreaOptions, type SprayPoint, sortieQuads } from './sprayedArea.ts';
import { unsprayedRings } from './unsprayedShape.ts';

export interface CoverageOptions extends SprayedAreaOptions {
  /** Row height, metres. Default: the narrowest swath / 10 (1 m without any swath). */
  rowHeightM?: number;
  /** Most rows; the row height grows to stay under it. Default 20,000. */
  maxRows?: number;
  /** Most vertices in `unsprayed`. Default 4,000. */
  maxVertices?: number;
  /** Uncovered gaps narrower than this are not drawn, metres. Default 0.5. */
  minGapM?: number;
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: [number, number][][][];
}

export interface BlockCoverage {
  /** The block's area net of holes, m². */
  blockAreaM2: number;
  /** Area of the block under the union of the sorties' swaths, m². */
  sprayedAreaM2: number;
  /** Area of the block under two swaths or more, m². */
  twiceAreaM2: number;
  /** The block's parts not sprayed, WGS-84 degrees, simplified to draw. */
  unsprayed: MultiPolygonGeometry;
}

function blockFrame(block: PolygonGeometry): LocalFrame {
  const outer = block.coordinates[0] ?? [];
  const ref = outer[0] ?? [0, 0];
  let sLat = 0;
  let sLng = 0;
  for (const [lng, lat] of outer) {
    sLng += lngDelta(lng, ref[0]);
    sLat += lat;
  }
  const n = Math.max(1, outer.length);
  return localFrameAt(sLat / n, ref[0] + sLng / n);
}

/** Rotation by -theta so the rows (direction theta) run along x. */
function turn(x: Float64Array, y: Float64Array, theta: number): void {
  const c = Math.cos(-theta);
  const s = Math.sin(-theta);
  for (let i = 0; i < x.length; i++) {
    const px = x[i] as number;
    const py = y[i] as number;
    x[i] = px * c - py * s;
    y[i] = px * s + py * c;
  }
}

/**
 * The coverage of `block` (a GeoJSON polygon with holes, degrees) by `sorties` (each the points of
 * one sortie, as `sprayedArea` takes them): block area, sprayed and twice-sprayed area inside it,
 * and the unsprayed parts as a MultiPolygon in degrees.
 */
export function blockCoverage(
  block: PolygonGeometry,
  sorties: ReadonlyArray<readonly SprayPoint[]>,
  opts: CoverageOptions = {},
): BlockCoverage {
  const blockAreaM2 = ringsAreaM2(block.coordinates);
  const empty: MultiPolygonGeometry = { type: 'MultiPolygon', coordinates: [] };
  const frame = blockFrame(block);
  const rings = block.coordinates
    .filter((r) => r.length >= 3)
    .map((ring) => ({
      x: Float64Array.from(ring, ([lng]) => lngDelta(lng, frame.lng0) * frame.metresPerDegLng),
      y: Float64Array.from(ring, ([, lat]) => (lat - frame.lat0) * frame.metresPerDegLat),
    }));
  if (rings.length === 0 || blockAreaM2 <= 0)
    return { blockAreaM2, sprayedAreaM2: 0, twiceAreaM2: 0, unsprayed: empty };

  let minSwath = Number.POSITIVE_INFINITY;
  const quads = newQuadSet(sorties.reduce((n, points) => n + Math.max(0, points.length - 1), 0));
  for (const points of sorties) {
    const s = sortieQuads(points, frame, opts, quads);
    if (s.minSwathM < minSwath) minSwath = s.minSwathM;
  }

  // Row direction: away from the swaths' sides and the block's edges.
  const edges = rings.reduce((s, r) => s + r.x.length, 0) + quads.count;
  const ax = new Float64Array(edges);
  const ay = new Float64Array(edges);
  const bx = new Float64Array(edges);
  const by = new Float64Array(edges);
  let e = 0;
  for (let i = 0; i < quads.count; i++, e++) {
    ax[e] = quads.x[4 * i] as number;
    ay[e] = quads.y[4 * i] as number;
    bx[e] = quads.x[4 * i + 1] as number;
    by[e] = quads.y[4 * i + 1] as number;
  }
  for (const r of rings) {
    for (let i = 0; i < r.x.length; i++, e++) {
      const k = (i + 1) % r.x.length;
      ax[e] = r.x[i] as number;
      ay[e] = r.y[i] as number;
      bx[e] = r.x[k] as number;
      by[e] = r.y[k] as number;
    }
  }
  const theta = rowDirection(ax, ay, bx, by, edges);
  for (const r of rings) turn(r.x, r.y, theta);
  turn(quads.x.subarray(0, 4 * quads.count), quads.y.subarray(0, 4 * quads.count), theta);

  let yMin = Number.POSITIVE_INFINITY;
  let yMax = Number.NEGATIVE_INFINITY;
  for (const v of rings[0]?.y ?? []) {
    if (v < yMin) yMin = v;
    if (v > yMax) yMax = v;
  }
  const span = yMax - yMin;
  let h = opts.rowHeightM ?? (Number.isFinite(minSwath) ? minSwath / 10 : 1);
  h = Math.max(h, span / (opts.maxRows ?? 20_000));
  const rowCount = Math.max(1, Math.ceil(span / h));
  const rows = scanRows({ rings, quads, h, yMin, rows: rowCount, minGapM: opts.minGapM ?? 0.5 });
  const share = (len: number) => (rows.blockLength > 0 ? Math.min(1, len / rows.blockLength) : 0);

  const flat = unsprayedRings({
    rows,
    rowCount,
    h,
    yMin,
    bandM: Math.max(1, span / 400),
    maxVertices: opts.maxVertices ?? 4000,
  });
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const toLngLat = (x: number, y: number): [number, number] => {
    const ex = x * c - y * s;
    const ny = x * s + y * c;
    return [frame.lng0 + ex / frame.metresPerDegLng, frame.lat0 + ny / frame.metresPerDegLat];
  };
  const unsprayed: MultiPolygonGeometry = {
    type: 'MultiPolygon',
    coordinates: flat.map((ring) => {
      const out: [number, number][] = [];
      for (let i = 0; i < ring.length; i += 2) out.push(toLngLat(ring[i] as number, ring[i + 1] as number));
      return [out];
    }),
  };
  return {
    blockAreaM2,
    sprayedAreaM2: blockAreaM2 * share(rows.coveredLength),
    twiceAreaM2: blockAreaM2 * share(rows.twiceLength),
    unsprayed,
  };
}
