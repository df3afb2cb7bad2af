import { createServer, type Server } from 'node:net';
import { TELEMETRY_TOPIC } from '@agrifleet/domain';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from './embeddedBroker.ts';
import { refusedBySuback } from './externalConsumer.ts';
import { type FakeHandler, fakeHandler, type MemoryLogger, memoryLogger } from './testing.ts';

let broker: EmbeddedBroker;
let handler: FakeHandler;
let logger: MemoryLogger;
const clients: MqttClient[] = [];

beforeAll(async () => {
  handler = fakeHandler();
  logger = memoryLogger();
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', handler, logger });
});
afterAll(() => broker.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync()));
});

async function device(vid: string, secret: string, more: IClientOptions = {}) {
  const client = await connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    username: vid,
    password: secret,
    reconnectPeriod: 0,
    ...more,
  });
  clients.push(client);
  return client;
}

describe('embedded broker', () => {
  it('listens on the port it reports', () => {
    expect(broker.listening).toBe(true);
    expect(broker.port).toBeGreaterThan(0);
  });

  it('refuses a wrong password or a missing one with CONNACK "not authorized"', async () => {
    await expect(device('vid-a', 'wrong')).rejects.toMatchObject({ code: 5 });
    await expect(device('nobody', 'secret-a')).rejects.toMatchObject({ code: 5 });
    await expect(
      connectAsync(`mqtt://127.0.0.1:${broker.port}`, { reconnectPeriod: 0 }),
    ).rejects.toMatchObject({ code: 5 });
  });

  it('sends the QoS 1 PUBACK only after onMessage has resolved', async () => {
    const client = await device('vid-a', 'secret-a');
    handler.delays.set('slow', 300);
    await client.publishAsync(TELEMETRY_TOPIC('drone-a1'), 'slow', { qos: 1 });
    handler.events.push('acked:slow');
    const i = handler.events.indexOf('stored:slow');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(handler.events.indexOf('acked:slow')).toBeGreaterThan(i);
    expect(handler.received.at(-1)).toEqual({ droneId: 'drone-a1', payload: 'slow', accountId: 1 });
  });

  it('passes a connection’s messages to onMessage in the order sent, several waiting at once', async () => {
    const client = await device('vid-a', 'secret-a');
    const names = ['o1', 'o2', 'o3', 'o4', 'o5'];
    for (const [i, name] of names.entries()) handler.delays.set(name, 400 - i * 80); // later ones store faster
    const started = Date.now();
    await Promise.all(
      names.map((name) => client.publishAsync(TELEMETRY_TOPIC('drone-a2'), name, { qos: 1 })),
    );
    const order = handler.received.filter((r) => names.includes(r.payload)).map((r) => r.payload);
    expect(order).toEqual(names);
    // Not one after the other: that would take 400 + 320 + 240 + 160 + 80 ms.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('counts and logs a bad message, acknowledges it and keeps the connection', async () => {
    const client = await device('vid-a', 'secret-a');
    const before = broker.stats();
    const warnsBefore = logger.lines.filter((l) => l.level === 'warn').length;
    await client.publishAsync(TELEMETRY_TOPIC('drone-a1'), 'bad-1', { qos: 1 });
    // A flood of bad messages logs one line, not one a message.
    for (let i = 2; i <= 20; i++)
      await client.publishAsync(TELEMETRY_TOPIC('drone-a1'), `bad-${i}`, { qos: 1 });
    expect(client.connected).toBe(true);
    await client.publishAsync(TELEMETRY_TOPIC('drone-a1'), 'good-after-bad', { qos: 1 });
    expect(handler.events).toContain('stored:good-after-bad');

    const after = broker.stats();
    expect(after.rejected - before.rejected).toBe(20);
    expect(after.accepted - before.accepted).toBe(1);
    expect(after.lastRejectReason).toBe('invalid telemetry: bad-20');
    const warns = logger.lines.filter((l) => l.level === 'warn').slice(warnsBefore);
    expect(warns).toHaveLength(1);
    expect(warns[0]?.obj).toMatchObject({
      reason: 'invalid telemetry: bad-1',
      clientId: client.options.clientId,
    });
  });

  it("refuses another account's drone and other topics without calling onMessage", async () => {
    const client = await device('vid-a', 'secret-a');
    const received = handler.received.length;
    const before = broker.stats();
    await client.publishAsync(TELEMETRY_TOPIC('drone-b1'), 'not-mine', { qos: 1 });
    await client.publishAsync(TELEMETRY_TOPIC('no-such-drone'), 'unknown', { qos: 1 });
    await client.publishAsync('agrifleet/v1/drones/drone-a1/other', 'elsewhere', { qos: 1 });
    await client.publishAsync('agrifleet/v1/drones/bad.id/telemetry', 'bad-id', { qos: 1 });
    expect(handler.received.length).toBe(received);
    expect(broker.stats().rejected - before.rejected).toBe(4);
    expect(client.connected).toBe(true);
    await client.publishAsync(TELEMETRY_TOPIC('drone-a1'), 'mine', { qos: 1 });
    expect(handler.received.at(-1)).toMatchObject({ droneId: 'drone-a1', payload: 'mine' });
  });

  it('lets no one subscribe to telemetry, so it is never fanned out or retained', async () => {
    const watcher = await device('vid-b', 'secret-b');
    const heard: string[] = [];
    watcher.on('message', (topic) => heard.push(topic));
    // mqtt.js 5 turns a SUBACK failure (0x80) into a rejection.
    const refused = (filter: string, client = watcher) =>
      client.subscribeAsync(filter, { qos: 1 }).then(() => false, refusedBySuback);
    const filters = ['#', 'agrifleet/#', 'agrifleet/v1/drones/+/telemetry', TELEMETRY_TOPIC('drone-b1')];
    for (const filter of filters) expect(await refused(filter)).toBe(true);
    const publisher = await device('vid-b', 'secret-b');
    await publisher.publishAsync(TELEMETRY_TOPIC('drone-b1'), 'retained?', { qos: 1, retain: true });
    const late = await device('vid-b', 'secret-b');
    expect(await refused(TELEMETRY_TOPIC('drone-b1'), late)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    expect(watcher.connected && late.connected).toBe(true);
  });
});

describe('embedded broker: the command downlink', () => {
  const heard: string[] = [];
  const answers: { droneId: string; payload: string; accountId: number | null }[] = [];
  const subscribed: string[] = [];
  beforeAll(() => {
    broker.downlink.attach({
      async onAck(droneId, payload, accountId) {
        answers.push({ droneId, payload: payload.toString(), accountId });
      },
      onSubscribed: (droneId) => subscribed.push(droneId),
      onTelemetry: () => undefined,
      onLinkUp: () => undefined,
    });
  });

  it('publishes to a drone only while a connection is subscribed to its command topic', async () => {
    expect(await broker.downlink.publish('drone-a1', 'nobody listens')).toBe(false);
    const drone = await device('vid-a', 'secret-a');
    drone.on('message', (topic, payload, packet) => heard.push(`${topic} ${payload} qos${packet.qos}`));
    const [grant] = await drone.subscribeAsync('agrifleet/v1/drones/drone-a1/commands', { qos: 2 });
    expect(grant?.qos).toBeLessThan(128);
    expect(subscribed).toContain('drone-a1');
    expect(await broker.downlink.publish('drone-a1', '{"id":1}')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['agrifleet/v1/drones/drone-a1/commands {"id":1} qos1']); // at most QoS 1
    await drone.unsubscribeAsync('agrifleet/v1/drones/drone-a1/commands');
    expect(await broker.downlink.publish('drone-a1', '{"id":2}')).toBe(false);
  });

  it("refuses another account's drone, wildcards and the ack topic; a device's publish on a command topic reaches no one", async () => {
    const b = await device('vid-b', 'secret-b');
    const refused = (filter: string) =>
      b.subscribeAsync(filter, { qos: 1 }).then(() => false, refusedBySuback);
    for (const filter of [
      'agrifleet/v1/drones/drone-a1/commands',
      'agrifleet/v1/drones/+/commands',
      'agrifleet/v1/drones/drone-b1/commands/ack',
      'agrifleet/v1/drones/drone-b1/#',
    ])
      expect(await refused(filter), filter).toBe(true);
    const a = await device('vid-a', 'secret-a');
    const got: string[] = [];
    a.on('message', (_t, payload) => got.push(String(payload)));
    await a.subscribeAsync('agrifleet/v1/drones/drone-a1/commands', { qos: 1 });
    await b.publishAsync('agrifleet/v1/drones/drone-a1/commands', '{"id":99,"type":"unlock"}', { qos: 1 });
    const self = await device('vid-a', 'secret-a');
    await self.publishAsync('agrifleet/v1/drones/drone-a1/commands', '{"id":98,"type":"unlock"}', { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got).toEqual([]);
  });

  it("hands a drone's answers to the handler, and refuses answers for another account's drone", async () => {
    const a = await device('vid-a', 'secret-a');
    await a.publishAsync('agrifleet/v1/drones/drone-a1/commands/ack', '{"id":1,"state":"done"}', { qos: 1 });
    await a.publishAsync('agrifleet/v1/drones/drone-b1/commands/ack', '{"id":2,"state":"done"}', { qos: 1 });
    expect(answers).toEqual([{ droneId: 'drone-a1', payload: '{"id":1,"state":"done"}', accountId: 1 }]);
    expect(a.connected).toBe(true);
  });
});

describe('embedded broker on a port in use', () => {
  let occupier: Server;
  let port: number;
  beforeAll(async () => {
    occupier = createServer();
    await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
    const address = occupier.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => occupier.close(() => resolve())));

  it('does not throw: it says so once and reports listening false', async () => {
    const log = memoryLogger();
    const off = await startEmbeddedBroker({ port, host: '127.0.0.1', handler: fakeHandler(), logger: log });
    try {
      expect(off.listening).toBe(false);
      expect(off.port).toBe(port);
      expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
        `MQTT port ${port} is in use (another broker?); the embedded broker takes MQTT over WebSocket at /mqtt only: set MQTT_PORT, or MQTT_URL to consume from that broker`,
      ]);
    } finally {
      await off.close();
    }
  });
});
