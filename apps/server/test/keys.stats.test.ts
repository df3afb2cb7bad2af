/**
 * GET /api/user/account/secretKey/stats: what the key's telemetry became. Refused MQTT messages
 * (bad JSON, over 5,000 points, another account's drone) are acknowledged by the embedded broker,
 * so this is where the device owner learns why data is missing; HTTP refusals and dropped points
 * are counted too. 401 without a session, 403 for a role without the key screen, and each account
 * sees only its own key's figures.
 */
import { TELEMETRY_TOPIC, type TelemetryPoint } from '@agrifleet/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, runMission } from '../src/sim/flight/index.ts';
import { freePort } from './freePort.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { field, keyFor } from './telemetryKit.ts';

let t: TestApp;
let client: mqtt.MqttClient;
let authorization: string;
let own: string;
let foreign: string;

const droneOf = async (maker: string) =>
  (
    await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('a.account_name', '=', maker)
      .where('d.yy_account_id', '=', (eb) => eb.ref('d.zz_account_id'))
      .orderBy('d.drone_id')
      .executeTakeFirstOrThrow()
  ).drone_id;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { MQTT_PORT: String(port) } });
  const key = await keyFor(t, 'stats-key');
  authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: key.vid, password: key.secret });
  own = await droneOf('极翼植保无人机有限公司');
  foreign = await droneOf('云禾航空科技有限公司');
});
afterAll(async () => {
  await client?.endAsync();
  await t?.close();
});

const stats = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/account/secretKey/stats', headers });

const points = (n: number): TelemetryPoint[] =>
  (
    runMission(DEFAULT_DRONE, field, { startTime: Date.now() - 3600_000, seed: 3, rateHz: 1 }).sorties[0]
      ?.points ?? []
  ).slice(0, n);

describe('telemetry key statistics', () => {
  it('needs a session', async () => {
    expect((await stats({})).statusCode).toBe(401);
  });

  it('is refused to staff and lease managers', async () => {
    for (const phone of ['13800000009', '13800000008']) {
      const { auth } = await signInWith(t, phone);
      expect((await stats(auth)).statusCode, phone).toBe(403);
    }
  });

  it('counts refused MQTT messages and HTTP entries, and dropped points, with their reasons', async () => {
    const publish = (droneId: string, payload: string) =>
      client.publishAsync(TELEMETRY_TOPIC(droneId), payload, { qos: 1 });
    await publish(own, '{"recordTime":');
    const many = points(1);
    const big = Array.from({ length: 5001 }, (_, i) => ({
      ...many[0],
      recordTime: (many[0]?.recordTime ?? 0) + i,
    }));
    await publish(own, JSON.stringify({ points: big }));
    await publish(foreign, JSON.stringify({ points: points(3) }));
    const good = points(10);
    const future = { ...(good[9] as TelemetryPoint), recordTime: Date.UTC(2100, 0, 1) };
    await publish(own, JSON.stringify({ points: [...good, future] }));
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization },
      payload: { drones: [{ droneId: foreign, points: points(4) }] },
    });
    expect(batch.json().data.drones[0].error).toBeTruthy();

    const { auth } = await signInWith(t, '13800000003');
    const res = await stats(auth);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.messages).toEqual({ accepted: 1, refused: 4 });
    expect(s.points).toMatchObject({ accepted: 10, outOfTime: 1, refused: 4 });
    const reasons = s.lastProblems.map(
      (p: { transport: string; reason: string }) => `${p.transport}: ${p.reason}`,
    );
    expect(reasons).toEqual([
      expect.stringMatching(/^http: .*not the key account's/),
      'mqtt: outOfTime 1',
      expect.stringMatching(/^mqtt: drone .* is not the account's/),
      expect.stringMatching(/^mqtt: invalid telemetry: .*5000/),
      'mqtt: payload is not JSON',
    ]);
  });

  it("shows another account only its own key's figures", async () => {
    const { auth } = await signInWith(t, '13800000004');
    const s = (await stats(auth)).json().data;
    expect(s.messages).toEqual({ accepted: 0, refused: 0 });
    expect(s.lastProblems).toEqual([]);
  });
});
