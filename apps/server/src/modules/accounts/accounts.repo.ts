import type { Db } from '../../platform/db.ts';

export function createAccountsRepo(db: Db) {
  return {
    leaseModelOf: async (accountId: number) =>
      (await db.selectFrom('accounts').select('lease_model').where('id', '=', accountId).executeTakeFirst())
        ?.lease_model ?? null,

    /** Manufacturers that lease drones to the account (its lease_clients rows). */
    lessorsOf: (accountId: number) =>
      db
        .selectFrom('lease_clients as lc')
        .innerJoin('accounts as a', 'a.id', 'lc.manufacturer_account_id')
        .where('lc.client_account_id', '=', accountId)
        .select(['a.id as accountId', 'a.account_name as accountName'])
        .orderBy('a.id')
        .execute(),
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
