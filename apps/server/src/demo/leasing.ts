/**
 * The demo's leasing (issue 13): maker-a (lease model 1) prices its client operator-a (8.00 CNY
 * per mu, 120.00 CNY per hour, no credit), sets a daily base fee of 20.00 CNY for its models, has
 * received a 300.00 CNY recharge from it, and leases it two of its own drones that the simulated
 * fleet flies (sim/fleet/demoFleet.ts flies drones on leases and a few a lessor still holds), so
 * charges appear as they land on a fresh start.
 */
import { LEDGER_KINDS } from '@agrifleet/domain';
import type { Kysely } from 'kysely';
import { post, providerBook, walletBook } from '../modules/leasing/ledger.ts';
import type { Database } from '../platform/schema.ts';

export const DEMO_LEASE_PRICES = { muPriceMinor: 800, hourPriceMinor: 12_000, dailyFeeMinor: 2_000 };
export const DEMO_RECHARGE_MINOR = 30_000;
/** Drones of a lessor the simulated fleet flies besides those on leases: free to lease in the demo. */
export const DEMO_LESSOR_FLYING = 6;

/** The drones a lessor still holds (its own operator), activated, by id: the first ones fly. */
export async function lessorOwnDrones(db: Kysely<Database>, lessorId: number, limit: number) {
  const rows = await db
    .selectFrom('drones')
    .select('drone_id')
    .where('zz_account_id', '=', lessorId)
    .where('yy_account_id', '=', lessorId)
    .where('activation_status', '=', 2)
    .where('locked', '=', false)
    .orderBy('drone_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.drone_id);
}

export async function seedDemoLeasing(trx: Kysely<Database>, ids: Map<string, number>) {
  const lessor = ids.get('maker-a') as number;
  const tenant = ids.get('operator-a') as number;
  const client = await trx
    .updateTable('lease_clients')
    .set({
      mu_price_minor: DEMO_LEASE_PRICES.muPriceMinor,
      hour_price_minor: DEMO_LEASE_PRICES.hourPriceMinor,
    })
    .where('manufacturer_account_id', '=', lessor)
    .where('client_account_id', '=', tenant)
    .returning('id')
    .executeTakeFirstOrThrow();
  const models = await trx
    .selectFrom('drone_models')
    .select('id')
    .where('zz_account_id', '=', lessor)
    .execute();
  if (models.length)
    await trx
      .insertInto('lease_basic_prices')
      .values(
        models.map((m) => ({
          lessor_account_id: lessor,
          model_id: m.id,
          currency: 'CNY',
          daily_fee_minor: DEMO_LEASE_PRICES.dailyFeeMinor,
          mu_price_minor: DEMO_LEASE_PRICES.muPriceMinor,
          hour_price_minor: DEMO_LEASE_PRICES.hourPriceMinor,
        })),
      )
      .execute();
  await post(trx, {
    kind: LEDGER_KINDS.recharge,
    currency: 'CNY',
    ref: 'recharge:demo',
    entries: [
      { book: walletBook(client.id), clientId: client.id, amountMinor: DEMO_RECHARGE_MINOR },
      { book: providerBook('demo'), amountMinor: -DEMO_RECHARGE_MINOR },
    ],
  });
  const drones = await lessorOwnDrones(trx, lessor, 2);
  for (const droneId of drones) {
    const lease = await trx
      .insertInto('leases')
      .values({
        lessor_account_id: lessor,
        client_id: client.id,
        client_account_id: tenant,
        drone_id: droneId,
        lease_model: 1,
        mu_price_minor: DEMO_LEASE_PRICES.muPriceMinor,
        hour_price_minor: DEMO_LEASE_PRICES.hourPriceMinor,
        daily_fee_minor: null,
        currency: 'CNY',
        start_time: new Date(),
        previous_yy_account_id: lessor,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('lease_events')
      .values({ lease_id: lease.id, action: 'created', detail: JSON.stringify({ demo: true }) })
      .execute();
    await trx
      .updateTable('drones')
      .set({ yy_account_id: tenant, rental_model: 1 })
      .where('drone_id', '=', droneId)
      .execute();
  }
}
