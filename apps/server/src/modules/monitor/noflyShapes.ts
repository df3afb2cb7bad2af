/** No-fly zones as the map draws them: polygons (a circle becomes a 64-gon). Pure. */
import type { NoflyZoneRecord } from '../nofly/nofly.repo.ts';

const EARTH_R = 6_371_008.8;

export function circleRing(center: [number, number], radiusM: number, sides = 64): [number, number][] {
  const [lng, lat] = center;
  const dLat = (radiusM / EARTH_R) * (180 / Math.PI);
  const dLng = dLat / Math.cos((lat * Math.PI) / 180);
  const ring: [number, number][] = [];
  for (let i = 0; i < sides; i++) {
    const a = (2 * Math.PI * i) / sides;
    ring.push([lng + dLng * Math.cos(a), lat + dLat * Math.sin(a)]);
  }
  ring.push(ring[0] as [number, number]);
  return ring;
}

export function mapZone(z: NoflyZoneRecord) {
  const geometry =
    z.geometry.type === 'Point'
      ? {
          type: 'Polygon' as const,
          coordinates: [circleRing(z.geometry.coordinates as [number, number], z.radiusM ?? 0)],
        }
      : { type: 'Polygon' as const, coordinates: z.geometry.coordinates as [number, number][][] };
  return {
    noflyId: z.noflyId,
    name: z.name,
    detailAddress: z.detailAddress,
    noflyType: z.noflyType,
    shape: z.shape,
    radiusM: z.radiusM,
    geometry,
  };
}
