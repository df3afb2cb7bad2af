/**
 * One short landed sortie as a drone reports it (the leasing tests, browser test and crash bench
 * share it): 3 s on the ground, 12 s spraying east at 5 m/s and 3 m (pump on), 3 s on the ground,
 * one point a second from `start`. The tracker closes it after the last ground points.
 */
import type { TelemetryPoint } from '@agrifleet/domain';

export function shortSortie(at: { lng: number; lat: number }, start: number, battery = 80): TelemetryPoint[] {
  const m = 1 / (111_320 * Math.cos((at.lat * Math.PI) / 180));
  const p = (s: number, x: number, air: boolean): TelemetryPoint => ({
    recordTime: start + s * 1000,
    lng: at.lng + x * m,
    lat: at.lat,
    height: air ? 3 : 0,
    speed: air ? 5 : 0,
    heading: 90,
    battery,
    flow: air ? 1.5 : 0,
    pump: air,
    swath: 5,
    tank: 10,
    mode: 'auto',
  });
  const out: TelemetryPoint[] = [];
  for (let s = 0; s < 3; s++) out.push(p(s, 0, false));
  for (let s = 3; s < 15; s++) out.push(p(s, (s - 2) * 5, true));
  for (let s = 15; s < 18; s++) out.push(p(s, 60, false));
  return out;
}
