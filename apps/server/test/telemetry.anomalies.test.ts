/**
 * Every anomaly type through the wiring `npm start` uses (issue 9 #1): buildApp with its default
 * telemetry service, points in over POST /api/telemetry/batch and over real MQTT to the embedded
 * broker, anomalies out of the drone's anomaly call, read as the drone's operator.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AIRPORT,
  blowing,
  drift,
  httpSender,
  incursion,
  mqttSender,
  type Send,
  weather,
  wrongAcreage,
  wrongCrop,
} from './anomalyFlights.ts';
import { freePort } from './freePort.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { keyFor } from './telemetryKit.ts';

let t: TestApp;
let client: mqtt.MqttClient;
let operator: Record<string, string>;
let drones: string[];
const senders: Record<string, Send> = {};

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { MQTT_PORT: String(port) } });
  const key = await keyFor(t, 'anomaly-e2e');
  client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: key.vid, password: key.secret });
  senders.http = httpSender(t, key);
  senders.mqtt = mqttSender(client);
  operator = (await signInWith(t, '13800000005')).auth;
  drones = (
    await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
      .innerJoin('accounts as y', 'y.id', 'd.yy_account_id')
      .select('d.drone_id')
      .where('z.account_name', '=', '极翼植保无人机有限公司')
      .where('y.account_name', '=', '丰收飞防服务合作社')
      .orderBy('d.drone_id')
      .limit(6)
      .execute()
  ).map((d) => d.drone_id);
  expect(drones).toHaveLength(6);
});
afterAll(async () => {
  await client?.endAsync();
  await t?.close();
});

interface Anomaly {
  oddType: number;
  noflyId: number | null;
  sortieId: number | null;
  time: number;
  endTime: number | null;
}

async function anomaliesOf(droneId: string): Promise<Anomaly[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/drone/device/manage/anomalies?droneId=${droneId}&pageSize=50&order=2`,
    headers: operator,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records;
}

const sortiesOf = async (droneId: string) =>
  (await t.db.selectFrom('sorties').select('sortie_id').where('drone_id', '=', droneId).execute()).length;

/** Waits until the drone has `sorties` sorties and at least `anomalies` anomalies, then a little more. */
async function settle(droneId: string, sorties: number, anomalies: number): Promise<Anomaly[]> {
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    await t.app.telemetry.writer.drain();
    if ((await sortiesOf(droneId)) >= sorties && (await anomaliesOf(droneId)).length >= anomalies) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Anything raised late (a second alert) would show now.
  await new Promise((r) => setTimeout(r, 300));
  await t.app.telemetry.writer.drain();
  expect(await sortiesOf(droneId)).toBe(sorties);
  return anomaliesOf(droneId);
}

describe.each([
  ['http', 0],
  ['mqtt', 3],
] as const)('anomalies from telemetry sent over %s', (transport, d) => {
  const send = (droneId: string, points: readonly TelemetryPoint[]) =>
    (senders[transport] as Send)(droneId, points);
  const start = Date.now() - (transport === 'http' ? 6 : 4) * 3600_000;

  it('an incursion of 100 m for over 100 s into the airport zone raises exactly one no-fly alert', async () => {
    const droneId = drones[d] as string;
    await send(droneId, incursion(start));
    const found = await settle(droneId, 1, 1);
    expect(found).toHaveLength(1);
    const zone = await t.db
      .selectFrom('nofly_zones')
      .select('id')
      .where('name', '=', AIRPORT.name)
      .executeTakeFirstOrThrow();
    expect(found[0]).toMatchObject({ oddType: 1, noflyId: zone.id });
    expect((found[0] as Anomaly).time).toBeGreaterThan(start);
  });

  it('a track 15-26 m outside the zone with 5 m of jitter raises nothing', async () => {
    const droneId = drones[d + 1] as string;
    await send(droneId, drift(start));
    expect(await settle(droneId, 1, 0)).toEqual([]);
  });

  it('blowing, wrong crops, weather and wrong acreage are each raised once, at landing', async () => {
    const droneId = drones[d + 2] as string;
    const flights = [blowing, wrongCrop, weather, wrongAcreage];
    for (const [i, flight] of flights.entries()) await send(droneId, flight(start + i * 15 * 60_000));
    const found = await settle(droneId, 4, 4);
    expect(found.map((a) => a.oddType)).toEqual([2, 3, 4, 5]);
    expect(new Set(found.map((a) => a.sortieId)).size).toBe(4);
  });
});
