/**
 * Leasing statistics (RENTAL_PATHS jobStatistics ... yyJobAreaRanking) through the real app on the
 * demo data: 401 without a session; 403 for roles without the screen (operator-b is no tenant,
 * maker-b without a lease model, a tenant on lessor calls, a lessor on tenant calls); 404 for another
 * lessor's client or a lessor the tenant does not lease from. Figures: rollup rows written by the
 * production addToLeaseStats for known charges (days at the time-zone edge, zero-filled days, month
 * grain in long ranges, two currencies, a second lessor), and one real sortie landed through
 * POST /api/telemetry/batch for a leased drone, billed at landing and seen by jobAreaStatistics.
 */
import {
  type LeaseDaySeries,
  type LeaseJobStats,
  RENTAL_PATHS,
  type TelemetryPoint,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToLeaseStats, type ChargeFigures } from '../src/modules/leasing/leaseStats.ts';
import { addDays, rangeOf, splitRange } from '../src/modules/leasing/stats.service.ts';
import { todayStartIn } from '../src/modules/stats/calendar.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { until } from './commands.kit.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';
import { registryChanged } from './leasing.kit.ts';

let t: TestApp;
let tz: string;
const auth: Record<string, Record<string, string>> = {};
const ids = { makerA: 0, makerB: 0, operatorA: 0, personal: 0 };
const P = RENTAL_PATHS;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const get = (role: string | null, path: string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: path,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: role ? auth[role] : {},
  });
async function data<T>(role: string, path: string, query: Record<string, string | number> = {}) {
  const res = await get(role, path, query);
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return body(res).data as T;
}
const id = async (name: string) =>
  (await t.db.selectFrom('accounts').select('id').where('account_name', '=', name).executeTakeFirstOrThrow())
    .id;

/** A charge's figures into the rollups, as billing does (own transaction). */
const charge = (f: Partial<ChargeFigures> & { at: number }) =>
  t.db.transaction().execute((trx) =>
    addToLeaseStats(
      trx,
      {
        lessorAccountId: ids.makerA,
        clientAccountId: ids.operatorA,
        currency: 'CNY',
        droneId: 'X',
        pilotId: null,
        sorties: 1,
        areaMu: 0,
        durationS: 0,
        chargeMinor: 0,
        feeMinor: 0,
        ...f,
      },
      tz,
    ),
  );

let today0: number; // local midnight of today (statistics time zone)
let drones: Array<{ drone_id: string; drone_name: string }>;
let pilotId: number;

beforeAll(async () => {
  t = await createTestApp();
  tz = t.config.statTimeZone;
  ids.makerA = await id('极翼植保无人机有限公司');
  ids.makerB = await id('云禾航空科技有限公司');
  ids.operatorA = await id('丰收飞防服务合作社');
  ids.personal = await id('张伟');
  for (const [role, phone] of Object.entries({
    makerA: '13800000003',
    makerB: '13800000004',
    operatorA: '13800000005',
    operatorB: '13800000006',
    leaseManager: '13800000008',
  }))
    auth[role] = (await signInWith(t, phone)).auth;
  today0 = todayStartIn(Date.now(), tz);
  drones = await t.db
    .selectFrom('drones')
    .select(['drone_id', 'drone_name'])
    .where('zz_account_id', '=', ids.makerA)
    .orderBy('drone_id')
    .limit(3)
    .execute();
  pilotId = (
    await t.db.selectFrom('users').select('id').where('phone', '=', '13800000005').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const LESSOR_CALLS = [P.jobStatistics, P.rentalStatistics, P.jobAreaStatistics, P.jobAreaRanking];
const CLIENT_CALLS = [
  P.customerDataStat,
  P.customerAreaAndRecord,
  P.customerAreaRanking,
  P.customerDronePilotRanking,
];
const TENANT_CALLS = [P.yyJobStatistics, P.yyJobAreaStatistics, P.yyJobAreaRanking];

describe('leasing statistics: who may ask', () => {
  it('401 without a session', async () => {
    for (const p of [...LESSOR_CALLS, ...CLIENT_CALLS, ...TENANT_CALLS])
      expect((await get(null, p, { accountId: ids.operatorA })).statusCode, p).toBe(401);
  });

  it('403 for roles without the screen', async () => {
    for (const p of [...LESSOR_CALLS, ...CLIENT_CALLS, ...TENANT_CALLS]) {
      // operator-b leases nothing; maker-b has no lease model (yet).
      expect((await get('operatorB', p, { accountId: ids.operatorA })).statusCode, p).toBe(403);
      expect((await get('makerB', p, { accountId: ids.operatorA })).statusCode, p).toBe(403);
    }
    for (const p of [...LESSOR_CALLS, ...CLIENT_CALLS])
      expect((await get('operatorA', p, { accountId: ids.operatorA })).statusCode, p).toBe(403);
    for (const p of TENANT_CALLS) expect((await get('makerA', p)).statusCode, p).toBe(403);
    // The lease manager has OperatorDataStat and ClientDataView but is on the lessor side.
    for (const p of TENANT_CALLS) expect((await get('leaseManager', p)).statusCode, p).toBe(403);
    expect((await get('leaseManager', P.jobStatistics)).statusCode).toBe(403);
    expect((await get('leaseManager', P.customerDataStat, { accountId: ids.operatorA })).statusCode).toBe(
      200,
    );
  });

  it("404 for another lessor's client, or a lessor the tenant does not lease from", async () => {
    await t.db.updateTable('accounts').set({ lease_model: 1 }).where('id', '=', ids.makerB).execute();
    await t.db
      .insertInto('lease_clients')
      .values({ manufacturer_account_id: ids.makerB, client_account_id: ids.personal, active_status: 2 })
      .execute();
    for (const p of CLIENT_CALLS) {
      expect((await get('makerB', p, { accountId: ids.operatorA })).statusCode, p).toBe(404);
      expect((await get('makerA', p, { accountId: ids.personal })).statusCode, p).toBe(404);
      expect((await get('makerB', p, { accountId: ids.personal })).statusCode, p).toBe(200);
    }
    for (const p of TENANT_CALLS)
      expect((await get('operatorA', p, { zzAccountId: ids.makerB })).statusCode, p).toBe(404);
    expect((await get('makerB', P.jobStatistics)).statusCode).toBe(200);
  });

  it('refuses bad ranges and parameters with 400 in the caller’s language', async () => {
    const long = await get('makerA', P.jobAreaStatistics, {
      startTime: today0 - 400 * DAY,
      endTime: today0 + HOUR,
    });
    expect(long.statusCode).toBe(400);
    expect(body(long).message).toContain('400');
    const ok400 = await get('makerA', P.jobAreaStatistics, {
      startTime: today0 - 399 * DAY,
      endTime: today0 + HOUR,
    });
    expect(ok400.statusCode).toBe(200);
    // Past LEASE_SERIES_DAILY_MAX_DAYS (92) days a series has one point per month.
    expect((body(ok400).data as LeaseDaySeries).grain).toBe('m');
    expect((body(ok400).data as LeaseDaySeries).days.length).toBeGreaterThanOrEqual(14);
    const d92 = await data<LeaseDaySeries>('makerA', P.jobAreaStatistics, { startTime: today0 - 91 * DAY });
    expect([d92.grain, d92.days.length]).toEqual(['d', 92]);
    const d93 = await data<LeaseDaySeries>('makerA', P.jobAreaStatistics, { startTime: today0 - 92 * DAY });
    expect(d93.grain).toBe('m');
    expect(
      (await get('makerA', P.jobStatistics, { startTime: today0, endTime: today0 - DAY })).statusCode,
    ).toBe(400);
    const bad: Array<Record<string, string | number>> = [
      { startTime: 'x' },
      { endTime: -5 },
      { limit: 0 },
      { limit: 51 },
      { startTime: '1e30' },
    ];
    for (const q of bad)
      expect((await get('makerA', P.jobAreaRanking, q)).statusCode, JSON.stringify(q)).toBe(400);
    expect((await get('makerA', P.customerDataStat)).statusCode).toBe(400);
    expect((await get('makerA', P.customerDataStat, { accountId: 'abc' })).statusCode).toBe(400);
    expect((await get('makerA', P.customerDataStat, { accountId: 99_999_999_999 })).statusCode).toBe(400);
  });
});

describe('leasing statistics: ranges', () => {
  it('splits a range into whole months and the days around them', () => {
    expect(splitRange({ startDay: '2026-01-15', endDay: '2026-04-10' })).toEqual({
      days: [
        ['2026-01-15', '2026-02-01'],
        ['2026-04-01', '2026-04-11'],
      ],
      months: ['2026-02-01', '2026-04-01'],
    });
    expect(splitRange({ startDay: '2026-02-01', endDay: '2026-02-28' })).toEqual({
      days: [],
      months: ['2026-02-01', '2026-03-01'],
    });
    expect(splitRange({ startDay: '2026-02-03', endDay: '2026-02-20' })).toEqual({
      days: [['2026-02-03', '2026-02-21']],
      months: null,
    });
    expect(splitRange({ startDay: '2025-12-31', endDay: '2026-01-31' })).toEqual({
      days: [['2025-12-31', '2026-01-01']],
      months: ['2026-01-01', '2026-02-01'],
    });
  });

  it('reads days of the statistics time zone; defaults to the last 30 days', () => {
    // 2026-03-01 15:59:59Z is 23:59:59 in Shanghai; 16:00Z the next day.
    const edge = Date.UTC(2026, 2, 1, 16, 0, 0);
    expect(rangeOf({ startTime: edge - 1000, endTime: edge }, edge + 86_400_000, 'Asia/Shanghai')).toEqual({
      startDay: '2026-03-01',
      endDay: '2026-03-02',
    });
    expect(rangeOf({}, edge, 'Asia/Shanghai')).toEqual({ startDay: '2026-02-01', endDay: '2026-03-02' });
    expect(rangeOf({}, edge, 'UTC')).toEqual({ startDay: '2026-01-31', endDay: '2026-03-01' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    // An end after today is today.
    expect(
      rangeOf({ startTime: edge - 3 * 86_400_000, endTime: edge + 86_400_000 }, edge - 1000, 'Asia/Shanghai'),
    ).toEqual({
      startDay: '2026-02-27',
      endDay: '2026-03-01',
    });
  });
});

describe('leasing statistics: figures from the rollups', () => {
  const day = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10); // Asia/Shanghai
  it('answers the lessor, the client view and the tenant from rows the landing writes', async () => {
    expect(tz).toBe('Asia/Shanghai');
    const [d1, d2] = drones as [
      { drone_id: string; drone_name: string },
      { drone_id: string; drone_name: string },
    ];
    // Two days ago, the first second; three days ago, the last second (the time-zone edge).
    await charge({
      at: today0 - 2 * DAY,
      droneId: d1.drone_id,
      pilotId,
      areaMu: 10,
      durationS: 600,
      chargeMinor: 5000,
    });
    await charge({
      at: today0 - 2 * DAY - 1000,
      droneId: d2.drone_id,
      areaMu: 4,
      durationS: 300,
      chargeMinor: 2000,
    });
    await charge({
      at: today0 - 2 * DAY + 5 * HOUR,
      droneId: d1.drone_id,
      pilotId,
      areaMu: 6,
      durationS: 200,
      chargeMinor: 3000,
    });
    // A daily fee (no sortie) today, a charge in USD, one 70 days back (month rows in long ranges).
    await charge({ at: today0 + 60_000, sorties: 0, feeMinor: 1500 });
    await charge({
      at: today0 - DAY,
      currency: 'USD',
      droneId: d2.drone_id,
      areaMu: 1,
      durationS: 60,
      chargeMinor: 70,
    });
    await charge({
      at: today0 - 70 * DAY,
      droneId: d1.drone_id,
      areaMu: 100,
      durationS: 3600,
      chargeMinor: 50_000,
    });
    // Another lessor's work for the same tenant, and maker-a's for nobody else's client.
    await t.db
      .insertInto('lease_clients')
      .values({ manufacturer_account_id: ids.makerB, client_account_id: ids.operatorA, active_status: 1 })
      .execute();
    await charge({
      at: today0 - DAY,
      lessorAccountId: ids.makerB,
      droneId: 'B1',
      areaMu: 50,
      chargeMinor: 9,
    });

    const range = { startTime: today0 - 5 * DAY, endTime: Date.now() };
    const series = await data<LeaseDaySeries>('makerA', P.jobAreaStatistics, range);
    expect(series.days.map((x) => x.day)).toEqual([5, 4, 3, 2, 1, 0].map((n) => day(today0 - n * DAY)));
    expect(series.days.map((x) => x.areaMu)).toEqual([0, 0, 4, 16, 1, 0]);
    expect(series.days.map((x) => x.sorties)).toEqual([0, 0, 1, 2, 1, 0]);
    expect(series.days[3]).toMatchObject({ durationS: 800, chargeMinor: 8000 });

    const stats = await data<LeaseJobStats>('makerA', P.jobStatistics, range);
    expect(stats).toMatchObject({ sorties: 4, areaMu: 21, durationS: 1160, feeMinor: 1500 });
    expect(stats.currencies).toEqual([
      { currency: 'CNY', chargeMinor: 10_000, feeMinor: 1500 },
      { currency: 'USD', chargeMinor: 70, feeMinor: 0 },
    ]);
    expect(stats.total).toMatchObject({ sorties: 5, areaMu: 121 });
    expect(stats.clients).toBeGreaterThanOrEqual(1);
    // 120 days: whole months read at month grain, the edges at day grain.
    const long = await data<LeaseJobStats>('makerA', P.jobStatistics, { startTime: today0 - 120 * DAY });
    expect(long).toMatchObject({ sorties: 5, areaMu: 121, durationS: 4760 });
    const from69 = await data<LeaseJobStats>('makerA', P.jobStatistics, { startTime: today0 - 69 * DAY });
    expect(from69.areaMu).toBe(21);
    const monthly = await data<LeaseDaySeries>('makerA', P.jobAreaStatistics, {
      startTime: today0 - 120 * DAY,
    });
    expect(monthly.grain).toBe('m');
    expect(monthly.days[0]?.day).toBe(day(today0 - 120 * DAY).slice(0, 7));
    expect(monthly.days.at(-1)?.day).toBe(day(today0).slice(0, 7));
    expect(monthly.days.reduce((sum, x) => sum + x.areaMu, 0)).toBe(121);
    expect(
      monthly.days.find((x) => x.day === day(today0 - 70 * DAY).slice(0, 7))?.areaMu,
    ).toBeGreaterThanOrEqual(100);
    // Default: the last 30 days.
    expect((await data<LeaseDaySeries>('makerA', P.jobAreaStatistics)).days).toHaveLength(30);

    const ranking = await data<Array<{ accountId: number; areaMu: number }>>(
      'makerA',
      P.jobAreaRanking,
      range,
    );
    expect(ranking).toEqual([
      {
        accountId: ids.operatorA,
        accountName: '丰收飞防服务合作社',
        areaMu: 21,
        sorties: 4,
        chargeMinor: 10_070,
      },
    ]);

    const customer = await data<Record<string, unknown>>('makerA', P.customerDataStat, {
      accountId: ids.operatorA,
    });
    expect(customer).toMatchObject({
      accountId: ids.operatorA,
      sorties: 5,
      areaMu: 121,
      currency: 'CNY',
    });
    const ledger = await t.db
      .selectFrom('lease_ledger')
      .innerJoin('lease_clients as lc', 'lc.id', 'lease_ledger.client_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_minor'), eb.lit(0)).as('b'))
      .where('lc.manufacturer_account_id', '=', ids.makerA)
      .where('lc.client_account_id', '=', ids.operatorA)
      .executeTakeFirstOrThrow();
    expect(customer.balanceMinor).toBe(Number(ledger.b));
    const cSeries = await data<LeaseDaySeries>('makerA', P.customerAreaAndRecord, {
      accountId: ids.operatorA,
      ...range,
    });
    expect(cSeries.days.map((x) => x.areaMu)).toEqual([0, 0, 4, 16, 1, 0]);
    const dronesRank = await data<Array<Record<string, unknown>>>('makerA', P.customerAreaRanking, {
      accountId: ids.operatorA,
    });
    expect(dronesRank).toEqual([
      {
        droneId: d1.drone_id,
        droneName: d1.drone_name,
        areaMu: 116,
        sorties: 3,
        durationS: 4400,
        chargeMinor: 58_000,
      },
      {
        droneId: d2.drone_id,
        droneName: d2.drone_name,
        areaMu: 5,
        sorties: 2,
        durationS: 360,
        chargeMinor: 2070,
      },
    ]);
    const dp = await data<{ drones: unknown[]; pilots: Array<Record<string, unknown>> }>(
      'makerA',
      P.customerDronePilotRanking,
      { accountId: ids.operatorA },
    );
    expect(dp.drones).toEqual(dronesRank);
    expect(dp.pilots).toEqual([
      { userId: pilotId, userName: '赵强', areaMu: 16, sorties: 2, durationS: 800, chargeMinor: 8000 },
    ]);

    // The tenant: both lessors, or one.
    const own = await data<LeaseJobStats>('operatorA', P.yyJobStatistics, range);
    expect(own).toMatchObject({ sorties: 5, areaMu: 71, clients: 2, activatedClients: 1 });
    const fromA = await data<LeaseJobStats>('operatorA', P.yyJobStatistics, {
      ...range,
      zzAccountId: ids.makerA,
    });
    expect(fromA).toMatchObject({ sorties: 4, areaMu: 21, clients: 1 });
    const ownSeries = await data<LeaseDaySeries>('operatorA', P.yyJobAreaStatistics, range);
    expect(ownSeries.days.map((x) => x.areaMu)).toEqual([0, 0, 4, 16, 51, 0]);
    const ownRank = await data<Array<{ droneId: string; areaMu: number }>>('operatorA', P.yyJobAreaRanking, {
      limit: 2,
    });
    expect(ownRank.map((r) => [r.droneId, r.areaMu])).toEqual([
      [d1.drone_id, 116],
      ['B1', 50],
    ]);
    // maker-b sees only its own.
    const b = await data<LeaseJobStats>('makerB', P.jobStatistics, range);
    expect(b).toMatchObject({ sorties: 1, areaMu: 50 });
  });

  it('counts leases by status and model, and clients by activation', async () => {
    const client = await t.db
      .selectFrom('lease_clients')
      .select('id')
      .where('manufacturer_account_id', '=', ids.makerA)
      .where('client_account_id', '=', ids.operatorA)
      .executeTakeFirstOrThrow();
    const free = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids.makerA)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('leases')
              .select('id')
              .whereRef('leases.drone_id', '=', 'drones.drone_id')
              .where('status', '=', 1),
          ),
        ),
      )
      .orderBy('drone_id')
      .limit(3)
      .execute();
    const [d1, d2, d3] = free;
    const was = await data<{
      leasing: number;
      returned: number;
      cancelled: number;
      byModel: Array<{ leaseModel: number; count: number }>;
    }>('makerA', P.rentalStatistics);
    const wasLeased = (await data<LeaseJobStats>('makerA', P.jobStatistics)).leasedDrones;
    const wasClient = (
      await data<{ leasedDrones: number }>('makerA', P.customerDataStat, { accountId: ids.operatorA })
    ).leasedDrones;
    const model = (m: number, list: Array<{ leaseModel: number; count: number }>) =>
      list.find((x) => x.leaseModel === m)?.count ?? 0;
    const lease = (droneId: string, status: number, model: number) =>
      t.db
        .insertInto('leases')
        .values({
          lessor_account_id: ids.makerA,
          client_id: client.id,
          client_account_id: ids.operatorA,
          drone_id: droneId,
          lease_model: model,
          mu_price_minor: 500,
          hour_price_minor: 0,
          currency: 'CNY',
          start_time: new Date(Date.now() - DAY),
          status,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const mine: Array<{ id: number }> = [];
    mine.push(await lease(d1?.drone_id as string, 2, 1));
    mine.push(await lease(d2?.drone_id as string, 1, 2));
    mine.push(await lease(d3?.drone_id as string, 1, 3));
    mine.push(await lease(d1?.drone_id as string, 3, 1));
    const r = await data<Record<string, unknown>>('makerA', P.rentalStatistics);
    expect(r).toMatchObject({
      leasing: was.leasing + 2,
      returned: was.returned + 1,
      cancelled: was.cancelled + 1,
    });
    const byModel = r.byModel as Array<{ leaseModel: number; count: number }>;
    for (const m of [1, 2, 3]) expect(model(m, byModel)).toBe(model(m, was.byModel) + (m === 1 ? 0 : 1));
    expect(r.clientsByStatus).toEqual(
      expect.arrayContaining([{ activeStatus: 2, count: expect.any(Number) }]),
    );
    expect((await data<LeaseJobStats>('makerA', P.jobStatistics)).leasedDrones).toBe(wasLeased + 2);
    expect(
      (await data<Record<string, unknown>>('makerA', P.customerDataStat, { accountId: ids.operatorA }))
        .leasedDrones,
    ).toBe(wasClient + 2);
    await t.db
      .deleteFrom('leases')
      .where(
        'id',
        'in',
        mine.map((m) => m.id),
      )
      .execute();
  });
});

describe('leasing statistics: a real landing', () => {
  it('a sortie flown by a leased drone through POST /api/telemetry/batch shows in jobAreaStatistics', async () => {
    const before = await data<LeaseDaySeries>('makerA', P.jobAreaStatistics);
    const free = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids.makerA)
      .where('yy_account_id', '=', ids.makerA)
      .where('activation_status', '=', 2)
      .where('locked', '=', false)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('leases')
              .select('id')
              .whereRef('leases.drone_id', '=', 'drones.drone_id')
              .where('status', '=', 1),
          ),
        ),
      )
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();
    const client = await t.db
      .updateTable('lease_clients')
      .set({ mu_price_minor: 500, active_status: 2 })
      .where('manufacturer_account_id', '=', ids.makerA)
      .where('client_account_id', '=', ids.operatorA)
      .returning('id')
      .executeTakeFirstOrThrow();
    const start = Date.now() - 40 * 60_000;
    await t.db
      .insertInto('leases')
      .values({
        lessor_account_id: ids.makerA,
        client_id: client.id,
        client_account_id: ids.operatorA,
        drone_id: free.drone_id,
        lease_model: 1,
        mu_price_minor: 500,
        hour_price_minor: 0,
        currency: 'CNY',
        start_time: new Date(start - HOUR),
        previous_yy_account_id: ids.makerA,
      })
      .execute();
    await t.db
      .updateTable('drones')
      .set({ yy_account_id: ids.operatorA, rental_model: 1 })
      .where('drone_id', '=', free.drone_id)
      .execute();
    await registryChanged(t, free.drone_id);

    const vid = 'stats-test';
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/account/secretKey',
      payload: { vid },
      headers: auth.makerA,
    });
    const file = (
      await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers: auth.makerA })
    ).body;
    const basic = Buffer.from(`${vid}:${/secret=(.+)/.exec(file)?.[1]}`).toString('base64');
    const field = rectangleField({
      center: { lng: 114.61, lat: 33.54 },
      widthM: 60,
      lengthM: 120,
      angleDeg: 10,
    });
    const points = (runMission(DEFAULT_DRONE, field, { startTime: start, seed: 3, rateHz: 1 }).sorties[0]
      ?.points ?? []) as TelemetryPoint[];
    expect(points.length).toBeGreaterThan(10);
    for (let i = 0; i < points.length; i += 500) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/telemetry/batch',
        headers: { authorization: `Basic ${basic}` },
        payload: { drones: [{ droneId: free.drone_id, points: points.slice(i, i + 500) }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sortie = await until(() =>
      t.db
        .selectFrom('lease_charges')
        .select(['area_mu', 'start_time'])
        .where('drone_id', '=', free.drone_id)
        .executeTakeFirst(),
    );
    expect(sortie.area_mu).toBeGreaterThan(0);
    const after = await data<LeaseDaySeries>('makerA', P.jobAreaStatistics);
    const localDay = new Date(new Date(sortie.start_time).getTime() + 8 * HOUR).toISOString().slice(0, 10);
    const at = (s: LeaseDaySeries) => s.days.find((x) => x.day === localDay);
    expect((at(after)?.areaMu ?? 0) - (at(before)?.areaMu ?? 0)).toBeCloseTo(sortie.area_mu, 6);
    expect((at(after)?.sorties ?? 0) - (at(before)?.sorties ?? 0)).toBe(1);
    const drone = await data<Array<{ droneId: string; areaMu: number }>>('makerA', P.customerAreaRanking, {
      accountId: ids.operatorA,
    });
    expect(drone.find((d) => d.droneId === free.drone_id)?.areaMu).toBeCloseTo(sortie.area_mu, 6);
  });
});
