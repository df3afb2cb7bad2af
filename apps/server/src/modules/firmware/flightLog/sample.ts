/**
 * A made-up but realistic spraying sortie at 5 Hz, for the tests and bench/flight-log.ts: take-off,
 * back-and-forth passes 6 m apart with the pump on, turns with it off, a steady drain of tank and
 * battery, RTK fixed, the controller's own area count. Deterministic for a given seed.
 */
import type { TelemetryPoint } from '@agrifleet/domain';

/** Rounded to `digits` decimals; + 0 turns -0 into 0 (a log writes -0 as 0). */
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits + 0;

export function sampleSortie(count: number, start = 1_795_250_389_000, seed = 1): TelemetryPoint[] {
  let s = seed;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const lng0 = 120.26113;
  const lat0 = 33.77421;
  const mLng = 1 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
  const mLat = 1 / 110_574;
  const passLen = 150; // m, 30 s at 5 m/s
  const out: TelemetryPoint[] = [];
  let x = 0;
  let y = 0;
  let area = 0;
  for (let i = 0; i < count; i++) {
    const t = i / 5; // s
    const pass = Math.floor(t / 34); // 30 s straight, 4 s turn
    const inTurn = t % 34 >= 30;
    const up = pass % 2 === 0;
    const speed = inTurn ? 2 : 5 + (rnd() - 0.5) * 0.4;
    if (inTurn) x += (6 / 4) * 0.2;
    else y += (up ? 1 : -1) * speed * 0.2;
    y = Math.min(passLen, Math.max(0, y));
    const pump = !inTurn && i > 25;
    if (pump) area += speed * 0.2 * 6;
    out.push({
      recordTime: start + i * 200,
      lng: round(lng0 + x * mLng + (rnd() - 0.5) * 2e-7, 7),
      lat: round(lat0 + y * mLat + (rnd() - 0.5) * 2e-7, 7),
      height: round(Math.min(3, i * 0.05) + (rnd() - 0.5) * 0.1, 2),
      speed: round(speed, 2),
      heading: inTurn ? 90 : up ? round(rnd() * 1.5, 1) : round(179 + rnd() * 2, 1),
      battery: round(Math.max(5, 100 - t / 40), 1),
      flow: pump ? round(3.2 + (rnd() - 0.5) * 0.2, 2) : 0,
      pump,
      swath: 6,
      tank: round(Math.max(0, 30 - area / 400), 2),
      mode: 'auto',
      pilotId: 12,
      cropId: 3,
      workType: 1,
      rtk: 4,
      workArea: Math.round(area),
    });
  }
  return out;
}
