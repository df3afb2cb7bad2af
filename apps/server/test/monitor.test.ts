/**
 * Monitor and flight history calls through the real app: telemetry sent by HTTP batch with a key,
 * then every drone/mointor/manage and drone history call per caller scope.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPicture } from '../src/sim/fleet/fieldPicture.ts';
import { httpSender } from '../src/sim/fleet/senders.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { createTestApp, fleetCallers, type TestApp } from './helper.ts';
import { multipart, PNG_1X1 } from './multipart.ts';

const M = '/api/drone/mointor/manage';
const D = '/api/drone/device/manage';
let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
let droneA: string; // maker-a's drone owned by operator-a
let droneB: string; // maker-b's drone
let sortieA: number;
let basicA: string;

const jiangsu = rectangleField({
  center: { lng: 120.26, lat: 33.77 },
  widthM: 80,
  lengthM: 200,
  angleDeg: 10,
});
const heilongjiang = rectangleField({
  center: { lng: 132.6, lat: 47.25 },
  widthM: 80,
  lengthM: 200,
  angleDeg: 70,
});

async function batch(basic: string, droneId: string, points: TelemetryPoint[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/telemetry/batch',
    headers: { authorization: `Basic ${basic}` },
    payload: { drones: [{ droneId, points }] },
  });
}

async function keyOf(headers: Record<string, string>, vid: string) {
  await t.app.inject({ method: 'PUT', url: '/api/user/account/secretKey', payload: { vid }, headers });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers })).body;
  const secret = /secret=(.+)/.exec(text)?.[1] as string;
  return Buffer.from(`${vid}:${secret}`).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  const { makerA, operatorA: opA } = callers.ids;
  droneA = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', makerA)
      .where('yy_account_id', '=', opA)
      .executeTakeFirstOrThrow()
  ).drone_id;
  droneB = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', callers.ids.makerB)
      .where('yy_account_id', '!=', opA)
      .where((eb) => eb.not(eb.between('region_code', 156320000, 156329999)))
      .executeTakeFirstOrThrow()
  ).drone_id;
  basicA = await keyOf(auth.makerA as Record<string, string>, 'maker-a-gw');
  const basicB = await keyOf(auth.makerB as Record<string, string>, 'maker-b-gw');
  const start = Date.now() - 3 * 3600_000;
  const a = runMission(DEFAULT_DRONE, jiangsu, { startTime: start, seed: 21, rateHz: 1 });
  const b = runMission(DEFAULT_DRONE, heilongjiang, { startTime: start, seed: 22, rateHz: 1 });
  const pointsA = a.sorties.flatMap((s) => s.points);
  const pointsB = b.sorties.flatMap((s) => s.points);
  for (let i = 0; i < pointsA.length; i += 500)
    expect((await batch(basicA, droneA, pointsA.slice(i, i + 500))).statusCode).toBe(200);
  for (let i = 0; i < pointsB.length; i += 500)
    expect((await batch(basicB, droneB, pointsB.slice(i, i + 500))).statusCode).toBe(200);
  // The last minute of flying, "now", so both drones are online.
  const shift = (p: TelemetryPoint, k: number) => ({ ...p, recordTime: Date.now() - 5000 + k, height: 3 });
  await batch(basicA, droneA, [shift(pointsA[100] as TelemetryPoint, 0)]);
  await batch(basicB, droneB, [shift(pointsB[100] as TelemetryPoint, 0)]);
  for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
  sortieA = (
    await t.db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('drone_id', '=', droneA)
      .executeTakeFirstOrThrow()
  ).sortie_id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, role?: string) =>
  t.app.inject({ method: 'GET', url, headers: role ? auth[role] : {} });
const post = (url: string, payload: object, role?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: role ? auth[role] : {} });

const calls = () => [
  `${M}/alerts?since=0`,
  `${M}/detail`,
  `${M}/filters`,
  `${M}/noflyZones`,
  `${M}/onlineDrones?queryType=1&minLng=70&maxLng=140&minLat=15&maxLat=55`,
  `${M}/offlineDrones`,
  `${M}/drone/${droneA}`,
  `${M}/getTrackByDroneId?droneId=${droneA}`,
  `${M}/getHistoryFlyList?droneId=${droneA}`,
  `${M}/getSimulateFlyList?droneId=${droneA}`,
  `${M}/getSortieDetail?droneId=${droneA}&sortieId=${sortieA}`,
  `${D}/history/stat/${droneA}`,
  `${D}/history/battery?sortieId=${sortieA}`,
  `${D}/log/${droneA}`,
  `${D}/pictures/${droneA}`,
  `${D}/anomalies?droneId=${droneA}`,
];

/** A drone standing on the ground, now. */
const groundPoint = (over: Partial<TelemetryPoint> = {}): TelemetryPoint => ({
  recordTime: Date.now(),
  lng: 120,
  lat: 33,
  height: 0,
  speed: 0,
  heading: 0,
  battery: 90,
  flow: 0,
  pump: false,
  swath: 5,
  tank: 10,
  mode: 'manual',
  ...over,
});

describe('telemetry batch over HTTP', () => {
  it('refuses a malformed batch with the place of the first problem', async () => {
    const bad = groundPoint({ battery: 101 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basicA}`, 'accept-language': 'en' },
      payload: { drones: [{ droneId: droneA, points: [bad] }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid value for drones.0.points.0.battery: out of range 0..100');
  });

  it('refuses a missing or wrong key and reports drones of other accounts per drone', async () => {
    const p = [groundPoint()];
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/telemetry/batch',
          payload: { drones: [{ droneId: droneA, points: p }] },
        })
      ).statusCode,
    ).toBe(401);
    expect((await batch(Buffer.from('maker-a-gw:wrong').toString('base64'), droneA, p)).statusCode).toBe(401);
    const res = await batch(basicA, droneB, p);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.drones[0]).toMatchObject({
      droneId: droneB,
      accepted: 0,
      error: expect.stringMatching(/not the key account/),
    });
  });
});

describe('working pictures', () => {
  const form = (droneId: string) =>
    multipart([
      { name: 'droneId', data: droneId },
      { name: 'recordTime', data: String(Date.now() - 60_000) },
      { name: 'lng', data: '120.26' },
      { name: 'lat', data: '33.77' },
      { name: 'file', filename: 'field.png', type: 'image/png', data: PNG_1X1 },
    ]);
  const upload = (droneId: string, basic?: string) => {
    const body = form(droneId);
    return t.app.inject({
      method: 'POST',
      url: '/api/telemetry/picture',
      payload: body.payload,
      headers: { ...body.headers, ...(basic ? { authorization: `Basic ${basic}` } : {}) },
    });
  };

  it("are uploaded with the drone's key and listed in its history, to no one else", async () => {
    expect((await upload(droneA)).statusCode).toBe(401);
    expect((await upload(droneB, basicA)).statusCode).toBe(403);
    const res = await upload(droneA, basicA);
    expect(res.statusCode).toBe(200);
    const list = (await get(`${D}/pictures/${droneA}`, 'makerA')).json().data;
    expect(list.records[0]).toMatchObject({ url: res.json().data.url, lng: 120.26 });
    expect((await t.app.inject({ method: 'GET', url: res.json().data.url })).statusCode).toBe(200);
    expect((await get(`${D}/pictures/${droneA}`, 'makerB')).statusCode).toBe(404);
  });

  it("are sent by the simulator's HTTP sender as a drone's ground station would", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const [vid, secret] = Buffer.from(basicA, 'base64').toString().split(':') as [string, string];
    const sender = httpSender(`http://127.0.0.1:${port}`, { vid, secret });
    const at = { recordTime: Date.now() - 5000, lng: 120.3, lat: 33.8 } as TelemetryPoint;
    await sender.picture?.(droneA, at, fieldPicture(`${droneA}/${at.recordTime}`));
    const list = (await get(`${D}/pictures/${droneA}`, 'makerA')).json().data;
    expect(
      list.records.some((p: { time: number; lng: number }) => p.time === at.recordTime && p.lng === 120.3),
    ).toBe(true);
  });
});

describe('monitor and history calls', () => {
  it('need a token', async () => {
    for (const url of calls()) expect((await get(url)).statusCode, url).toBe(401);
    expect((await post(`${M}/tracks`, { sortieIds: [sortieA] })).statusCode).toBe(401);
  });

  it('are refused to a role without the monitor (lease manager)', async () => {
    for (const url of calls()) expect((await get(url, 'leaseManager')).statusCode, url).toBe(403);
    expect((await post(`${M}/tracks`, { sortieIds: [sortieA] }, 'leaseManager')).statusCode).toBe(403);
  });

  it("show the manufacturer its own drone's flights", async () => {
    for (const url of calls()) expect((await get(url, 'makerA')).statusCode, url).toBe(200);
    const online = (await get(calls()[4] as string, 'makerA')).json().data;
    expect(online.droneId).toEqual([droneA]);
    const list = (await get(`${M}/getHistoryFlyList?droneId=${droneA}`, 'makerA')).json().data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.records[0]).toMatchObject({ droneId: droneA, sortieId: expect.any(Number) });
    const detail = (await get(`${M}/getSortieDetail?droneId=${droneA}&sortieId=${sortieA}`, 'makerA')).json()
      .data;
    expect(detail.points.length).toBeGreaterThan(100);
    expect(detail.points[0]).toHaveProperty('xspeed');
    const tracks = (await post(`${M}/tracks`, { sortieIds: [sortieA] }, 'makerA')).json().data;
    expect(tracks).toHaveLength(1);
    const stat = (await get(`${D}/history/stat/${droneA}`, 'makerA')).json().data;
    expect(stat.flightCount).toBe(list.total);
    expect(stat.quantityPerArea).toBeCloseTo(stat.sprayQuantity / stat.sprayArea, 6);
    const filters = (await get(`${M}/filters`, 'makerA')).json().data;
    expect(filters.manufacturers.map((m: { name: string }) => m.name)).toEqual(['极翼植保无人机有限公司']);
    expect(filters.models.length).toBeGreaterThan(0);
    const zones = (await get(`${M}/noflyZones`, 'makerA')).json().data;
    expect(zones.length).toBeGreaterThan(0);
    const circle = zones.find((z: { shape: string }) => z.shape === 'circle');
    expect(circle.geometry.coordinates[0]).toHaveLength(65);
    expect((await get(`${M}/noflyZone/${circle.noflyId}`, 'makerA')).json().data.name).toBe(circle.name);
    const log = (await get(`${D}/log/${droneA}`, 'makerA')).json().data;
    expect(log.records.map((r: { type: string }) => r.type)).toContain('landing');
  });

  it("raise a drone's anomaly as an alert to its manufacturer and no one else's", async () => {
    const { createAnomaliesRepo } = await import('../src/modules/anomalies/anomalies.repo.ts');
    await createAnomaliesRepo(t.db).insert([
      {
        droneId: droneA,
        oddType: 1,
        time: Date.now() - 1000,
        lng: 120.26,
        lat: 33.77,
        detail: { zoneName: 'test' },
        region: { country: 156000000, province: 156320000, city: 156320900, county: null },
      },
    ]);
    const since = Date.now() - 60_000;
    const mine = (await get(`${M}/alerts?since=${since}`, 'makerA')).json().data;
    expect(mine.map((a: { droneId: string; oddType: number }) => [a.droneId, a.oddType])).toContainEqual([
      droneA,
      1,
    ]);
    expect((await get(`${M}/alerts?since=${since}`, 'makerB')).json().data).toEqual([]);
    expect((await get(`${M}/alerts?since=${since}`, 'government')).json().data.length).toBe(mine.length);
  });

  it("never show a manufacturer another manufacturer's drone", async () => {
    const online = (await get(calls()[4] as string, 'makerB')).json().data;
    expect(online.droneId).toEqual([droneB]);
    expect((await get(`${M}/offlineDrones`, 'makerB')).json().data.droneId.includes(droneA)).toBe(false);
    for (const url of calls().slice(6)) expect((await get(url, 'makerB')).statusCode, url).toBe(404);
    expect((await post(`${M}/tracks`, { sortieIds: [sortieA] }, 'makerB')).json().data).toEqual([]);
    const detail = (await get(`${M}/detail`, 'makerB')).json().data.statInfo;
    const mine = await t.db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('drone_id', '=', droneB)
      .execute();
    expect(detail.flySeqTotalNum).toBe(mine.length);
  });

  it('show a government the drones and sorties in its region only (Jiangsu, not Heilongjiang)', async () => {
    const online = (await get(calls()[4] as string, 'government')).json().data;
    expect(online.droneId).toEqual([droneA]);
    // Neither registered in Jiangsu nor ever flown there: the drone does not exist for it.
    expect((await get(`${M}/getHistoryFlyList?droneId=${droneB}`, 'government')).statusCode).toBe(404);
    expect((await get(`${D}/history/stat/${droneB}`, 'government')).statusCode).toBe(404);
    expect(
      (await get(`${M}/getHistoryFlyList?droneId=${droneA}`, 'government')).json().data.total,
    ).toBeGreaterThan(0);
    expect((await get(`${M}/drone/${droneB}`, 'government')).statusCode).toBe(404);
    const detail = (await get(`${M}/detail`, 'government')).json().data.statInfo;
    const js = await t.db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('province_code', '=', 156320000)
      .execute();
    expect(detail.flySeqTotalNum).toBe(js.length);
  });

  it('show the platform everything, and the operator its own drone', async () => {
    const online = (await get(calls()[4] as string, 'platform')).json().data;
    expect(online.droneId.sort()).toEqual([droneA, droneB].sort());
    const op = (await get(calls()[4] as string, 'operatorA')).json().data;
    expect(op.droneId).toEqual([droneA]);
    expect((await get(`${M}/drone/${droneB}`, 'operatorA')).statusCode).toBe(404);
  });
});

describe('monitor socket', () => {
  async function firstPush(role: string) {
    const token = (auth[role] as Record<string, string>).authorization?.slice(7);
    const ws = await t.app.injectWS(`${M}/socket?access_token=${token}`);
    const got = new Promise<{ drones: { droneId: string[] }; online: number }>((resolve) =>
      ws.once('message', (m) => resolve(JSON.parse(String(m)))),
    );
    ws.send(
      JSON.stringify({
        type: 'subscribe',
        query: { minLng: 70, maxLng: 140, minLat: 15, maxLat: 55 },
        offline: false,
      }),
    );
    const push = await got;
    ws.terminate();
    return push;
  }

  it("pushes the caller's drones in view, and refuses a socket without a token", async () => {
    expect((await firstPush('makerA')).drones.droneId).toEqual([droneA]);
    expect((await firstPush('makerB')).drones.droneId).toEqual([droneB]);
    expect((await firstPush('platform')).online).toBe(2);
    await expect(t.app.injectWS(`${M}/socket`)).rejects.toThrow();
  });
});
