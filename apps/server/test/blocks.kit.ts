/** Shared helpers of the block tests: callers, polygons, a sortie with a track on a block. */
import { BLOCK_BASE } from '@agrifleet/domain';
import { expect } from 'vitest';
import { encodeTrack } from '../src/telemetry/codec/trackCodec.ts';
import { createTestApp, type FleetRole, fleetCallers, signInWith, type TestApp } from './helper.ts';

export type Role = FleetRole | 'operatorB' | 'staff' | 'sub' | 'farmer';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A square of `side` degrees with its south-west corner at lng, lat (counter-clockwise, closed). */
export const square = (lng: number, lat: number, side = 0.01) => [
  [lng, lat],
  [lng + side, lat],
  [lng + side, lat + side],
  [lng, lat + side],
  [lng, lat],
];
export const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });
/** Sheyang county, Yancheng, Jiangsu (the demo government's province). */
export const JIANGSU = [120.25, 33.78] as const;
/** Zhoukou, Henan (outside it). */
export const HENAN = [114.61, 33.54] as const;

export const block = (over: Record<string, unknown> = {}) => ({
  blockName: '东湖一号田',
  geometry: polygon(square(...JIANGSU)),
  cropId: 1,
  remark: '水稻',
  ...over,
});

export async function blocksKit() {
  const t: TestApp = await createTestApp();
  const { auth: fleet, ids } = await fleetCallers(t);
  const auth = { ...fleet } as Record<Role, Record<string, string>>;
  auth.operatorB = (await signInWith(t, '13800000006')).auth;
  auth.staff = (await signInWith(t, '13800000009')).auth;
  // A sub-account of operator A, and a farmer account (type 5), each with an administrator.
  const user = await t.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('phone', '=', '13800000005')
    .executeTakeFirstOrThrow();
  const addAccount = async (type: number, name: string, phone: string, parent: number | null) => {
    const a = await t.db
      .insertInto('accounts')
      .values({
        account_type: type,
        account_name: name,
        parent_id: parent,
        check_status: 2,
        account_catalog_level: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('users')
      .values({
        account_id: a.id,
        user_type: 1,
        user_name: name,
        phone_country: '86',
        phone,
        password_hash: user.password_hash,
      })
      .execute();
    return a.id;
  };
  const subId = await addAccount(4, '丰收飞防东片分队', '13900000011', ids.operatorA);
  await addAccount(5, '农户老李', '13900000012', null);
  auth.sub = (await signInWith(t, '13900000011')).auth;
  auth.farmer = (await signInWith(t, '13900000012')).auth;

  const call = (method: Method, url: string, role: Role | null, payload?: unknown, lang = 'zh') =>
    t.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
    });

  async function create(role: Role, body: Record<string, unknown> = block()) {
    const res = await call('POST', BLOCK_BASE, role, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { blockId: number; areaMu: number };
  }

  /** A landed sortie of one of operator A's drones on the block, with a track spraying a strip across it. */
  async function sortieOn(
    blockId: number | null,
    lng: number,
    lat: number,
    startMs = Date.now() - 3_600_000,
  ) {
    const drone = await t.db
      .selectFrom('drones')
      .select(['drone_id', 'zz_account_id', 'model_id'])
      .where('yy_account_id', '=', ids.operatorA)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();
    const points = Array.from({ length: 60 }, (_, i) => ({
      recordTime: startMs + i * 1000,
      lng: lng + 0.0002 * i,
      lat,
      height: 3,
      speed: 5,
      heading: 90,
      battery: 90,
      flow: 2,
      pump: true,
      swath: 6,
      tank: 10,
      mode: 'auto' as const,
    }));
    const row = await t.db
      .insertInto('sorties')
      .values({
        drone_id: drone.drone_id,
        start_time: new Date(startMs),
        end_time: new Date(startMs + 60_000),
        duration_s: 60,
        distance_m: 1000,
        spray_distance_m: 1000,
        area_m2: 6000,
        area_mu: 9,
        volume_l: 2,
        spray_time_s: 60,
        max_height_m: 3,
        battery_start: 90,
        battery_end: 80,
        point_count: points.length,
        lng,
        lat,
        country_code: 156000000,
        province_code: 156320000,
        zz_account_id: drone.zz_account_id,
        yy_account_id: ids.operatorA,
        model_id: drone.model_id,
        end_reason: 'landed',
        block_id: blockId,
      })
      .returning('sortie_id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sortie_tracks')
      .values({ sortie_id: row.sortie_id, drone_id: drone.drone_id, track: encodeTrack(points) })
      .execute();
    return { sortieId: row.sortie_id, droneId: drone.drone_id };
  }

  /** A route plan of the block (block_routes), for the delete checks and coverage by route. */
  const routeOf = async (blockId: number, ownerAccountId: number) =>
    (
      await t.db
        .insertInto('block_routes')
        .values({
          block_id: blockId,
          owner_account_id: ownerAccountId,
          block_geometry: JSON.stringify(polygon(square(...JIANGSU))),
          params: '{}',
          plan: JSON.stringify({ coverageAreaM2: 12345 }),
        })
        .returning('route_id')
        .executeTakeFirstOrThrow()
    ).route_id;

  return { t, auth, ids: { ...ids, sub: subId }, call, create, sortieOn, routeOf };
}
