/**
 * The keys to `drones` that Citus refuses (distribution.ts `pending`; docs/architecture.md "The
 * database at scale (Citus)"): `npm run citus:ddl` drops leases_drone_id_fkey,
 * rtk_devices_drone_id_fkey and block_route_drones_drone_id_fkey, so each write path that names a
 * drone must refuse an unknown one itself, inside its transaction. This file drops the three keys
 * on its own database, as the DDL does, and sends every such path a well-formed drone id that does
 * not exist: a translated 4xx, and nothing written (with the keys in place the database would
 * answer 23503 instead, a 409 that hides a missing check). The normal paths still work.
 *
 * - leases: addRental (lockDrone in leases.service.ts, 400 leaseDroneNotLeasable);
 * - block_route_drones: POST control plan (targets() in control.service.ts, 404), which is the only
 *   path that sets its drone_id (control.repo.ts assign); PATCH route/{droneId} only names a drone
 *   the route already holds (404 routeDroneNotInRoute); PUT route stores parts without a drone;
 * - rtk_devices: no request sets drone_id (the RTK contracts name no drone; only the demo seed
 *   mounts terminals, on drones it reads): the writes keep it as it was.
 */
import {
  CONTROL_BASE,
  RENTAL_PATHS,
  ROUTE_BASE,
  type RouteRecord,
  RTK_ALLOW_PATH,
  RTK_BIND_PATH,
  RTK_RENEW_BTADDR_PATH,
  rtkAllowBody,
  rtkBindBody,
  rtkRenewBtaddrBody,
  rtkRenewPhoneBody,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTRIBUTION } from '../src/platform/distribution.ts';
import { translate } from '../src/platform/messages.ts';
import { bounded, connectDevice, type Device, keyOf, MAKER_A, until } from './commands.kit.ts';
import { beOnline, insertBlock } from './control.kit.ts';
import { freePort } from './freePort.ts';
import { body, createTestApp, fleetCallers, type TestApp } from './helper.ts';
import { freeDrones } from './leasing.kit.ts';

/** A drone id the contracts accept and no drone has. */
const NOSUCH = 'NOSUCHDRONE0001';
const KEYS: [string, string][] = [
  ['leases', 'leases_drone_id_fkey'],
  ['rtk_devices', 'rtk_devices_drone_id_fkey'],
  ['block_route_drones', 'block_route_drones_drone_id_fkey'],
];

let t: TestApp;
let device: Device | undefined;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
/** Operator A's drones made by maker A, online: the control calls fly d[0] and d[1]. */
let d: string[] = [];
/** A drone of maker B that operator A does not operate: outside operator A's and maker A's scope. */
let foreign: string;
let block: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (role: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...auth[role], 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A translated 4xx: the status, and the English text of `key` (never the key itself). */
function refused(res: Awaited<ReturnType<typeof call>>, status: number, text: string) {
  expect(res.statusCode, res.body).toBe(status);
  const message = body(res).message;
  expect(message).toBe(text);
  expect(message).toMatch(/ /);
}

const rowsNaming = async (table: 'leases' | 'rtk_devices' | 'block_route_drones', droneId: string) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('drone_id', '=', droneId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function newRoute(droneCount: number) {
  const res = await call('operatorA', 'PUT', ROUTE_BASE, {
    block,
    alignEdgeIndex: 0,
    home: [120.2995, 33.6995],
    droneCount,
    width: 5,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as RouteRecord;
}
const parts = (routeId: number) =>
  t.db
    .selectFrom('block_route_drones')
    .select(['idx', 'drone_id', 'drone_status'])
    .where('route_id', '=', routeId)
    .orderBy('idx')
    .execute();
const planCommands = async (droneIds: string[]) =>
  Number(
    (
      await t.db
        .selectFrom('drone_commands')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('drone_id', 'in', droneIds)
        .where('type', '=', 'plan')
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { MQTT_PORT: String(port) } });
  // What `npm run citus:ddl` drops first: the catalogue's pending keys, exactly these three.
  const pending = Object.entries(DISTRIBUTION).flatMap(([table, p]) =>
    p.kind === 'local' ? (p.pending ?? []).map((k) => [table, k]) : [],
  );
  expect(pending.sort()).toEqual([...KEYS].sort());
  for (const [table, key] of KEYS) await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${key}`).execute(t.db);
  const left = await sql<{ conname: string }>`SELECT conname FROM pg_constraint
    WHERE conname = ANY(${KEYS.map(([, k]) => k)}::text[])`.execute(t.db);
  expect(left.rows).toEqual([]);

  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  Object.assign(ids, callers.ids);
  d = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('yy_account_id', '=', ids.operatorA as number)
      .where('zz_account_id', '=', ids.makerA as number)
      .orderBy('drone_id')
      .limit(2)
      .execute()
  ).map((r) => r.drone_id);
  expect(d).toHaveLength(2);
  await t.db.updateTable('drones').set({ locked: false }).where('drone_id', 'in', d).execute();
  foreign = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids.makerB as number)
      .where('yy_account_id', '!=', ids.operatorA as number)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow()
  ).drone_id;
  block = await insertBlock(t, ids.operatorA as number, 'pending keys field');
  device = await connectDevice(`mqtt://127.0.0.1:${port}`, await keyOf(t, MAKER_A, 'pending-keys'));
  for (const id of d) expect(await device.subscribe(id)).toBe(true);
  await beOnline(device.client, d);
  await until(() => d.every((id) => t.app.telemetry.live.get(id)));
}, 120_000);
afterAll(async () => {
  await bounded(device?.end());
  await t?.close();
});

describe('leases (leases_drone_id_fkey dropped)', () => {
  const lease = (droneIds: string[]) =>
    call('makerA', 'POST', RENTAL_PATHS.addRental, { accountId: ids.operatorA, droneIds, leaseModel: 1 });
  const notLeasable = (droneId: string) => translate('leaseDroneNotLeasable', 'en', { droneId });

  it('refuses an unknown drone with a translated 400 and writes no lease', async () => {
    refused(await lease([NOSUCH]), 400, notLeasable(NOSUCH));
    expect(await rowsNaming('leases', NOSUCH)).toBe(0);
  });

  it('refuses the whole request when one of its drones is unknown: the known one is not leased', async () => {
    // The known drone sorts first (drones are leased in drone_id order): its lease row is written
    // before the unknown one is reached, and rolled back with it.
    const [free] = await freeDrones(t, 1);
    expect((free as string) < NOSUCH).toBe(true);
    refused(await lease([NOSUCH, free as string]), 400, notLeasable(NOSUCH));
    expect(await rowsNaming('leases', NOSUCH)).toBe(0);
    expect(await rowsNaming('leases', free as string)).toBe(0);
  });

  it("refuses another maker's drone as before", async () => {
    refused(await lease([foreign]), 400, notLeasable(foreign));
    expect(await rowsNaming('leases', foreign)).toBe(0);
  });

  it('still leases a known drone', async () => {
    const [free] = await freeDrones(t, 1);
    const res = await lease([free as string]);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db
      .selectFrom('leases')
      .select(['drone_id', 'status'])
      .where('id', '=', (body(res).data as { ids: number[] }).ids[0] as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ drone_id: free, status: 1 });
  });
});

describe('block_route_drones (block_route_drones_drone_id_fkey dropped)', () => {
  const notFound = translate('notFound', 'en');

  it('POST plan: an unknown drone is a translated 404; no part is assigned, nothing is sent', async () => {
    const route = await newRoute(2);
    const before = await parts(route.routeId);
    expect(before.map((p) => p.drone_id)).toEqual([null, null]);
    const sent = await planCommands(d);
    const res = await call('operatorA', 'POST', `${CONTROL_BASE}/plan`, {
      routeId: route.routeId,
      droneIds: [d[0], NOSUCH],
    });
    refused(res, 404, notFound);
    expect(await rowsNaming('block_route_drones', NOSUCH)).toBe(0);
    expect(await parts(route.routeId)).toEqual(before);
    expect(await planCommands(d)).toBe(sent);
  });

  it('POST plan: a drone outside the caller’s scope is a 404 as before', async () => {
    const route = await newRoute(1);
    refused(
      await call('operatorA', 'POST', `${CONTROL_BASE}/plan`, {
        routeId: route.routeId,
        droneIds: [foreign],
      }),
      404,
      notFound,
    );
    expect(await rowsNaming('block_route_drones', foreign)).toBe(0);
  });

  it('PATCH route/{droneId}: a drone the route does not hold is a translated 404, the route unchanged', async () => {
    const route = await newRoute(1);
    const before = await parts(route.routeId);
    const res = await call('operatorA', 'PATCH', `${ROUTE_BASE}/${NOSUCH}`, {
      droneStatus: 2,
      plan: route.routeId,
    });
    refused(res, 404, translate('routeDroneNotInRoute', 'en', { droneId: NOSUCH }));
    expect(await rowsNaming('block_route_drones', NOSUCH)).toBe(0);
    expect(await parts(route.routeId)).toEqual(before);
  });

  it('PUT route and POST plan still work with known drones', async () => {
    const route = await newRoute(2);
    const res = await call('operatorA', 'POST', `${CONTROL_BASE}/plan`, {
      routeId: route.routeId,
      droneIds: [d[0], d[1]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await parts(route.routeId)).map((p) => [p.idx, p.drone_id, p.drone_status])).toEqual([
      [0, d[0], 1],
      [1, d[1], 1],
    ]);
  });
});

describe('rtk_devices (rtk_devices_drone_id_fkey dropped)', () => {
  it('no RTK request names a drone: there is no drone id to check', () => {
    for (const schema of [rtkAllowBody, rtkBindBody, rtkRenewPhoneBody, rtkRenewBtaddrBody])
      expect(Object.keys(schema.shape).filter((k) => /drone/i.test(k))).toEqual([]);
  });

  it('the writes on a mounted device work and keep its drone; a drone id sent along is not taken', async () => {
    const dev = await t.db
      .selectFrom('rtk_devices')
      .select(['dev_id', 'drone_id', 'btaddr'])
      .where('zz_account_id', '=', ids.makerA as number)
      .where('drone_id', 'is not', null)
      .orderBy('dev_id')
      .executeTakeFirstOrThrow();
    const writes: [Method, string, object][] = [
      ['PUT', `${RTK_ALLOW_PATH}/${dev.dev_id}`, { opr: 1, droneId: NOSUCH }],
      ['PUT', RTK_BIND_PATH, { devId: dev.dev_id, qxdsk: 'qxPENDINGKEY01', droneId: NOSUCH }],
      ['POST', RTK_RENEW_BTADDR_PATH, { btaddr: dev.btaddr, availableDays: 30, droneId: NOSUCH }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call('makerA', method, url, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(200);
    }
    const after = await t.db
      .selectFrom('rtk_devices')
      .select(['drone_id', 'allowed', 'qxdsk_mask'])
      .where('dev_id', '=', dev.dev_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ drone_id: dev.drone_id, allowed: true, qxdsk_mask: 'qx******01' });
    expect(await rowsNaming('rtk_devices', NOSUCH)).toBe(0);
  });
});
