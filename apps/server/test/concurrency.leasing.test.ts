/**
 * Leasing's check-then-writes under parallel requests (issue 20 #2 and #12; modules/leasing/README.md
 * "Concurrency"): every kind is fired as real parallel requests (Promise.all of app.inject) at the
 * real app and PostgreSQL, and the invariant is checked afterwards. A deadlock is never an answer:
 * every request is 2xx or the refusal the rule gives (409), never a 503.
 */
import { PAY_PATHS, RENTAL_PATHS } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billSortie } from '../src/modules/leasing/billing.ts';
import { chargeDailyFees } from '../src/modules/leasing/dailyFees.ts';
import { createAudit } from '../src/platform/audit.ts';
import type { Commands } from '../src/telemetry/commands/types.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import {
  accountId,
  balance,
  demoClient,
  freeDrones,
  leaseDirect,
  MAKER_A,
  OPERATOR_A,
} from './leasing.kit.ts';

let t: TestApp;
let maker: Record<string, string>;
let c: { clientId: number; lessor: number; client: number };
const P = RENTAL_PATHS;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: maker, payload });

/** Fires all at once; answers the statuses and the slowest answer's time. */
async function burst(calls: (() => Promise<{ statusCode: number; body: string }>)[]) {
  const t0 = performance.now();
  const timed = await Promise.all(
    calls.map(async (f) => {
      const r = await f();
      return { status: r.statusCode, body: r.body, ms: performance.now() - t0 };
    }),
  );
  return {
    statuses: timed.map((x) => x.status),
    bodies: timed.map((x) => x.body),
    slowestMs: Math.max(...timed.map((x) => x.ms)),
  };
}

/**
 * Deadlocks PostgreSQL has broken in this test's database so far. A backend reports its counts
 * when its transaction ends (at most once a second while busy): read again until two reads 1.1 s
 * apart agree.
 */
async function deadlocks(): Promise<number> {
  const read = async () => {
    await sql`SELECT pg_stat_clear_snapshot()`.execute(t.db);
    const r = await sql<{ n: string }>`
      SELECT deadlocks::text AS n FROM pg_stat_database WHERE datname = current_database()`.execute(t.db);
    return Number(r.rows[0]?.n);
  };
  for (let last = await read(); ; ) {
    await new Promise((r) => setTimeout(r, 1100));
    const now = await read();
    if (now === last) return now;
    last = now;
  }
}

async function ledgerBalanced() {
  const off = await sql<{ txn_id: string }>`
    SELECT txn_id FROM lease_ledger GROUP BY txn_id, currency HAVING sum(amount_minor) <> 0`.execute(t.db);
  expect(off.rows).toEqual([]);
}

/** The client's leased drones: locked for the balance exactly when the balance is below −limit. */
async function locksMatchBalance() {
  const b = await balance(t, c.clientId);
  const client = await t.db
    .selectFrom('lease_clients')
    .select('credit_limit_minor')
    .where('id', '=', c.clientId)
    .executeTakeFirstOrThrow();
  const drones = await t.db
    .selectFrom('leases as l')
    .innerJoin('drones as d', 'd.drone_id', 'l.drone_id')
    .select(['d.drone_id', 'd.locked', 'd.lock_reason'])
    .where('l.client_id', '=', c.clientId)
    .where('l.status', '=', 1)
    .execute();
  expect(drones.length).toBeGreaterThan(0);
  const short = b < -client.credit_limit_minor;
  for (const d of drones)
    expect({ ...d, short }).toEqual({ ...d, locked: short, lock_reason: short ? 'balance' : null, short });
}

/** Opens a sandbox recharge for the client; answers its number and signature. */
async function openRecharge(amount: number) {
  const res = await post(P.wxQrCode, { amount, accountId: c.client });
  expect(res.statusCode, res.body).toBe(200);
  const outTradeNo = String(res.headers['x-out-trade-no']);
  // Read at once: the answer leaves after the request's transaction committed.
  const row = await t.db
    .selectFrom('lease_recharges')
    .select('code_url')
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirstOrThrow();
  return { outTradeNo, sig: new URL(row.code_url as string).searchParams.get('sig') as string };
}
const sandboxPay = (r: { outTradeNo: string; sig: string }) => () =>
  t.app.inject({ method: 'POST', url: `${PAY_PATHS.sandbox}/${r.outTradeNo}`, payload: { sig: r.sig } });

beforeAll(async () => {
  t = await createTestApp();
  maker = (await signInWith(t, '13800000003')).auth;
  c = await demoClient(t, { creditLimitMinor: 0 });
  expect(c.lessor).toBe(await accountId(t, MAKER_A));
  expect(c.client).toBe(await accountId(t, OPERATOR_A));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('one client at once (#12: a deadlock is retried, never a 503)', () => {
  for (const n of [8, 50]) {
    it(`${n} parallel corrections and recharges of one client all answer 2xx; the balance is their sum`, async () => {
      const before = await balance(t, c.clientId);
      const deadlocksBefore = await deadlocks();
      const recharges = await Promise.all(Array.from({ length: Math.floor(n / 4) }, () => openRecharge(3)));
      // Corrections that take the client below its limit and back (its drones lock and unlock).
      const amounts = Array.from({ length: n }, (_, i) => (i % 2 ? -(before / 100 + 7) : before / 100 + 5));
      const r = await burst([
        ...amounts.map(
          (amount, i) => () => post(P.adjust, { accountId: c.client, amount, reason: `burst ${n} ${i}` }),
        ),
        ...recharges.map(sandboxPay),
      ]);
      console.log(`leasing burst of ${r.statuses.length}: slowest answer ${r.slowestMs.toFixed(0)} ms`);
      expect(
        r.statuses.filter((s) => s !== 200),
        r.bodies.find((_, i) => r.statuses[i] !== 200),
      ).toEqual([]);
      const expected = before + amounts.reduce((s, a) => s + Math.round(a * 100), 0) + recharges.length * 300;
      expect(await balance(t, c.clientId)).toBe(expected);
      await ledgerBalanced();
      await locksMatchBalance();
      // Locks taken in one order: nothing for PostgreSQL to break (and so nothing to retry).
      expect(await deadlocks()).toBe(deadlocksBefore);
    }, 120_000);
  }
});

describe('check-then-writes of leasing (#2)', () => {
  it('a recharge confirmed by 20 parallel notifications is credited once', async () => {
    const before = await balance(t, c.clientId);
    const rc = await openRecharge(12.34);
    const r = await burst(Array.from({ length: 20 }, () => sandboxPay(rc)));
    expect(r.statuses.every((s) => s === 200)).toBe(true);
    expect(await balance(t, c.clientId)).toBe(before + 1234);
    const notices = await t.db
      .selectFrom('lease_payment_notices')
      .select('outcome')
      .where('out_trade_no', '=', rc.outTradeNo)
      .execute();
    expect(notices.filter((x) => x.outcome === 'paid').length).toBe(1);
    expect(notices.filter((x) => x.outcome === 'duplicate').length).toBe(19);
    await ledgerBalanced();
  });

  it('an operator added as a client by 10 parallel calls is one client; its code activates it once', async () => {
    const operatorB = await accountId(t, '绿野植保服务队');
    const add = await burst(
      Array.from(
        { length: 10 },
        () => () => post(P.addCustomer, { accountId: operatorB, muUnitPrice: 5, durationPrice: 0 }),
      ),
    );
    expect(add.statuses.filter((s) => s === 200).length).toBe(1);
    expect(add.statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const clients = await t.db
      .selectFrom('lease_clients')
      .select('id')
      .where('client_account_id', '=', operatorB)
      .execute();
    expect(clients.length).toBe(1);
    const sent = await t.app.inject({
      method: 'GET',
      url: `${P.verifyCode}?phoneNum=13800000006`,
      headers: maker,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = t.lastCode('86-13800000006');
    const act = await burst(
      Array.from({ length: 10 }, () => () => post(P.activeCustomer, { yyAccountId: operatorB, code })),
    );
    expect(act.statuses.filter((s) => s === 200).length).toBe(1);
    expect(act.statuses.filter((s) => s !== 200).every((s) => s === 400 || s === 409)).toBe(true);
    const consents = await t.db
      .selectFrom('system_logs')
      .select('id')
      .where('account_id', '=', operatorB)
      .where('action', '=', 'leaseClientConsented')
      .execute();
    expect(consents.length).toBe(1);
  });

  it('a drone leased by 10 parallel addRental calls has one lease', async () => {
    const [droneId] = await freeDrones(t, 1);
    const r = await burst(
      Array.from(
        { length: 10 },
        () => () => post(P.addRental, { accountId: c.client, droneIds: [droneId], leaseModel: 1 }),
      ),
    );
    expect(r.statuses.filter((s) => s === 200).length).toBe(1);
    expect(r.statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const leases = await t.db
      .selectFrom('leases')
      .select('id')
      .where('drone_id', '=', droneId as string)
      .where('status', '=', 1)
      .execute();
    expect(leases.length).toBe(1);
  });

  it('two leases of overlapping drones in opposite orders both finish (no deadlock)', async () => {
    const drones = await freeDrones(t, 6);
    const deadlocksBefore = await deadlocks();
    const r = await burst(
      Array.from(
        { length: 6 },
        (_, i) => () =>
          post(P.addRental, {
            accountId: c.client,
            droneIds: i % 2 ? [...drones].reverse() : drones,
            leaseModel: 1,
          }),
      ),
    );
    expect(r.statuses.filter((s) => s === 200).length).toBe(1);
    expect(r.statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await deadlocks()).toBe(deadlocksBefore);
  });

  it('a lease returned and cancelled by parallel requests ends once', async () => {
    const [droneId] = await freeDrones(t, 1);
    const leaseId = await leaseDirect(t, c, droneId as string);
    const r = await burst([
      ...Array.from({ length: 5 }, () => () => post(P.returnDrone, { id: leaseId })),
      ...Array.from({ length: 5 }, () => () => post(P.cancelRental, { id: leaseId })),
    ]);
    expect(r.statuses.filter((s) => s === 200).length).toBe(1);
    expect(r.statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const events = await t.db
      .selectFrom('lease_events')
      .select('action')
      .where('lease_id', '=', leaseId)
      .where('action', 'in', ['returned', 'cancelled'])
      .execute();
    expect(events.length).toBe(1);
  });

  it('a lease cancelled while its daily fee is charged: the fee is reversed or never charged', async () => {
    for (let round = 0; round < 4; round++) {
      const [droneId] = await freeDrones(t, 1);
      const leaseId = await leaseDirect(t, c, droneId as string, {
        dailyFeeMinor: 777,
        start: Date.now() - 60_000,
      });
      const deps = {
        commands: (t.app as unknown as { commands: Commands }).commands,
        audit: createAudit(t.db),
        timeZone: t.config.statTimeZone,
      };
      const [cancel] = await Promise.all([
        post(P.cancelRental, { id: leaseId }),
        chargeDailyFees(t.db, deps),
        chargeDailyFees(t.db, deps),
      ]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const net = await sql<{ n: string }>`
        SELECT COALESCE(sum(amount_minor), 0)::text AS n FROM lease_ledger
        WHERE client_id = ${c.clientId} AND (ref LIKE ${`fee:${leaseId}:%`} OR ref LIKE ${`cancel:${leaseId}:%`})`.execute(
        t.db,
      );
      expect(Number(net.rows[0]?.n)).toBe(0);
    }
    await ledgerBalanced();
  });

  it('a lease cancelled while a landing under it is billed: cancelled uncharged, or charged and refused', async () => {
    const deps = {
      commands: (t.app as unknown as { commands: Commands }).commands,
      audit: createAudit(t.db),
      timeZone: t.config.statTimeZone,
    };
    for (let round = 0; round < 8; round++) {
      const [droneId] = (await freeDrones(t, 1)) as [string];
      const leaseId = await leaseDirect(t, c, droneId);
      const start = Date.now() - 30 * 60_000;
      const sortie = {
        sortieId: 9_000_000_000 + round,
        droneId,
        pilotId: null,
        startTime: start,
        endTime: start + 600_000,
        areaMu: 3,
        durationS: 600,
      };
      const [cancel] = await Promise.all([
        post(P.cancelRental, { id: leaseId }),
        t.db.transaction().execute((trx) => billSortie(trx, deps, sortie)),
      ]);
      const charged = await t.db
        .selectFrom('lease_charges')
        .select('id')
        .where('lease_id', '=', leaseId)
        .where('kind', '=', 2)
        .execute();
      const lease = await t.db
        .selectFrom('leases')
        .select('status')
        .where('id', '=', leaseId)
        .executeTakeFirstOrThrow();
      if (cancel.statusCode === 200)
        expect({ round, status: lease.status, charged: charged.length }).toEqual({
          round,
          status: 3,
          charged: 0,
        });
      else {
        expect(cancel.statusCode, cancel.body).toBe(409);
        expect({ round, status: lease.status, charged: charged.length }).toEqual({
          round,
          status: 1,
          charged: 1,
        });
        expect((await post(P.returnDrone, { id: leaseId })).statusCode).toBe(200);
      }
    }
    await ledgerBalanced();
  });

  it('credit-limit changes racing corrections leave the locks matching the balance', async () => {
    const b = await balance(t, c.clientId);
    // Below zero by 50.00: a limit of 100.00 covers it, a limit of 0 does not.
    await post(P.adjust, { accountId: c.client, amount: -(b + 5000) / 100, reason: 'limit race setup' });
    const limits = [100, 0, 100, 0, 100, 0, 100, 0];
    const r = await burst([
      ...limits.map(
        (creditLimit) => () =>
          post(P.updateCustomer, { id: c.clientId, muUnitPrice: 5, durationPrice: 0, creditLimit }),
      ),
      ...Array.from(
        { length: 8 },
        (_, i) => () =>
          post(P.adjust, { accountId: c.client, amount: i % 2 ? 30 : -30, reason: `limit race ${i}` }),
      ),
    ]);
    expect(r.statuses.filter((s) => s !== 200)).toEqual([]);
    await locksMatchBalance();
  });
});
