/**
 * Drone models (/api/drone/model/manage: list, create, update, delete, merge, idRange; the lookup
 * /api/drone/common/models/{manufacturer_id}) through the real app on the demo data: 401 without a
 * session; 403 for the government, an operator and platform staff (no DroneModelList screen); another
 * manufacturer's model is not found (404) and stays as it was; bad input answers 400 in the caller's
 * language (en, zh); ID ranges of 0 and 100,000 are refused and create nothing; a merge into itself
 * is refused; a model in use is not deleted; a merge moves drones and history in one transaction.
 */
import {
  type IdRangeResult,
  MODEL_ID_RANGE_PATH,
  MODEL_LIST_PATH,
  MODEL_MERGE_PATH,
  MODEL_PATH,
  type ModelMergeResult,
  type ModelOption,
  type ModelPage,
  modelLookupPath,
  modelPath,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
async function call(role: string | null, method: Method, url: string, payload?: unknown, lang?: 'en' | 'zh') {
  return t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

const modelsOf = (zz: number) =>
  t.db.selectFrom('drone_models').selectAll().where('zz_account_id', '=', zz).orderBy('id').execute();
const modelId = async (name: string) =>
  (
    await t.db
      .selectFrom('drone_models')
      .select('id')
      .where('model_name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
const dronesOfModel = async (id: number) =>
  Number(
    (
      await t.db
        .selectFrom('drones')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('model_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const droneCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('drones')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const newModel = (name: string, extra: Record<string, unknown> = {}) => ({
  modelName: name,
  shape: 'quad',
  power: 'electric',
  sprayWidth: 6.5,
  tankLitres: 30,
  ...extra,
});
async function create(role: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await call(role, 'POST', MODEL_PATH, newModel(name, extra));
  expect(res.statusCode, res.body).toBe(200);
  return data<{ id: number }>(res).id;
}
async function range(
  role: string,
  flyModelId: number,
  prefix: string,
  start: number,
  end: number,
  width?: number,
) {
  return call(role, 'POST', MODEL_ID_RANGE_PATH, { flyModelId, prefix, start, end, width });
}

beforeAll(async () => {
  t = await createTestApp();
  const c = await fleetCallers(t);
  Object.assign(auth, c.auth);
  Object.assign(ids, c.ids);
  auth.staff = (await signInWith(t, '13800000009')).auth;
  ids.platform = (
    await t.db.selectFrom('accounts').select('id').where('account_type', '=', 1).executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Every call of the family, for the access tests (ids of maker A's first demo model). */
async function endpoints(): Promise<Array<[Method, string, unknown?]>> {
  const id = await modelId('JY-X20');
  const other = await modelId('JY-P40');
  return [
    ['GET', MODEL_LIST_PATH],
    ['POST', MODEL_PATH, newModel('Access-X')],
    ['PUT', MODEL_PATH, { id, ...newModel('JY-X20') }],
    ['DELETE', modelPath(id)],
    ['PUT', MODEL_MERGE_PATH, { flyModelId: id, mergeFlyModelIds: [other] }],
    ['POST', MODEL_ID_RANGE_PATH, { flyModelId: id, prefix: 'ACC', start: 1, end: 3 }],
  ];
}

describe('access', () => {
  it('answers 401 without a session on every call, the lookup included', async () => {
    for (const [method, url, payload] of [
      ...(await endpoints()),
      ['GET', modelLookupPath(ids.makerA as number)] as [Method, string],
    ]) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to the government, an operator, platform staff and a lease manager, and changes nothing', async () => {
    const before = await droneCount();
    const models = await t.db.selectFrom('drone_models').selectAll().execute();
    for (const role of ['government', 'operatorA', 'staff', 'leaseManager'])
      for (const [method, url, payload] of await endpoints()) {
        const res = await call(role, method, url, payload, 'en');
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(body(res).message).toBe('You do not have permission to do this');
      }
    expect(await droneCount()).toBe(before);
    expect(await t.db.selectFrom('drone_models').selectAll().execute()).toEqual(models);
  });

  it('lookup: staff (no drone list) gets 403', async () => {
    const res = await call('staff', 'GET', modelLookupPath(ids.makerA as number));
    expect(res.statusCode).toBe(403);
  });
});

describe('other tenant', () => {
  it('maker B lists only its own models and cannot read, change or use maker A’s (404, nothing changed)', async () => {
    const list = data<ModelPage>(await call('makerB', 'GET', `${MODEL_LIST_PATH}?pageSize=100`));
    expect(list.records.length).toBeGreaterThan(0);
    expect(list.records.every((r) => r.zzAccountId === ids.makerB)).toBe(true);
    // The manufacturer filter does not widen a manufacturer's scope.
    const widened = data<ModelPage>(
      await call('makerB', 'GET', `${MODEL_LIST_PATH}?zzAccountId=${ids.makerA}`),
    );
    expect(widened.total).toBe(0);

    const aModels = await modelsOf(ids.makerA as number);
    const bModel = (await modelsOf(ids.makerB as number))[0]?.id as number;
    const a = aModels[0]?.id as number;
    const a2 = aModels[1]?.id as number;
    const before = await droneCount();
    const calls: Array<[Method, string, unknown?]> = [
      ['PUT', MODEL_PATH, { id: a, ...newModel('Stolen') }],
      ['DELETE', modelPath(a)],
      ['PUT', MODEL_MERGE_PATH, { flyModelId: bModel, mergeFlyModelIds: [a] }],
      ['PUT', MODEL_MERGE_PATH, { flyModelId: a, mergeFlyModelIds: [a2] }],
      ['POST', MODEL_ID_RANGE_PATH, { flyModelId: a, prefix: 'STEAL', start: 1, end: 5 }],
      ['GET', modelLookupPath(ids.makerA as number)],
      // A model for another manufacturer.
      ['POST', MODEL_PATH, newModel('For A', { zzAccountId: ids.makerA })],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call('makerB', method, url, payload, 'en');
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      expect(body(res).message).toMatch(/not found/);
    }
    expect(await modelsOf(ids.makerA as number)).toEqual(aModels);
    expect(await droneCount()).toBe(before);
  });
});

describe('bad input, translated', () => {
  it('refuses a wrong shape, a missing name, a huge width, and says so in en and zh', async () => {
    const en = await call('makerA', 'POST', MODEL_PATH, newModel('Bad', { shape: 'penta' }), 'en');
    expect(en.statusCode).toBe(400);
    expect(body(en).message).toBe('Invalid value for shape');
    const zh = await call('makerA', 'POST', MODEL_PATH, newModel('Bad', { shape: 'penta' }), 'zh');
    expect(body(zh).message).toBe('参数 shape 有误');
    const noName = await call('makerA', 'POST', MODEL_PATH, newModel('   '), 'en');
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toBe('Invalid value for modelName');
    const wide = await call('makerA', 'POST', MODEL_PATH, newModel('Wide', { sprayWidth: 1e9 }), 'zh');
    expect(body(wide).message).toBe('参数 sprayWidth 有误');
    const nul = await call('makerA', 'POST', MODEL_PATH, newModel('A\u0000B'), 'en');
    expect(nul.statusCode).toBe(400);
    const badId = await call('makerA', 'DELETE', `${MODEL_PATH}/abc`, undefined, 'en');
    expect(badId.statusCode).toBe(400);
    const badLookup = await call('makerA', 'GET', `${MODEL_PATH.replace('model/manage', 'common/models')}/x`);
    expect(badLookup.statusCode).toBe(400);
    expect(
      await t.db.selectFrom('drone_models').select('id').where('model_name', 'in', ['Bad', 'Wide']).execute(),
    ).toEqual([]);
  });

  it('ID ranges of 0 and of 100,000 serials are refused with their own message and create nothing', async () => {
    const id = await modelId('JY-X20');
    const before = await droneCount();
    const empty = await range('makerA', id, 'ZERO', 5, 4);
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('ID 段为空：结束编号不能小于起始编号');
    const emptyEn = await call(
      'makerA',
      'POST',
      MODEL_ID_RANGE_PATH,
      { flyModelId: id, prefix: 'ZERO', start: 5, end: 4 },
      'en',
    );
    expect(body(emptyEn).message).toBe(
      'The ID range is empty: the last number must not be less than the first',
    );
    const huge = await call(
      'makerA',
      'POST',
      MODEL_ID_RANGE_PATH,
      { flyModelId: id, prefix: 'HUGE', start: 1, end: 100_000 },
      'en',
    );
    expect(huge.statusCode).toBe(400);
    expect(body(huge).message).toBe(
      'An ID range may add at most 10,000 serials at once; this one has 100,000',
    );
    const hugeZh = await call(
      'makerA',
      'POST',
      MODEL_ID_RANGE_PATH,
      { flyModelId: id, prefix: 'HUGE', start: 1, end: 100_000 },
      'zh',
    );
    expect(body(hugeZh).message).toBe('一次最多添加 10,000 个编号，此 ID 段有 100,000 个');
    // 10,001 is one too many; a prefix outside the drone id rule is a field error.
    expect((await range('makerA', id, 'HUGE', 0, 10_000)).statusCode).toBe(400);
    const badPrefix = await call(
      'makerA',
      'POST',
      MODEL_ID_RANGE_PATH,
      { flyModelId: id, prefix: 'A B', start: 1, end: 2 },
      'en',
    );
    expect(body(badPrefix).message).toBe('Invalid value for prefix');
    expect(await droneCount()).toBe(before);
  });

  it('a merge into itself or of nothing is refused with its own message and changes nothing', async () => {
    const id = await modelId('JY-X20');
    const n = await dronesOfModel(id);
    const self = await call(
      'makerA',
      'PUT',
      MODEL_MERGE_PATH,
      { flyModelId: id, mergeFlyModelIds: [id] },
      'en',
    );
    expect(self.statusCode).toBe(400);
    expect(body(self).message).toBe('A model cannot be merged into itself');
    const selfZh = await call(
      'makerA',
      'PUT',
      MODEL_MERGE_PATH,
      { flyModelId: id, mergeFlyModelIds: [id] },
      'zh',
    );
    expect(body(selfZh).message).toBe('机型不能合并到自身');
    const none = await call(
      'makerA',
      'PUT',
      MODEL_MERGE_PATH,
      { flyModelId: id, mergeFlyModelIds: [] },
      'en',
    );
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe('Choose at least one model to merge');
    expect(await dronesOfModel(id)).toBe(n);
    expect((await modelsOf(ids.makerA as number)).some((m) => m.id === id)).toBe(true);
  });
});

describe('list, create, update, delete', () => {
  it('lists with drone counts, filters, sort and paging', async () => {
    const all = data<ModelPage>(await call('platform', 'GET', `${MODEL_LIST_PATH}?pageSize=100`));
    const demo = await t.db.selectFrom('drone_models').select('id').execute();
    expect(all.total).toBe(demo.length);
    for (const r of all.records) expect(r.droneCount).toBe(await dronesOfModel(r.id));
    expect(all.records.some((r) => r.zzAccountName === '云禾航空科技有限公司')).toBe(true);
    const a = data<ModelPage>(await call('platform', 'GET', `${MODEL_LIST_PATH}?zzAccountId=${ids.makerA}`));
    expect(a.records.every((r) => r.zzAccountId === ids.makerA)).toBe(true);
    const byName = data<ModelPage>(await call('makerA', 'GET', `${MODEL_LIST_PATH}?modelName=t60`));
    expect(byName.records.map((r) => r.modelName)).toEqual(['JY-T60 Max']);
    const sorted = data<ModelPage>(
      await call('platform', 'GET', `${MODEL_LIST_PATH}?sortParam=droneCount&order=2&pageSize=100`),
    );
    const counts = sorted.records.map((r) => r.droneCount);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    const page2 = data<ModelPage>(
      await call('platform', 'GET', `${MODEL_LIST_PATH}?pageSize=2&currentPage=2`),
    );
    expect(page2.records).toHaveLength(2);
    expect(page2.total).toBe(demo.length);
    expect(page2.current).toBe(2);
  });

  it('a manufacturer creates its own model; the platform must name a manufacturer; names are unique per manufacturer', async () => {
    const id = await create('makerA', 'JY-New');
    const row = await t.db
      .selectFrom('drone_models')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.zz_account_id).toBe(ids.makerA);
    expect(Number(row.spray_width)).toBe(6.5);
    const dup = await call('makerA', 'POST', MODEL_PATH, newModel('JY-New'), 'en');
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('The manufacturer already has a model named "JY-New"');
    // The same name for another manufacturer is fine.
    await create('makerB', 'JY-New');
    const noMaker = await call('platform', 'POST', MODEL_PATH, newModel('P-1'), 'en');
    expect(noMaker.statusCode).toBe(400);
    expect(body(noMaker).message).toBe('Choose the manufacturer of the model');
    const notMaker = await call(
      'platform',
      'POST',
      MODEL_PATH,
      newModel('P-1', { zzAccountId: ids.operatorA }),
      'en',
    );
    expect(notMaker.statusCode).toBe(404);
    const forB = await create('platform', 'P-1', { zzAccountId: ids.makerB });
    expect(
      (
        await t.db
          .selectFrom('drone_models')
          .select('zz_account_id')
          .where('id', '=', forB)
          .executeTakeFirstOrThrow()
      ).zz_account_id,
    ).toBe(ids.makerB);
    const log = await t.db
      .selectFrom('system_logs')
      .select(['action', 'result'])
      .where('action', '=', `POST ${MODEL_PATH}`)
      .where('result', '=', 200)
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(3);
  });

  it('updates a model (its own name, shape, power, width, tank)', async () => {
    const id = await create('makerA', 'JY-Upd');
    const res = await call('makerA', 'PUT', MODEL_PATH, {
      id,
      ...newModel('JY-Upd2', { shape: 'hexa', power: 'hybrid', sprayWidth: 8, tankLitres: 50 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db
      .selectFrom('drone_models')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([row.model_name, row.shape, row.power, Number(row.spray_width), Number(row.tank_litres)]).toEqual([
      'JY-Upd2',
      'hexa',
      'hybrid',
      8,
      50,
    ]);
    const taken = await call('makerA', 'PUT', MODEL_PATH, { id, ...newModel('JY-P40') }, 'zh');
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('该厂家已有名为“JY-P40”的机型');
  });

  it('refuses to delete a model in use, saying how many drones use it; deletes an unused one', async () => {
    const used = await modelId('JY-P40');
    const n = await dronesOfModel(used);
    expect(n).toBeGreaterThan(0);
    const en = await call('makerA', 'DELETE', modelPath(used), undefined, 'en');
    expect(en.statusCode).toBe(409);
    expect(body(en).message).toBe(
      `This model cannot be deleted: ${n} drones use it. Move them to another model, or merge this model into another one first`,
    );
    const zh = await call('makerA', 'DELETE', modelPath(used), undefined, 'zh');
    expect(body(zh).message).toContain(`还有 ${n} 架无人机`);
    expect(await dronesOfModel(used)).toBe(n);
    expect((await modelsOf(ids.makerA as number)).some((m) => m.id === used)).toBe(true);

    const unused = await create('makerA', 'JY-Gone');
    expect((await call('makerA', 'DELETE', modelPath(unused))).statusCode).toBe(200);
    expect((await modelsOf(ids.makerA as number)).some((m) => m.id === unused)).toBe(false);
    expect((await call('makerA', 'DELETE', modelPath(unused))).statusCode).toBe(404);
  });
});

describe('add ID range', () => {
  it('registers every serial as an unactivated drone of the model with its width, in one call', async () => {
    const id = await create('makerA', 'JY-Range', { sprayWidth: 7.25 });
    const res = await range('makerA', id, 'JYR-', 1, 20, 4);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<IdRangeResult>(res)).toEqual({ requested: 20, created: 20, existed: 0, existedIds: [] });
    const rows = await t.db
      .selectFrom('drones')
      .selectAll()
      .where('model_id', '=', id)
      .orderBy('drone_id')
      .execute();
    expect(rows.map((r) => r.drone_id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `JYR-${String(i + 1).padStart(4, '0')}`),
    );
    for (const r of rows) {
      expect(r.zz_account_id).toBe(ids.makerA);
      expect(r.yy_account_id).toBeNull();
      expect(r.activation_status).toBe(1);
      expect(Number(r.spray_width)).toBe(7.25);
    }
    // Overlapping: 11..30 creates 21..30 and lists 11..20 as already there.
    const again = data<IdRangeResult>(await range('makerA', id, 'JYR-', 11, 30, 4));
    expect(again.created).toBe(10);
    expect(again.existed).toBe(10);
    expect(again.existedIds).toEqual(
      Array.from({ length: 10 }, (_, i) => `JYR-${String(i + 11).padStart(4, '0')}`),
    );
    // Numbers wider than the width are written whole (never cut).
    const wide = data<IdRangeResult>(await range('makerA', id, 'W', 98, 101, 2));
    expect(wide.created).toBe(4);
    expect(
      (
        await t.db
          .selectFrom('drones')
          .select('drone_id')
          .where('drone_id', 'like', 'W%')
          .orderBy('drone_id')
          .execute()
      ).map((r) => r.drone_id),
    ).toEqual(['W100', 'W101', 'W98', 'W99']);
  });

  it('never takes a serial another manufacturer registered: it is reported as existing and stays theirs', async () => {
    const bDrone = await t.db
      .selectFrom('drones')
      .selectAll()
      .where('zz_account_id', '=', ids.makerB as number)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();
    const m = /^([A-Za-z_-]+)(\d+)$/.exec(bDrone.drone_id) as RegExpExecArray;
    const [prefix, digits] = [m[1] as string, m[2] as string];
    const n = Number(digits);
    const id = await modelId('JY-X20');
    const res = data<IdRangeResult>(await range('makerA', id, prefix, n - 1, n + 1, digits.length));
    expect(res.existedIds).toContain(bDrone.drone_id);
    const after = await t.db
      .selectFrom('drones')
      .selectAll()
      .where('drone_id', '=', bDrone.drone_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(bDrone);
  });

  it('lists at most 100 existing serials, with the whole count', async () => {
    const id = await create('makerA', 'JY-Many');
    await range('makerA', id, 'MANY', 1, 300, 3);
    const res = data<IdRangeResult>(await range('makerA', id, 'MANY', 1, 400, 3));
    expect(res).toMatchObject({ requested: 400, created: 100, existed: 300 });
    expect(res.existedIds).toHaveLength(100);
    expect(res.existedIds[0]).toBe('MANY001');
  });

  it('the platform adds a range to any manufacturer’s model: the drones are that manufacturer’s', async () => {
    const bModel = (await modelsOf(ids.makerB as number))[0]?.id as number;
    const res = data<IdRangeResult>(await range('platform', bModel, 'PLB', 1, 3));
    expect(res.created).toBe(3);
    const rows = await t.db
      .selectFrom('drones')
      .select('zz_account_id')
      .where('drone_id', 'like', 'PLB%')
      .execute();
    expect(rows.every((r) => r.zz_account_id === ids.makerB)).toBe(true);
  });
});

describe('merge', () => {
  async function withHistory(drone: string, model: number, zz: number, day: string, sorties: number) {
    await sql`
      INSERT INTO stat_daily (day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id, yy_account_id,
        model_id, sorties, area_mu, volume_l, duration_s, spray_time_s, distance_m)
      VALUES (${day}::date, 156320900, ${drone}, 0, 'auto', 0, ${zz}, 0, ${model}, ${sorties}, ${sorties * 10}, 1, 60, 30, 100)
    `.execute(t.db);
    await sql`
      INSERT INTO sorties (drone_id, start_time, end_time, duration_s, distance_m, spray_distance_m, area_m2, area_mu,
        volume_l, spray_time_s, max_height_m, battery_start, battery_end, point_count, lng, lat, country_code,
        zz_account_id, model_id, end_reason)
      VALUES (${drone}, ${`${day}T08:00:00Z`}::timestamptz, ${`${day}T08:10:00Z`}::timestamptz, 600, 1000, 800, 6667,
        10, 1, 300, 5, 90, 60, 100, 120.1, 33.3, 156000000, ${zz}, ${model}, 'landed')
    `.execute(t.db);
  }

  it('moves the merged models’ drones, sorties, rollups and saved settings to the kept one and deletes them', async () => {
    const zz = ids.makerA as number;
    const kept = await create('makerA', 'JY-Keep');
    const m1 = await create('makerA', 'JY-Old1');
    const m2 = await create('makerA', 'JY-Old2');
    await range('makerA', kept, 'KEEP', 1, 3);
    await range('makerA', m1, 'OLDA', 1, 4);
    await range('makerA', m2, 'OLDB', 1, 5);
    // The same drone and day under the kept model and a merged one (a drone moved that day): summed.
    await withHistory('KEEP1', kept, zz, '2026-03-01', 2);
    await withHistory('OLDA1', m1, zz, '2026-03-01', 3);
    await withHistory('OLDB1', m2, zz, '2026-03-01', 4);
    await sql`INSERT INTO stat_daily (day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id, yy_account_id,
        model_id, sorties, area_mu, volume_l, duration_s, spray_time_s, distance_m)
      VALUES ('2026-03-01', 156320900, 'KEEP1', 0, 'auto', 0, ${zz}, 0, ${m1}, 5, 50, 1, 60, 30, 100)`.execute(
      t.db,
    );
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', zz)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO stat_items (account_id, user_id, name, period_type, fly_model_id, area_unit, show_type, x, y)
      VALUES (${zz}, ${user.id}, 'by model', 1, ${m2}, 'mu', 1, 'day', 'area')`.execute(t.db);

    const res = await call('makerA', 'PUT', MODEL_MERGE_PATH, {
      flyModelId: kept,
      mergeFlyModelIds: [m1, m2, m1],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<ModelMergeResult>(res)).toEqual({ flyModelId: kept, merged: 2, movedDrones: 9 });
    expect(await dronesOfModel(kept)).toBe(12);
    const left = await t.db.selectFrom('drone_models').select('id').where('id', 'in', [m1, m2]).execute();
    expect(left).toEqual([]);
    const sorties = await t.db
      .selectFrom('sorties')
      .select('model_id')
      .where('model_id', 'in', [kept, m1, m2])
      .execute();
    expect(sorties.map((s) => s.model_id)).toEqual([kept, kept, kept]);
    const stats = await t.db
      .selectFrom('stat_daily')
      .select(['drone_id', 'model_id', 'sorties', 'area_mu'])
      .where('model_id', 'in', [kept, m1, m2])
      .orderBy('drone_id')
      .execute();
    expect(stats).toEqual([
      { drone_id: 'KEEP1', model_id: kept, sorties: 7, area_mu: 70 },
      { drone_id: 'OLDA1', model_id: kept, sorties: 3, area_mu: 30 },
      { drone_id: 'OLDB1', model_id: kept, sorties: 4, area_mu: 40 },
    ]);
    const item = await t.db
      .selectFrom('stat_items')
      .select('fly_model_id')
      .where('name', '=', 'by model')
      .executeTakeFirstOrThrow();
    expect(item.fly_model_id).toBe(kept);
    const list = data<ModelPage>(await call('makerA', 'GET', `${MODEL_LIST_PATH}?modelName=JY-Keep`));
    expect(list.records[0]?.droneCount).toBe(12);
  });

  it('refuses models of two manufacturers (platform) and changes nothing', async () => {
    const a = await create('makerA', 'JY-Mix');
    const b = await create('makerB', 'YH-Mix');
    await range('makerB', b, 'MIXB', 1, 2);
    const res = await call(
      'platform',
      'PUT',
      MODEL_MERGE_PATH,
      { flyModelId: a, mergeFlyModelIds: [b] },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Only models of the same manufacturer can be merged');
    expect(await dronesOfModel(b)).toBe(2);
  });

  it('is one transaction: a failure after the drones moved leaves every drone and model as it was', async () => {
    const kept = await create('makerA', 'JY-Tx');
    const gone = await create('makerA', 'JY-TxOld');
    await range('makerA', gone, 'TXOLD', 1, 5);
    await withHistory('TXOLD1', gone, ids.makerA as number, '2026-04-02', 1);
    // The last step (deleting the merged model) fails: everything before it must roll back.
    await sql
      .raw(`
      CREATE FUNCTION models_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by test'; END $$;
      CREATE TRIGGER models_test_fail BEFORE DELETE ON drone_models FOR EACH ROW
        WHEN (OLD.id = ${gone}) EXECUTE FUNCTION models_test_fail();`)
      .execute(t.db);
    try {
      const res = await call('makerA', 'PUT', MODEL_MERGE_PATH, {
        flyModelId: kept,
        mergeFlyModelIds: [gone],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql
        .raw('DROP TRIGGER models_test_fail ON drone_models; DROP FUNCTION models_test_fail()')
        .execute(t.db);
    }
    expect(await dronesOfModel(gone)).toBe(5);
    expect(await dronesOfModel(kept)).toBe(0);
    const s = await t.db.selectFrom('sorties').select('model_id').where('drone_id', '=', 'TXOLD1').execute();
    expect(s.map((r) => r.model_id)).toEqual([gone]);
    const d = await t.db
      .selectFrom('stat_daily')
      .select('model_id')
      .where('drone_id', '=', 'TXOLD1')
      .execute();
    expect(d.map((r) => r.model_id)).toEqual([gone]);
    // Done right, it goes through.
    const ok = await call('makerA', 'PUT', MODEL_MERGE_PATH, { flyModelId: kept, mergeFlyModelIds: [gone] });
    expect(data<ModelMergeResult>(ok).movedDrones).toBe(5);
  });
});

describe('lookup drone/common/models/{manufacturer_id}', () => {
  it('a manufacturer gets its own models, the platform anyone’s; not a manufacturer is 404', async () => {
    const own = data<ModelOption[]>(await call('makerA', 'GET', modelLookupPath(ids.makerA as number)));
    const names = own.map((m) => m.modelName);
    expect(names).toEqual(expect.arrayContaining(['JY-P40', 'JY-X20', 'JY-T60 Max']));
    expect(Object.keys(own[0] as object).sort()).toEqual(['id', 'modelName']);
    const all = (await modelsOf(ids.makerB as number)).map((m) => m.id).sort();
    const b = data<ModelOption[]>(await call('platform', 'GET', modelLookupPath(ids.makerB as number)));
    expect(b.map((m) => m.id).sort()).toEqual(all);
    const other = await call('makerA', 'GET', modelLookupPath(ids.makerB as number), undefined, 'en');
    expect(other.statusCode).toBe(404);
    expect(body(other).message).toBe('Manufacturer not found');
    expect((await call('platform', 'GET', modelLookupPath(ids.platform as number))).statusCode).toBe(404);
    expect((await call('platform', 'GET', modelLookupPath(2_000_000_000))).statusCode).toBe(404);
  });

  it('an operator and a government get the models of the drones they see', async () => {
    const op = data<ModelOption[]>(await call('operatorA', 'GET', modelLookupPath(ids.makerA as number)));
    const expected = await t.db
      .selectFrom('drones as d')
      .innerJoin('drone_models as m', 'm.id', 'd.model_id')
      .select('m.id')
      .distinct()
      .where('d.yy_account_id', '=', ids.operatorA as number)
      .where('m.zz_account_id', '=', ids.makerA as number)
      .execute();
    expect(op.map((m) => m.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(op.length).toBeGreaterThan(0);
    // Models without a drone of the operator (created in these tests) are not among them.
    expect(op.some((m) => m.modelName === 'JY-Keep')).toBe(false);
    const gov = await call('government', 'GET', modelLookupPath(ids.makerA as number));
    expect(gov.statusCode).toBe(200);
    expect(data<ModelOption[]>(gov).every((m) => !m.modelName.startsWith('JY-Keep'))).toBe(true);
  });
});
