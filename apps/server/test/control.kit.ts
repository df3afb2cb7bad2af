/** Shared by the routes and control tests: a block, a stored route, a drone's telemetry point. */
import { TELEMETRY_TOPIC, type TelemetryPoint } from '@agrifleet/domain';
import type mqtt from 'mqtt';
import type { TestApp } from './helper.ts';

/** A rectangle of about 190 m x 110 m in Jiangsu (closed ring, [lng, lat]). */
export const RECT: number[][] = [
  [120.3, 33.7],
  [120.302, 33.7],
  [120.302, 33.701],
  [120.3, 33.701],
  [120.3, 33.7],
];

/** Stores a block of `accountId` straight in the table (the blocks module is not needed for it). */
export async function insertBlock(t: TestApp, accountId: number, name: string, ring: number[][] = RECT) {
  const shape = `(${ring
    .slice(0, -1)
    .map(([x, y]) => `(${x},${y})`)
    .join(',')})`;
  const r = await t.db
    .insertInto('blocks')
    .values({
      block_name: name,
      yy_account_id: accountId,
      area_mu: 31,
      shape,
      country_code: 156,
      geometry: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
    })
    .returning('block_id')
    .executeTakeFirstOrThrow();
  return Number(r.block_id);
}

/** A plan of `parts` drones over RECT: each flies one pass (what the control calls need of a plan). */
export function fakePlan(parts: number) {
  const home: [number, number] = [120.2995, 33.6995];
  const routes = Array.from({ length: parts }, (_, i) => {
    const lat = 33.7002 + (i * 0.0006) / Math.max(1, parts);
    return {
      index: i,
      legs: [
        { kind: 'transit' as const, path: [home, [120.3002, lat] as [number, number]] },
        {
          kind: 'spray' as const,
          path: [[120.3002, lat] as [number, number], [120.3018, lat] as [number, number]],
        },
        { kind: 'transit' as const, path: [[120.3018, lat] as [number, number], home] },
      ],
      sprayDistanceM: 150,
      distanceM: 400,
      sprayAreaM2: 750,
      sprayVolumeL: 1.1,
      flightTimeS: 90,
      sorties: 1,
    };
  });
  return {
    alignEdgeIndex: 0,
    home,
    width: 5,
    speed: 5,
    height: 3,
    dosage: 1,
    tankL: 30,
    flowLpm: 2.25,
    blockAreaM2: 20_700,
    coverageAreaM2: 750 * parts,
    overlapAreaM2: 0,
    headlandM: 0,
    passes: parts,
    routes,
  };
}

/** Stores a route of the block straight in the tables, with `parts` unassigned parts. */
export async function insertRoute(t: TestApp, blockId: number, ownerAccountId: number, parts: number) {
  return t.db.transaction().execute(async (trx) => {
    const plan = fakePlan(parts);
    const r = await trx
      .insertInto('block_routes')
      .values({
        block_id: blockId,
        owner_account_id: ownerAccountId,
        name: 'test route',
        block_geometry: JSON.stringify({ type: 'Polygon', coordinates: [RECT] }),
        params: JSON.stringify({ alignEdgeIndex: 0, home: plan.home, droneCount: parts, width: 5 }),
        plan: JSON.stringify(plan),
      })
      .returning('route_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('block_route_drones')
      .values(Array.from({ length: parts }, (_, idx) => ({ route_id: r.route_id, idx, drone_id: null })))
      .execute();
    return Number(r.route_id);
  });
}

/** A drone on the ground at the block's corner, now. */
export const groundPoint = (at = Date.now()): TelemetryPoint => ({
  recordTime: at,
  lng: 120.2995,
  lat: 33.6995,
  height: 0,
  speed: 0,
  heading: 0,
  battery: 90,
  flow: 0,
  pump: false,
  swath: 5,
  tank: 20,
  mode: 'manual',
});

/** Publishes one ground point per drone over MQTT: they are online. */
export async function beOnline(client: mqtt.MqttClient, droneIds: readonly string[]) {
  for (const id of droneIds)
    await client.publishAsync(TELEMETRY_TOPIC(id), JSON.stringify({ points: [groundPoint()] }), { qos: 1 });
}

export const accountIdOf = async (t: TestApp, name: string) =>
  (await t.db.selectFrom('accounts').select('id').where('account_name', '=', name).executeTakeFirstOrThrow())
    .id;
