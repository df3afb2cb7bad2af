import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttAuthRoutes } from './authHooks.routes.ts';
import { fakeHandler, KEYS } from './testing.ts';

let app: FastifyInstance;
const accesses: Record<string, unknown> = {};

beforeAll(async () => {
  const handler = fakeHandler();
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => {
    accesses[route.url] = route.config?.access;
  });
  await app.register(mqttAuthRoutes, {
    authenticate: handler.authenticate,
    accountOfVid: async (vid) => KEYS[vid]?.accountId ?? null,
    mayPublish: handler.mayPublish,
  });
  await app.ready();
});
afterAll(() => app.close());

async function post(url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, payload });
  return { status: res.statusCode, body: res.json() as unknown };
}

describe('MQTT broker hooks (EMQX HTTP format)', () => {
  it('declare public access (the broker calls them; firewall them to the broker)', () => {
    expect(accesses['/api/telemetry/mqtt/auth']).toBe('public');
    expect(accesses['/api/telemetry/mqtt/acl']).toBe('public');
  });

  it('authenticate a key: vid as username, secret as password', async () => {
    const auth = (payload: object) => post('/api/telemetry/mqtt/auth', payload);
    expect(await auth({ username: 'vid-a', password: 'secret-a', clientid: 'gs-1' })).toEqual({
      status: 200,
      body: { result: 'allow' },
    });
    for (const payload of [
      { username: 'vid-a', password: 'secret-b' },
      { username: 'vid-x', password: 'secret-a' },
      { username: '', password: '' },
    ]) {
      expect(await auth(payload)).toEqual({ status: 200, body: { result: 'deny' } });
    }
    expect((await auth({ username: 'vid-a' })).status).toBe(400);
  });

  it("allow publishing only to the telemetry of the account's drones", async () => {
    const acl = async (username: string, topic: string, action = 'publish') =>
      ((await post('/api/telemetry/mqtt/acl', { username, topic, action })).body as { result: string })
        .result;
    expect(await acl('vid-a', 'agrifleet/v1/drones/drone-a1/telemetry')).toBe('allow');
    expect(await acl('vid-b', 'agrifleet/v1/drones/drone-b1/telemetry')).toBe('allow');
    // another account's drone, an unknown drone, an unknown key
    expect(await acl('vid-a', 'agrifleet/v1/drones/drone-b1/telemetry')).toBe('deny');
    expect(await acl('vid-a', 'agrifleet/v1/drones/nope/telemetry')).toBe('deny');
    expect(await acl('vid-x', 'agrifleet/v1/drones/drone-a1/telemetry')).toBe('deny');
    // other topics, wildcards, subscribing
    expect(await acl('vid-a', 'agrifleet/v1/drones/drone-a1/other')).toBe('deny');
    expect(await acl('vid-a', 'agrifleet/v1/drones/+/telemetry')).toBe('deny');
    expect(await acl('vid-a', 'agrifleet/v1/drones/drone-a1/telemetry', 'subscribe')).toBe('deny');
    // commands: subscribe to the own drone's command topic, answer on its ack topic; nothing else
    const cmd = (d: string) => `agrifleet/v1/drones/${d}/commands`;
    expect(await acl('vid-a', cmd('drone-a1'), 'subscribe')).toBe('allow');
    expect(await acl('vid-a', `${cmd('drone-a1')}/ack`)).toBe('allow');
    expect(await acl('vid-a', cmd('drone-b1'), 'subscribe')).toBe('deny');
    expect(await acl('vid-a', `${cmd('drone-b1')}/ack`)).toBe('deny');
    expect(await acl('vid-a', cmd('drone-a1'))).toBe('deny'); // only the console publishes commands
    expect(await acl('vid-a', `${cmd('drone-a1')}/ack`, 'subscribe')).toBe('deny');
    expect(await acl('vid-a', 'agrifleet/v1/drones/+/commands', 'subscribe')).toBe('deny');
    expect(await acl('vid-a', 'agrifleet/v1/drones/#', 'subscribe')).toBe('deny');
  });
});
