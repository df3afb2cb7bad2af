/**
 * The drone registry (001 §7 "Drones", /api/drone/device/manage; 002 §7 lookups) through the real
 * app on the demo data: for every call 401 without a session, 403 for a role without the screen or
 * the ability (staff, lease manager) or without the right on that drone (government, an owner on
 * the manufacturer's writes), 404 for another tenant's drone (maker B on maker A's, operator B on
 * operator A's), bad input answered in the caller's language; every filter, every sort and the
 * statistics of the filtered set against plain SQL; the lock's password hashed and its command
 * written in the same transaction.
 */
import {
  DRONE_DETAIL_PATH,
  DRONE_LIST_PATH,
  DRONE_LOCK_PATH,
  DRONE_MANUFACTURERS_PATH,
  DRONE_OPERATORS_PATH,
  DRONE_OWNER_PATH,
  DRONE_RENTAL_PATH,
  DRONE_SORTS,
  DRONE_UPDATE_PATH,
  type DroneListPage,
  type DroneRegistryDetail,
  droneDeviceTypePath,
  droneSalePath,
  droneSignPath,
} from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
/** Maker A's drone owned by operator A, registered in Jiangsu (the government's region). */
let droneA: string;
/** Maker A's drone with no owner of another operator (for writes that change it). */
let droneB: string;

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, role: string | null, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
async function list(role: string, q: Record<string, string | number> = {}) {
  const res = await call('GET', `${DRONE_LIST_PATH}?${qs({ pageSize: 500, ...q })}`, role);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as DroneListPage;
}
const row = (droneId: string) =>
  t.db.selectFrom('drones').selectAll().where('drone_id', '=', droneId).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  Object.assign(ids, callers.ids);
  auth.operatorB = (await signInWith(t, '13800000006')).auth;
  auth.staff = (await signInWith(t, '13800000009')).auth;
  ids.operatorB = (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '绿野植保服务队')
      .executeTakeFirstOrThrow()
  ).id;
  const pick = (yy: number) =>
    t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids.makerA as number)
      .where('yy_account_id', '=', yy)
      .where('region_code', '>=', 156320000)
      .where('region_code', '<=', 156329999)
      .where('locked', '=', false)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();
  droneA = (await pick(ids.operatorA as number)).drone_id;
  droneB = (await pick(ids.makerA as number)).drone_id;
  // Figures to filter and sort on: one sortie-free rollup row per drone of maker A.
  await sql`INSERT INTO stat_drone (sk, sid, grain, period, drone_id, sorties, area_mu, volume_l, duration_s)
    SELECT k.sk, k.sid, 'a', DATE '1970-01-01', d.drone_id, (abs(hashtext(d.drone_id)) % 50) + 1,
      (abs(hashtext(d.drone_id)) % 1000) / 10.0, 1, 60
    FROM drones d CROSS JOIN LATERAL (VALUES (0::smallint, 0::bigint), (2::smallint, d.zz_account_id::bigint),
      (3::smallint, d.yy_account_id::bigint)) k(sk, sid) WHERE k.sid IS NOT NULL`.execute(t.db);
  const pilot = await t.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', '13800000005')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('drone_pilots').values({ pilot_id: pilot.id, drone_id: droneA }).execute();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Drone ids matching `where` within maker A's drones, by plain SQL. */
async function refIds(where: RawBuilder<unknown>) {
  const { rows } = await sql<{ drone_id: string }>`
    SELECT d.drone_id FROM drones d WHERE d.zz_account_id = ${ids.makerA} AND ${where} ORDER BY d.drone_id`.execute(
    t.db,
  );
  return rows.map((r) => r.drone_id);
}
const sorted = (p: DroneListPage) => p.records.map((r) => r.droneId).sort();

describe('GET list', () => {
  it('401 without a session, 403 for staff and the lease manager', async () => {
    expect((await call('GET', DRONE_LIST_PATH, null)).statusCode).toBe(401);
    expect((await call('GET', DRONE_LIST_PATH, 'staff')).statusCode).toBe(403);
    expect((await call('GET', DRONE_LIST_PATH, 'leaseManager')).statusCode).toBe(403);
  });

  it('answers each caller its scope only', async () => {
    const all = await list('platform');
    const total = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM drones`.execute(t.db)).rows[0]?.n,
    );
    expect(all.total).toBe(total);
    const a = await list('makerA');
    expect(a.records.every((r) => r.zzAccountId === ids.makerA)).toBe(true);
    expect(sorted(a)).toEqual(await refIds(sql`true`));
    const b = await list('makerB');
    expect(b.records.some((r) => r.zzAccountId === ids.makerA)).toBe(false);
    const op = await list('operatorA');
    expect(op.total).toBeGreaterThan(0);
    expect(op.records.every((r) => r.yyAccountId === ids.operatorA)).toBe(true);
    const gov = await list('government');
    expect(
      gov.records.every((r) => (r.regionCode ?? 0) >= 156320000 && (r.regionCode ?? 0) <= 156329999),
    ).toBe(true);
  });

  it('applies every filter (maker A)', async () => {
    const cases: Array<[Record<string, string | number>, RawBuilder<unknown>]> = [
      [{ yyAccountName: '丰收' }, sql`d.yy_account_id = ${ids.operatorA}`],
      [{ zzAccountName: '极翼' }, sql`true`],
      [{ zzAccountName: '云禾' }, sql`false`],
      [{ modelName: 'x20' }, sql`d.model_id IN (SELECT id FROM drone_models WHERE model_name = 'JY-X20')`],
      [{ oprName: '赵' }, sql`d.drone_id = ${droneA}`],
      [{ regFlag: 1 }, sql`coalesce(d.reg_mark, '') <> ''`],
      [{ regFlag: 0 }, sql`coalesce(d.reg_mark, '') = ''`],
      [{ droneId: droneA.slice(2, 8).toLowerCase() }, sql`d.drone_id ILIKE ${`%${droneA.slice(2, 8)}%`}`],
      [{ droneName: '-00' }, sql`d.drone_name LIKE '%-00%'`],
      [{ deviceType: 2 }, sql`d.device_type = 2`],
      [{ saleType: 2 }, sql`d.sale_type = 2`],
      [{ droneId: '%' }, sql`false`],
    ];
    for (const [q, where] of cases) {
      const got = await list('makerA', q);
      expect(sorted(got), JSON.stringify(q)).toEqual(await refIds(where));
    }
  });

  it('sorts by every key, both orders, pages without overlap', async () => {
    for (const sortParam of DRONE_SORTS)
      for (const order of [1, 2]) {
        const got = (await list('makerA', { sortParam, order })).records;
        const key = (r: (typeof got)[number]) =>
          ({
            createTime: r.createTime,
            droneId: r.droneId,
            droneName: r.droneName,
            modelName: r.modelName,
            workArea: r.workArea,
            sortieCount: r.sortieCount,
            lastTime: r.lastTime ?? (order === 1 ? Number.NEGATIVE_INFINITY : Number.NEGATIVE_INFINITY),
          })[sortParam];
        for (let i = 1; i < got.length; i++) {
          const [a, b] = [key(got[i - 1] as never), key(got[i] as never)];
          if (a === null || b === null) continue;
          if (order === 1) expect(a >= b, `${sortParam} ${order} at ${i}`).toBe(true);
          else expect(a <= b, `${sortParam} ${order} at ${i}`).toBe(true);
        }
      }
    const p1 = await list('makerA', { pageSize: 7, currentPage: 1, sortParam: 'workArea' });
    const p2 = await list('makerA', { pageSize: 7, currentPage: 2, sortParam: 'workArea' });
    expect(p1.records).toHaveLength(7);
    expect(p2.records.some((r) => p1.records.some((x) => x.droneId === r.droneId))).toBe(false);
  });

  it('statistics are those of the whole filtered set', async () => {
    for (const q of [{}, { yyAccountName: '丰收' }, { modelName: 'JY-P40' }] as Array<
      Record<string, string>
    >) {
      const got = await list('makerA', { ...q, pageSize: 1 });
      const where =
        'yyAccountName' in q
          ? sql`d.yy_account_id = ${ids.operatorA}`
          : 'modelName' in q
            ? sql`d.model_id IN (SELECT id FROM drone_models WHERE model_name = 'JY-P40')`
            : sql`true`;
      const { rows } = await sql<{ total: string; zz: string; models: string; area: number; n: string }>`
        SELECT count(*) AS total, count(DISTINCT d.zz_account_id) AS zz, count(DISTINCT d.model_id) AS models,
          coalesce(sum(t.area_mu), 0) AS area, coalesce(sum(t.sorties), 0) AS n
        FROM drones d LEFT JOIN stat_drone t ON t.sk = 2 AND t.sid = d.zz_account_id AND t.grain = 'a'
          AND t.drone_id = d.drone_id
        WHERE d.zz_account_id = ${ids.makerA} AND ${where}`.execute(t.db);
      const r = rows[0];
      expect(got.records).toHaveLength(1);
      expect(got.stats.total, JSON.stringify(q)).toBe(Number(r?.total));
      expect(got.total).toBe(Number(r?.total));
      expect(got.stats.zzNum).toBe(Number(r?.zz));
      expect(got.stats.modelNum).toBe(Number(r?.models));
      expect(got.stats.sortieCount).toBe(Number(r?.n));
      expect(got.stats.workArea).toBeCloseTo(Number(r?.area), 6);
    }
  });

  it('bad input: 400 with the message in the caller’s language', async () => {
    for (const q of [
      'pageSize=501',
      'sortParam=password',
      'saleType=9',
      'regFlag=2',
      `droneId=${'x'.repeat(65)}`,
    ]) {
      const en = await call('GET', `${DRONE_LIST_PATH}?${q}`, 'makerA', undefined, 'en');
      expect(en.statusCode, q).toBe(400);
      expect(body(en).message).toMatch(/[A-Za-z]/);
      const zh = await call('GET', `${DRONE_LIST_PATH}?${q}`, 'makerA', undefined, 'zh');
      expect(zh.statusCode).toBe(400);
      expect(body(zh).message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('GET detail', () => {
  const url = (id: string) => `${DRONE_DETAIL_PATH}?droneId=${id}`;
  it('401, 403 for staff, 404 for other tenants', async () => {
    expect((await call('GET', url(droneA), null)).statusCode).toBe(401);
    expect((await call('GET', url(droneA), 'staff')).statusCode).toBe(403);
    expect((await call('GET', url(droneA), 'makerB')).statusCode).toBe(404);
    expect((await call('GET', url(droneA), 'operatorB')).statusCode).toBe(404);
    expect((await call('GET', url('NO-SUCH'), 'platform')).statusCode).toBe(404);
    expect((await call('GET', url('bad id!'), 'platform')).statusCode).toBe(400);
  });
  it('shows the drone, its owners and what the caller may do', async () => {
    const res = await call('GET', url(droneA), 'makerA');
    expect(res.statusCode, res.body).toBe(200);
    const d = body(res).data as DroneRegistryDetail;
    expect(d.droneId).toBe(droneA);
    expect(d.zzAccountId).toBe(ids.makerA);
    expect(d.yyAccountId).toBe(ids.operatorA);
    expect(d.owners[0]?.yyAccountId).toBe(ids.operatorA);
    expect(d.actions).toMatchObject({ update: true, sale: true, lock: true, owner: true });
    const op = body(await call('GET', url(droneA), 'operatorA')).data as DroneRegistryDetail;
    expect(op.actions).toMatchObject({ update: false, sale: false, rental: false, lock: true, owner: false });
    const gov = body(await call('GET', url(droneA), 'government')).data as DroneRegistryDetail;
    expect(Object.values(gov.actions).some(Boolean)).toBe(false);
  });
});

/** One write: [method, url, body] for a drone. */
type Write = (id: string) => [Method, string, unknown];
const WRITES: Record<string, Write> = {
  update: (id) => ['PUT', DRONE_UPDATE_PATH, { droneId: id, flyModelId: 0, droneName: 'N' }],
  sign: (id) => ['PUT', droneSignPath(id), { zzDroneNum: 'ZZ-1' }],
  sale: (id) => ['PUT', droneSalePath(id), { saleType: 2 }],
  deviceType: (id) => ['PUT', droneDeviceTypePath(id), { deviceType: 2, sprayWidth: 6.5 }],
  rental: (id) => ['POST', DRONE_RENTAL_PATH, { droneId: id, rentalModel: 2 }],
  lock: (id) => ['PUT', DRONE_LOCK_PATH, { droneId: id, opr: 1, password: 'secret-1' }],
  owner: (id) => ['POST', DRONE_OWNER_PATH, { droneId: id, yyAccountId: 1 }],
};

describe('writes: who may', () => {
  let modelId: number;
  beforeAll(async () => {
    modelId = (
      await t.db
        .selectFrom('drones')
        .select('model_id')
        .where('drone_id', '=', droneA)
        .executeTakeFirstOrThrow()
    ).model_id;
    WRITES.update = (id) => [
      'PUT',
      DRONE_UPDATE_PATH,
      { droneId: id, flyModelId: modelId, droneName: 'Renamed' },
    ];
    WRITES.owner = (id) => ['POST', DRONE_OWNER_PATH, { droneId: id, yyAccountId: ids.operatorB }];
  });

  it('every write: 401, 403 for staff, lease manager and government, 404 for other tenants', async () => {
    for (const [name, w] of Object.entries(WRITES)) {
      const [m, u, p] = w(droneA);
      expect((await call(m, u, null, p)).statusCode, name).toBe(401);
      expect((await call(m, u, 'staff', p)).statusCode, name).toBe(403);
      expect((await call(m, u, 'leaseManager', p)).statusCode, name).toBe(403);
      expect((await call(m, u, 'government', p)).statusCode, name).toBe(403);
      expect((await call(m, u, 'makerB', p)).statusCode, name).toBe(404);
      expect((await call(m, u, 'operatorB', p)).statusCode, name).toBe(404);
    }
    const before = await row(droneA);
    expect(before.locked).toBe(false);
    expect(before.yy_account_id).toBe(ids.operatorA);
  });

  it('the owner may lock, nothing else; the platform may not set sale or rental', async () => {
    for (const name of ['update', 'sign', 'sale', 'deviceType', 'rental', 'owner']) {
      const [m, u, p] = (WRITES[name] as Write)(droneA);
      expect((await call(m, u, 'operatorA', p)).statusCode, name).toBe(403);
    }
    for (const name of ['sale', 'rental']) {
      const [m, u, p] = (WRITES[name] as Write)(droneA);
      expect((await call(m, u, 'platform', p)).statusCode, name).toBe(403);
    }
  });

  it('the manufacturer changes each field', async () => {
    const ok = async (w: Write, id = droneB) => {
      const [m, u, p] = w(id);
      const res = await call(m, u, 'makerA', p);
      expect(res.statusCode, res.body).toBe(200);
    };
    await ok(WRITES.update as Write);
    await ok((id) => [
      'PUT',
      DRONE_UPDATE_PATH,
      { droneId: id, flyModelId: modelId, droneName: 'Renamed', regMark: 'REG-9', rackNo: 'R-9', buyer: 'B' },
    ]);
    await ok(WRITES.sign as Write);
    await ok(WRITES.sale as Write);
    await ok(WRITES.deviceType as Write);
    await ok(WRITES.rental as Write);
    const r = await row(droneB);
    expect(r).toMatchObject({
      drone_name: 'Renamed',
      reg_mark: 'REG-9',
      rack_no: 'R-9',
      buyer: 'B',
      zz_drone_num: 'ZZ-1',
      sale_type: 2,
      device_type: 2,
      rental_model: 2,
    });
    expect(Number(r.spray_width)).toBe(6.5);
    // The platform updates and signs too.
    const [m, u] = (WRITES.sign as Write)(droneB);
    expect((await call(m, u, 'platform', { zzDroneNum: 'P-2' })).statusCode).toBe(200);
    expect((await row(droneB)).zz_drone_num).toBe('P-2');
  });

  it('bad input: 400 translated, nothing changed', async () => {
    const before = await row(droneB);
    const bad: Array<[Method, string, unknown]> = [
      ['PUT', DRONE_UPDATE_PATH, { droneId: droneB, flyModelId: modelId, droneName: '' }],
      ['PUT', droneSignPath(droneB), { zzDroneNum: 'x'.repeat(65) }],
      ['PUT', droneSalePath(droneB), { saleType: 7 }],
      ['PUT', droneDeviceTypePath(droneB), { deviceType: 2, sprayWidth: 1e9 }],
      ['POST', DRONE_RENTAL_PATH, { droneId: droneB, rentalModel: 4 }],
      ['PUT', DRONE_LOCK_PATH, { droneId: droneB, opr: 3, password: 'secret-1' }],
      ['PUT', DRONE_LOCK_PATH, { droneId: droneB, opr: 1, password: 'x' }],
      ['POST', DRONE_OWNER_PATH, { droneId: droneB, yyAccountId: -1 }],
    ];
    for (const [m, u, p] of bad) {
      const en = await call(m, u, 'makerA', p, 'en');
      expect(en.statusCode, `${u} ${JSON.stringify(p)}`).toBe(400);
      expect(body(en).message).toMatch(/[A-Za-z]/);
      const zh = await call(m, u, 'makerA', p, 'zh');
      expect(body(zh).message).toMatch(/[\u4e00-\u9fff]/);
    }
    // A model of another manufacturer and an owner that is not an operator: clear messages.
    const other = await t.db
      .selectFrom('drone_models')
      .select('id')
      .where('zz_account_id', '=', ids.makerB as number)
      .executeTakeFirstOrThrow();
    const m1 = await call(
      'PUT',
      DRONE_UPDATE_PATH,
      'makerA',
      { droneId: droneB, flyModelId: other.id, droneName: 'X' },
      'en',
    );
    expect(m1.statusCode, m1.body).toBe(400);
    expect(body(m1).message).toBe("The model is not one of the drone's manufacturer");
    const m2 = await call(
      'POST',
      DRONE_OWNER_PATH,
      'makerA',
      { droneId: droneB, yyAccountId: ids.makerB },
      'zh',
    );
    expect(m2.statusCode).toBe(400);
    expect(body(m2).message).toBe('新所有者须为已审核的运营企业或该无人机的生产企业');
    expect(await row(droneB)).toEqual(before);
  });
});

describe('lock', () => {
  it('stores the password hashed and writes the command in the same transaction', async () => {
    const res = await call('PUT', DRONE_LOCK_PATH, 'operatorA', {
      droneId: droneA,
      opr: 1,
      password: 'stolen-42',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ locked: true, commandType: 'lock' });
    const r = await row(droneA);
    expect(r.locked).toBe(true);
    expect(r.lock_password_hash).toMatch(/^\$argon2/);
    expect(r.lock_password_hash).not.toContain('stolen-42');
    const cmds = await t.db.selectFrom('drone_commands').selectAll().where('drone_id', '=', droneA).execute();
    expect(cmds.map((c) => c.type)).toEqual(['lock']);
    const detail = body(await call('GET', `${DRONE_DETAIL_PATH}?droneId=${droneA}`, 'operatorA'))
      .data as DroneRegistryDetail;
    expect(detail.locked).toBe(true);
    expect(detail.lock.commandType).toBe('lock');
    expect(detail.lock.commandState).not.toBeNull();
  });

  it('unlock needs the same password (the platform excepted); a wrong one changes nothing', async () => {
    const wrong = await call(
      'PUT',
      DRONE_LOCK_PATH,
      'makerA',
      { droneId: droneA, opr: 0, password: 'guess-000' },
      'en',
    );
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('The lock password is wrong');
    expect((await row(droneA)).locked).toBe(true);
    expect(
      await t.db.selectFrom('drone_commands').select('id').where('drone_id', '=', droneA).execute(),
    ).toHaveLength(1);
    const right = await call('PUT', DRONE_LOCK_PATH, 'makerA', {
      droneId: droneA,
      opr: 0,
      password: 'stolen-42',
    });
    expect(right.statusCode, right.body).toBe(200);
    const r = await row(droneA);
    expect(r.locked).toBe(false);
    expect(r.lock_password_hash).toBeNull();
    const again = await call(
      'PUT',
      DRONE_LOCK_PATH,
      'makerA',
      { droneId: droneA, opr: 0, password: 'stolen-42' },
      'zh',
    );
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('该无人机未锁定');
    // Platform: locks, then unlocks without knowing the password.
    expect(
      (await call('PUT', DRONE_LOCK_PATH, 'makerA', { droneId: droneA, opr: 1, password: 'maker-pass' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', DRONE_LOCK_PATH, 'platform', { droneId: droneA, opr: 0, password: 'anything' }))
        .statusCode,
    ).toBe(200);
    expect((await row(droneA)).locked).toBe(false);
  });

  it('a command that cannot be stored leaves the drone unlocked (one transaction)', async () => {
    await sql`CREATE FUNCTION refuse_cmd() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER refuse_cmd BEFORE INSERT ON drone_commands FOR EACH ROW EXECUTE FUNCTION refuse_cmd()`.execute(
      t.db,
    );
    try {
      const res = await call('PUT', DRONE_LOCK_PATH, 'operatorA', {
        droneId: droneA,
        opr: 1,
        password: 'never-set',
      });
      expect(res.statusCode).toBe(500);
      const r = await row(droneA);
      expect(r.locked).toBe(false);
      expect(r.lock_password_hash).toBeNull();
    } finally {
      await sql`DROP TRIGGER refuse_cmd ON drone_commands`.execute(t.db);
      await sql`DROP FUNCTION refuse_cmd()`.execute(t.db);
    }
  });
});

describe('lookups', () => {
  it('401, 403 for staff; manufacturers; operators (an operator gets itself)', async () => {
    for (const u of [DRONE_MANUFACTURERS_PATH, DRONE_OPERATORS_PATH]) {
      expect((await call('GET', u, null)).statusCode).toBe(401);
      expect((await call('GET', u, 'staff')).statusCode).toBe(403);
      expect((await call('GET', u, 'leaseManager')).statusCode).toBe(403);
    }
    const makers = body(await call('GET', DRONE_MANUFACTURERS_PATH, 'operatorA')).data as Array<{
      id: number;
    }>;
    expect(makers.map((m) => m.id).sort()).toEqual([ids.makerA, ids.makerB].sort());
    const ops = body(await call('GET', DRONE_OPERATORS_PATH, 'makerA')).data as Array<{ id: number }>;
    expect(ops.map((o) => o.id)).toEqual(expect.arrayContaining([ids.operatorA, ids.operatorB]));
    const self = body(await call('GET', DRONE_OPERATORS_PATH, 'operatorB')).data as Array<{ id: number }>;
    expect(self.map((o) => o.id)).toEqual([ids.operatorB]);
  });
});
