/**
 * Against a real broker: MQTT_TEST_URL, or the machine's Mosquitto on 127.0.0.1:1883 when that
 * port accepts a connection (skipped otherwise). Each run uses its own client ids, shared-subscription
 * group and drone ids, and removes its broker sessions at the end.
 */
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { TELEMETRY_TOPIC } from '@agrifleet/domain';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectExternalBroker, type ExternalConsumer } from './externalConsumer.ts';
import { memoryLogger } from './testing.ts';
import type { TelemetryHandler } from './types.ts';

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port, timeout: 500 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

const url = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const available = process.env.MQTT_TEST_URL ? true : await accepts('127.0.0.1', 1883);

const run = randomBytes(4).toString('hex');
const consumerIds: string[] = [];

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Each test has its own shared-subscription group: a closed consumer's session stays a member of
 * its group, and Mosquitto keeps handing such an offline member its share of the messages.
 */
function consumer(
  onMessage: TelemetryHandler['onMessage'],
  clientId: string,
  group: string,
): ExternalConsumer {
  if (!consumerIds.includes(clientId)) consumerIds.push(clientId);
  return connectExternalBroker({ url, clientId, group, handler: { onMessage }, logger: memoryLogger() });
}

describe.skipIf(!available)(`external broker consumer (${url})`, () => {
  let publisher: MqttClient;
  beforeAll(async () => {
    publisher = await connectAsync(url, { clientId: `agrifleet-test-pub-${run}`, reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    // Remove the persistent sessions this run left on the broker.
    for (const clientId of consumerIds) {
      const cleaner = await connectAsync(url, { clientId, clean: true, reconnectPeriod: 0 });
      await cleaner.endAsync();
    }
  });

  it('takes QoS 1 telemetry from a shared subscription; a rejected message does not stop the next', async () => {
    const received: { droneId: string; payload: string; accountId: number | null }[] = [];
    const sub = consumer(
      async (droneId, payload, accountId) => {
        received.push({ droneId, payload: payload.toString(), accountId });
        if (payload.toString() === 'bad') throw new Error('invalid telemetry');
      },
      `agrifleet-test-a-${run}`,
      `agrifleet-test-a-${run}`,
    );
    try {
      expect(await sub.ready).toBe(`$share/agrifleet-test-a-${run}/agrifleet/v1/drones/+/telemetry`);
      const topic = TELEMETRY_TOPIC(`t-${run}-1`);
      await publisher.publishAsync(topic, 'bad', { qos: 1 });
      await publisher.publishAsync(topic, 'good', { qos: 1 });
      await until(() => received.length === 2);
      expect(received).toEqual([
        { droneId: `t-${run}-1`, payload: 'bad', accountId: null },
        { droneId: `t-${run}-1`, payload: 'good', accountId: null },
      ]);
      expect(sub.stats()).toMatchObject({
        accepted: 1,
        rejected: 1,
        lastRejectReason: 'invalid telemetry',
        connected: true,
      });
    } finally {
      await sub.close();
    }
  });

  it('does not acknowledge a message whose storage never finished: the broker sends it again', async () => {
    const clientId = `agrifleet-test-b-${run}`;
    const group = clientId;
    const topic = TELEMETRY_TOPIC(`t-${run}-2`);
    const first: string[] = [];
    const stuck = consumer(
      async (_droneId, payload) => {
        first.push(payload.toString());
        await new Promise(() => undefined); // storage that never completes
      },
      clientId,
      group,
    );
    await stuck.ready;
    await publisher.publishAsync(topic, 'held', { qos: 1 });
    await until(() => first.length === 1);
    await stuck.close();

    const second: string[] = [];
    const again = consumer(
      async (_droneId, payload) => {
        second.push(payload.toString());
      },
      clientId,
      group,
    );
    try {
      await until(() => second.includes('held'));
      expect(again.stats().accepted).toBeGreaterThanOrEqual(1);
    } finally {
      await again.close();
    }
  });
});
