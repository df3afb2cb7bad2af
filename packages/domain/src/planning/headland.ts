/**
 * Headland laps: closed spray paths half a swath inside the work area's boundary (the block's outer
 * ring, and around each hole grown by the obstacle margin), so their swath covers the band one
 * swath wide along the boundary, where the passes end and the turns are flown, and never reaches
 * past the outer ring or into a hole's clearance.
 *
 * Why a lap's boom swath stays inside: the lap is the work area inset by half a swath, mitred
 * (limit 2), and the boom's swath is the lap grown back by half a swath, mitred at the same limit.
 * Inset then grown back with mitres gives the work area itself at every corner whose mitre is within
 * the limit, and cuts off (squares) the tip of a sharper one: it never leaves the work area.
 *
 * (Before issue 20 the lap was moved out along edges parallel to the passes by the nearest pass's
 * overshoot, so that band was not sprayed twice: its swath then reached up to 0.4 swath past the
 * boundary. The passes now start at the alignment edge's inner line instead: passes.ts stripGrid.)
 */
import type { PathsD } from 'clipper2-ts';
import { offset } from './geom.ts';

/**
 * The headland laps of work area W (outer rings positive, holes negative, as Clipper paths), `hair`
 * further in (a few millimetres: the plan's points are rounded to 1e-8 degree).
 */
export function headlandLaps(W: PathsD, width: number, hair: number): PathsD {
  return offset(W, -width / 2 - hair).filter((r) => r.length >= 3);
}
