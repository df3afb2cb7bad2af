/**
 * The external-broker path (MQTT_URL) against the machine's Mosquitto (CI has one on
 * 127.0.0.1:1883; elsewhere the test is skipped): a flight published by a device lands as sorties
 * with the true area. The consumer's persistent session is removed afterwards, or the broker would
 * queue every later message for it. (This test found the writer stall fixed in writer.ts start():
 * a drain meeting an idle writer left it never flushing again.)
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
const sessions: string[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const clientId of sessions.splice(0)) {
    const c = await mqtt.connectAsync(MOSQUITTO, { clientId, clean: true });
    await c.endAsync();
  }
});

describe('telemetry from an external broker', () => {
  it.skipIf(!mosquittoUp)(
    'external broker (MQTT_URL): the same flight through Mosquitto',
    { timeout: 90_000 },
    async () => {
      const group = `t${Date.now()}`;
      sessions.push(`agrifleet-ingest-${group}-0`, `agrifleet-commands-${group}`);
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
    },
  );
});
