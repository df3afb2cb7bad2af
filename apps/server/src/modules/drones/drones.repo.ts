/**
 * One drone of the registry: the row in the caller's scope (detail, the writes' target), its owners
 * over time, and the writes themselves. Every read takes the caller's scope; the writes take an
 * executor so the service runs them inside its transaction.
 */
import { type Kysely, sql, type Updateable } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import { droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';
import { DRONE_COLS, type DroneRowDb, figures, ROW_JOINS, ROW_SELECT, toRow } from './droneList.repo.ts';

type Exec = Kysely<Database>;

export interface DroneDetailRow {
  row: ReturnType<typeof toRow>;
  manufacturerName: string;
  lockedAt: number | null;
  lastLng: number | null;
  lastLat: number | null;
  lastBattery: number | null;
  flightTime: number;
  sprayQuantity: number;
}

export function createDronesRepo(db: Db) {
  return {
    /** The drone with its figures as the scope sees them, or null when outside the scope. */
    async detail(scope: DataScope, droneId: string): Promise<DroneDetailRow | null> {
      const f = figures(scope);
      const { rows } = await sql<
        DroneRowDb & {
          locked_at: Date | null;
          last_lng: number | null;
          last_lat: number | null;
          last_battery: number | null;
          duration_s: number | null;
          volume_l: number | null;
        }
      >`
        SELECT ${ROW_SELECT}, ${f.sorties} AS sorties, ${f.area} AS area_mu, d.locked_at, d.last_lng,
          d.last_lat, d.last_battery, ${f.duration} AS duration_s, ${f.volume} AS volume_l
        FROM drones d ${f.join} ${ROW_JOINS}
        WHERE d.drone_id = ${droneId} AND ${droneScopeCondition(scope, DRONE_COLS)}`.execute(db);
      const r = rows[0];
      if (!r) return null;
      return {
        row: toRow(r),
        manufacturerName: r.zz_name,
        lockedAt: r.locked_at ? r.locked_at.getTime() : null,
        lastLng: r.last_lng,
        lastLat: r.last_lat,
        lastBattery: r.last_battery,
        flightTime: r.duration_s ?? 0,
        sprayQuantity: r.volume_l ?? 0,
      };
    },

    /** Is the drone in the scope now (its current owners; a government: registered in its region)? */
    async inScope(scope: DataScope, droneId: string): Promise<boolean> {
      const r = await db
        .selectFrom('drones as d')
        .select('d.drone_id')
        .where('d.drone_id', '=', droneId)
        .where(droneScopeCondition(scope, DRONE_COLS))
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Ownership periods, newest first; `onlyAccount` keeps one owner's own periods. */
    async owners(droneId: string, onlyAccount: number | null) {
      let q = db
        .selectFrom('drone_ownerships as o')
        .innerJoin('accounts as a', 'a.id', 'o.yy_account_id')
        .where('o.drone_id', '=', droneId)
        .select(['o.yy_account_id', 'a.account_name', 'o.valid_from', 'o.valid_to'])
        .orderBy('o.valid_from', 'desc')
        .orderBy('o.id', 'desc');
      if (onlyAccount !== null) q = q.where('o.yy_account_id', '=', onlyAccount);
      const rows = await q.execute();
      return rows.map((r) => ({
        yyAccountId: r.yy_account_id,
        yyAccountName: r.account_name,
        from: r.valid_from.getTime(),
        to: r.valid_to ? r.valid_to.getTime() : null,
      }));
    },

    /** The drone's owners and lock, locked FOR UPDATE inside `trx`, if in scope. */
    async lockRow(trx: Exec, scope: DataScope, droneId: string) {
      return trx
        .selectFrom('drones as d')
        .select([
          'd.drone_id',
          'd.zz_account_id',
          'd.yy_account_id',
          'd.locked',
          'd.lock_password_hash',
          'd.model_id',
        ])
        .where('d.drone_id', '=', droneId)
        .where(droneScopeCondition(scope, DRONE_COLS))
        .forUpdate()
        .executeTakeFirst();
    },

    async modelMaker(trx: Exec, modelId: number) {
      const r = await trx
        .selectFrom('drone_models')
        .select('zz_account_id')
        .where('id', '=', modelId)
        .executeTakeFirst();
      return r?.zz_account_id ?? null;
    },

    /** An account that may own drones: id, type, reviewed and enabled. */
    async ownerCandidate(trx: Exec, accountId: number) {
      return trx
        .selectFrom('accounts')
        .select(['id', 'account_type', 'check_status', 'enabled'])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    async update(trx: Exec, droneId: string, values: Updateable<Database['drones']>) {
      await trx.updateTable('drones').set(values).where('drone_id', '=', droneId).execute();
    },

    /** Records who made the owner change on the period the trigger just opened. */
    async markOwnershipBy(trx: Exec, droneId: string, userId: number) {
      await trx
        .updateTable('drone_ownerships')
        .set({ by_user_id: userId })
        .where('drone_id', '=', droneId)
        .where('valid_to', 'is', null)
        .execute();
    },

    /** Manufacturers (type 3), for the filters. */
    async manufacturers() {
      return db
        .selectFrom('accounts')
        .select(['id', 'account_name as name'])
        .where('account_type', '=', 3)
        .where('enabled', '=', true)
        .orderBy('account_name')
        .execute();
    },

    /** Operators (type 4) that passed review; `only` restricts to one account (an operator itself). */
    async operators(only: number | null) {
      let q = db
        .selectFrom('accounts')
        .select(['id', 'account_name as name'])
        .where('account_type', '=', 4)
        .where('check_status', '=', 2)
        .where('enabled', '=', true)
        .orderBy('account_name');
      if (only !== null) q = q.where('id', '=', only);
      return q.execute();
    },
  };
}
export type DronesRepo = ReturnType<typeof createDronesRepo>;
