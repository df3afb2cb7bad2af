/** Every polygon of a GeoJSON geometry, in order (a MultiPolygon gives each part); positions lose their height. */
import type { Geometry, Polygon, Position } from 'geojson';

const flat = (ring: Position[]) => ring.map((p) => [p[0] as number, p[1] as number]);

export function polygonsOf(g: Geometry | null | undefined): Polygon[] {
  if (!g) return [];
  switch (g.type) {
    case 'Polygon':
      return [{ type: 'Polygon', coordinates: g.coordinates.map(flat) }];
    case 'MultiPolygon':
      return g.coordinates.map((rings) => ({ type: 'Polygon', coordinates: rings.map(flat) }));
    case 'GeometryCollection':
      return g.geometries.flatMap(polygonsOf);
    default:
      return [];
  }
}
