/**
 * Basic prices in SQL (lease_basic_prices: one row per lessor, drone model and currency, minor
 * units). addRental copies the daily fee of the drone's model in the client's currency when a lease
 * is made; a price set later changes no lease made before.
 */
import type { BasicPriceRow } from '@agrifleet/domain';
import type { Db } from '../../platform/db.ts';

/** A price to store: integer minor units (undefined: keep what is stored, 0 for a new row). */
export interface PriceWrite {
  modelId: number;
  currency: string;
  dailyFeeMinor: number;
  muPriceMinor?: number;
  hourPriceMinor?: number;
}

export function createPricesRepo(db: Db) {
  return {
    /** The lessor's models, each with its prices per currency; a model with none once, with nulls. */
    async list(lessorAccountId: number): Promise<BasicPriceRow[]> {
      const rows = await db
        .selectFrom('drone_models as m')
        .leftJoin('lease_basic_prices as p', (j) =>
          j.onRef('p.model_id', '=', 'm.id').on('p.lessor_account_id', '=', lessorAccountId),
        )
        .select([
          'p.id',
          'm.id as model_id',
          'm.model_name',
          'p.currency',
          'p.daily_fee_minor',
          'p.mu_price_minor',
          'p.hour_price_minor',
          'p.updated_at',
        ])
        .where('m.zz_account_id', '=', lessorAccountId)
        .orderBy('m.model_name')
        .orderBy('m.id')
        .orderBy('p.currency')
        .execute();
      const num = (v: number | null) => (v === null ? null : Number(v));
      return rows.map((r) => ({
        id: r.id ?? null,
        modelId: r.model_id,
        modelName: r.model_name,
        currency: r.currency ? r.currency.trim() : null,
        dailyFee: num(r.daily_fee_minor),
        muUnitPrice: num(r.mu_price_minor),
        durationPrice: num(r.hour_price_minor),
        updatedAt: r.updated_at ? new Date(r.updated_at).getTime() : null,
      }));
    },

    /** Model ids among `ids` that are not the lessor's. */
    async foreignModels(lessorAccountId: number, ids: number[]): Promise<number[]> {
      const own = await db
        .selectFrom('drone_models')
        .select('id')
        .where('zz_account_id', '=', lessorAccountId)
        .where('id', 'in', ids)
        .execute();
      const mine = new Set(own.map((r) => r.id));
      return ids.filter((id) => !mine.has(id));
    },

    /** Inserts or updates each price (unique lessor, model, currency) in one transaction. */
    async upsert(lessorAccountId: number, userId: number, prices: PriceWrite[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const p of prices) {
          await trx
            .insertInto('lease_basic_prices')
            .values({
              lessor_account_id: lessorAccountId,
              model_id: p.modelId,
              currency: p.currency,
              daily_fee_minor: p.dailyFeeMinor,
              mu_price_minor: p.muPriceMinor ?? 0,
              hour_price_minor: p.hourPriceMinor ?? 0,
              updated_by: userId,
              updated_at: new Date(),
            })
            .onConflict((oc) =>
              oc.columns(['lessor_account_id', 'model_id', 'currency']).doUpdateSet((eb) => ({
                daily_fee_minor: eb.ref('excluded.daily_fee_minor'),
                ...(p.muPriceMinor === undefined
                  ? {}
                  : { mu_price_minor: eb.ref('excluded.mu_price_minor') }),
                ...(p.hourPriceMinor === undefined
                  ? {}
                  : { hour_price_minor: eb.ref('excluded.hour_price_minor') }),
                updated_by: eb.ref('excluded.updated_by'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
      });
    },
  };
}
export type PricesRepo = ReturnType<typeof createPricesRepo>;
