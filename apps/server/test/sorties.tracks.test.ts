/**
 * Issue 9 finding 8: a sortie says whether its track is kept. The generated history's older
 * sorties were never flown point by point and have none; a flight received over telemetry keeps
 * its track. The list, the detail and `tracks` say so (hasTrack), so the player never opens empty.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { type FleetRole, fleetWithHistory, type TestApp } from './helper.ts';

const M = '/api/drone/mointor/manage';
let t: TestApp;
let auth: Record<FleetRole, Record<string, string>>;
let drone: string;
let flown: number;
let generated: number;

beforeAll(async () => {
  const f = await fleetWithHistory({ sorties: 200, days: 60, seed: 3, templates: 8 });
  t = f.t;
  auth = f.auth;
  // A generated sortie of a maker A drone, and a real flight of the same drone today.
  const row = await t.db
    .selectFrom('sorties')
    .select(['sortie_id', 'drone_id'])
    .where('zz_account_id', '=', f.ids.makerA)
    .orderBy('sortie_id')
    .executeTakeFirstOrThrow();
  generated = row.sortie_id;
  drone = row.drone_id;
  const headers = auth.makerA;
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/account/secretKey',
    payload: { vid: 'maker-a-gw' },
    headers,
  });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers })).body;
  const basic = Buffer.from(`maker-a-gw:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');
  const field = rectangleField({
    center: { lng: 120.26, lat: 33.77 },
    widthM: 80,
    lengthM: 200,
    angleDeg: 10,
  });
  const points = runMission(DEFAULT_DRONE, field, { startTime: Date.now() - 30 * 60_000, seed: 4, rateHz: 1 })
    .sorties[0]?.points as TelemetryPoint[];
  const last = points.at(-1) as TelemetryPoint;
  for (const batch of [points, [{ ...last, recordTime: Date.now() - 1000, height: 0, pump: false }]]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId: drone, points: batch }] },
    });
    expect(res.statusCode).toBe(200);
  }
  for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
  flown = (
    await t.db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('drone_id', '=', drone)
      .orderBy('start_time', 'desc')
      .executeTakeFirstOrThrow()
  ).sortie_id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth.makerA });

describe('a sortie without a kept track', () => {
  it('is listed with hasTrack false; a flight received is listed with hasTrack true', async () => {
    const list = (await get(`${M}/getHistoryFlyList?droneId=${drone}&pageSize=200`)).json().data;
    const byId = new Map(list.records.map((r: { sortieId: number; hasTrack: boolean }) => [r.sortieId, r]));
    expect(byId.get(generated)).toMatchObject({ hasTrack: false });
    expect(byId.get(flown)).toMatchObject({ hasTrack: true });
  });

  it('has a detail that says so, with no points', async () => {
    const res = await get(`${M}/getSortieDetail?droneId=${drone}&sortieId=${generated}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sortieId: generated, hasTrack: false, points: [] });
    const real = (await get(`${M}/getSortieDetail?droneId=${drone}&sortieId=${flown}`)).json().data;
    expect(real.hasTrack).toBe(true);
    expect(real.points.length).toBeGreaterThan(100);
  });

  it('comes back from tracks marked as having no track, next to one that has', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${M}/tracks`,
      headers: auth.makerA,
      payload: { sortieIds: [generated, flown] },
    });
    const got = new Map(
      res.json().data.map((s: { sortieId: number; hasTrack: boolean; points: unknown[] }) => [s.sortieId, s]),
    );
    expect(got.get(generated)).toMatchObject({ hasTrack: false, points: [] });
    expect(got.get(flown)).toMatchObject({ hasTrack: true });
  });
});
