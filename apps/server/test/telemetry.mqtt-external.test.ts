/**
 * The external-broker path (MQTT_URL) against the machine's Mosquitto (CI has one on
 * 127.0.0.1:1883; elsewhere the test is skipped): a flight published by a device lands as sorties
 * with the true area. Its own file: run after the embedded-broker test in one worker it timed out
 * one run in two (not yet explained; alone it passes every time).
 */
import mqtt from 'mqtt';
import { afterEach, describe, it } from 'vitest';
import { DEFAULT_DRONE, runMission } from '../src/sim/flight/index.ts';
import { createTestApp, type TestApp } from './helper.ts';
import {
  expectTrueSorties,
  field,
  MOSQUITTO,
  makerADrone,
  mosquittoUp,
  publishFlight,
} from './telemetryKit.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

describe('telemetry from an external broker', () => {
  it.skipIf(!mosquittoUp)('external broker (MQTT_URL): the same flight through Mosquitto', async () => {
    const group = `t${Date.now()}`;
    const t = await createTestApp({
      // A group of its own: offline members of a shared group still get their share of messages.
      env: { MQTT_URL: MOSQUITTO, MQTT_CLIENT_ID: group, MQTT_GROUP: group },
    });
    apps.push(t);
    const droneId = await makerADrone(t);
    await t.app.mqttReady; // consumers subscribed
    const mission = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 5 * 3600_000,
      seed: 32,
      rateHz: 1,
    });
    // Mosquitto authenticates devices itself (here: anonymous); the console trusts its broker.
    const client = await mqtt.connectAsync(MOSQUITTO, { clientId: `${group}-device` });
    await publishFlight(
      client,
      droneId,
      mission.sorties.flatMap((s) => s.points),
      100,
    );
    await client.endAsync();
    await expectTrueSorties(t, droneId, mission);
  });
});
