/** Areas of polygons with holes on the WGS-84 ellipsoid (local frame at the outer ring's centre). */
import { frameOf, signedAreaXY } from './frame.ts';

/** Area of a GeoJSON polygon's rings (outer first, then holes), net of the holes, m². */
export function ringsAreaM2(rings: readonly (readonly (readonly number[])[])[]): number {
  const outer = rings[0];
  if (!outer || outer.length < 3) return 0;
  const frame = frameOf(outer);
  let area = Math.abs(signedAreaXY(outer.map(frame.toXY)));
  for (const hole of rings.slice(1)) area -= Math.abs(signedAreaXY(hole.map(frame.toXY)));
  return Math.max(0, area);
}
