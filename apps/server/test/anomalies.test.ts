/** Anomaly and no-fly repositories against real PostgreSQL: storage, owners, data scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts.ts';
import { DEMO_AIRPORTS, DEMO_POLYGONS, seedDemoNofly } from '../src/demo/nofly.ts';
import { createAnomaliesRepo, type NewAnomaly } from '../src/modules/anomalies/anomalies.repo.ts';
import { createNoflyRepo } from '../src/modules/nofly/nofly.repo.ts';
import { type DataScope, scopeOf } from '../src/platform/auth/scope.ts';
import { createNoflyIndex } from '../src/telemetry/anomalies/noflyIndex.ts';
import { createTestApp, type TestApp } from './helper.ts';

// The demo also has one disabled zone (type 1): listed and counted, not in the index.
const DISABLED = 1;

let t: TestApp;
const account = new Map<string, number>();
let droneA: { drone_id: string; zz_account_id: number; yy_account_id: number | null };
let droneB: typeof droneA;

const JIANGSU = { country: 156_000_000, province: 156_320_000, city: 156_320_900, county: null };
const HENAN = { country: 156_000_000, province: 156_410_000, city: 156_411_600, county: null };
const T = Date.UTC(2026, 5, 1, 8);

beforeAll(async () => {
  t = await createTestApp();
  // Once demo/seed.ts seeds the zones itself, this does nothing.
  if (!(await t.db.selectFrom('nofly_zones').select('id').limit(1).executeTakeFirst()))
    await seedDemoNofly(t.db);
  const rows = await t.db.selectFrom('accounts').select(['id', 'account_name']).execute();
  for (const a of DEMO_ACCOUNTS)
    account.set(a.key, rows.find((r) => r.account_name === a.accountName)?.id as number);
  const drones = t.db
    .selectFrom('drones')
    .select(['drone_id', 'zz_account_id', 'yy_account_id'])
    .orderBy('drone_id');
  droneA = await drones
    .where('zz_account_id', '=', account.get('maker-a') as number)
    .where('yy_account_id', '=', account.get('operator-a') as number)
    .executeTakeFirstOrThrow();
  droneB = await drones
    .where('zz_account_id', '=', account.get('maker-b') as number)
    .where('yy_account_id', '=', account.get('operator-b') as number)
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t?.close();
});

describe('anomalies repository', () => {
  const repo = () => createAnomaliesRepo(t.db);
  const ids: Record<string, number> = {};
  const page = { currentPage: 1, pageSize: 10 };

  it('stores anomalies with the drone owners and the given region; skips unknown drones', async () => {
    const zone = (await createNoflyRepo(t.db).list()).find((z) => z.noflyType === 1) as { noflyId: number };
    const events: NewAnomaly[] = [
      {
        droneId: droneA.drone_id,
        oddType: 1,
        time: T,
        lng: 120.3,
        lat: 33.8,
        noflyId: zone.noflyId,
        region: JIANGSU,
        detail: { zoneName: 'x', noflyType: 1 },
      },
      { droneId: 'NO_SUCH_DRONE', oddType: 2, time: T, lng: 0, lat: 0, region: null },
      {
        droneId: droneA.drone_id,
        oddType: 4,
        time: T + 60_000,
        lng: 120.31,
        lat: 33.81,
        region: JIANGSU,
        detail: { windMps: 6.2 },
      },
      { droneId: droneB.drone_id, oddType: 5, time: T + 30_000, lng: 114.6, lat: 33.5, region: HENAN },
    ];
    const got = await repo().insert(events);
    expect(got[1]).toBeNull();
    expect(got.filter((id) => id !== null)).toHaveLength(3);
    [ids.nofly = 0, , ids.wind = 0, ids.acreage = 0] = got as number[];
    const row = await t.db
      .selectFrom('anomalies')
      .selectAll()
      .where('id', '=', ids.acreage as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      drone_id: droneB.drone_id,
      odd_type: 5,
      zz_account_id: droneB.zz_account_id,
      yy_account_id: droneB.yy_account_id,
      province_code: 156_410_000,
      city_code: 156_411_600,
      county_code: null,
      end_time: null,
    });
    expect(await repo().insert([])).toEqual([]);
  });

  it('lists a drone’s anomalies in pages, newest first by default', async () => {
    const all = await repo().listByDrone({ kind: 'all' }, droneA.drone_id, page);
    expect(all).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(all.records.map((r) => r.oddType)).toEqual([4, 1]);
    expect(all.records[0]).toMatchObject({
      time: T + 60_000,
      endTime: null,
      detail: { windMps: 6.2 },
      provinceCode: 156_320_000,
    });
    const oldest = await repo().listByDrone({ kind: 'all' }, droneA.drone_id, {
      currentPage: 2,
      pageSize: 1,
      order: 2,
    });
    expect(oldest).toMatchObject({ total: 2, current: 2, size: 1 });
    expect(oldest.records.map((r) => r.oddType)).toEqual([4]);
  });

  it('filters by data scope: manufacturer, operator, government', async () => {
    const of = async (scope: DataScope, droneId: string) =>
      (await repo().listByDrone(scope, droneId, page)).total;
    const makerA: DataScope = { kind: 'zz', accountId: account.get('maker-a') as number };
    const makerB: DataScope = { kind: 'zz', accountId: account.get('maker-b') as number };
    const operatorA: DataScope = { kind: 'yy', accountId: account.get('operator-a') as number };
    expect([await of(makerA, droneA.drone_id), await of(makerA, droneB.drone_id)]).toEqual([2, 0]);
    expect([await of(makerB, droneA.drone_id), await of(makerB, droneB.drone_id)]).toEqual([0, 1]);
    expect([await of(operatorA, droneA.drone_id), await of(operatorA, droneB.drone_id)]).toEqual([2, 0]);
    // The demo government is Jiangsu's (rule_province 156320000).
    const gov = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', account.get('government') as number)
      .executeTakeFirstOrThrow();
    const jiangsu = scopeOf({ account: gov });
    expect(jiangsu).toEqual({ kind: 'region', code: 156_320_000, level: 'province', accountId: gov.id });
    expect([await of(jiangsu, droneA.drone_id), await of(jiangsu, droneB.drone_id)]).toEqual([2, 0]);
    expect(await of({ kind: 'region', code: 156_411_600, level: 'city' }, droneB.drone_id)).toBe(1);
  });

  it('closes an incursion once, and lists what was raised since a time', async () => {
    expect(await repo().close(ids.nofly as number, T + 45_000)).toBe(true);
    expect(await repo().close(ids.nofly as number, T + 50_000)).toBe(false);
    expect(await repo().close(ids.wind as number, T - 1)).toBe(false);
    const [r] = (await repo().listByDrone({ kind: 'all' }, droneA.drone_id, { ...page, order: 2 })).records;
    expect(r).toMatchObject({ oddType: 1, endTime: T + 45_000 });
    expect(await repo().openIncursions(0)).toEqual([]);

    const since = Date.now() - 60_000;
    const makerB: DataScope = { kind: 'zz', accountId: account.get('maker-b') as number };
    expect((await repo().latest({ kind: 'all' }, since)).map((a) => a.oddType).sort()).toEqual([1, 4, 5]);
    expect((await repo().latest(makerB, since)).map((a) => a.droneId)).toEqual([droneB.drone_id]);
    expect(await repo().latest({ kind: 'all' }, Date.now() + 60_000)).toEqual([]);
  });
});

describe('no-fly repository', () => {
  const repo = () => createNoflyRepo(t.db);

  it('lists the demo zones with their counts, and gets one', async () => {
    const all = await repo().list();
    expect(all).toHaveLength(DEMO_AIRPORTS.length + DEMO_POLYGONS.length + DISABLED);
    expect(await repo().counts()).toEqual({
      civilNoflyNum: DEMO_AIRPORTS.length,
      notCivilNoflyNum: DEMO_POLYGONS.length + DISABLED,
    });
    expect(await repo().list(undefined, { noflyType: 1 })).toHaveLength(DEMO_POLYGONS.length + DISABLED);
    const yancheng = all.find((z) => z.name === '盐城南洋国际机场');
    expect(yancheng).toMatchObject({
      noflyType: 2,
      shape: 'circle',
      radiusM: 4000,
      enabled: true,
      geometry: { type: 'Point' },
    });
    expect(await repo().get(yancheng?.noflyId as number)).toEqual(yancheng);
    expect(await repo().get(999_999)).toBeUndefined();
  });

  it('scopes a government to its region; manufacturers and operators see every zone', async () => {
    const jiangsu = await repo().list({ kind: 'region', code: 156_320_000, level: 'province' });
    expect(jiangsu.map((z) => z.name).sort()).toEqual(
      ['射阳县某水库管理区（演示）', '盐城南洋国际机场'].sort(),
    );
    expect(await repo().counts({ kind: 'region', code: 156_320_000, level: 'province' })).toEqual({
      civilNoflyNum: 1,
      notCivilNoflyNum: 1,
    });
    expect(await repo().list({ kind: 'region', code: -1, level: 'county' })).toEqual([]);
    expect(await repo().list({ kind: 'zz', accountId: 1 })).toHaveLength(
      DEMO_AIRPORTS.length + DEMO_POLYGONS.length + DISABLED,
    );
  });

  it('feeds the index with enabled zones only', async () => {
    const zones = await repo().enabledZones();
    const index = createNoflyIndex(zones);
    expect(index.size).toBe(DEMO_AIRPORTS.length + DEMO_POLYGONS.length);
    expect(index.zonesAt(120.2017, 33.44).map((z) => z.name)).toEqual(['盐城南洋国际机场']);
    const polygon = zones.find((z) => z.shape === 'polygon' && z.name.startsWith('射阳')) as { id: number };
    expect(index.zonesAt(120.3049, 33.7992).map((z) => z.id)).toEqual([polygon.id]);
    await t.db.updateTable('nofly_zones').set({ enabled: false }).where('id', '=', polygon.id).execute();
    expect(createNoflyIndex(await repo().enabledZones()).zonesAt(120.3049, 33.7992)).toEqual([]);
  });
});
