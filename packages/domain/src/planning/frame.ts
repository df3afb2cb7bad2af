/**
 * A local metric frame: east/north metres around a reference point on the WGS-84 ellipsoid (an
 * equirectangular map scaled by the radii of curvature at the reference latitude). Over a field of
 * a few km its area error is well under 0.1 % (see apps/server/src/telemetry/area/localFrame.ts,
 * which measures sprayed areas the same way).
 */
import type { LngLat } from '../contracts/geometry.ts';

const WGS84_A = 6_378_137;
const WGS84_F = 1 / 298.257223563;
const WGS84_E2 = WGS84_F * (2 - WGS84_F);
const RAD = Math.PI / 180;

export interface XY {
  x: number;
  y: number;
}

export interface Frame {
  lng0: number;
  lat0: number;
  mLng: number;
  mLat: number;
  toXY(p: readonly number[]): XY;
  toLngLat(p: XY): LngLat;
}

export function frameAt(lng0: number, lat0: number): Frame {
  const s = Math.sin(lat0 * RAD);
  const w = 1 - WGS84_E2 * s * s;
  const n = WGS84_A / Math.sqrt(w);
  const m = (WGS84_A * (1 - WGS84_E2)) / (w * Math.sqrt(w));
  const mLng = n * Math.cos(lat0 * RAD) * RAD;
  const mLat = m * RAD;
  return {
    lng0,
    lat0,
    mLng,
    mLat,
    toXY: (p) => {
      let d = (p[0] as number) - lng0;
      if (d >= 180) d -= 360;
      else if (d < -180) d += 360;
      return { x: d * mLng, y: ((p[1] as number) - lat0) * mLat };
    },
    toLngLat: (q) => [lng0 + q.x / mLng, lat0 + q.y / mLat],
  };
}

/** The frame at the mean of a ring's vertices. */
export function frameOf(ring: readonly (readonly number[])[]): Frame {
  let lng = 0;
  let lat = 0;
  const n = Math.max(1, ring.length);
  const lng0 = (ring[0]?.[0] as number) ?? 0;
  for (const p of ring) {
    let d = (p[0] as number) - lng0;
    if (d >= 180) d -= 360;
    else if (d < -180) d += 360;
    lng += d;
    lat += p[1] as number;
  }
  return frameAt(lng0 + lng / n, lat / n);
}

/** Signed shoelace area of a ring in a frame, m² (counter-clockwise positive). */
export function signedAreaXY(ring: readonly XY[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const p = ring[j] as XY;
    const q = ring[i] as XY;
    a += p.x * q.y - q.x * p.y;
  }
  return a / 2;
}
