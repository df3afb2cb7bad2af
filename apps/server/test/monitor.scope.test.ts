/**
 * Issue 9 finding 12: every per-drone call applies the history's scope. A drone registered outside
 * Jiangsu flies one sortie in Heilongjiang and one in Jiangsu today (telemetry over the HTTP batch,
 * pictures over the upload, through buildApp); the Jiangsu government sees the drone (it flew
 * there) but only what happened in Jiangsu: sorties, today's figures, log, pictures, anomalies,
 * battery, tracks.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnomaliesRepo } from '../src/modules/anomalies/anomalies.repo.ts';
import { todayStartIn } from '../src/modules/stats/calendar.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { createTestApp, fleetCallers, type TestApp } from './helper.ts';
import { multipart, PNG_1X1 } from './multipart.ts';

/**
 * The statistics' time zone for this file: one whose day began at least two hours ago, so the two
 * sorties flown 40 and 20 minutes ago are in its "today" whatever the hour of the run.
 */
const STAT_ZONE = {
  name: ((h: number) => (h >= 2 && h < 22 ? 'UTC' : 'Asia/Shanghai'))(new Date().getUTCHours()),
};

const M = '/api/drone/mointor/manage';
const D = '/api/drone/device/manage';
const JIANGSU = 156320000;
let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
let drone: string;
let basic: string;
const sortie = { js: 0, hl: 0 };
const flown = { js: { start: 0, end: 0 }, hl: { start: 0, end: 0 } };

const field = (lng: number, lat: number) =>
  rectangleField({ center: { lng, lat }, widthM: 80, lengthM: 200, angleDeg: 10 });

const get = (url: string, role: string) => t.app.inject({ method: 'GET', url, headers: auth[role] });

async function batch(points: TelemetryPoint[]) {
  for (let i = 0; i < points.length; i += 500) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId: drone, points: points.slice(i, i + 500) }] },
    });
    expect(res.statusCode).toBe(200);
  }
}

async function picture(recordTime: number, lng: number, lat: number) {
  const body = multipart([
    { name: 'droneId', data: drone },
    { name: 'recordTime', data: String(recordTime) },
    { name: 'lng', data: String(lng) },
    { name: 'lat', data: String(lat) },
    { name: 'file', filename: 'field.png', type: 'image/png', data: PNG_1X1 },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/telemetry/picture',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Basic ${basic}` },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ env: { STAT_TIMEZONE: STAT_ZONE.name } });
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  // Maker A's drone registered outside Jiangsu: the government sees it only because it flew there.
  drone = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', callers.ids.makerA)
      .where((eb) => eb.not(eb.between('region_code', JIANGSU, JIANGSU + 9999)))
      .orderBy('drone_id')
      .executeTakeFirstOrThrow()
  ).drone_id;
  const headers = auth.makerA as Record<string, string>;
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/account/secretKey',
    payload: { vid: 'a-gw' },
    headers,
  });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers })).body;
  basic = Buffer.from(`a-gw:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');

  // Both sorties today: the statistics' zone is one whose day began at least two hours ago.
  const now = Date.now();
  const fly = (lng: number, lat: number, startTime: number, seed: number) =>
    (runMission(DEFAULT_DRONE, field(lng, lat), { startTime, seed, rateHz: 1 }).sorties[0]?.points ??
      []) as TelemetryPoint[];
  const hl = fly(132.6, 47.25, now - 40 * 60_000, 31);
  const js = fly(120.26, 33.77, now - 20 * 60_000, 32);
  await batch(hl);
  await batch(js);
  // Standing on the ground in Jiangsu now: the drone is on the Jiangsu map, and its sorties close.
  const last = js.at(-1) as TelemetryPoint;
  await batch([{ ...last, recordTime: Date.now() - 1000, height: 0, speed: 0, pump: false }]);
  for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
  const rows = await t.db
    .selectFrom('sorties')
    .select(['sortie_id', 'province_code', 'start_time', 'end_time'])
    .where('drone_id', '=', drone)
    .execute();
  for (const r of rows) {
    const k = r.province_code === JIANGSU ? 'js' : 'hl';
    sortie[k] = r.sortie_id;
    flown[k] = { start: r.start_time.getTime(), end: r.end_time.getTime() };
  }
  expect(sortie.js && sortie.hl).toBeTruthy();
  const mid = (k: 'js' | 'hl') => Math.round((flown[k].start + flown[k].end) / 2);
  await picture(mid('hl'), 132.6, 47.25);
  await picture(mid('js'), 120.26, 33.77);
  await createAnomaliesRepo(t.db).insert([
    {
      droneId: drone,
      oddType: 2,
      time: mid('hl'),
      lng: 132.6,
      lat: 47.25,
      sortieId: sortie.hl,
      region: { country: 156000000, province: 156230000, city: null, county: null },
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('a government caller and a drone that flew in its region and in another', () => {
  it('sees the drone and only its sorties in the region', async () => {
    const list = (await get(`${M}/getHistoryFlyList?droneId=${drone}`, 'government')).json().data;
    expect(list.records.map((r: { sortieId: number }) => r.sortieId)).toEqual([sortie.js]);
    expect((await get(`${M}/getHistoryFlyList?droneId=${drone}`, 'makerA')).json().data.total).toBe(2);
  });

  it("gets today's figures of the monitor's drone call as the history counts them", async () => {
    const today = new Date(todayStartIn(Date.now(), STAT_ZONE.name));
    const history = (
      await get(`${D}/history/stat/${drone}?startTime=${today.getTime()}`, 'government')
    ).json().data;
    const panel = (await get(`${M}/drone/${drone}`, 'government')).json().data;
    expect(history.flightCount).toBe(1);
    expect(panel.today.flightCount).toBe(history.flightCount);
    expect(panel.today.sprayArea).toBeCloseTo(history.sprayArea, 6);
    expect(panel.today.sprayQuantity).toBeCloseTo(history.sprayQuantity, 6);
    // The owner sees both.
    expect((await get(`${M}/drone/${drone}`, 'makerA')).json().data.today.flightCount).toBe(2);
  });

  it('gets only the pictures taken in its region', async () => {
    const pics = (await get(`${D}/pictures/${drone}`, 'government')).json().data;
    expect(pics.total).toBe(1);
    expect(pics.records[0]).toMatchObject({ lng: 120.26, lat: 33.77 });
    expect((await get(`${D}/pictures/${drone}`, 'makerA')).json().data.total).toBe(2);
  });

  it('gets only the log events of its sorties', async () => {
    const own = (await get(`${D}/log/${drone}?size=200`, 'makerA')).json().data.records;
    const gov = (await get(`${D}/log/${drone}?size=200`, 'government')).json().data.records;
    const inHl = (r: { time: number }) => r.time >= flown.hl.start && r.time <= flown.hl.end;
    expect(own.some(inHl)).toBe(true);
    expect(gov.some(inHl)).toBe(false);
    expect(gov.map((r: { type: string }) => r.type)).toEqual(expect.arrayContaining(['takeoff', 'landing']));
    for (const r of gov) expect(r.time >= flown.js.start && r.time <= flown.js.end).toBe(true);
  });

  it("gets no anomaly, battery, track or sortie of the other province's sortie", async () => {
    const anomalies = (await get(`${D}/anomalies?droneId=${drone}`, 'government')).json().data;
    expect(anomalies.total).toBe(0);
    expect((await get(`${D}/anomalies?droneId=${drone}`, 'makerA')).json().data.total).toBe(1);
    expect((await get(`${D}/history/battery?sortieId=${sortie.hl}`, 'government')).statusCode).toBe(404);
    expect((await get(`${D}/history/battery?sortieId=${sortie.js}`, 'government')).statusCode).toBe(200);
    expect(
      (await get(`${M}/getSortieDetail?droneId=${drone}&sortieId=${sortie.hl}`, 'government')).statusCode,
    ).toBe(404);
    const tracks = await t.app.inject({
      method: 'POST',
      url: `${M}/tracks`,
      headers: auth.government,
      payload: { sortieIds: [sortie.hl, sortie.js] },
    });
    expect(tracks.json().data.map((s: { sortieId: number }) => s.sortieId)).toEqual([sortie.js]);
  });
});
