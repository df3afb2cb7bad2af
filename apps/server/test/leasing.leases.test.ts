/**
 * Leases (/api/rental/rental: getRentalList ... getRentalHistory) through the real app on the demo
 * data: 401 without a session; 403 for a tenant and a manufacturer without a lease model; another
 * lessor (maker-b given a lease model) cannot name maker-a's leases or clients (404). Behaviour: a
 * lease makes the client the drone's operator and tells ingest; a second lease of the drone is
 * refused; prices, daily fee and history; a client below its limit gets the new drone locked; return
 * restores the operator and releases the lock; cancel reverses daily fees and is refused after a
 * billed sortie; every write lands in the system log.
 */
import { type LeaseRecord, RENTAL_PATHS, type RentalDrone, type RentalPage } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToLeaseStats } from '../src/modules/leasing/leaseStats.ts';
import { adjustBook, balanceOf, lessorBook, post, walletBook } from '../src/modules/leasing/ledger.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';
import { clientIdOf } from './leasing.kit.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const P = RENTAL_PATHS;
let free: RentalDrone[] = [];

type Method = 'GET' | 'POST';
async function call(role: string | null, method: Method, url: string, payload?: unknown, lang?: 'en' | 'zh') {
  return t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const data = <T>(res: Awaited<ReturnType<typeof call>>) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return body(res).data as T;
};
async function refused(status: number, role: string, method: Method, url: string, payload?: unknown) {
  const en = await call(role, method, url, payload, 'en');
  const zh = await call(role, method, url, payload, 'zh');
  expect(en.statusCode, en.body).toBe(status);
  expect(zh.statusCode).toBe(status);
  expect(zh.body).not.toBe(en.body);
  return { en: body(en).message, zh: body(zh).message };
}
const drone = (droneId: string) =>
  t.db.selectFrom('drones').selectAll().where('drone_id', '=', droneId).executeTakeFirstOrThrow();
const lease = (id: number) =>
  t.db.selectFrom('leases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lease1 = (droneId: string, extra: object = {}) =>
  call('makerA', 'POST', P.addRental, {
    accountId: ids.operatorA,
    droneIds: [droneId],
    leaseModel: 1,
    ...extra,
  });

const EVERY: [Method, string, unknown?][] = [
  ['GET', P.rentalList],
  ['GET', P.rentalDrones],
  ['POST', P.addRental, { accountId: 1, droneIds: ['X1'], leaseModel: 1 }],
  ['POST', P.returnDrone, { id: 1 }],
  ['POST', P.cancelRental, { id: 1 }],
  ['POST', P.updateDroneRental, { id: 1, muUnitPrice: 1 }],
  ['POST', P.updateAccountRental, { accountId: 1, muUnitPrice: 1, durationPrice: 1 }],
  ['GET', `${P.dronesByAccount}?accountId=1`],
  ['GET', P.rentalDict],
  ['GET', `${P.rentalHistory}?id=1`],
];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const fleet = await fleetCallers(t);
  Object.assign(auth, fleet.auth);
  Object.assign(ids, fleet.ids);
  ids.clientA = await clientIdOf(t, ids.makerA as number, ids.operatorA as number);
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('401 without a session', async () => {
    for (const [m, url, payload] of EVERY)
      expect((await call(null, m, url, payload)).statusCode, url).toBe(401);
  });
  it('403 for a tenant and for a manufacturer without a lease model', async () => {
    for (const role of ['operatorA', 'makerB'])
      for (const [m, url, payload] of EVERY)
        expect((await call(role, m, url, payload)).statusCode, `${role} ${url}`).toBe(403);
  });
});

describe('leases of maker-a', () => {
  it('offers the drones maker-a holds and that no lease has', async () => {
    free = data<RentalDrone[]>(await call('leaseManager', 'GET', P.rentalDrones));
    expect(free.length).toBeGreaterThanOrEqual(4);
    const active = await t.db.selectFrom('leases').select('drone_id').where('status', '=', 1).execute();
    for (const d of free) expect(active.map((a) => a.drone_id)).not.toContain(d.droneId);
    const online = free.map((d) => d.online);
    expect(online).toEqual([...online].sort((a, b) => Number(b) - Number(a)));
  });

  it('a lease makes the client the drone operator; a second lease of it is refused', async () => {
    const d0 = free[0]?.droneId as string;
    const out = data<{ ids: number[] }>(await lease1(d0, { muUnitPrice: 9.5, dailyFee: true }));
    ids.lease0 = out.ids[0] as number;
    const dr = await drone(d0);
    expect(dr).toMatchObject({ yy_account_id: ids.operatorA, rental_model: 1 });
    const own = await t.db
      .selectFrom('drone_ownerships')
      .selectAll()
      .where('drone_id', '=', d0)
      .where('valid_to', 'is', null)
      .executeTakeFirstOrThrow();
    expect(own.yy_account_id).toBe(ids.operatorA);
    const l = await lease(ids.lease0 as number);
    expect(l).toMatchObject({
      status: 1,
      mu_price_minor: 950,
      hour_price_minor: 12_000,
      daily_fee_minor: 2000,
    });
    expect(l.previous_yy_account_id).toBe(ids.makerA);
    const again = await refused(409, 'makerA', 'POST', P.addRental, {
      accountId: ids.operatorA,
      droneIds: [d0],
      leaseModel: 1,
    });
    expect(again.en).toContain(d0);
    expect(
      data<RentalDrone[]>(await call('makerA', 'GET', P.rentalDrones)).map((d) => d.droneId),
    ).not.toContain(d0);
  });

  it('refuses what cannot be leased, in the request language', async () => {
    const d1 = free[1]?.droneId as string;
    await refused(400, 'makerA', 'POST', P.addRental, {
      accountId: ids.operatorA,
      droneIds: [d1],
      leaseModel: 2,
    });
    await refused(400, 'makerA', 'POST', P.addRental, {
      accountId: ids.operatorA,
      droneIds: [d1],
      leaseModel: 1,
      startTime: Date.now() + 100 * 86_400_000,
    });
    const other = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids.makerB as number)
      .executeTakeFirstOrThrow();
    const msg = await refused(400, 'makerA', 'POST', P.addRental, {
      accountId: ids.operatorA,
      droneIds: [other.drone_id],
      leaseModel: 1,
    });
    expect(msg.en).toContain(other.drone_id);
    await refused(400, 'makerA', 'POST', P.addRental, {
      accountId: ids.operatorA,
      droneIds: [],
      leaseModel: 1,
    });
    await refused(404, 'makerA', 'POST', P.addRental, {
      accountId: ids.makerB,
      droneIds: [d1],
      leaseModel: 1,
    });
    // An unactivated client: 409.
    await t.db
      .updateTable('lease_clients')
      .set({ active_status: 1 })
      .where('id', '=', ids.clientA as number)
      .execute();
    await refused(409, 'makerA', 'POST', P.addRental, {
      accountId: ids.operatorA,
      droneIds: [d1],
      leaseModel: 1,
    });
    await t.db
      .updateTable('lease_clients')
      .set({ active_status: 2 })
      .where('id', '=', ids.clientA as number)
      .execute();
    // Nothing of a refused request stays: d1 is still maker-a's.
    expect((await drone(d1)).yy_account_id).toBe(ids.makerA);
  });

  it('lists leases with their figures, filters and the dictionary', async () => {
    const page = data<RentalPage>(
      await call('makerA', 'GET', `${P.rentalList}?status=1&accountId=${ids.operatorA}`),
    );
    expect(page.total).toBe(3);
    expect(page.stat.zzNum).toBe(3);
    const r = page.records.find((x) => x.id === ids.lease0) as LeaseRecord;
    expect(r).toMatchObject({
      accountName: '丰收飞防服务合作社',
      leaseModel: 1,
      muUnitPrice: 950,
      dailyFee: 2000,
      currency: 'CNY',
      status: 1,
      sorties: 0,
      charged: 0,
      locked: false,
    });
    expect(data<RentalPage>(await call('makerA', 'GET', `${P.rentalList}?status=2`)).total).toBe(0);
    await refused(400, 'makerA', 'GET', `${P.rentalList}?status=9`);
    const dict = data<{ leaseModels: { code: number; DictValue: string }[] }>(
      await call('makerA', 'GET', P.rentalDict, undefined, 'en'),
    );
    expect(dict.leaseModels.find((m) => m.code === 5)?.DictValue).toBe('Shared leasing');
    const drones = data<{ droneId: string }[]>(
      await call('makerA', 'GET', `${P.dronesByAccount}?accountId=${ids.operatorA}`),
    );
    expect(drones.length).toBe(3);
  });

  it('changes prices of one lease and of all the client leases, with history', async () => {
    data(
      await call('makerA', 'POST', P.updateDroneRental, {
        id: ids.lease0,
        durationPrice: 100,
        dailyFee: false,
      }),
    );
    expect(await lease(ids.lease0 as number)).toMatchObject({
      hour_price_minor: 10_000,
      daily_fee_minor: null,
      mu_price_minor: 950,
    });
    const n = data<{ updated: number }>(
      await call('makerA', 'POST', P.updateAccountRental, {
        accountId: ids.operatorA,
        muUnitPrice: 7,
        durationPrice: 110,
      }),
    );
    expect(n.updated).toBe(3);
    expect(await lease(ids.lease0 as number)).toMatchObject({
      mu_price_minor: 700,
      hour_price_minor: 11_000,
    });
    const h = data<{ action: string; detail: { old?: object } }[]>(
      await call('makerA', 'GET', `${P.rentalHistory}?id=${ids.lease0}`),
    );
    expect(h.map((e) => e.action)).toEqual(['created', 'priceChanged', 'priceChanged']);
    expect(h[1]?.detail.old).toMatchObject({ hour_price_minor: 12_000, daily_fee_minor: 2000 });
  });

  it('a client below its limit gets the new drone locked; return unlocks it and restores the operator', async () => {
    const before = await balanceOf(t.db, ids.clientA as number);
    await t.db.transaction().execute((trx) =>
      post(trx, {
        kind: 4,
        currency: 'CNY',
        ref: 'test:short',
        entries: [
          { book: walletBook(ids.clientA as number), clientId: ids.clientA, amountMinor: -before - 5000 },
          { book: adjustBook(ids.makerA as number), amountMinor: before + 5000 },
        ],
      }),
    );
    const d1 = free[1]?.droneId as string;
    const out = data<{ ids: number[] }>(await lease1(d1));
    ids.lease1 = out.ids[0] as number;
    expect(await drone(d1)).toMatchObject({
      locked: true,
      lock_reason: 'balance',
      yy_account_id: ids.operatorA,
    });
    const start = (await lease(ids.lease1)).start_time.getTime();
    await refused(400, 'makerA', 'POST', P.returnDrone, { id: ids.lease1, returnTime: start - 1000 });
    await refused(400, 'makerA', 'POST', P.returnDrone, {
      id: ids.lease1,
      returnTime: Date.now() + 3_600_000,
    });
    data(await call('makerA', 'POST', P.returnDrone, { id: ids.lease1 }));
    expect(await drone(d1)).toMatchObject({ locked: false, yy_account_id: ids.makerA, rental_model: null });
    expect((await lease(ids.lease1)).status).toBe(2);
    await refused(409, 'makerA', 'POST', P.returnDrone, { id: ids.lease1 });
    // A new lease of the drone dated back before that return would cover a sortie twice: refused,
    // naming the drone and the return.
    const back = (await lease(ids.lease1)).return_time?.getTime() as number;
    const early = await refused(400, 'makerA', 'POST', P.addRental, {
      accountId: ids.operatorA,
      droneIds: [d1],
      leaseModel: 1,
      startTime: back - 60_000,
    });
    expect(early.en).toContain(d1);
    expect(early.en).toContain('returned at');
    // Back to a positive balance for the rest.
    await t.db.transaction().execute((trx) =>
      post(trx, {
        kind: 4,
        currency: 'CNY',
        ref: 'test:refill',
        entries: [
          { book: walletBook(ids.clientA as number), clientId: ids.clientA, amountMinor: 100_000 },
          { book: adjustBook(ids.makerA as number), amountMinor: -100_000 },
        ],
      }),
    );
  });

  it('cancel reverses charged daily fees; after a billed sortie it is refused (return instead)', async () => {
    const d2 = free[2]?.droneId as string;
    const id = data<{ ids: number[] }>(await lease1(d2, { dailyFee: true })).ids[0] as number;
    const l = await lease(id);
    const before = await balanceOf(t.db, ids.clientA as number);
    // A day's fee as dailyFees.ts charges it.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('lease_charges')
        .values({
          kind: 3,
          lease_id: id,
          fee_day: '2026-01-01',
          client_id: l.client_id,
          lessor_account_id: l.lessor_account_id,
          client_account_id: l.client_account_id,
          drone_id: d2,
          pilot_id: null,
          start_time: l.start_time,
          end_time: l.start_time,
          lease_model: 1,
          daily_fee_minor: 2000,
          amount_minor: 2000,
          currency: 'CNY',
        })
        .execute();
      await post(trx, {
        kind: 3,
        currency: 'CNY',
        ref: `fee:${id}:2026-01-01`,
        entries: [
          { book: walletBook(l.client_id), clientId: l.client_id, amountMinor: -2000 },
          { book: lessorBook(l.lessor_account_id), amountMinor: 2000 },
        ],
      });
      await addToLeaseStats(
        trx,
        {
          lessorAccountId: l.lessor_account_id,
          clientAccountId: l.client_account_id,
          currency: 'CNY',
          at: l.start_time.getTime(),
          droneId: d2,
          pilotId: null,
          sorties: 0,
          areaMu: 0,
          durationS: 0,
          chargeMinor: 0,
          feeMinor: 2000,
        },
        t.config.statTimeZone,
      );
    });
    expect(await balanceOf(t.db, ids.clientA as number)).toBe(before - 2000);
    data(await call('makerA', 'POST', P.cancelRental, { id }));
    expect(await balanceOf(t.db, ids.clientA as number)).toBe(before);
    expect((await lease(id)).status).toBe(3);
    expect((await drone(d2)).yy_account_id).toBe(ids.makerA);
    const refs = await t.db
      .selectFrom('lease_ledger')
      .select('ref')
      .where('ref', 'like', `cancel:${id}:%`)
      .execute();
    expect(refs.length).toBe(2);
    const fees = await sql<{ fee: string }>`SELECT COALESCE(sum(fee_minor), 0)::text AS fee FROM lease_stat
      WHERE lessor_account_id = ${ids.makerA} AND grain = 'm'`.execute(t.db);
    expect(Number(fees.rows[0]?.fee)).toBe(0);

    // lease0 billed a sortie (as billing.ts writes it): no cancel, and no return before that sortie.
    const l0 = await lease(ids.lease0 as number);
    const sortieStart = new Date(Date.now() - 60_000);
    await t.db
      .insertInto('lease_charges')
      .values({
        kind: 2,
        sortie_id: 987_654,
        lease_id: l0.id,
        client_id: l0.client_id,
        lessor_account_id: l0.lessor_account_id,
        client_account_id: l0.client_account_id,
        drone_id: l0.drone_id,
        pilot_id: null,
        start_time: sortieStart,
        end_time: new Date(),
        area_mu: 0,
        duration_s: 60,
        lease_model: 1,
        amount_minor: 0,
        currency: 'CNY',
      })
      .execute();
    const msg = await refused(409, 'makerA', 'POST', P.cancelRental, { id: ids.lease0 });
    expect(msg.en).toMatch(/return it instead/);
    await refused(400, 'makerA', 'POST', P.returnDrone, {
      id: ids.lease0,
      returnTime: sortieStart.getTime() - 1000,
    });
    const rec = data<RentalPage>(await call('makerA', 'GET', `${P.rentalList}?droneId=${l0.drone_id}`))
      .records[0];
    expect(rec?.sorties).toBe(1);
  });

  it('writes every change to the system log', async () => {
    const writes = [P.addRental, P.returnDrone, P.cancelRental, P.updateDroneRental, P.updateAccountRental];
    await expect
      .poll(async () => {
        const r = await sql<{
          action: string;
        }>`SELECT DISTINCT action FROM system_logs WHERE result = 200 AND path LIKE '/api/rental/rental/%'`.execute(
          t.db,
        );
        return writes.every((p) => r.rows.some((x) => x.action === `POST ${p}`));
      })
      .toBe(true);
  });
});

describe('another lessor', () => {
  it('maker-b with a lease model cannot name maker-a’s leases or clients (404)', async () => {
    await t.db
      .updateTable('accounts')
      .set({ lease_model: 1 })
      .where('id', '=', ids.makerB as number)
      .execute();
    auth.makerB = (await signInWith(t, '13800000004')).auth;
    const page = data<RentalPage>(await call('makerB', 'GET', P.rentalList));
    expect(page.total).toBe(0);
    for (const [m, url, payload] of [
      ['POST', P.returnDrone, { id: ids.lease0 }],
      ['POST', P.cancelRental, { id: ids.lease0 }],
      ['POST', P.updateDroneRental, { id: ids.lease0, muUnitPrice: 1 }],
      ['POST', P.updateAccountRental, { accountId: ids.operatorA, muUnitPrice: 1, durationPrice: 1 }],
      ['POST', P.addRental, { accountId: ids.operatorA, droneIds: [free[3]?.droneId], leaseModel: 1 }],
      ['GET', `${P.dronesByAccount}?accountId=${ids.operatorA}`],
      ['GET', `${P.rentalHistory}?id=${ids.lease0}`],
    ] as [Method, string, unknown?][])
      expect((await call('makerB', m, url, payload)).statusCode, url).toBe(404);
    const mine = data<RentalDrone[]>(await call('makerB', 'GET', P.rentalDrones));
    expect(mine.map((d) => d.droneId)).not.toContain(free[3]?.droneId);
  });
});
