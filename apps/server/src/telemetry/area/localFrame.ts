/**
 * A local metric frame for one sortie: east/north metres around a reference point, on the
 * WGS-84 ellipsoid.
 *
 * Why this projection: a sortie covers a few km at most, so an equirectangular map scaled by the
 * ellipsoid's radii of curvature at the frame's latitude (meridional M, prime vertical N) is a
 * local tangent plane that is accurate enough. East-west scale drifts by tan(lat) * d / R with the
 * distance d north or south of the reference (1.6e-4 at 1 km, lat 45), and since the reference is
 * the points' mean latitude the drift cancels to first order in an area. A spherical earth would
 * be worse than that: its M * N is off by -0.45 % at the equator and +0.22 % at lat 45, so the
 * radii matter more than the choice between this and an azimuthal or transverse projection.
 */

const WGS84_A = 6_378_137;
const WGS84_F = 1 / 298.257223563;
const WGS84_E2 = WGS84_F * (2 - WGS84_F);
const RAD = Math.PI / 180;

export interface LocalFrame {
  lat0: number;
  lng0: number;
  /** Metres per degree of longitude and of latitude at lat0. */
  metresPerDegLng: number;
  metresPerDegLat: number;
}

/** Longitude difference a - b in degrees, wrapped to [-180, 180). */
export function lngDelta(a: number, b: number): number {
  const d = a - b;
  return d >= -180 && d < 180 ? d : ((((d + 180) % 360) + 360) % 360) - 180;
}

/** The frame at (lat0, lng0). */
export function localFrameAt(lat0: number, lng0: number): LocalFrame {
  const s = Math.sin(lat0 * RAD);
  const w = 1 - WGS84_E2 * s * s;
  const n = WGS84_A / Math.sqrt(w); // prime vertical radius of curvature
  const m = (WGS84_A * (1 - WGS84_E2)) / (w * Math.sqrt(w)); // meridional radius of curvature
  return {
    lat0,
    lng0,
    metresPerDegLng: n * Math.cos(lat0 * RAD) * RAD,
    metresPerDegLat: m * RAD,
  };
}
