/**
 * Billing from telemetry through the composition `npm start` uses: sorties of a leased drone sent
 * over POST /api/telemetry/batch land, and each is charged once, in the sortie's transaction, at
 * the lease's price; the balance running out locks the client's leased drones through the lock
 * command, a recharge unlocks them; replays charge nothing; unleased drones and sorties before
 * the lease charge nothing; the daily base fee is charged once per day.
 */
import { sortieCharge } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnbilled } from '../src/modules/leasing/billing.ts';
import { chargeDailyFees } from '../src/modules/leasing/dailyFees.ts';
import { createAudit } from '../src/platform/audit.ts';
import type { Commands } from '../src/telemetry/commands/types.ts';
import { createTestApp, fleetCallers, type TestApp } from './helper.ts';
import {
  balance,
  batchKey,
  demoClient,
  freeDrones,
  landed,
  leaseDirect,
  rechargeDirect,
  sendBatch,
  sortiePoints,
} from './leasing.kit.ts';

let t: TestApp;
let basic: string;
let commands: Commands;
let c: Awaited<ReturnType<typeof demoClient>>;
let makerAuth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { auth } = await fleetCallers(t);
  makerAuth = auth.makerA as Record<string, string>;
  basic = await batchKey(t, makerAuth, 'lease-gw');
  commands = (t.app as unknown as { commands: Commands }).commands;
  c = await demoClient(t, { muPriceMinor: 500, creditLimitMinor: 0 });
}, 60_000);
afterAll(() => t?.close());

const chargesOf = (droneId: string) =>
  t.db
    .selectFrom('lease_charges')
    .selectAll()
    .where('drone_id', '=', droneId)
    .where('kind', '=', 2)
    .execute();

describe('billing at landing', () => {
  it('charges each landed sortie of a leased drone once, at the lease price, and locks on an empty balance', async () => {
    const [drone] = (await freeDrones(t, 1)) as [string];
    await leaseDirect(t, c, drone, { model: 1, muPriceMinor: 500 });
    // Start from a balance of exactly 100 (the demo client holds a recharge already).
    await rechargeDirect(t, commands, c.clientId, 100 - (await balance(t, c.clientId)), 'recharge:test-1');
    const start = Date.now() - 20 * 60_000;
    const points = sortiePoints(start, 11);
    await sendBatch(t, basic, drone, points);
    const sortie = await landed(t, drone, start - 1000);
    const charges = await chargesOf(drone);
    expect(charges).toHaveLength(1);
    const expected = sortieCharge(
      1,
      { areaMu: sortie.area_mu, durationS: sortie.duration_s },
      { muPriceMinor: 500, hourPriceMinor: 0 },
    );
    expect(expected).toBeGreaterThan(100);
    expect(charges[0]?.amount_minor).toBe(expected);
    expect(charges[0]?.sortie_id).toBe(sortie.sortie_id);
    expect(await balance(t, c.clientId)).toBe(100 - expected);

    // Below zero with no credit: the drone is locked by the balance, with its command and a bill event.
    const d = await t.db
      .selectFrom('drones')
      .select(['locked', 'lock_reason'])
      .where('drone_id', '=', drone)
      .executeTakeFirstOrThrow();
    expect(d).toEqual({ locked: true, lock_reason: 'balance' });
    const cmd = await t.db
      .selectFrom('drone_commands')
      .select(['type'])
      .where('drone_id', '=', drone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(cmd.type).toBe('lock');
    const ev = await t.db.selectFrom('lease_locks').selectAll().where('client_id', '=', c.clientId).execute();
    expect(ev.map((e) => e.locked)).toEqual([true]);
    const logs = await t.db
      .selectFrom('system_logs')
      .select(['action', 'account_id'])
      .where('action', '=', 'leaseBalanceLock')
      .execute();
    expect(logs.map((l) => l.account_id).sort()).toEqual([c.lessor, c.client].sort());

    // The same points again (a retry, a replay): nothing new is stored or charged.
    await sendBatch(t, basic, drone, points);
    await t.app.telemetry.writer.drain();
    expect(await chargesOf(drone)).toHaveLength(1);
    expect(await balance(t, c.clientId)).toBe(100 - expected);

    // A recharge that brings the balance back unlocks it.
    const after = await rechargeDirect(t, commands, c.clientId, expected, 'recharge:test-2');
    // (The demo lease's two drones of this client were locked and are unlocked with it.)
    expect(after.unlocked).toContain(drone);
    const d2 = await t.db
      .selectFrom('drones')
      .select(['locked', 'lock_reason'])
      .where('drone_id', '=', drone)
      .executeTakeFirstOrThrow();
    expect(d2).toEqual({ locked: false, lock_reason: null });

    // Rollups kept with the charge.
    const stat = await t.db
      .selectFrom('lease_stat')
      .selectAll()
      .where('client_account_id', '=', c.client)
      .where('grain', '=', 'd')
      .execute();
    expect(stat.reduce((n, s) => n + s.sorties, 0)).toBe(1);
    expect(stat.reduce((n, s) => n + s.charge_minor, 0)).toBe(expected);
    // The ledger balances: every txn sums to zero.
    const off = await t.db
      .selectFrom('lease_ledger')
      .select('txn_id')
      .groupBy('txn_id')
      .having((eb) => eb.fn.sum('amount_minor'), '<>', 0)
      .execute();
    expect(off).toEqual([]);
  }, 60_000);

  it('bills by time (model 2) and both (model 3)', async () => {
    const [d2, d3] = (await freeDrones(t, 2)) as [string, string];
    await leaseDirect(t, c, d2, { model: 2, hourPriceMinor: 12_000 });
    await leaseDirect(t, c, d3, { model: 3, muPriceMinor: 300, hourPriceMinor: 6_000 });
    await rechargeDirect(t, commands, c.clientId, 1_000_000, 'recharge:test-3');
    const start = Date.now() - 15 * 60_000;
    await sendBatch(t, basic, d2, sortiePoints(start, 21));
    await sendBatch(t, basic, d3, sortiePoints(start, 22, 114.62));
    const s2 = await landed(t, d2, start - 1000);
    const s3 = await landed(t, d3, start - 1000);
    const [c2] = await chargesOf(d2);
    const [c3] = await chargesOf(d3);
    expect(c2?.amount_minor).toBe(Math.round((s2.duration_s * 12_000) / 3600));
    expect(c3?.amount_minor).toBe(Math.round(s3.area_mu * 300 + (s3.duration_s * 6_000) / 3600));
  }, 60_000);

  it('charges nothing for an unleased drone or a sortie before the lease began', async () => {
    const [free, later] = (await freeDrones(t, 2)) as [string, string];
    await leaseDirect(t, c, later, { model: 1, start: Date.now() - 60_000 });
    const start = Date.now() - 10 * 60_000;
    await sendBatch(t, basic, free, sortiePoints(start, 31));
    await sendBatch(t, basic, later, sortiePoints(start, 32, 114.63));
    await landed(t, free, start - 1000);
    await landed(t, later, start - 1000);
    expect(await chargesOf(free)).toHaveLength(0);
    expect(await chargesOf(later)).toHaveLength(0);
  }, 60_000);

  it('charges the daily base fee once per day of the lease', async () => {
    const [drone] = (await freeDrones(t, 1)) as [string];
    const leaseId = await leaseDirect(t, c, drone, {
      model: 1,
      dailyFeeMinor: 2_000,
      start: Date.now() - 2 * 86_400_000,
    });
    const deps = { commands, audit: createAudit(t.db), timeZone: t.config.statTimeZone };
    const first = await chargeDailyFees(t.db, deps);
    const again = await chargeDailyFees(t.db, deps);
    const fees = await t.db
      .selectFrom('lease_charges')
      .select(['fee_day', 'amount_minor'])
      .where('lease_id', '=', leaseId)
      .execute();
    expect(first).toBe(3);
    expect(again).toBe(0);
    expect(fees.map((f) => f.amount_minor)).toEqual([2_000, 2_000, 2_000]);
    expect(new Set(fees.map((f) => f.fee_day)).size).toBe(3);
  }, 60_000);

  it('the sweeper bills a sortie of a leased drone stored without its charge, once', async () => {
    const [drone] = (await freeDrones(t, 1)) as [string];
    await leaseDirect(t, c, drone, { model: 2, hourPriceMinor: 3_600 });
    const start = Date.now() - 5 * 60_000;
    // A sortie stored while billing failed at landing (the savepoint rolled billing back).
    const base = await t.db.selectFrom('sorties').selectAll().orderBy('sortie_id').executeTakeFirstOrThrow();
    const { sortie_id: _id, created_at: _c, ...copy } = base;
    const row = await t.db
      .insertInto('sorties')
      .values({
        ...copy,
        drone_id: drone,
        start_time: new Date(start),
        end_time: new Date(start + 90_500),
        duration_s: 90.5,
        simulated: false,
        block_id: null,
      })
      .returning('sortie_id')
      .executeTakeFirstOrThrow();
    const deps = { commands, audit: createAudit(t.db), timeZone: t.config.statTimeZone };
    expect(await sweepUnbilled(t.db, deps, Date.now() + 60_000)).toBe(1);
    expect(await sweepUnbilled(t.db, deps, Date.now() + 60_000)).toBe(0);
    const charges = await chargesOf(drone);
    expect(charges.map((x) => [x.sortie_id, x.amount_minor, x.duration_s])).toEqual([
      [row.sortie_id, 91, 90.5],
    ]);
  }, 60_000);
});
