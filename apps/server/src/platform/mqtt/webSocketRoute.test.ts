import { createServer } from 'node:net';
import { TELEMETRY_TOPIC } from '@agrifleet/domain';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type EmbeddedBroker, startEmbeddedBroker } from './embeddedBroker.ts';
import { fakeHandler, memoryLogger } from './testing.ts';
import { registerMqttOverWebSocket } from './webSocketRoute.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWith(broker: EmbeddedBroker): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: { url: string; access: unknown }[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({ url: route.url, access: route.config?.access });
  });
  await app.register(websocket);
  registerMqttOverWebSocket(app, broker);
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  expect(routes).toContainEqual({ url: '/mqtt', access: 'public' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `ws://127.0.0.1:${port}/mqtt` };
}

describe('MQTT over WebSocket', () => {
  it('carries MQTT through the Fastify app: authentication, acknowledged QoS 1 publish', async () => {
    const handler = fakeHandler();
    const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', handler, logger: memoryLogger() });
    cleanups.push(() => broker.close());
    const { url } = await appWith(broker);

    await expect(
      connectAsync(url, { username: 'vid-a', password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toMatchObject({ code: 5 });

    const client = await connectAsync(url, { username: 'vid-a', password: 'secret-a', reconnectPeriod: 0 });
    cleanups.push(() => client.endAsync());
    handler.delays.set('over-ws', 100);
    await client.publishAsync(TELEMETRY_TOPIC('drone-a1'), 'over-ws', { qos: 1 });
    handler.events.push('acked:over-ws');
    expect(handler.events).toEqual(['stored:over-ws', 'acked:over-ws']);
    expect(handler.received).toEqual([{ droneId: 'drone-a1', payload: 'over-ws', accountId: 1 }]);
    expect(broker.stats()).toMatchObject({ accepted: 1, rejected: 0 });
  });

  it("answers the 'mqtt' subprotocol", async () => {
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      handler: fakeHandler(),
      logger: memoryLogger(),
    });
    cleanups.push(() => broker.close());
    const { url } = await appWith(broker);
    const socket = new WebSocket(url, ['mqtt']);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect(socket.protocol).toBe('mqtt');
    socket.close();
  });

  it('still works when the TCP port was taken', async () => {
    const occupier = createServer();
    await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => occupier.close(resolve)));
    const address = occupier.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const handler = fakeHandler();
    const broker = await startEmbeddedBroker({ port, host: '127.0.0.1', handler, logger: memoryLogger() });
    cleanups.push(() => broker.close());
    expect(broker.listening).toBe(false);
    const { url } = await appWith(broker);
    const client = await connectAsync(url, { username: 'vid-b', password: 'secret-b', reconnectPeriod: 0 });
    cleanups.push(() => client.endAsync());
    await client.publishAsync(TELEMETRY_TOPIC('drone-b1'), 'fallback', { qos: 1 });
    expect(handler.received).toEqual([{ droneId: 'drone-b1', payload: 'fallback', accountId: 2 }]);
  });
});
