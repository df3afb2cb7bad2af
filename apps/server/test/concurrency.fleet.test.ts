/**
 * Check-then-writes of the fleet modules under parallel requests (issue 20 item 2,
 * docs/concurrency.md): real parallel requests against the app, the invariant asserted, the losers
 * answered 409 in their language, never a 5xx.
 *
 * - models: 20 parallel creations of one model name;
 * - datastat: parallel stat items never pass the account's cap (DATASTAT_MAX_ITEMS);
 * - drones: 20 parallel locks and unlocks of one drone leave at most one open lock command and
 *   the registry agreeing with the newest;
 * - commands: 20 parallel answers of one command move it once;
 * - no-fly zones: 20 parallel edits of one zone each get their own version;
 * - rtk: one service key bound to two devices at once;
 * - bulletins: 20 parallel "read all" marks, no error;
 * - (blocks: 20 parallel shares of one user, blocks.share.test.ts.)
 */
import {
  BULLETIN_READ_PATH,
  DATASTAT_BASE,
  DATASTAT_ITEM_CALLS,
  DATASTAT_MAX_ITEMS,
  DRONE_LOCK_PATH,
  MODEL_PATH,
  NOFLY_BASE,
  RTK_BIND_PATH,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandAnswer } from '../src/telemetry/commands/types.ts';
import { dronesOf, MAKER_A } from './commands.kit.ts';
import { bodies, callerOf, type Method, parallel } from './concurrency.kit.ts';
import { body, createTestApp, fleetCallers, type TestApp } from './helper.ts';

let t: TestApp;
let auth: Awaited<ReturnType<typeof fleetCallers>>['auth'];
const N = 20;

beforeAll(async () => {
  t = await createTestApp();
  auth = (await fleetCallers(t)).auth;
});
afterAll(() => t?.close());

type Role = keyof typeof auth;
const call = (role: Role, method: Method, url: string, payload: unknown, lang = 'en') =>
  callerOf(() => t, auth)(role, method, url, payload, lang);

describe('models', () => {
  it('20 parallel creations of one model name: one model, the rest get 409 naming it', async () => {
    const res = await parallel(N, () =>
      call('makerA', 'POST', MODEL_PATH, {
        modelName: 'RACE-X1',
        shape: 'quad',
        power: 'electric',
        sprayWidth: 6.5,
        tankLitres: 30,
      }),
    );
    expect(
      res.filter((r) => r.statusCode === 200),
      bodies(res),
    ).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(body(r).message).toBe('The manufacturer already has a model named "RACE-X1"');
    }
    const rows = await t.db
      .selectFrom('drone_models')
      .select('id')
      .where('model_name', '=', 'RACE-X1')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('datastat', () => {
  it('parallel stat items stop at the cap: exactly the free places are taken, the rest get 409', async () => {
    const owner = await t.db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('phone', '=', '13800000004')
      .executeTakeFirstOrThrow();
    const free = 3;
    await t.db.deleteFrom('stat_items').where('account_id', '=', owner.account_id).execute();
    await t.db
      .insertInto('stat_items')
      .values(
        Array.from({ length: DATASTAT_MAX_ITEMS - free }, (_, i) => ({
          account_id: owner.account_id,
          user_id: owner.id,
          name: `已有 ${i}`,
          period_type: 5,
          area_unit: 'mu',
          show_type: 2,
          x: 'month',
          y: 'area',
        })),
      )
      .execute();
    const url = `${DATASTAT_BASE}/${DATASTAT_ITEM_CALLS.create}`;
    const res = await parallel(N, (i) =>
      call('makerB', 'POST', url, { name: `并发 ${i}`, periodType: 5, x: 'month', y: 'area' }),
    );
    expect(
      res.filter((r) => r.statusCode === 200),
      bodies(res),
    ).toHaveLength(free);
    for (const r of res.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(body(r).message).toBe(`An account can have at most ${DATASTAT_MAX_ITEMS} stat items`);
    }
    const { n } = await t.db
      .selectFrom('stat_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', owner.account_id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(DATASTAT_MAX_ITEMS);
  });
});

describe('drones', () => {
  it('20 parallel locks and unlocks of one drone: at most one open lock command, the registry agrees', async () => {
    const [drone] = (await dronesOf(t, MAKER_A, 1)) as [string];
    const res = await parallel(N, (i) =>
      call('platform', 'PUT', DRONE_LOCK_PATH, { droneId: drone, opr: i % 2 ? 0 : 1, password: 'race-1234' }),
    );
    for (const r of res) expect([200, 409], r.body).toContain(r.statusCode);
    expect(res.some((r) => r.statusCode === 200)).toBe(true);
    const open = await t.db
      .selectFrom('drone_commands')
      .select(['type', 'state'])
      .where('drone_id', '=', drone)
      .where('type', 'in', ['lock', 'unlock'])
      .where('state', 'in', ['pending', 'sent'])
      .execute();
    expect(open.length).toBeLessThanOrEqual(1);
    const newest = await t.db
      .selectFrom('drone_commands')
      .select('type')
      .where('drone_id', '=', drone)
      .where('type', 'in', ['lock', 'unlock'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const reg = await t.db
      .selectFrom('drones')
      .select('locked')
      .where('drone_id', '=', drone)
      .executeTakeFirstOrThrow();
    expect(reg.locked).toBe(newest.type === 'lock');
  });
});

describe('commands', () => {
  it('20 parallel answers of one command move it once', async () => {
    const [, drone] = (await dronesOf(t, MAKER_A, 2)) as [string, string];
    const c = await t.app.commands.send({ droneId: drone, type: 'settings', payload: { width: 5 } });
    const heard: CommandAnswer[] = [];
    const off = t.app.commands.onAnswer((a) => {
      if (a.command.id === c.id) heard.push(a);
    });
    try {
      await parallel(N, (i) =>
        t.app.commands.onAck(
          drone,
          Buffer.from(JSON.stringify({ id: c.id, state: i % 2 ? 'done' : 'failed', reason: `r${i}` })),
          null,
        ),
      );
    } finally {
      off();
    }
    expect(heard).toHaveLength(1);
    const row = await t.db
      .selectFrom('drone_commands')
      .select(['state', 'reason'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: heard[0]?.command.state, reason: heard[0]?.command.reason });
  });
});

describe('no-fly zones', () => {
  it('20 parallel edits of one zone: each gets its own version, 2..21, each stored once', async () => {
    const ring = (lng: number, lat: number, d = 0.01) => [
      [lng, lat],
      [lng + d, lat],
      [lng + d, lat + d],
      [lng, lat + d],
      [lng, lat],
    ];
    const zone = (name: string) => ({
      name,
      detailAddress: '江苏省盐城市射阳县',
      noflyType: 1,
      shape: 'polygon',
      geometry: { type: 'Polygon', coordinates: [ring(120.25, 33.78)] },
    });
    const made = await call('platform', 'POST', NOFLY_BASE, zone('并发禁飞区'));
    expect(made.statusCode, made.body).toBe(200);
    const { noflyId } = body(made).data as { noflyId: number };
    const res = await parallel(N, (i) =>
      call('platform', 'PUT', NOFLY_BASE, { ...zone(`并发禁飞区 ${i}`), noflyId }),
    );
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    const versions = res.map((r) => (body(r).data as { version: number }).version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: N }, (_, i) => i + 2));
    const stored = await t.db
      .selectFrom('nofly_zone_versions')
      .select('version')
      .where('zone_id', '=', noflyId)
      .orderBy('version')
      .execute();
    expect(stored.map((v) => v.version)).toEqual(Array.from({ length: N + 1 }, (_, i) => i + 1));
  });
});

describe('rtk', () => {
  it('one service key bound to two devices at once goes to one; the other gets 409', async () => {
    const mine = await t.db
      .selectFrom('rtk_devices as r')
      .innerJoin('accounts as a', 'a.id', 'r.zz_account_id')
      .select('r.dev_id')
      .where('a.account_name', '=', MAKER_A)
      .orderBy('r.dev_id')
      .limit(10)
      .execute();
    expect(mine.length).toBeGreaterThanOrEqual(10);
    for (let round = 0; round < 5; round++) {
      const [a, b] = [mine[2 * round]?.dev_id, mine[2 * round + 1]?.dev_id];
      const qxdsk = `qxRACE${String(round).padStart(7, '0')}`;
      const res = await Promise.all([
        call('makerA', 'PUT', RTK_BIND_PATH, { devId: a, qxdsk }),
        call('makerA', 'PUT', RTK_BIND_PATH, { devId: b, qxdsk }),
      ]);
      expect(res.map((r) => r.statusCode).sort(), bodies(res)).toEqual([200, 409]);
      const lost = res.find((r) => r.statusCode === 409);
      expect(body(lost as never).message).toBe('This service key is already bound to another device');
    }
  });
});

describe('bulletins', () => {
  it('20 parallel "read all" marks of one user: every call answers 200', async () => {
    const res = await parallel(N, () =>
      call('operatorA', 'PUT', BULLETIN_READ_PATH, { bulletinType: 2, oprType: 2 }),
    );
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
  });
});
