/** Shared by the MQTT tests: a key, a drone, a field, publishing a flight, checking its sorties. */
import { connect } from 'node:net';
import { TELEMETRY_TOPIC, type TelemetryPoint } from '@agrifleet/domain';
import type mqtt from 'mqtt';
import { expect } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import type { Db } from '../src/platform/db.ts';
import { createSealer } from '../src/platform/seal.ts';
import { rectangleField, type runMission } from '../src/sim/flight/index.ts';
import { signInWith, type TestApp } from './helper.ts';

export const MOSQUITTO = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
export const mosquittoUp = await new Promise<boolean>((resolve) => {
  const url = new URL(MOSQUITTO);
  const s = connect(Number(url.port || 1883), url.hostname);
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('error', () => resolve(false));
});

export async function keyFor(t: TestApp, vid: string) {
  const { auth } = await signInWith(t, '13800000003');
  await t.app.inject({ method: 'PUT', url: '/api/user/account/secretKey', payload: { vid }, headers: auth });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers: auth }))
    .body;
  return { vid, secret: /secret=(.+)/.exec(text)?.[1] as string };
}

export async function makerADrone(t: TestApp) {
  const row = await t.db
    .selectFrom('drones as d')
    .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
    .select('d.drone_id')
    .where('a.account_name', '=', '极翼植保无人机有限公司')
    .orderBy('d.drone_id')
    .executeTakeFirstOrThrow();
  return row.drone_id;
}

/**
 * Maker A's first drone and a new telemetry key of maker A, made straight in `db` (for a console that
 * runs elsewhere, signed with its `jwtSecret`): the drone and the batch call's Authorization header.
 */
export async function makerDroneAndKey(db: Db, jwtSecret: string, vid: string) {
  const maker = await db
    .selectFrom('accounts')
    .select('id')
    .where('account_name', '=', '极翼植保无人机有限公司')
    .executeTakeFirstOrThrow();
  const drone = await db
    .selectFrom('drones')
    .select('drone_id')
    .where('zz_account_id', '=', maker.id)
    .orderBy('drone_id')
    .executeTakeFirstOrThrow();
  const keys = createKeysService(db, createSealer(jwtSecret));
  await keys.create(maker.id, vid);
  const key = (await keys.current(maker.id)) as { vid: string; secret: string };
  return {
    droneId: drone.drone_id,
    authorization: `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`,
  };
}

export const field = rectangleField({
  center: { lng: 120.3, lat: 33.7 },
  widthM: 70,
  lengthM: 180,
  angleDeg: 25,
});

export async function publishFlight(
  client: mqtt.MqttClient,
  droneId: string,
  points: readonly TelemetryPoint[],
  per = 10,
) {
  for (let i = 0; i < points.length; i += per)
    await client.publishAsync(
      TELEMETRY_TOPIC(droneId),
      JSON.stringify({ points: points.slice(i, i + per) }),
      {
        qos: 1,
      },
    );
}

export async function expectTrueSorties(t: TestApp, droneId: string, mission: ReturnType<typeof runMission>) {
  // One consumer connection takes one message per commit: give a loaded machine time (up to 60 s).
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    await t.app.telemetry.writer.drain();
    const n = await t.db.selectFrom('sorties').select('sortie_id').where('drone_id', '=', droneId).execute();
    if (n.length === mission.sorties.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rows = await t.db
    .selectFrom('sorties')
    .select(['area_m2', 'volume_l'])
    .where('drone_id', '=', droneId)
    .orderBy('start_time')
    .execute();
  expect(rows).toHaveLength(mission.sorties.length);
  rows.forEach((r, i) => {
    const truth = (mission.sorties[i] as (typeof mission.sorties)[number]).truth;
    expect(Math.abs(r.area_m2 - truth.sprayedAreaM2) / truth.sprayedAreaM2).toBeLessThan(0.01);
    expect(Math.abs(r.volume_l - truth.volumeL) / truth.volumeL).toBeLessThan(0.005);
  });
}
