/**
 * Leasing work records (getJobRecord) and basic prices (basicPrice list / set / currencyTypes)
 * through the real app on the demo data. A lease of one of maker A's drones to operator A (by area,
 * 5.00 CNY per mu) is billed by a real sortie sent over POST /api/telemetry/batch with maker A's
 * key, and a second lease with a daily fee by the daily fee job; the lessor, its lease manager and
 * the tenant read the same records, operator B (no tenant) and maker B (no lease model) are refused
 * (403), and once maker B is a lessor too it finds neither operator A nor maker A's models (404).
 */
import {
  BASIC_PRICE_PATHS,
  type BasicPriceCurrency,
  type BasicPriceRow,
  type JobRecordPage,
  RENTAL_PATHS,
  sortieCharge,
  type TelemetryPoint,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDailyFees } from '../src/modules/leasing/dailyFees.ts';
import { createRecordsRepo } from '../src/modules/leasing/records.repo.ts';
import { createAudit } from '../src/platform/audit.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';
import { clientIdOf } from './leasing.kit.ts';

const PHONES = {
  makerA: '13800000003',
  makerB: '13800000004',
  operatorA: '13800000005',
  operatorB: '13800000006',
  leaseManager: '13800000008',
} as const;
type Role = keyof typeof PHONES;

let t: TestApp;
const auth = {} as Record<Role, Record<string, string>>;
const ids = {} as Record<'makerA' | 'makerB' | 'operatorA' | 'operatorB', number>;
let flown: string;
let feeDrone: string;
let sortieRow: { sortie_id: number; area_mu: number; start_time: Date };
const DAY = 86_400_000;

type Method = 'GET' | 'POST';
function call(role: Role | null, method: Method, url: string, q?: object, lang?: string) {
  return t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(q ?? {}).map(([k, v]) => [k, String(v)])) }
      : q === undefined
        ? {}
        : { payload: q }),
  });
}
async function data<T>(role: Role, method: Method, url: string, q?: object): Promise<T> {
  const res = await call(role, method, url, q);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return body(res).data as T;
}
const records = (role: Role, q: object = {}) => data<JobRecordPage>(role, 'GET', RENTAL_PATHS.jobRecord, q);
const setPrices = (role: Role, prices: object[]) => call(role, 'POST', BASIC_PRICE_PATHS.set, { prices });

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, phone] of Object.entries(PHONES)) auth[role as Role] = (await signInWith(t, phone)).auth;
  const acc = await t.db.selectFrom('accounts').select(['id', 'account_name']).execute();
  const id = (name: string) => acc.find((a) => a.account_name === name)?.id as number;
  ids.makerA = id('极翼植保无人机有限公司');
  ids.makerB = id('云禾航空科技有限公司');
  ids.operatorA = id('丰收飞防服务合作社');
  ids.operatorB = id('绿野植保服务队');
  const own = await t.db
    .selectFrom('drones')
    .select('drone_id')
    .where('zz_account_id', '=', ids.makerA)
    .where('yy_account_id', '=', ids.makerA)
    .orderBy('drone_id')
    .limit(2)
    .execute();
  flown = own[0]?.drone_id as string;
  feeDrone = own[1]?.drone_id as string;
  const client = { id: await clientIdOf(t, ids.makerA, ids.operatorA) };
  const lease = (droneId: string, start: number, dailyFee: number | null) => ({
    lessor_account_id: ids.makerA,
    client_id: client.id,
    client_account_id: ids.operatorA,
    drone_id: droneId,
    lease_model: 1,
    mu_price_minor: 500,
    hour_price_minor: 0,
    daily_fee_minor: dailyFee,
    currency: 'CNY',
    start_time: new Date(start),
  });
  await t.db
    .insertInto('leases')
    .values([lease(flown, Date.now() - DAY, null), lease(feeDrone, Date.now() - 1.5 * DAY, 1000)])
    .execute();

  // A real sortie: maker A's key, the HTTP batch, then the drone standing on the ground (it lands).
  const headers = auth.makerA;
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/account/secretKey',
    payload: { vid: 'rec-gw' },
    headers,
  });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers })).body;
  const basic = Buffer.from(`rec-gw:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');
  const field = rectangleField({
    center: { lng: 120.26, lat: 33.77 },
    widthM: 80,
    lengthM: 200,
    angleDeg: 10,
  });
  const points = (runMission(DEFAULT_DRONE, field, {
    startTime: Date.now() - 3 * 3600_000,
    seed: 41,
    rateHz: 1,
  }).sorties[0]?.points ?? []) as TelemetryPoint[];
  const last = points.at(-1) as TelemetryPoint;
  points.push({ ...last, recordTime: Date.now() - 1000, height: 0, speed: 0, pump: false });
  for (let i = 0; i < points.length; i += 500) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId: flown, points: points.slice(i, i + 500) }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
  sortieRow = await t.db
    .selectFrom('sorties')
    .select(['sortie_id', 'area_mu', 'start_time'])
    .where('drone_id', '=', flown)
    .executeTakeFirstOrThrow();
  // The daily fee job, as index.ts runs it.
  await chargeDailyFees(t.db, { commands: t.app.commands, audit: createAudit(t.db), timeZone: 'UTC' });
});
afterAll(async () => {
  await t?.close();
});

const EVERY: [Method, string, object?][] = [
  ['GET', RENTAL_PATHS.jobRecord],
  ['GET', BASIC_PRICE_PATHS.list],
  ['POST', BASIC_PRICE_PATHS.set, { prices: [{ modelId: 1, currency: 'CNY', dailyFee: 1 }] }],
  ['GET', BASIC_PRICE_PATHS.currencyTypes],
];

describe('access', () => {
  it('needs a session (401)', async () => {
    for (const [m, url, b] of EVERY) expect((await call(null, m, url, b)).statusCode, url).toBe(401);
  });

  it('refuses roles without the screens (403)', async () => {
    // Maker B has no lease model; operator B leases from nobody.
    for (const role of ['makerB', 'operatorB'] as const)
      for (const [m, url, b] of EVERY)
        expect((await call(role, m, url, b)).statusCode, `${role} ${url}`).toBe(403);
    // Basic prices are the lessor account's: neither the tenant nor the lease manager has the screen.
    for (const role of ['operatorA', 'leaseManager'] as const)
      for (const [m, url, b] of EVERY.slice(1, 3))
        expect((await call(role, m, url, b)).statusCode, `${role} ${url}`).toBe(403);
  });

  it('answers the currency types on the client, lease and bill screens too', async () => {
    for (const role of ['makerA', 'operatorA', 'leaseManager'] as const)
      expect((await call(role, 'GET', BASIC_PRICE_PATHS.currencyTypes)).statusCode, role).toBe(200);
  });
});

describe('work records', () => {
  it('bills the landed sortie at area x price, and the lessor, its lease manager and the tenant read it', async () => {
    const expected = Math.round(sortieRow.area_mu * 500);
    expect(expected).toBe(
      sortieCharge(1, { areaMu: sortieRow.area_mu, durationS: 0 }, { muPriceMinor: 500, hourPriceMinor: 0 }),
    );
    expect(expected).toBeGreaterThan(0);
    const lessor = await records('makerA', { kind: 2 });
    expect(lessor.total).toBe(1);
    expect(lessor.records[0]).toMatchObject({
      kind: 2,
      sortieId: sortieRow.sortie_id,
      feeDay: null,
      droneId: flown,
      leaseModel: 1,
      accountId: ids.operatorA,
      accountName: '丰收飞防服务合作社',
      zzAccountId: ids.makerA,
      startTime: sortieRow.start_time.getTime(),
      muUnitPrice: 500,
      durationPrice: 0,
      dailyFee: 0,
      amount: expected,
      currency: 'CNY',
    });
    expect(lessor.records[0]?.areaMu).toBeCloseTo(sortieRow.area_mu, 6);
    expect(lessor.records[0]?.durationS).toBeGreaterThan(0);
    expect(lessor.summary).toMatchObject({ count: 1, amounts: [{ currency: 'CNY', amount: expected }] });
    expect(await records('leaseManager', { kind: 2 })).toEqual(lessor);
    expect(await records('operatorA', { kind: 2 })).toEqual(lessor);
    expect(await records('operatorA', { kind: 2, zzAccountId: ids.makerA })).toEqual(lessor);
    expect(await records('makerA', { kind: 2, accountId: ids.operatorA })).toEqual(lessor);
  });

  it('lists the daily base fees of the job, newest first, with the summary per currency', async () => {
    const fees = await records('makerA', { kind: 3 });
    expect(fees.total).toBeGreaterThanOrEqual(2);
    for (const r of fees.records)
      expect(r).toMatchObject({ kind: 3, droneId: feeDrone, dailyFee: 1000, amount: 1000, sortieId: null });
    expect(fees.records[0]?.feeDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const all = await records('makerA');
    expect(all.total).toBe(fees.total + 1);
    const starts = all.records.map((r) => r.startTime);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    const charged = Math.round(sortieRow.area_mu * 500) + 1000 * fees.total;
    expect(all.summary.amounts).toEqual([{ currency: 'CNY', amount: charged }]);
    expect(all.summary.count).toBe(all.total);
    // Paging and filters.
    const first = await records('makerA', { size: 1 });
    const second = await records('makerA', { size: 1, pageIndex: 2 });
    expect(first.records[0]?.id).toBe(all.records[0]?.id);
    expect(second.records[0]?.id).toBe(all.records[1]?.id);
    expect((await records('makerA', { droneId: flown.slice(2) })).total).toBe(1);
    const future = Date.now() + DAY;
    expect((await records('makerA', { startTime: future, endTime: future + DAY })).total).toBe(0);
  });

  it('refuses malformed queries with 400', async () => {
    const now = Date.now();
    for (const q of [
      { size: 501 },
      { pageIndex: 0 },
      { kind: 4 },
      { accountId: 'x' },
      { startTime: now, endTime: now - 1 },
      { startTime: now - 401 * DAY, endTime: now },
    ])
      expect((await call('makerA', 'GET', RENTAL_PATHS.jobRecord, q)).statusCode, JSON.stringify(q)).toBe(
        400,
      );
  });

  it('answers hostile values below 500', async () => {
    const MAX = 8_640_000_000_000_000;
    for (const q of [
      { startTime: -MAX, endTime: -MAX + DAY },
      { startTime: MAX - DAY, endTime: MAX },
      { pageIndex: 2_147_483_647, size: 500 },
      { droneId: 'a\u0000b' },
      { droneId: '%_\\' },
      { accountId: 2_147_483_647 },
      { zzAccountId: 2_147_483_647 },
    ])
      for (const role of ['makerA', 'operatorA'] as const) {
        const res = await call(role, 'GET', RENTAL_PATHS.jobRecord, q);
        expect(res.statusCode, `${role} ${JSON.stringify(q)} ${res.body}`).toBeLessThan(500);
      }
    for (const p of [
      { modelId: 2_147_483_647, currency: 'CNY', dailyFee: 1 },
      { modelId: 1, currency: 'TWD', dailyFee: 10_000_000, muUnitPrice: 10_000_000 },
      { modelId: 1, currency: 'CNY', dailyFee: Number.MAX_VALUE },
    ])
      expect((await setPrices('makerA', [p])).statusCode, JSON.stringify(p)).toBeLessThan(500);
  });

  it('reads a page through the lessor and client indexes', async () => {
    const repo = createRecordsRepo(t.db);
    const plans: string[] = [];
    await t.db
      .transaction()
      .execute(async (trx) => {
        // Enough rows that a sequential scan would cost more (rolled back below).
        const lease = await trx
          .selectFrom('leases')
          .select(['id', 'client_id'])
          .where('drone_id', '=', feeDrone)
          .executeTakeFirstOrThrow();
        await sql`INSERT INTO lease_charges (kind, sortie_id, lease_id, client_id, lessor_account_id,
            client_account_id, drone_id, start_time, end_time, lease_model, amount_minor, currency)
          SELECT 2, 1000000000 + g, ${lease.id}, ${lease.client_id}, ${ids.makerA}, ${ids.operatorA}, ${feeDrone},
            now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '5 minutes', 1, 10, 'CNY'
          FROM generate_series(1, 20000) g`.execute(trx);
        await sql`ANALYZE lease_charges`.execute(trx);
        for (const scope of [{ lessorAccountId: ids.makerA }, { clientAccountId: ids.operatorA }]) {
          const q = repo.pageQuery(scope, {}, { pageIndex: 1, size: 20 }).compile();
          const res = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `EXPLAIN ${q.sql}` });
          plans.push(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        throw new Error('rollback');
      })
      .catch((err) => {
        if ((err as Error).message !== 'rollback') throw err;
      });
    expect(plans[0]).toMatch(/Index Scan using lease_charges_lessor_idx/);
    expect(plans[1]).toMatch(/Index Scan using lease_charges_client_idx/);
    expect((await records('makerA')).total).toBeLessThan(100);
  });
});

describe('another lessor and other tenants', () => {
  it('finds no client of another lessor and no lessor the tenant does not lease from (404)', async () => {
    expect(
      (await call('makerA', 'GET', RENTAL_PATHS.jobRecord, { accountId: ids.operatorB })).statusCode,
    ).toBe(404);
    expect(
      (await call('operatorA', 'GET', RENTAL_PATHS.jobRecord, { zzAccountId: ids.makerB })).statusCode,
    ).toBe(404);
    // Maker B becomes a lessor: it sees none of maker A's records nor its client nor its models.
    await t.db.updateTable('accounts').set({ lease_model: 1 }).where('id', '=', ids.makerB).execute();
    const b = await records('makerB');
    expect(b).toMatchObject({ total: 0, records: [], summary: { count: 0, amounts: [] } });
    expect(
      (await call('makerB', 'GET', RENTAL_PATHS.jobRecord, { accountId: ids.operatorA })).statusCode,
    ).toBe(404);
    const modelA = (await data<BasicPriceRow[]>('makerA', 'GET', BASIC_PRICE_PATHS.list))[0]
      ?.modelId as number;
    const res = await call(
      'makerB',
      'POST',
      BASIC_PRICE_PATHS.set,
      { prices: [{ modelId: modelA, currency: 'CNY', dailyFee: 1 }] },
      'en',
    );
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toContain(String(modelA));
    const own = await data<BasicPriceRow[]>('makerB', 'GET', BASIC_PRICE_PATHS.list);
    expect(own.every((r) => r.modelId !== modelA)).toBe(true);
  });
});

describe('basic prices', () => {
  it('lists every model of the lessor, set in minor units per currency, and updates in place', async () => {
    const before = await data<BasicPriceRow[]>('makerA', 'GET', BASIC_PRICE_PATHS.list);
    const models = await t.db
      .selectFrom('drone_models')
      .select('id')
      .where('zz_account_id', '=', ids.makerA)
      .execute();
    expect(new Set(before.map((r) => r.modelId))).toEqual(new Set(models.map((m) => m.id)));
    for (const r of before.filter((x) => x.id === null))
      expect(r).toMatchObject({ currency: null, dailyFee: null, muUnitPrice: null, updatedAt: null });
    const m = before[0]?.modelId as number;
    const after = await data<BasicPriceRow[]>('makerA', 'POST', BASIC_PRICE_PATHS.set, {
      prices: [
        { modelId: m, currency: 'USD', dailyFee: 12.5, muUnitPrice: 3.25, durationPrice: 60 },
        { modelId: m, currency: 'KRW', dailyFee: 15000 },
      ],
    });
    const of = (list: BasicPriceRow[], c: string) => list.find((r) => r.modelId === m && r.currency === c);
    expect(of(after, 'USD')).toMatchObject({
      id: expect.any(Number),
      dailyFee: 1250,
      muUnitPrice: 325,
      durationPrice: 6000,
      modelName: expect.any(String),
      updatedAt: expect.any(Number),
    });
    expect(of(after, 'KRW')).toMatchObject({ dailyFee: 15000, muUnitPrice: 0, durationPrice: 0 });
    // Other models unchanged; this model: what it had (no null row any more) and the two new rows.
    expect(after.filter((r) => r.modelId !== m)).toEqual(before.filter((r) => r.modelId !== m));
    const had = before.filter((r) => r.modelId === m && r.id !== null);
    expect(after.filter((r) => r.modelId === m)).toHaveLength(had.length + 2);
    // A second set updates the same row; prices it leaves out stay.
    const again = await data<BasicPriceRow[]>('makerA', 'POST', BASIC_PRICE_PATHS.set, {
      prices: [{ modelId: m, currency: 'USD', dailyFee: 20 }],
    });
    expect(of(again, 'USD')).toMatchObject({
      id: of(after, 'USD')?.id,
      dailyFee: 2000,
      muUnitPrice: 325,
      durationPrice: 6000,
    });
    expect(again).toHaveLength(after.length);
    expect(await data('makerA', 'GET', BASIC_PRICE_PATHS.list)).toEqual(again);
  });

  it('refuses negative, 3-decimal, fractional won, duplicate and empty sets with 400', async () => {
    const m = (await data<BasicPriceRow[]>('makerA', 'GET', BASIC_PRICE_PATHS.list))[0]?.modelId as number;
    for (const prices of [
      [{ modelId: m, currency: 'CNY', dailyFee: -1 }],
      [{ modelId: m, currency: 'CNY', dailyFee: 1.234 }],
      [{ modelId: m, currency: 'CNY', dailyFee: 1, muUnitPrice: 0.001 }],
      [{ modelId: m, currency: 'EUR', dailyFee: 1 }],
      [{ modelId: m, currency: 'KRW', dailyFee: 10.5 }],
      [
        { modelId: m, currency: 'USD', dailyFee: 1 },
        { modelId: m, currency: 'USD', dailyFee: 2 },
      ],
      [],
    ])
      expect((await setPrices('makerA', prices)).statusCode, JSON.stringify(prices)).toBe(400);
    const won = await call(
      'makerA',
      'POST',
      BASIC_PRICE_PATHS.set,
      { prices: [{ modelId: m, currency: 'KRW', dailyFee: 10.5 }] },
      'en',
    );
    expect(body(won).message).toBe(MESSAGES.basicPriceWholeUnits.en.replace('{currency}', 'KRW'));
  });

  it('offers the lease currencies in the request language with their digits', async () => {
    const en = body(await call('makerA', 'GET', BASIC_PRICE_PATHS.currencyTypes, {}, 'en'))
      .data as BasicPriceCurrency[];
    const zh = body(await call('makerA', 'GET', BASIC_PRICE_PATHS.currencyTypes, {}, 'zh'))
      .data as BasicPriceCurrency[];
    expect(en.map((c) => c.code)).toEqual(['CNY', 'USD', 'THB', 'KRW', 'TWD']);
    expect(en[0]).toEqual({ code: 'CNY', DictValue: 'Chinese yuan', digits: 2 });
    expect(zh[0]?.DictValue).toBe('人民币');
    expect(en.find((c) => c.code === 'KRW')?.digits).toBe(0);
  });
});
