/**
 * Shared by the leasing tests: a lease made straight in the database (the state addRental leaves),
 * a recharge posted the way a paid notification posts it, and a real sortie flown through
 * POST /api/telemetry/batch with the manufacturer's key (the transport `npm start` wires).
 */
import { LEDGER_KINDS, type TelemetryPoint } from '@agrifleet/domain';
import { expect } from 'vitest';
import { settle } from '../src/modules/leasing/balanceLocks.ts';
import { post, providerBook, walletBook } from '../src/modules/leasing/ledger.ts';
import { createAudit } from '../src/platform/audit.ts';
import { notify } from '../src/platform/notify.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import type { Commands } from '../src/telemetry/commands/types.ts';
import { DRONE_REGISTRY_CHANNEL } from '../src/telemetry/ingest/droneDirectory.ts';
import { until } from './commands.kit.ts';
import type { TestApp } from './helper.ts';

export const MAKER_A = '极翼植保无人机有限公司';
export const OPERATOR_A = '丰收飞防服务合作社';

export async function accountId(t: TestApp, name: string) {
  return (
    await t.db.selectFrom('accounts').select('id').where('account_name', '=', name).executeTakeFirstOrThrow()
  ).id;
}

/** The id of the lease_clients row of a lessor and its client account. */
export async function clientIdOf(t: TestApp, lessorAccountId: number, clientAccountId: number) {
  const row = await t.db
    .selectFrom('lease_clients')
    .select('id')
    .where('manufacturer_account_id', '=', lessorAccountId)
    .where('client_account_id', '=', clientAccountId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The demo client row maker-a -> operator-a, with prices and credit set. */
export async function demoClient(
  t: TestApp,
  p: { muPriceMinor?: number; hourPriceMinor?: number; creditLimitMinor?: number } = {},
) {
  const lessor = await accountId(t, MAKER_A);
  const client = await accountId(t, OPERATOR_A);
  const row = await t.db
    .updateTable('lease_clients')
    .set({
      mu_price_minor: p.muPriceMinor ?? 500,
      hour_price_minor: p.hourPriceMinor ?? 0,
      credit_limit_minor: p.creditLimitMinor ?? 0,
      active_status: 2,
    })
    .where('manufacturer_account_id', '=', lessor)
    .where('client_account_id', '=', client)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { clientId: row.id, lessor, client };
}

/** Maker A's drones it still holds (operator = itself), `n` of them, unleased. */
export async function freeDrones(t: TestApp, n: number) {
  const lessor = await accountId(t, MAKER_A);
  const rows = await t.db
    .selectFrom('drones')
    .select('drone_id')
    .where('zz_account_id', '=', lessor)
    .where('yy_account_id', '=', lessor)
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
    .limit(n)
    .execute();
  expect(rows.length).toBe(n);
  return rows.map((r) => r.drone_id);
}

/** A lease as addRental leaves it: the drone operated by the client (models other than 5). */
export async function leaseDirect(
  t: TestApp,
  c: { clientId: number; lessor: number; client: number },
  droneId: string,
  l: {
    model?: number;
    muPriceMinor?: number;
    hourPriceMinor?: number;
    start?: number;
    dailyFeeMinor?: number | null;
  } = {},
) {
  const model = l.model ?? 1;
  const row = await t.db
    .insertInto('leases')
    .values({
      lessor_account_id: c.lessor,
      client_id: c.clientId,
      client_account_id: c.client,
      drone_id: droneId,
      lease_model: model,
      mu_price_minor: l.muPriceMinor ?? 500,
      hour_price_minor: l.hourPriceMinor ?? 0,
      daily_fee_minor: l.dailyFeeMinor ?? null,
      currency: 'CNY',
      start_time: new Date(l.start ?? Date.now() - 3_600_000),
      previous_yy_account_id: c.lessor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (model !== 5)
    await t.db
      .updateTable('drones')
      .set({ yy_account_id: c.client, rental_model: model })
      .where('drone_id', '=', droneId)
      .execute();
  await registryChanged(t, droneId);
  return row.id;
}

/**
 * The registry notice a change of the drone sends (as the lease services do), once the console's
 * telemetry directory has taken it: the drone's next points are read with its new operator, on a
 * loaded machine too (the notice travels over a LISTEN connection of its own).
 */
export async function registryChanged(t: TestApp, droneId: string) {
  await notify(t.db, DRONE_REGISTRY_CHANNEL, droneId);
  // A child console (the kill tests) has no directory here; it reads the notice before any point.
  if (t.app) await until(() => t.app.telemetry.directory.peek(droneId) === undefined);
}

/** A paid recharge's posting and the balance check, as applyPayment does them. */
export async function rechargeDirect(
  t: TestApp,
  commands: Commands,
  clientId: number,
  amountMinor: number,
  ref: string,
) {
  return t.db.transaction().execute(async (trx) => {
    await post(trx, {
      kind: LEDGER_KINDS.recharge,
      currency: 'CNY',
      ref,
      entries: [
        { book: walletBook(clientId), clientId, amountMinor },
        { book: providerBook('test'), amountMinor: -amountMinor },
      ],
    });
    return settle(trx, { commands, audit: createAudit(t.db) }, clientId, 'recharge');
  });
}

/** The manufacturer's Basic credentials for POST /api/telemetry/batch. */
export async function batchKey(t: TestApp, auth: Record<string, string>, vid: string) {
  await t.app.inject({ method: 'PUT', url: '/api/user/account/secretKey', payload: { vid }, headers: auth });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers: auth }))
    .body;
  return Buffer.from(`${vid}:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');
}

/** One real sortie's points (take-off to landing) over a small field, starting at `start`. */
export function sortiePoints(start: number, seed: number, lng = 114.61, lat = 33.54): TelemetryPoint[] {
  const field = rectangleField({ center: { lng, lat }, widthM: 60, lengthM: 120, angleDeg: 10 });
  return (runMission(DEFAULT_DRONE, field, { startTime: start, seed, rateHz: 1 }).sorties[0]?.points ??
    []) as TelemetryPoint[];
}

export async function sendBatch(t: TestApp, basic: string, droneId: string, points: TelemetryPoint[]) {
  for (let i = 0; i < points.length; i += 500) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId, points: points.slice(i, i + 500) }] },
    });
    expect(res.statusCode).toBe(200);
  }
}

/** Waits for the drone's sortie that started at `start` to be stored; returns its id and figures. */
export async function landed(t: TestApp, droneId: string, after: number) {
  return until(() =>
    t.db
      .selectFrom('sorties')
      .select(['sortie_id', 'area_mu', 'duration_s', 'start_time'])
      .where('drone_id', '=', droneId)
      .where('start_time', '>=', new Date(after))
      .orderBy('sortie_id', 'desc')
      .executeTakeFirst(),
  );
}

export async function balance(t: TestApp, clientId: number) {
  const r = await t.db
    .selectFrom('lease_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('b'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(r.b);
}
