/**
 * Flight and group control (/api/drone/control/manage) through the real composition: app,
 * PostgreSQL and the embedded MQTT broker over TCP, with a device that signs in with its maker's
 * key, reports telemetry (so its drones are online) and answers commands as a drone would.
 *
 * For every call: 401, 403 for staff and a lease manager, 404 for another tenant's drone; a
 * government watches (GET: the drones of its region only) and is refused every command with a
 * translated 403; refusals all or nothing and named (offline, locked, start
 * without a plan, a route's droneCount); then the whole loop: settings, a plan for two drones,
 * start, progress, pause, resume, done and return home, read back through GET route/{routeId} and
 * GET drones.
 */
import {
  CONTROL_BASE,
  type ControlDrone,
  planCommandPayload,
  ROUTE_BASE,
  type RouteRecord,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/messages.ts';
import { connectDevice, type Device, keyOf, MAKER_A, until } from './commands.kit.ts';
import { beOnline, insertBlock } from './control.kit.ts';
import { freePort } from './freePort.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
let device: Device;
/** Operator A's drones (made by maker A): d[0], d[1] fly; d[2] is locked; d[3] stays offline. */
let d: string[] = [];
let routeId: number;
let otherRoute: number;
let operatorA: number;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, role: string | null, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const post = (path: string, role: string | null, payload: unknown, lang = 'en') =>
  call('POST', `${CONTROL_BASE}/${path}`, role, payload, lang);
const commandCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('drone_commands')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const route = async (): Promise<RouteRecord> => {
  const res = await call('GET', `${ROUTE_BASE}/${routeId}`, 'operatorA');
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as RouteRecord;
};
const partOf = async (droneId: string) => (await route()).drones.find((x) => x.droneId === droneId);
const received = (droneId: string, type: string) =>
  until(() => [...device.received].reverse().find((m) => m.droneId === droneId && m.type === type));
async function controlDrones(role = 'operatorA', q = ''): Promise<ControlDrone[]> {
  const res = await call('GET', `${CONTROL_BASE}/drones?pageSize=500${q}`, role);
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { records: ControlDrone[] }).records;
}

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { MQTT_PORT: String(port) } });
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  auth.staff = (await signInWith(t, '13800000009')).auth;
  operatorA = callers.ids.operatorA;
  d = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('yy_account_id', '=', operatorA)
      .where('zz_account_id', '=', callers.ids.makerA)
      .orderBy('drone_id')
      .limit(4)
      .execute()
  ).map((r) => r.drone_id);
  expect(d).toHaveLength(4);
  await t.db.updateTable('drones').set({ locked: false }).where('drone_id', 'in', d).execute();
  await t.db
    .updateTable('drones')
    .set({ locked: true })
    .where('drone_id', '=', d[2] as string)
    .execute();
  const block = await insertBlock(t, operatorA, 'control field');
  // Routes planned by the console itself (PUT route, planGroupRoute).
  const plan = async (droneCount: number) => {
    const res = await call('PUT', ROUTE_BASE, 'operatorA', {
      block,
      alignEdgeIndex: 0,
      home: [120.2995, 33.6995],
      droneCount,
      width: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (body(res).data as RouteRecord).routeId;
  };
  routeId = await plan(2);
  otherRoute = await plan(1);
  const key = await keyOf(t, MAKER_A, 'control-a');
  device = await connectDevice(`mqtt://127.0.0.1:${port}`, key);
  for (const id of d.slice(0, 3)) expect(await device.subscribe(id)).toBe(true);
  await beOnline(device.client, d.slice(0, 3));
  await until(() => d.slice(0, 3).every((id) => t.app.telemetry.live.get(id)));
  // The drone locked in the registry is sent a lock command a second after it subscribes: let it
  // arrive before the tests count commands (it once landed inside the 401/403 test's count).
  await received(d[2] as string, 'lock');
});
afterAll(async () => {
  await device?.end();
  await t?.close();
});

describe('who may control', () => {
  const calls = (): [Method, string, unknown][] => [
    ['GET', `${CONTROL_BASE}/drones`, undefined],
    ['POST', `${CONTROL_BASE}/settings`, { droneIds: [d[0]], width: 5 }],
    ['POST', `${CONTROL_BASE}/plan`, { routeId, droneIds: [d[0], d[1]] }],
    ['POST', `${CONTROL_BASE}/command`, { droneIds: [d[0]], type: 'pause' }],
  ];

  it('401 without a session; 403 for staff and a lease manager', async () => {
    const before = await commandCount();
    for (const [method, url, payload] of calls()) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      for (const role of ['staff', 'leaseManager'])
        expect((await call(method, url, role, payload)).statusCode, `${role} ${url}`).toBe(403);
    }
    expect(await commandCount()).toBe(before);
  });

  it('a government watches the drones of its region and is refused every command, translated', async () => {
    const before = await commandCount();
    for (const [method, url, payload] of calls().slice(1)) {
      const en = await call(method, url, 'government', payload, 'en');
      expect(en.statusCode, url).toBe(403);
      expect(body(en).message).toBe(translate('controlWatchOnlyAccount', 'en'));
      const zh = await call(method, url, 'government', payload, 'zh');
      expect(zh.statusCode, url).toBe(403);
      expect(body(zh).message).toBe(translate('controlWatchOnlyAccount', 'zh'));
    }
    expect(await commandCount()).toBe(before);
    const gov = await t.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select(['accounts.id', 'rule_province', 'rule_city', 'rule_county'])
      .where('users.phone', '=', '13800000002')
      .executeTakeFirstOrThrow();
    const code = (gov.rule_county ?? gov.rule_city ?? gov.rule_province) as number;
    const inRegion = async (lo: number, hi: number) =>
      (
        await t.db
          .selectFrom('drones')
          .select('drone_id')
          .where('region_code', '>=', lo)
          .where('region_code', '<=', hi)
          .orderBy('drone_id')
          .execute()
      ).map((r) => r.drone_id);
    const span = code % 10_000 === 0 ? 10_000 : code % 100 === 0 ? 100 : 1;
    const mine = await inRegion(code, code + span - 1);
    expect(mine.length).toBeGreaterThan(0);
    const watched = await controlDrones('government');
    expect(watched.map((x) => x.droneId).sort()).toEqual(mine);
    // Another region's government (the same account moved to Xinjiang) sees none of them.
    const xinjiang = 156_650_000;
    await t.db
      .updateTable('accounts')
      .set({ rule_province: xinjiang, rule_city: null, rule_county: null })
      .where('id', '=', gov.id)
      .execute();
    try {
      const other = (await controlDrones('government')).map((x) => x.droneId).sort();
      expect(other).toEqual(await inRegion(xinjiang, xinjiang + 9_999));
      expect(other.some((id) => mine.includes(id))).toBe(false);
    } finally {
      await t.db
        .updateTable('accounts')
        .set({ rule_province: gov.rule_province, rule_city: gov.rule_city, rule_county: gov.rule_county })
        .where('id', '=', gov.id)
        .execute();
    }
  });

  it("another tenant's drone is 404 (maker B on operator A's drones), and so is its route", async () => {
    const before = await commandCount();
    for (const [method, url, payload] of calls().slice(1))
      expect((await call(method, url, 'makerB', payload)).statusCode, url).toBe(404);
    expect(await commandCount()).toBe(before);
    const seen = (await controlDrones('makerB')).map((x) => x.droneId);
    expect(seen).not.toContain(d[0]);
  });

  it('GET drones: an operator its own drones, the maker the drones it made, with online and locked', async () => {
    const mine = await controlDrones('operatorA');
    const owners = await t.db
      .selectFrom('drones')
      .select('yy_account_id')
      .distinct()
      .where(
        'drone_id',
        'in',
        mine.map((x) => x.droneId),
      )
      .execute();
    expect(owners.map((o) => o.yy_account_id)).toEqual([operatorA]);
    const byId = new Map(mine.map((x) => [x.droneId, x]));
    expect(byId.get(d[0] as string)).toMatchObject({ online: true, locked: false, flying: false });
    expect(byId.get(d[2] as string)).toMatchObject({ online: true, locked: true });
    expect(byId.get(d[3] as string)?.online).toBe(false);
    expect((await controlDrones('operatorA', '&online=1')).map((x) => x.droneId).sort()).toEqual(
      d.slice(0, 3).sort(),
    );
    expect((await controlDrones('makerA')).map((x) => x.droneId)).toEqual(expect.arrayContaining(d));
    expect((await controlDrones('platform', `&search=${d[1]}`)).map((x) => x.droneId)).toEqual([d[1]]);
  });
});

describe('refusals, all or nothing', () => {
  it('offline drones: 409 naming them, nothing sent to the others', async () => {
    const before = await commandCount();
    const res = await post('command', 'operatorA', { droneIds: [d[0], d[3]], type: 'returnHome' }, 'zh');
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(translate('controlDronesOffline', 'zh', { drones: d[3] as string }));
    expect(await commandCount()).toBe(before);
  });

  it('locked drones: 409 naming them', async () => {
    const res = await post('settings', 'operatorA', { droneIds: [d[0], d[2]], speed: 4 });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(translate('controlDronesLocked', 'en', { drones: d[2] as string }));
  });

  it('start without a plan sent: 409 naming the drones', async () => {
    const res = await post('command', 'operatorA', { droneIds: [d[0], d[1]], type: 'start' });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(translate('controlNoPlan', 'en', { drones: `${d[0]}, ${d[1]}` }));
  });

  it("a plan needs exactly the route's droneCount, each drone once", async () => {
    const one = await post('plan', 'operatorA', { routeId, droneIds: [d[0]] });
    expect(one.statusCode).toBe(400);
    expect(body(one).message).toBe(translate('controlDroneCount', 'en', { count: 2 }));
    expect((await post('plan', 'operatorA', { routeId, droneIds: [d[0], d[0]] })).statusCode).toBe(400);
    expect((await post('settings', 'operatorA', { droneIds: [d[0]] })).statusCode).toBe(400);
    expect((await post('command', 'operatorA', { droneIds: [d[0]], type: 'fly' })).statusCode).toBe(400);
  });
});

describe('the loop over MQTT', () => {
  it('settings: sent, answered done, then shown as the drone settings', async () => {
    const res = await post('settings', 'operatorA', { droneIds: [d[0], d[1]], width: 6, height: 2.5 });
    expect(res.statusCode, res.body).toBe(200);
    const m = await received(d[0] as string, 'settings');
    expect(m.payload).toEqual({ width: 6, height: 2.5 });
    await device.ack(d[0] as string, { id: m.id, state: 'done' });
    await until(async () => (await controlDrones()).find((x) => x.droneId === d[0])?.settings.width === 6);
    const row = (await controlDrones()).find((x) => x.droneId === d[0]);
    expect(row?.settings).toEqual({ width: 6, height: 2.5, speed: null });
    expect(row?.lastCommand).toMatchObject({ id: m.id, type: 'settings', state: 'done' });
  });

  it('plan, start, progress, pause, resume, done; the other drone returns home', async () => {
    const res = await post('plan', 'operatorA', { routeId, droneIds: [d[0], d[1]] });
    expect(res.statusCode, res.body).toBe(200);
    const r1 = await route();
    expect(r1.drones.map((x) => [x.index, x.droneId, x.droneStatus])).toEqual([
      [0, d[0], 1],
      [1, d[1], 1],
    ]);
    for (const [i, id] of [d[0], d[1]].entries()) {
      const m = await received(id as string, 'plan');
      const payload = planCommandPayload.parse(m.payload);
      expect(payload).toMatchObject({ routeId, index: i, width: 5, speed: 5, height: 3 });
      expect(payload.route).toEqual(r1.plan.routes[i]);
      expect(payload.route.legs.some((l) => l.kind === 'spray')).toBe(true);
      await device.ack(id as string, { id: m.id, state: 'done' });
    }
    const start = await post('command', 'operatorA', { droneIds: [d[0], d[1]], type: 'start' });
    expect(start.statusCode, start.body).toBe(200);
    const s0 = await received(d[0] as string, 'start');
    const s1 = await received(d[1] as string, 'start');
    expect(s0.payload).toEqual({ routeId });

    await device.ack(d[0] as string, { id: s0.id, state: 'acknowledged', progress: 0.25 });
    await until(async () => (await partOf(d[0] as string))?.droneStatus === 2);
    const flying = await partOf(d[0] as string);
    expect(flying).toMatchObject({ droneStatus: 2, progress: 0.25, finishedAt: null });
    expect(flying?.startedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(flying?.lastCommand).toMatchObject({ id: s0.id, type: 'start', state: 'acknowledged' });

    const busy = await post('plan', 'operatorA', { routeId: otherRoute, droneIds: [d[0]] });
    expect(busy.statusCode).toBe(409);
    expect(body(busy).message).toBe(translate('controlDronesBusy', 'en', { drones: d[0] as string }));

    expect((await post('command', 'operatorA', { droneIds: [d[0]], type: 'pause' })).statusCode).toBe(200);
    const pause = await received(d[0] as string, 'pause');
    await device.ack(d[0] as string, { id: pause.id, state: 'done' });
    await until(async () => (await partOf(d[0] as string))?.droneStatus === 3);

    expect((await post('command', 'operatorA', { droneIds: [d[0]], type: 'resume' })).statusCode).toBe(200);
    const resume = await received(d[0] as string, 'resume');
    await device.ack(d[0] as string, { id: resume.id, state: 'done' });
    await until(async () => (await partOf(d[0] as string))?.droneStatus === 2);

    await device.ack(d[0] as string, { id: s0.id, state: 'acknowledged', progress: 0.8 });
    await until(async () => (await partOf(d[0] as string))?.progress === 0.8);
    await device.ack(d[0] as string, { id: s0.id, state: 'done' });
    await until(async () => (await partOf(d[0] as string))?.droneStatus === 5);
    const done = await partOf(d[0] as string);
    expect(done).toMatchObject({ droneStatus: 5, progress: 1, startedAt: flying?.startedAt });
    expect(done?.finishedAt).toBeGreaterThanOrEqual(flying?.startedAt as number);

    await device.ack(d[1] as string, { id: s1.id, state: 'acknowledged', progress: 0.1 });
    await until(async () => (await partOf(d[1] as string))?.droneStatus === 2);
    expect((await post('command', 'operatorA', { droneIds: [d[1]], type: 'returnHome' })).statusCode).toBe(
      200,
    );
    const home = await received(d[1] as string, 'returnHome');
    await device.ack(d[1] as string, { id: home.id, state: 'done' });
    await until(async () => (await partOf(d[1] as string))?.droneStatus === 4);
    const back = await partOf(d[1] as string);
    expect(back).toMatchObject({ droneStatus: 4, progress: 0.1 });
    expect(back?.finishedAt).not.toBeNull();
    const rows = new Map((await controlDrones()).map((x) => [x.droneId, x]));
    expect(rows.get(d[0] as string)).toMatchObject({ routeId, droneStatus: 5, progress: 1 });
    expect(rows.get(d[1] as string)).toMatchObject({ routeId, droneStatus: 4 });
    expect(rows.get(d[1] as string)?.lastCommand).toMatchObject({ id: home.id, state: 'done' });
  });

  it('a failed start is status 6', async () => {
    const res = await post('plan', 'operatorA', { routeId: otherRoute, droneIds: [d[0]] });
    expect(res.statusCode, res.body).toBe(200);
    const plan = await until(() =>
      device.received.find(
        (m) => m.droneId === d[0] && m.type === 'plan' && m.payload.routeId === otherRoute,
      ),
    );
    await device.ack(d[0] as string, { id: plan.id, state: 'done' });
    expect((await post('command', 'operatorA', { droneIds: [d[0]], type: 'start' })).statusCode).toBe(200);
    const start = await until(() =>
      device.received.find(
        (m) => m.droneId === d[0] && m.type === 'start' && m.payload.routeId === otherRoute,
      ),
    );
    await device.ack(d[0] as string, { id: start.id, state: 'failed', reason: 'battery low' });
    await until(async () => {
      const r = body(await call('GET', `${ROUTE_BASE}/${otherRoute}`, 'operatorA')).data as RouteRecord;
      return r.drones[0]?.droneStatus === 6 && r.drones[0].lastCommand?.reason === 'battery low';
    });
  });
});
