/**
 * Impossible times and fixes (issue 9 #2), through POST /api/telemetry/batch on the app as
 * `npm start` builds it: a recordTime in 2100 or in 1970 is dropped and counted (and does not
 * poison the drone's duplicate rule), and a fix at (-180, 0) in the middle of a flight is dropped
 * as implausible instead of adding thousands of km to its sortie.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEFAULT_DRONE, runMission } from '../src/sim/flight/index.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { field, keyFor } from './telemetryKit.ts';

let t: TestApp;
let authorization: string;
let drones: string[];

beforeAll(async () => {
  t = await createTestApp();
  const key = await keyFor(t, 'validity');
  authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  drones = (
    await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('a.account_name', '=', '极翼植保无人机有限公司')
      .orderBy('d.drone_id')
      .limit(3)
      .execute()
  ).map((d) => d.drone_id);
});
afterAll(async () => {
  await t?.close();
});

async function post(droneId: string, points: readonly TelemetryPoint[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/telemetry/batch',
    headers: { authorization },
    payload: { drones: [{ droneId, points }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.drones[0] as Record<string, number>;
}

async function sendAll(droneId: string, points: readonly TelemetryPoint[]) {
  const total = { accepted: 0, outOfTime: 0, implausible: 0, duplicates: 0 };
  for (let i = 0; i < points.length; i += 500) {
    const r = await post(droneId, points.slice(i, i + 500));
    for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += r[k] ?? 0;
  }
  for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
  return total;
}

const sortiesOf = (droneId: string) =>
  t.db
    .selectFrom('sorties')
    .select(['start_time', 'distance_m', 'volume_l'])
    .where('drone_id', '=', droneId)
    .orderBy('start_time')
    .execute();

const flight = (startTime: number, seed: number) =>
  runMission(DEFAULT_DRONE, field, { startTime, seed, rateHz: 1 }).sorties[0]?.points ?? [];

describe('recordTime window and implausible fixes', () => {
  it('drops a point dated 2100; the drone then still takes its current points', async () => {
    const droneId = drones[0] as string;
    const future = { ...(flight(Date.now(), 1)[0] as TelemetryPoint), recordTime: Date.UTC(2100, 0, 1) };
    expect(await post(droneId, [future])).toMatchObject({ accepted: 0, outOfTime: 1 });
    const now = flight(Date.now() - 3600_000, 2);
    const sent = await sendAll(droneId, now);
    expect(sent).toMatchObject({ accepted: now.length, duplicates: 0, outOfTime: 0 });
    const rows = await sortiesOf(droneId);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { start_time: Date }).start_time.getUTCFullYear()).toBeLessThan(2100);
  });

  it('drops a flight dated 1970: no sortie there', async () => {
    const droneId = drones[1] as string;
    const old = flight(1_000_000, 3);
    expect(await sendAll(droneId, old)).toMatchObject({ accepted: 0, outOfTime: old.length });
    expect(await sortiesOf(droneId)).toEqual([]);
  });

  it('drops one fix at (-180, 0) mid-flight as implausible; the sortie keeps its true length', async () => {
    const droneId = drones[2] as string;
    const points = flight(Date.now() - 2 * 3600_000, 4);
    const mid = Math.floor(points.length / 2);
    const glitched = points.map((p, i) => (i === mid ? { ...p, lng: -180, lat: 0 } : p));
    expect(await sendAll(droneId, glitched)).toMatchObject({ accepted: points.length - 1, implausible: 1 });
    const [row] = await sortiesOf(droneId);
    // An 8-minute sortie over a 70 x 180 m field: a few km, not 14,656.
    expect(row?.distance_m).toBeGreaterThan(500);
    expect(row?.distance_m).toBeLessThan(10_000);
  });

  it('takes its window from TELEMETRY_MAX_PAST_HOURS and TELEMETRY_MAX_FUTURE_SECONDS', () => {
    const c = loadConfig({
      JWT_SECRET: 'x',
      TELEMETRY_MAX_PAST_HOURS: '48',
      TELEMETRY_MAX_FUTURE_SECONDS: '30',
    });
    expect(c.telemetryMaxPastMs).toBe(48 * 3600_000);
    expect(c.telemetryMaxFutureMs).toBe(30_000);
    const d = loadConfig({ JWT_SECRET: 'x' });
    expect(d.telemetryMaxPastMs).toBe(30 * 86_400_000);
    expect(d.telemetryMaxFutureMs).toBe(600_000);
  });
});
