/**
 * Subsidy API tests' kit: a seeded app with the fleet roles, operator B and a Zhejiang government
 * signed in, sorties with tracks inserted directly (a spraying strip of known length and swath, so
 * its area is known), rate tables and a compute.
 */
import { SUBSIDY_COMPUTE_PATH, SUBSIDY_RATES_PATH, type TelemetryPoint } from '@agrifleet/domain';
import { expect } from 'vitest';
import { regionAt } from '../src/modules/regions/geo/regionAt.ts';
import { sprayedArea } from '../src/telemetry/area/sprayedArea.ts';
import { encodeTrack } from '../src/telemetry/codec/trackCodec.ts';
import { createTestApp, type FleetRole, fleetCallers, signInWith, type TestApp } from './helper.ts';

export type Role = FleetRole | 'operatorB' | 'zhejiang';
/** A field near Yancheng, Jiangsu. */
export const JIANGSU = { lng: 120.25, lat: 33.78 };
/** A field near Hangzhou, Zhejiang (another province). */
export const ZHEJIANG = { lng: 120.0, lat: 30.3 };
/** The year the tests' sorties fly in (Asia/Shanghai). */
export const YEAR = 2025;
export const JIANGSU_CODE = 156320000;
export const ZHEJIANG_CODE = 156330000;

/** A spraying strip east from (lng, lat): `seconds` at 5 m/s, swath 6 m, 1 Hz. */
export function strip(
  lng: number,
  lat: number,
  startMs: number,
  seconds = 60,
  flowLpm = 2,
): TelemetryPoint[] {
  const dLng = 5 / (111_320 * Math.cos((lat * Math.PI) / 180));
  return Array.from({ length: seconds + 1 }, (_, i) => ({
    recordTime: startMs + i * 1000,
    lng: lng + dLng * i,
    lat,
    height: 3,
    speed: 5,
    heading: 90,
    battery: 90,
    flow: flowLpm,
    pump: true,
    swath: 6,
    tank: 10,
    mode: 'auto' as const,
  })) as TelemetryPoint[];
}

export async function subsidiesKit(t0?: TestApp) {
  const t = t0 ?? (await createTestApp());
  const { auth: fleet, ids } = await fleetCallers(t);
  const auth = { ...fleet } as Record<Role, Record<string, string>>;
  auth.operatorB = (await signInWith(t, '13800000006')).auth;
  const operatorB = (
    await t.db
      .selectFrom('users')
      .select('account_id')
      .where('phone', '=', '13800000006')
      .executeTakeFirstOrThrow()
  ).account_id;
  const admin = await t.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('phone', '=', '13800000002')
    .executeTakeFirstOrThrow();
  const zj = await t.db
    .insertInto('accounts')
    .values({
      account_type: 2,
      account_name: '浙江省农业农村厅',
      check_status: 2,
      account_catalog_level: 1,
      rule_province: ZHEJIANG_CODE,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('users')
    .values({
      account_id: zj.id,
      user_type: 1,
      user_name: '浙江管理员',
      phone_country: '86',
      phone: '13900000021',
      password_hash: admin.password_hash,
    })
    .execute();
  auth.zhejiang = (await signInWith(t, '13900000021')).auth;

  const call = (role: Role | null, method: string, url: string, payload?: unknown, lang = 'zh') =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
    });

  const droneOf = async (yy: number) =>
    t.db
      .selectFrom('drones')
      .select(['drone_id', 'zz_account_id', 'model_id'])
      .where('yy_account_id', '=', yy)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();

  /** A landed sortie of the operator's first drone, with its track; area from the track itself. */
  async function sortie(
    yy: number,
    points: TelemetryPoint[],
    over: { blockId?: number | null; track?: boolean; volumeL?: number } = {},
  ) {
    const drone = await droneOf(yy);
    const first = points[0] as TelemetryPoint;
    const last = points.at(-1) as TelemetryPoint;
    const area = sprayedArea(points);
    const mid = points[Math.floor(points.length / 2)] as TelemetryPoint;
    const at = regionAt(mid.lng, mid.lat);
    const row = await t.db
      .insertInto('sorties')
      .values({
        drone_id: drone.drone_id,
        start_time: new Date(first.recordTime),
        end_time: new Date(last.recordTime),
        duration_s: (last.recordTime - first.recordTime) / 1000,
        distance_m: 300,
        spray_distance_m: 300,
        area_m2: area.areaM2,
        area_mu: area.areaMu,
        volume_l: over.volumeL ?? area.volumeL,
        spray_time_s: 60,
        max_height_m: 3,
        battery_start: 90,
        battery_end: 80,
        point_count: points.length,
        lng: mid.lng,
        lat: mid.lat,
        country_code: at.country,
        province_code: at.province,
        city_code: at.city,
        county_code: at.county,
        zz_account_id: drone.zz_account_id,
        yy_account_id: yy,
        model_id: drone.model_id,
        end_reason: 'landed',
        block_id: over.blockId ?? null,
      })
      .returning('sortie_id')
      .executeTakeFirstOrThrow();
    if (over.track !== false)
      await t.db
        .insertInto('sortie_tracks')
        .values({ sortie_id: row.sortie_id, drone_id: drone.drone_id, track: encodeTrack(points) })
        .execute();
    return { sortieId: Number(row.sortie_id), droneId: drone.drone_id, areaMu: area.areaMu };
  }

  async function rates(role: Role, region: number, fenPerMu = 1000, year = YEAR) {
    const res = await call(role, 'POST', SUBSIDY_RATES_PATH, {
      region,
      year,
      rows: [{ regionCode: region, cropId: null, terrain: 'plain', fenPerMu }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rateVersionId: number };
  }

  async function compute(role: Role, body: Record<string, unknown>) {
    const res = await call(role, 'POST', SUBSIDY_COMPUTE_PATH, { year: YEAR, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { subsidies: number; sorties: number; amountFen: number; paidMu: number };
  }

  return { t, auth, ids: { ...ids, operatorB }, call, sortie, rates, compute, droneOf };
}
export type SubsidiesKit = Awaited<ReturnType<typeof subsidiesKit>>;
