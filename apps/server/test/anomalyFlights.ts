/**
 * Flights that should (or should not) raise each anomaly type, sent through the transports
 * `npm start` wires: POST /api/telemetry/batch (Basic key) and MQTT to the embedded broker. Each
 * flight takes off from the ground and lands, so the tracker closes its sortie by itself.
 */
import { TELEMETRY_TOPIC, type TelemetryPoint } from '@agrifleet/domain';
import type mqtt from 'mqtt';
import { expect } from 'vitest';
import { DEMO_AIRPORTS } from '../src/demo/nofly.ts';
import type { LngLat } from '../src/sim/flight/geo.ts';
import { type Leg, track, uniformNoise } from '../src/telemetry/anomalies/testkit.ts';
import type { TestApp } from './helper.ts';

/** The demo airport zone near Yancheng: a circle of 4,000 m. */
export const AIRPORT = DEMO_AIRPORTS[0] as (typeof DEMO_AIRPORTS)[number];
const airport: LngLat = { lng: AIRPORT.lng, lat: AIRPORT.lat };
/** A field in Henan, far from every demo no-fly zone. */
const farm: LngLat = { lng: 114.61, lat: 33.54 };

const onGround = (p: TelemetryPoint, recordTime: number): TelemetryPoint => ({
  ...p,
  recordTime,
  height: 0,
  speed: 0,
  pump: false,
  flow: 0,
});

/** Ground (5 s) - the legs at 5 Hz - ground (6 s): one sortie that lands. */
function sortie(
  origin: LngLat,
  legs: readonly Leg[],
  start: number,
  opts: { noiseM?: number; seed?: number } = {},
): TelemetryPoint[] {
  const air = track(origin, legs, {
    start: start + 5_000,
    rateHz: 5,
    seed: opts.seed,
    noise: opts.noiseM ? uniformNoise(opts.noiseM) : undefined,
  });
  const first = air[0] as TelemetryPoint;
  const last = air.at(-1) as TelemetryPoint;
  const before = Array.from({ length: 5 }, (_, i) => onGround(first, start + i * 1_000));
  const after = Array.from({ length: 6 }, (_, i) => onGround(last, last.recordTime + (i + 1) * 1_000));
  return [...before, ...air, ...after];
}

const noSpray = { pump: false, flow: 0 } as const;

/** 100 m into the airport zone for about 130 s (of which 100 s turning inside), then out. */
export function incursion(start: number): TelemetryPoint[] {
  return sortie(
    airport,
    [
      { from: [4_300, 0], to: [3_900, 0], speed: 6, with: noSpray },
      { from: [3_900, 0], to: [3_900, 300], speed: 6, with: noSpray },
      { from: [3_900, 300], to: [3_900, 0], speed: 6, with: noSpray },
      { from: [3_900, 0], to: [4_300, 0], speed: 6, with: noSpray },
    ],
    start,
  );
}

/** Up and down a chord 15-26 m outside the airport zone, with up to 5 m of jitter on each axis. */
export function drift(start: number): TelemetryPoint[] {
  const legs: Leg[] = [];
  for (let i = 0; i < 4; i++)
    legs.push({
      from: [4_015, i % 2 ? 300 : -300],
      to: [4_015, i % 2 ? -300 : 300],
      speed: 6,
      with: noSpray,
    });
  return sortie(airport, legs, start, { noiseM: 5, seed: 9 });
}

/**
 * Spraying passes 200 m north and south, 7 m apart, at 5 m/s (pump on, 8 L/min), hops east between
 * them with the pump off. With a wind (east, north, m/s) the nose points along the air velocity.
 */
function passes(n: number, opts: { wind?: [number, number]; with?: Partial<TelemetryPoint> } = {}) {
  const v = 5;
  const [we, wn] = opts.wind ?? [0, 0];
  const legs: Leg[] = [];
  for (let i = 0; i < n; i++) {
    const north = i % 2 === 0;
    const x = i * 7;
    const heading = ((Math.atan2(-we, (north ? v : -v) - wn) * 180) / Math.PI + 360) % 360;
    legs.push({
      from: [x, north ? 0 : 200],
      to: [x, north ? 200 : 0],
      speed: v,
      with: { heading, ...opts.with },
    });
    legs.push({ from: [x, north ? 200 : 0], to: [x + 7, north ? 200 : 0], speed: 2, with: noSpray });
  }
  return legs;
}

/** oddType 2 (blowing: spraying at 5.5 m, drift). */
export const blowing = (start: number) => sortie(farm, passes(8, { with: { height: 5.5 } }), start);

/** oddType 3 (wrong crops: crop 3 for the first half of the spraying, crop 5 after). */
export function wrongCrop(start: number): TelemetryPoint[] {
  const pts = sortie(farm, passes(8, { with: { cropId: 3 } }), start);
  const half = Math.floor(pts.length / 2);
  return pts.map((p, i) => (i >= half && p.cropId !== undefined ? { ...p, cropId: 5 } : p));
}

/** oddType 4 (abnormal weather: a 6 m/s east wind read from the crab of passes both ways). */
export const weather = (start: number) => sortie(farm, passes(12, { wind: [-6, 0] }), start);

/** oddType 5 (wrong acreage: the controller reports about twice the area sprayed). */
export function wrongAcreage(start: number): TelemetryPoint[] {
  const pts = sortie(farm, passes(8), start);
  return pts.map((p, i) => ({ ...p, workArea: Math.round((25_000 * i) / (pts.length - 1)) }));
}

export type Send = (droneId: string, points: readonly TelemetryPoint[]) => Promise<void>;

/** POST /api/telemetry/batch in messages of 1,000 points; every answer must accept them all. */
export function httpSender(t: TestApp, key: { vid: string; secret: string }): Send {
  const authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  return async (droneId, points) => {
    for (let i = 0; i < points.length; i += 1_000) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/telemetry/batch',
        headers: { authorization },
        payload: { drones: [{ droneId, points: points.slice(i, i + 1_000) }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.drones[0]).toMatchObject({ accepted: Math.min(1_000, points.length - i) });
    }
  };
}

/** QoS 1 publishes of 50 points (each resolves at PUBACK, after the points are stored). */
export function mqttSender(client: mqtt.MqttClient): Send {
  return async (droneId, points) => {
    for (let i = 0; i < points.length; i += 50)
      await client.publishAsync(
        TELEMETRY_TOPIC(droneId),
        JSON.stringify({ points: points.slice(i, i + 50) }),
        {
          qos: 1,
        },
      );
  };
}
