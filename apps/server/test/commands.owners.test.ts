/**
 * Commands follow the ownership periods as sorties do (issue 20 item 7): after maker A hands a
 * drone from operator A to operator B, operator A gets 404 for the drone's commands (it read the
 * new owner's route plan before) and can send it none; operator B sees only the commands created
 * since it owns the drone; handed back, operator A sees its own periods' commands and none of B's.
 * The control list's newest command, and the old owner's route plan view, follow the same periods.
 * The platform and the manufacturer see them all; 401, a role without the drone list, another
 * tenant as before.
 */
import {
  CONTROL_BASE,
  DRONE_LOCK_PATH,
  DRONE_OWNER_PATH,
  type DroneCommandRecord,
  ROUTE_BASE,
  type RouteRecord,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKER_A } from './commands.kit.ts';
import { insertBlock } from './control.kit.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

const PATH = '/api/drone/device/manage/commands';
let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
let drone: string;
let operatorA: number;
let operatorB: number;

const list = (role: string | null) =>
  t.app.inject({
    method: 'GET',
    url: `${PATH}?droneId=${drone}&size=50`,
    headers: { ...(role ? auth[role] : {}), 'accept-language': 'en' },
  });
const ids = async (role: string) => {
  const res = await list(role);
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as DroneCommandRecord[]).map((c) => c.id);
};
const handTo = async (yyAccountId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: DRONE_OWNER_PATH,
    headers: auth.makerA,
    payload: { droneId: drone, yyAccountId },
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** A command as the owner's console sends it (a route plan with its waypoints). */
const planOf = (by: string) =>
  t.app.commands.send({ droneId: drone, type: 'plan', payload: { routeId: 1, by, waypoints: [[120, 31]] } });

beforeAll(async () => {
  t = await createTestApp();
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  operatorA = callers.ids.operatorA;
  auth.operatorB = (await signInWith(t, '13800000006')).auth;
  operatorB = (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '绿野植保服务队')
      .executeTakeFirstOrThrow()
  ).id;
  // One of maker A's drones, operator A's for this test since long ago.
  const row = await t.db
    .selectFrom('drones as d')
    .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
    .select('d.drone_id')
    .where('a.account_name', '=', MAKER_A)
    .orderBy('d.drone_id')
    .executeTakeFirstOrThrow();
  drone = row.drone_id;
  await t.db
    .updateTable('drones')
    .set({ yy_account_id: operatorA, locked: false })
    .where('drone_id', '=', drone)
    .execute();
  await t.db.deleteFrom('drone_ownerships').where('drone_id', '=', drone).execute();
  await t.db.deleteFrom('drone_commands').where('drone_id', '=', drone).execute();
  await t.db
    .insertInto('drone_ownerships')
    .values({ drone_id: drone, yy_account_id: operatorA, valid_from: new Date(0) })
    .execute();
  // Operator A's route with the drone on its only part.
  const block = await insertBlock(t, operatorA, 'owners field');
  const res = await t.app.inject({
    method: 'PUT',
    url: ROUTE_BASE,
    headers: auth.operatorA,
    payload: { block, alignEdgeIndex: 0, home: [120.2995, 33.6995], droneCount: 1, width: 5 },
  });
  expect(res.statusCode, res.body).toBe(200);
  routeId = (body(res).data as RouteRecord).routeId;
  await t.db
    .updateTable('block_route_drones')
    .set({ drone_id: drone })
    .where('route_id', '=', routeId)
    .execute();
});
let routeId: number;
/** The newest plan command operator A's route shows for the drone. */
const routeCommand = async () => {
  const res = await t.app.inject({ method: 'GET', url: `${ROUTE_BASE}/${routeId}`, headers: auth.operatorA });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as RouteRecord).drones[0]?.lastCommand?.id ?? null;
};
afterAll(() => t?.close());

describe('commands across an owner change', () => {
  let a1: number;
  let b1: number;

  it('the previous owner gets 404 for the commands and sends none; the new owner sees only its own', async () => {
    a1 = (await planOf('A')).id;
    expect(await ids('operatorA')).toEqual([a1]);
    await handTo(operatorB);
    // The new owner's control list shows no newest command before it sends one (A's is not its own)...
    const lastOf = async (role: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${CONTROL_BASE}/drones?currentPage=1&pageSize=10&search=${drone}`,
        headers: auth[role],
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = (
        body(res).data as { records: Array<{ droneId: string; lastCommand: { id: number } | null }> }
      ).records;
      return rows.find((r) => r.droneId === drone)?.lastCommand?.id ?? null;
    };
    expect(await lastOf('operatorB')).toBeNull();
    b1 = (await planOf('B')).id;
    // ...then its own.
    expect(await lastOf('operatorB')).toBe(b1);

    const old = await list('operatorA');
    expect(old.statusCode, old.body).toBe(404);
    expect(old.body).not.toContain('waypoints');
    // Its route still shows its own plan command for the drone, not the new owner's.
    expect(await routeCommand()).toBe(a1);
    expect(await ids('operatorB')).toEqual([b1]);

    // Sending to a drone it no longer holds: 404 like any drone outside its scope, nothing stored.
    const before = await t.db
      .selectFrom('drone_commands')
      .select('id')
      .where('drone_id', '=', drone)
      .execute();
    const settings = await t.app.inject({
      method: 'POST',
      url: `${CONTROL_BASE}/settings`,
      headers: auth.operatorA,
      payload: { droneIds: [drone], width: 5 },
    });
    expect(settings.statusCode, settings.body).toBe(404);
    const lock = await t.app.inject({
      method: 'POST',
      url: DRONE_LOCK_PATH,
      headers: auth.operatorA,
      payload: { droneId: drone, opr: 1, password: 'secret-1' },
    });
    expect(lock.statusCode, lock.body).toBe(404);
    const after = await t.db
      .selectFrom('drone_commands')
      .select('id')
      .where('drone_id', '=', drone)
      .execute();
    expect(after).toEqual(before);
  });

  it('handed back, the first owner sees its own periods’ commands and none of the second owner’s', async () => {
    await handTo(operatorA);
    const a2 = (await planOf('A again')).id;
    expect(await ids('operatorA')).toEqual([a2, a1]);
    expect((await list('operatorB')).statusCode).toBe(404);
    // The platform and the manufacturer see every command of the drone.
    for (const role of ['platform', 'makerA']) expect(await ids(role)).toEqual([a2, b1, a1]);
  });

  it('401 without a session, 403 for a role without the drone list, 404 for another tenant', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list('leaseManager')).statusCode).toBe(403);
    expect((await list('makerB')).statusCode).toBe(404);
  });
});
