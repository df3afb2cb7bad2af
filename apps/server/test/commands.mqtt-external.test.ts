/**
 * Commands through an external broker (MQTT_URL) against the machine's Mosquitto (skipped when
 * none answers on 127.0.0.1:1883): the console's command link publishes a command a device gets on
 * its command topic, and the device's answer on the ack topic moves the state. A command published
 * while the device was not subscribed (Mosquitto drops it) is sent again when the drone's telemetry
 * shows it is back. Mosquitto authenticates devices itself here (anonymous); the EMQX ACL hook's
 * rules are tested in platform/mqtt/authHooks.routes.test.ts. Persistent sessions are removed after.
 */
import { TELEMETRY_TOPIC } from '@agrifleet/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandState, connectDevice, type Device, dronesOf, MAKER_A, until } from './commands.kit.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { MOSQUITTO, mosquittoUp } from './telemetryKit.ts';

const group = `c${Date.now()}`;
let t: TestApp | undefined;
const devices: Device[] = [];

beforeAll(async () => {
  if (!mosquittoUp) return;
  t = await createTestApp({ env: { MQTT_URL: MOSQUITTO, MQTT_CLIENT_ID: group, MQTT_GROUP: group } });
  await t.app.mqttReady; // telemetry consumer and command link subscribed
});
afterAll(async () => {
  for (const d of devices) await d.end();
  await t?.close();
  if (!mosquittoUp) return;
  for (const clientId of [`agrifleet-ingest-${group}-0`, `agrifleet-commands-${group}`]) {
    const c = await mqtt.connectAsync(MOSQUITTO, { clientId, clean: true });
    await c.endAsync();
  }
});

describe('commands through an external broker', () => {
  it.skipIf(!mosquittoUp)(
    'reach a subscribed device; its answer moves the state',
    { timeout: 30_000 },
    async () => {
      const app = t as TestApp;
      const [droneId] = (await dronesOf(app, MAKER_A)) as [string];
      const d = await connectDevice(MOSQUITTO, null, { clientId: `${group}-d1` });
      devices.push(d);
      expect(await d.subscribe(droneId)).toBe(true);
      const c = await app.app.commands.send({ droneId, type: 'lock' });
      await until(() => d.received.find((m) => m.id === c.id));
      await d.ack(droneId, { id: c.id, state: 'done' });
      await until(async () => (await commandState(app, c.id)) === 'done');
    },
  );

  it.skipIf(!mosquittoUp)(
    'a command published while the device was away is sent again when its telemetry arrives',
    { timeout: 30_000 },
    async () => {
      const app = t as TestApp;
      const [, droneId] = (await dronesOf(app, MAKER_A, 2)) as [string, string];
      const c = await app.app.commands.send({ droneId, type: 'unlock' });
      // Published to the broker with no one subscribed: Mosquitto drops it; it stays unanswered.
      await until(async () => (await commandState(app, c.id)) === 'sent');
      const d = await connectDevice(MOSQUITTO, null, { clientId: `${group}-d2` });
      devices.push(d);
      await d.subscribe(droneId);
      const point = {
        recordTime: Date.now(),
        lng: 120.3,
        lat: 33.7,
        height: 0,
        speed: 0,
        heading: 0,
        battery: 90,
        flow: 0,
        pump: false,
        swath: 5,
        tank: 10,
        mode: 'manual',
      };
      await d.client.publishAsync(TELEMETRY_TOPIC(droneId), JSON.stringify(point), { qos: 1 });
      await until(() => d.received.find((m) => m.id === c.id));
      await d.ack(droneId, { id: c.id, state: 'acknowledged' });
      await until(async () => (await commandState(app, c.id)) === 'acknowledged');
      expect((await app.app.commands.list(droneId, 1))[0]?.attempts).toBe(2);
    },
  );
});
