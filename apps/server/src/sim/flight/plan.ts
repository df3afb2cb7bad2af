/**
 * The spraying plan: boustrophedon passes parallel to the field's longest edge.
 *
 * Frame: u along the longest edge, v across it (v grows into the field), in metres. With n passes
 * of swath w across a field of width W (extent in v), the first and last pass centres sit w/2
 * inside the two extreme vertices and the others are spread evenly between them:
 *   n = 1 + ceil((W - w) / s),  s = w (1 - overlap),  spacing = (W - w) / (n - 1) <= s.
 * So adjacent swaths touch (or overlap a little, at most what rounding n up needs) and no swath
 * sticks out across the long sides. Each pass runs along its centre line from one edge of the
 * polygon to the other; the pump is on exactly between those two edge crossings. For a rectangle
 * the flat-ended swath rectangles therefore tile the field: covered area = W x L exactly.
 */
import { capsuleUnionAreaM2, type Rect, unionAreaM2 } from './area.ts';
import {
  type Field,
  fieldAreaM2,
  fieldFrame,
  type LngLat,
  type LocalFrame,
  longestEdge,
  signedArea,
  type XY,
} from './geo.ts';

/** A point in the pass frame: u along the passes, v across, metres. */
export interface UV {
  u: number;
  v: number;
}

export interface Row {
  index: number;
  /** Centre line v, metres. */
  v: number;
  /** Where the centre line enters and leaves the polygon. */
  uMin: number;
  uMax: number;
}

/** A stretch of a row to spray, flown from `from` to `to` (u). */
export interface Piece {
  row: number;
  from: number;
  to: number;
}

export interface MissionPlan {
  field: Field;
  frame: LocalFrame;
  /** Unit vectors of the u and v axes in local east/north metres. */
  axisU: XY;
  axisV: XY;
  swathM: number;
  spacingM: number;
  rows: Row[];
  /** The rows in flight order, alternating direction, starting next to home. */
  pieces: Piece[];
  home: UV;
  fieldAreaM2: number;
  /** Union of the flat-ended swaths of all rows: the area truth of the whole field, done. */
  coverageAreaM2: number;
  /** The same with round-ended (capsule) swaths. */
  capsuleCoverageAreaM2: number;
}

export interface PlanOptions {
  /** Fraction of the swath shared by adjacent passes, 0 (touching) to 0.5. Default 0. */
  overlap?: number;
}

/** The chord of a convex polygon (in u, v) at a given v, or undefined when v misses it. */
function chordAt(poly: readonly UV[], v: number): [number, number] | undefined {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as UV;
    const b = poly[(i + 1) % poly.length] as UV;
    if (v < Math.min(a.v, b.v) || v > Math.max(a.v, b.v)) continue;
    const us = a.v === b.v ? [a.u, b.u] : [a.u + ((v - a.v) / (b.v - a.v)) * (b.u - a.u)];
    for (const u of us) {
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
    }
  }
  return hi > lo ? [lo, hi] : undefined;
}

export function pieceRect(plan: MissionPlan, piece: Piece): Rect {
  const row = plan.rows[piece.row] as Row;
  return {
    u0: Math.min(piece.from, piece.to),
    u1: Math.max(piece.from, piece.to),
    v0: row.v - plan.swathM / 2,
    v1: row.v + plan.swathM / 2,
  };
}

export function toXY(plan: MissionPlan, p: UV): XY {
  return { x: p.u * plan.axisU.x + p.v * plan.axisV.x, y: p.u * plan.axisU.y + p.v * plan.axisV.y };
}

export function toLngLat(plan: MissionPlan, p: UV): LngLat {
  return plan.frame.toLngLat(toXY(plan, p));
}

export function planMission(field: Field, swathM: number, opts: PlanOptions = {}): MissionPlan {
  const overlap = opts.overlap ?? 0;
  if (!(overlap >= 0 && overlap <= 0.5)) throw new Error('overlap must be in [0, 0.5]');
  if (!(swathM > 0)) throw new Error('swath must be positive');
  const frame = fieldFrame(field);
  const xy = field.polygon.map(frame.toXY);
  if (signedArea(xy) <= 0) throw new Error('field polygon must run counter-clockwise (use convexField)');
  const e = longestEdge(xy);
  const a = xy[e] as XY;
  const b = xy[(e + 1) % xy.length] as XY;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const axisU = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  const axisV = { x: -axisU.y, y: axisU.x };
  const toUV = (p: XY): UV => ({ u: p.x * axisU.x + p.y * axisU.y, v: p.x * axisV.x + p.y * axisV.y });
  const poly = xy.map(toUV);
  const vMin = Math.min(...poly.map((p) => p.v));
  const vMax = Math.max(...poly.map((p) => p.v));
  const width = vMax - vMin;
  const step = swathM * (1 - overlap);
  const n = width <= swathM ? 1 : 1 + Math.ceil((width - swathM) / step - 1e-9);
  const spacingM = n === 1 ? 0 : (width - swathM) / (n - 1);
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const v = n === 1 ? (vMin + vMax) / 2 : vMin + swathM / 2 + i * spacingM;
    const chord = chordAt(poly, v);
    if (chord && chord[1] - chord[0] > 0.1)
      rows.push({ index: rows.length, v, uMin: chord[0], uMax: chord[1] });
  }
  if (rows.length === 0) throw new Error('field too small to plan');
  const home = toUV(frame.toXY(field.home));
  const order = Math.abs(home.v - vMin) <= Math.abs(home.v - vMax) ? rows : [...rows].reverse();
  const first = order[0] as Row;
  let forward = Math.abs(home.u - first.uMin) <= Math.abs(home.u - first.uMax);
  const pieces = order.map((r) => {
    const piece = forward
      ? { row: r.index, from: r.uMin, to: r.uMax }
      : { row: r.index, from: r.uMax, to: r.uMin };
    forward = !forward;
    return piece;
  });
  const plan: MissionPlan = {
    field,
    frame,
    axisU,
    axisV,
    swathM,
    spacingM,
    rows,
    pieces,
    home,
    fieldAreaM2: fieldAreaM2(field),
    coverageAreaM2: 0,
    capsuleCoverageAreaM2: 0,
  };
  const rects = pieces.map((p) => pieceRect(plan, p));
  plan.coverageAreaM2 = unionAreaM2(rects);
  plan.capsuleCoverageAreaM2 = capsuleUnionAreaM2(rects);
  return plan;
}
