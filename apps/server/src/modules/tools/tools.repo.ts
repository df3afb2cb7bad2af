/** The tools module's reads: a drone in the caller's scope, an account's name, a key's drones. */
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';

const SCOPED = { zz: 'd.zz_account_id', yy: 'd.yy_account_id', region: 'd.region_code' };

export function createToolsRepo(db: Db) {
  return {
    /** The drone, when it is in the scope. */
    async droneInScope(scope: DataScope, droneId: string) {
      return db
        .selectFrom('drones as d')
        .select(['d.drone_id', 'd.drone_name', 'd.zz_account_id', 'd.yy_account_id'])
        .where('d.drone_id', '=', droneId)
        .where(droneScopeCondition(scope, SCOPED))
        .executeTakeFirst();
    },

    async accountName(accountId: number): Promise<string | null> {
      const row = await db
        .selectFrom('accounts')
        .select('account_name')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row?.account_name ?? null;
    },

    /** Drones of the scope that `accountId` makes or operates (what its key may send for). */
    async dronesOf(scope: DataScope, accountId: number, limit: number) {
      return db
        .selectFrom('drones as d')
        .select(['d.drone_id as droneId', 'd.drone_name as droneName'])
        .where((eb) => eb.or([eb('d.zz_account_id', '=', accountId), eb('d.yy_account_id', '=', accountId)]))
        .where(droneScopeCondition(scope, SCOPED))
        .orderBy('d.drone_id')
        .limit(limit)
        .execute();
    },
  };
}
export type ToolsRepo = ReturnType<typeof createToolsRepo>;
