/**
 * Group routes (001 §7 "Blocks": Group route; /api/drone/block/route) through the real app: for
 * every call 401 without a session, 403 for a role without the screens (staff, lease manager), 404
 * for another tenant's block or route, a shared block's routes readable but not writable by its
 * target; a plan issue answered 400 in the caller's language; PATCH /{droneId} moves a drone's
 * status with its times; PUT stores the planner's plan with one part per drone.
 */
import { planGroupRoute, ROUTE_BASE, type RouteRecord, routePage } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/messages.ts';
import { accountIdOf, fakePlan, insertBlock, insertRoute, RECT } from './control.kit.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
let operatorA: number;
let blockA: number;
let blockB: number;
let routeA: number;
let droneOfA: string;

type Method = 'GET' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, role: string | null, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const createBody = (block: number, more: Record<string, unknown> = {}) => ({
  block,
  alignEdgeIndex: 0,
  home: [120.2995, 33.6995],
  droneCount: 2,
  width: 5,
  ...more,
});

beforeAll(async () => {
  t = await createTestApp();
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  operatorA = callers.ids.operatorA;
  const b = await signInWith(t, '13800000006');
  auth.operatorB = b.auth;
  auth.staff = (await signInWith(t, '13800000009')).auth;
  blockA = await insertBlock(t, operatorA, 'A field');
  blockB = await insertBlock(t, await accountIdOf(t, '绿野植保服务队'), 'B field');
  // Operator A shares its block with operator B's user: B reads its routes, changes none.
  const userB = await t.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', '13800000006')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('block_shares').values({ block_id: blockA, user_id: userB.id }).execute();
  routeA = await insertRoute(t, blockA, operatorA, 2);
  droneOfA = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('yy_account_id', '=', operatorA)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow()
  ).drone_id;
  await t.db
    .updateTable('block_route_drones')
    .set({ drone_id: droneOfA, drone_status: 1 })
    .where('route_id', '=', routeA)
    .where('idx', '=', 0)
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT route', () => {
  it('401 without a session, 403 for staff and a lease manager', async () => {
    expect((await call('PUT', ROUTE_BASE, null, createBody(blockA))).statusCode).toBe(401);
    expect((await call('PUT', ROUTE_BASE, 'staff', createBody(blockA))).statusCode).toBe(403);
    expect((await call('PUT', ROUTE_BASE, 'leaseManager', createBody(blockA))).statusCode).toBe(403);
  });

  it("another tenant's block is 404; a block shared with the caller is 403 (read only)", async () => {
    const other = await call('PUT', ROUTE_BASE, 'makerB', createBody(blockA));
    expect(other.statusCode).toBe(404);
    expect(body(other).message).toBe(translate('routeBlockNotFound', 'en'));
    expect((await call('PUT', ROUTE_BASE, 'operatorA', createBody(blockB))).statusCode).toBe(404);
    const shared = await call('PUT', ROUTE_BASE, 'operatorB', createBody(blockA));
    expect(shared.statusCode).toBe(403);
    expect(body(shared).message).toBe(translate('routeReadOnly', 'en'));
  });

  it('malformed input is a 400, never a 500', async () => {
    for (const bad of [
      createBody(blockA, { droneCount: 0 }),
      createBody(blockA, { width: 500 }),
      createBody(blockA, { home: [500, 0] }),
      { block: 'x' },
      createBody(blockA, { alignEdgeIndex: -1 }),
    ])
      expect((await call('PUT', ROUTE_BASE, 'operatorA', bad)).statusCode).toBe(400);
  });

  it('a plan issue is a 400 naming the problem, in zh and in en', async () => {
    // Edge 99 of a 4-edge block: the planner says what is wrong (whatever planner is in place).
    const b = createBody(blockA, { alignEdgeIndex: 99 });
    const planned = planGroupRoute(
      { type: 'Polygon', coordinates: [RECT as [number, number][]] },
      b as never,
    );
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    const key = `routePlan${planned.issue.code[0]?.toUpperCase()}${planned.issue.code.slice(1)}` as never;
    for (const lang of ['zh', 'en'] as const) {
      const res = await call('PUT', ROUTE_BASE, 'operatorA', b, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).toBe(translate(key, lang, planned.issue.params));
    }
    expect(translate(key, 'zh')).not.toBe(translate(key, 'en'));
  });

  const plannerReady = planGroupRoute(
    { type: 'Polygon', coordinates: [RECT as [number, number][]] },
    { alignEdgeIndex: 0, home: [120.2995, 33.6995], droneCount: 2, width: 5 },
  ).ok;
  it.runIf(plannerReady)(
    "plans the block and stores the route, one part per drone, for the block's owner and the platform",
    async () => {
      for (const role of ['operatorA', 'platform']) {
        const res = await call('PUT', ROUTE_BASE, role, createBody(blockA, { name: 'two drones' }));
        expect(res.statusCode, res.body).toBe(200);
        const r = body(res).data as RouteRecord;
        expect(r).toMatchObject({
          blockId: blockA,
          blockName: 'A field',
          name: 'two drones',
          editable: true,
        });
        expect(r.plan.routes).toHaveLength(2);
        // Issue 20 item 17: the plan carries the area its swaths spray outside the block, 0.
        expect(r.plan.sprayedOutsideM2).toBeLessThan(0.5);
        expect(r.drones.map((d) => [d.index, d.droneId, d.droneStatus])).toEqual([
          [0, null, 0],
          [1, null, 0],
        ]);
        expect(r.blockGeometry.coordinates[0]).toEqual(RECT);
      }
    },
  );
});

describe('GET list and GET /{routeId}', () => {
  it('401, 403 for staff and a lease manager', async () => {
    for (const url of [`${ROUTE_BASE}/list`, `${ROUTE_BASE}/${routeA}`]) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, 'staff')).statusCode).toBe(403);
      expect((await call('GET', url, 'leaseManager')).statusCode).toBe(403);
    }
  });

  it("another tenant's route and block are 404; its list holds none of them", async () => {
    expect((await call('GET', `${ROUTE_BASE}/${routeA}`, 'makerB')).statusCode).toBe(404);
    expect((await call('GET', `${ROUTE_BASE}/list?blockId=${blockA}`, 'makerB')).statusCode).toBe(404);
    const res = await call('GET', `${ROUTE_BASE}/list`, 'makerB');
    expect(res.statusCode).toBe(200);
    expect((body(res).data as { records: unknown[] }).records).toEqual([]);
  });

  it('a government reads the routes of blocks in its region, and changes none', async () => {
    const gov = await t.db
      .selectFrom('accounts')
      .select(['rule_province', 'rule_city', 'rule_county'])
      .where('account_type', '=', 2)
      .where(
        'id',
        '=',
        (
          await t.db
            .selectFrom('users')
            .select('account_id')
            .where('phone', '=', '13800000002')
            .executeTakeFirstOrThrow()
        ).account_id,
      )
      .executeTakeFirstOrThrow();
    const code = gov.rule_county ?? gov.rule_city ?? gov.rule_province;
    expect((await call('GET', `${ROUTE_BASE}/${routeA}`, 'government')).statusCode).toBe(404);
    await t.db.updateTable('blocks').set({ region_code: code }).where('block_id', '=', blockA).execute();
    const res = await call('GET', `${ROUTE_BASE}/${routeA}`, 'government');
    expect(res.statusCode, res.body).toBe(200);
    expect((body(res).data as RouteRecord).editable).toBe(false);
    expect((await call('PUT', ROUTE_BASE, 'government', createBody(blockA))).statusCode).toBe(403);
    expect(
      (await call('PATCH', `${ROUTE_BASE}/${droneOfA}`, 'government', { droneStatus: 1, plan: routeA }))
        .statusCode,
    ).toBe(403);
  });

  it('the owner and the share target read the route; only the owner may edit it', async () => {
    for (const [role, editable] of [
      ['operatorA', true],
      ['operatorB', false],
      ['platform', true],
    ] as const) {
      const res = await call('GET', `${ROUTE_BASE}/${routeA}`, role);
      expect(res.statusCode, res.body).toBe(200);
      const r = body(res).data as RouteRecord;
      expect(r).toMatchObject({ routeId: routeA, blockId: blockA, editable });
      expect(r.drones[0]).toMatchObject({ index: 0, droneId: droneOfA, droneStatus: 1 });
      const list = await call('GET', `${ROUTE_BASE}/list?blockId=${blockA}`, role);
      const page = routePage.parse(body(list).data);
      const row = page.records.find((x) => x.routeId === routeA);
      expect(row).toMatchObject({ droneCount: 2, width: 5, editable });
      expect(row?.coverageShare).toBeCloseTo(1500 / 20_700, 6);
    }
  });
});

describe('PATCH /{droneId}', () => {
  const url = () => `${ROUTE_BASE}/${droneOfA}`;
  it('401, 403 for staff, a lease manager and the share target; 404 for another tenant', async () => {
    const b = { droneStatus: 2, plan: routeA };
    expect((await call('PATCH', url(), null, b)).statusCode).toBe(401);
    expect((await call('PATCH', url(), 'staff', b)).statusCode).toBe(403);
    expect((await call('PATCH', url(), 'leaseManager', b)).statusCode).toBe(403);
    expect((await call('PATCH', url(), 'operatorB', b)).statusCode).toBe(403);
    expect((await call('PATCH', url(), 'makerB', b)).statusCode).toBe(404);
    expect((await call('PATCH', url(), 'operatorA', { droneStatus: 9, plan: routeA })).statusCode).toBe(400);
  });

  it('a drone not assigned in the route is 404 naming it', async () => {
    const res = await call(
      'PATCH',
      `${ROUTE_BASE}/NOTINROUTE1`,
      'operatorA',
      { droneStatus: 2, plan: routeA },
      'zh',
    );
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe(translate('routeDroneNotInRoute', 'zh', { droneId: 'NOTINROUTE1' }));
  });

  it('sets the status: started_at on 2, finished_at on 5 (progress 1)', async () => {
    const started = await call('PATCH', url(), 'operatorA', { droneStatus: 2, plan: routeA });
    expect(started.statusCode, started.body).toBe(200);
    const a = (body(started).data as RouteRecord).drones[0];
    expect(a).toMatchObject({ droneStatus: 2, finishedAt: null });
    expect(a?.startedAt).toBeGreaterThan(Date.now() - 60_000);
    const done = await call('PATCH', url(), 'operatorA', { droneStatus: 5, plan: routeA });
    const b = (body(done).data as RouteRecord).drones[0];
    expect(b).toMatchObject({ droneStatus: 5, progress: 1, startedAt: a?.startedAt });
    expect(b?.finishedAt).toBeGreaterThanOrEqual(a?.startedAt as number);
  });
});

describe('sprayed outside (issue 20 item 17)', () => {
  it('a plan stored without the figure answers it measured from its legs (a lap on the edge: half outside)', async () => {
    const plan = fakePlan(1) as Record<string, unknown> & {
      routes: { legs: { kind: string; path: number[][] }[] }[];
    };
    // One spray leg along RECT's south edge, 120.3002 -> 120.3018 at 33.7: half its 5 m swath outside.
    (plan.routes[0]?.legs[1] as { path: number[][] }).path = [
      [120.3002, 33.7],
      [120.3018, 33.7],
    ];
    const r = await t.db
      .insertInto('block_routes')
      .values({
        block_id: blockA,
        owner_account_id: operatorA,
        name: 'stored before issue 20',
        block_geometry: JSON.stringify({ type: 'Polygon', coordinates: [RECT] }),
        params: JSON.stringify({ alignEdgeIndex: 0, home: plan.home, droneCount: 1, width: 5 }),
        plan: JSON.stringify(plan),
      })
      .returning('route_id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('block_route_drones')
      .values({ route_id: r.route_id, idx: 0, drone_id: null })
      .execute();
    const res = await call('GET', `${ROUTE_BASE}/${r.route_id}`, 'operatorA');
    expect(res.statusCode, res.body).toBe(200);
    const got = (body(res).data as RouteRecord).plan.sprayedOutsideM2 as number;
    // 2.5 m x the leg's length (0.0016 degree of longitude at 33.7 degrees north).
    const length = 0.0016 * ((Math.PI / 180) * 6_378_137 * Math.cos((33.7 * Math.PI) / 180));
    expect(got / (2.5 * length)).toBeGreaterThan(0.99);
    expect(got / (2.5 * length)).toBeLessThan(1.01);
  });
});
