/**
 * No-fly zone changes reach the live detector (issue 10 #3): a zone created through the API is in
 * the detector of this process and of a second app on the same database once the change notice
 * arrives (long before the 60 s safety-net reload: these tests take seconds), so the first
 * incursion flown after it is flagged; the alert records the zone version it was raised against,
 * and editing the zone afterwards leaves that alert and that version as they were.
 */
import { NOFLY_BASE, type TelemetryPoint } from '@agrifleet/domain';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import type { LngLat } from '../src/sim/flight/geo.ts';
import { localFrame } from '../src/sim/flight/geo.ts';
import { watchNoflyIndex } from '../src/telemetry/anomalies/stream.ts';
import { track } from '../src/telemetry/anomalies/testkit.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { keyFor } from './telemetryKit.ts';

let t: TestApp;
let other: { app: FastifyInstance; db: Db };
let platform: Record<string, string>;
let authorization: string;
let drones: string[];
/** Fields in Henan far from every demo zone, one per test. */
const FIELDS: LngLat[] = [
  { lng: 114.4, lat: 33.3 },
  { lng: 114.3, lat: 33.2 },
  { lng: 114.2, lat: 33.1 },
  { lng: 114.1, lat: 33.0 },
  { lng: 114.0, lat: 32.9 },
];

/** A square zone of 400 m around the field's origin, east of it: x 0..400, y -200..200 m. */
function zoneAround(origin: LngLat) {
  const f = localFrame(origin);
  const ring = [
    [0, -200],
    [400, -200],
    [400, 200],
    [0, 200],
    [0, -200],
  ].map(([x, y]) => {
    const p = f.toLngLat({ x: x as number, y: y as number });
    return [p.lng, p.lat];
  });
  return {
    name: '实时测试禁飞区',
    noflyType: 1,
    shape: 'polygon',
    geometry: { type: 'Polygon', coordinates: [ring] },
  };
}

/** Takes off 300 m west, flies 300 m into the zone and back, lands: about 100 s in the air. */
function incursion(origin: LngLat, start: number): TelemetryPoint[] {
  const air = track(
    origin,
    [
      { from: [-300, 0], to: [300, 0], speed: 6, with: { pump: false, flow: 0 } },
      { from: [300, 0], to: [-300, 0], speed: 6, with: { pump: false, flow: 0 } },
    ],
    { start: start + 5_000, rateHz: 2 },
  );
  const ground = (p: TelemetryPoint, at: number): TelemetryPoint => ({
    ...p,
    recordTime: at,
    height: 0,
    speed: 0,
  });
  const first = air[0] as TelemetryPoint;
  const last = air.at(-1) as TelemetryPoint;
  return [
    ...Array.from({ length: 5 }, (_, i) => ground(first, start + i * 1_000)),
    ...air,
    ...Array.from({ length: 6 }, (_, i) => ground(last, last.recordTime + (i + 1) * 1_000)),
  ];
}

async function send(app: FastifyInstance, droneId: string, points: TelemetryPoint[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/telemetry/batch',
    headers: { authorization },
    payload: { drones: [{ droneId, points }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Resolves once the detector built on `db` holds zone `id` at `version` (or has dropped it: null). */
function loaded(db: Db, id: number, version: number | null): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const stop = watchNoflyIndex(db, (load) => {
      if (!done && (load.zones.get(id) ?? null) === version) {
        done = true;
        queueMicrotask(() => stop());
        resolve();
      }
    });
  });
}

/** The drone's no-fly anomalies, once the writer has stored them (waits for at least `n`). */
async function noflyAlerts(app: FastifyInstance, droneId: string, n: number, tries = 200) {
  const read = () =>
    t.db
      .selectFrom('anomalies')
      .select(['id', 'nofly_id', 'nofly_version', 'detail'])
      .where('drone_id', '=', droneId)
      .where('odd_type', '=', 1)
      .orderBy('id')
      .execute();
  for (let i = 0; i < tries; i++) {
    await app.telemetry.writer.drain();
    const rows = await read();
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

async function createZone(body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: NOFLY_BASE,
    headers: platform,
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { noflyId: number; version: number };
}

beforeAll(async () => {
  t = await createTestApp();
  platform = (await signInWith(t, '13800000001')).auth;
  const key = await keyFor(t, 'nofly-live');
  authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  drones = (
    await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('z.account_name', '=', '极翼植保无人机有限公司')
      .orderBy('d.drone_id')
      .limit(5)
      .execute()
  ).map((d) => d.drone_id);
  // A second server process on the same database: its own pool, notifier and detector.
  const db = createDb(t.config.databaseUrl as string, 2);
  const app = await buildApp({
    config: t.config,
    db,
    logger: pino({ level: 'silent' }),
    transports: { sms: t.sms, email: t.email },
  });
  await app.ready();
  other = { app, db };
});
afterAll(async () => {
  await other?.app.close();
  await other?.db.destroy();
  await t?.close();
});

describe('a zone change reaches the live detector', () => {
  it('flags the first incursion after a zone is created, and records the zone version 1', async () => {
    const origin = FIELDS[0] as LngLat;
    const drone = drones[0] as string;
    const body = zoneAround(origin);
    const { noflyId } = await createZone(body);
    await loaded(t.db, noflyId, 1);
    await send(t.app, drone, incursion(origin, Date.now() - 3 * 3600_000));
    const alerts = await noflyAlerts(t.app, drone, 1);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ nofly_id: noflyId, nofly_version: 1, detail: { noflyVersion: 1 } });
  });

  it('an edit never rewrites a past alert: it keeps version 1 and the geometry it was raised against', async () => {
    const origin = FIELDS[1] as LngLat;
    const drone = drones[1] as string;
    const body = zoneAround(origin);
    const { noflyId } = await createZone(body);
    await loaded(t.db, noflyId, 1);
    await send(t.app, drone, incursion(origin, Date.now() - 2 * 3600_000));
    const [alert] = await noflyAlerts(t.app, drone, 1);
    expect(alert).toMatchObject({ nofly_id: noflyId, nofly_version: 1 });

    // Moved 2 km north and renamed: version 2, and the detector follows.
    const moved = zoneAround({ lng: origin.lng, lat: origin.lat + 0.02 });
    const v2 = loaded(t.db, noflyId, 2);
    const res = await t.app.inject({
      method: 'PUT',
      url: NOFLY_BASE,
      headers: platform,
      payload: { ...moved, name: '移动后的禁飞区', noflyId },
    });
    expect(res.json().data).toEqual({ noflyId, version: 2 });
    await v2;

    const after = await t.db
      .selectFrom('anomalies')
      .selectAll()
      .where('id', '=', alert?.id as number)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      nofly_id: noflyId,
      nofly_version: 1,
      detail: { zoneName: '实时测试禁飞区', noflyVersion: 1 },
    });
    const raisedAgainst = await t.db
      .selectFrom('nofly_zone_versions')
      .select(['geometry', 'name'])
      .where('zone_id', '=', noflyId)
      .where('version', '=', after.nofly_version as number)
      .executeTakeFirstOrThrow();
    expect(raisedAgainst).toEqual({ name: '实时测试禁飞区', geometry: body.geometry });
    const detail = (
      await t.app.inject({ method: 'GET', url: `${NOFLY_BASE}/detail?noflyId=${noflyId}`, headers: platform })
    ).json().data;
    expect(detail).toMatchObject({ version: 2, name: '移动后的禁飞区', anomalyCount: 1 });
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    // The same flight again, later: the zone has moved away, nothing new is raised.
    await send(t.app, drone, incursion(origin, Date.now() - 3600_000));
    await t.app.telemetry.writer.drain();
    expect(await noflyAlerts(t.app, drone, 2, 20)).toHaveLength(1);
  });

  it('a zone created through one app reaches the detector of a second app on the same database', async () => {
    const origin = FIELDS[2] as LngLat;
    const drone = drones[2] as string;
    const body = zoneAround(origin);
    const created = (await createZone(body)).noflyId;
    await loaded(other.db, created, 1);
    await send(other.app, drone, incursion(origin, Date.now() - 30 * 60_000));
    const alerts = await noflyAlerts(other.app, drone, 1);
    expect(alerts).toMatchObject([{ nofly_id: created, nofly_version: 1 }]);

    // Disabled through the second app: the first app's detector drops it.
    const gone = loaded(t.db, created, null);
    const res = await other.app.inject({
      method: 'PUT',
      url: `${NOFLY_BASE}/enable`,
      headers: platform,
      payload: { noflyId: created, opr: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await gone;
  });

  it('an incursion begun under one process and continued under another (a take-over) is one alert, ended once', async () => {
    const origin = FIELDS[3] as LngLat;
    const drone = drones[3] as string;
    const created = (await createZone(zoneAround(origin))).noflyId;
    await Promise.all([loaded(t.db, created, 1), loaded(other.db, created, 1)]);
    const points = incursion(origin, Date.now() - 20 * 60_000);
    // Cut at the turn, 300 m inside the zone: the first process saw the entry, the second the rest.
    const turn = points.findIndex(
      (p, i) => i > 0 && p.heading !== (points[i - 1] as TelemetryPoint).heading && p.height > 0,
    );
    expect(turn).toBeGreaterThan(20);
    await send(t.app, drone, points.slice(0, turn));
    expect(await noflyAlerts(t.app, drone, 1)).toHaveLength(1);
    await send(other.app, drone, points.slice(turn));
    await other.app.telemetry.writer.drain();
    const ended = async () => {
      const rows = await t.db
        .selectFrom('anomalies')
        .select(['id', 'end_time'])
        .where('drone_id', '=', drone)
        .where('odd_type', '=', 1)
        .execute();
      return rows.length === 1 && rows[0]?.end_time ? rows : null;
    };
    let rows = await ended();
    for (let i = 0; !rows && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await ended();
    }
    const all = await t.db
      .selectFrom('anomalies')
      .select('id')
      .where('drone_id', '=', drone)
      .where('odd_type', '=', 1)
      .execute();
    expect(all, 'one alert for the incursion').toHaveLength(1);
    expect(rows?.[0]?.end_time?.getTime()).toBeGreaterThan((points[turn] as TelemetryPoint).recordTime);
  });

  it('an incursion open when its process stopped ends where the drone leaves, seen by the next one', async () => {
    const origin = FIELDS[4] as LngLat;
    const drone = drones[4] as string;
    const created = (await createZone(zoneAround(origin))).noflyId;
    await loaded(t.db, created, 1);
    // Recent enough that the first process's silence rule (120 s) does not end it meanwhile.
    const points = incursion(origin, Date.now() - 215_000);
    const frame = localFrame(origin);
    const turn = points.findIndex(
      (p, i) => i > 0 && p.heading !== (points[i - 1] as TelemetryPoint).heading && p.height > 0,
    );
    const exit = points.findIndex((p, i) => i > turn && frame.toXY(p).x < 0);
    expect(exit).toBeGreaterThan(turn);
    // The first process saw the drone inside, then stopped; the next starts and sees it leave.
    await send(t.app, drone, points.slice(0, exit));
    const [alert] = await noflyAlerts(t.app, drone, 1);
    const db = createDb(t.config.databaseUrl as string, 2);
    const next = await buildApp({
      config: t.config,
      db,
      logger: pino({ level: 'silent' }),
      transports: { sms: t.sms, email: t.email },
    });
    try {
      await next.ready();
      await send(next, drone, points.slice(exit));
      await next.telemetry.writer.drain();
      const endOf = async () =>
        (
          await t.db
            .selectFrom('anomalies')
            .select('end_time')
            .where('id', '=', alert?.id as number)
            .executeTakeFirstOrThrow()
        ).end_time;
      let end = await endOf();
      for (let i = 0; !end && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 50));
        end = await endOf();
      }
      expect(end?.getTime(), 'ended at the first point out').toBe(
        (points[exit] as TelemetryPoint).recordTime,
      );
      expect(await noflyAlerts(t.app, drone, 1)).toHaveLength(1);
    } finally {
      await next.close();
      await db.destroy();
    }
  });
});
