/**
 * Keys in SQL: the accounts' signing keys, the models' device keys and the drones' flight-log keys.
 * Every function takes the tenant (the caller's account) or the caller's scope: another account's key
 * or a model or drone outside the scope is not found. Limits are checked under a row lock (the
 * account, the drone) taken first, then counted and written (docs/concurrency.md "firmware").
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';

export interface KeyRow {
  key_id: string;
  spki: Buffer;
  created_at: Date;
  created_by: string | null;
  revoked_at: Date | null;
}

export interface DeviceKeyRow {
  model_id: number;
  model_name: string;
  key_id: string;
  spki: Buffer;
  created_at: Date;
  private_downloaded_at: Date | null;
}

export interface DroneKeyRow {
  drone_id: string;
  key_id: string;
  spki: Buffer;
  created_at: Date;
  revoked_at: Date | null;
}

/** The models (alias m) a scope manages: the platform all, a manufacturer its own, others none. */
export function modelsOf(scope: DataScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'zz') return sql<SqlBool>`m.zz_account_id = ${scope.accountId}`;
  return sql<SqlBool>`false`;
}

const dronesOf = (scope: DataScope) =>
  droneScopeCondition(scope, { zz: 'd.zz_account_id', yy: 'd.yy_account_id', region: 'd.region_code' });

/** The account row, locked: the one lock every firmware write of an account queues on. */
export const lockAccount = (db: Db, accountId: number) =>
  sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(db);

export function createKeysRepo(db: Db) {
  return {
    /** Registers a signing key unless the account holds `max` unrevoked ones. */
    async addKey(
      accountId: number,
      userId: number,
      key: { keyId: string; spki: Buffer },
      max: number,
    ): Promise<'limit' | Date> {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, accountId);
        const { n } = await trx
          .selectFrom('firmware_keys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return 'limit';
        const row = await trx
          .insertInto('firmware_keys')
          .values({ key_id: key.keyId, account_id: accountId, spki: key.spki, created_by: userId })
          .returning('created_at')
          .executeTakeFirstOrThrow();
        return row.created_at;
      });
    },

    /** The account's signing keys, newest first. */
    listKeys: (accountId: number): Promise<KeyRow[]> =>
      db
        .selectFrom('firmware_keys as k')
        .leftJoin('users as u', 'u.id', 'k.created_by')
        .select(['k.key_id', 'k.spki', 'k.created_at', 'u.user_name as created_by', 'k.revoked_at'])
        .where('k.account_id', '=', accountId)
        .orderBy('k.created_at', 'desc')
        .orderBy('k.key_id')
        .execute(),

    key: (accountId: number, keyId: string) =>
      db
        .selectFrom('firmware_keys')
        .select(['key_id', 'spki', 'revoked_at'])
        .where('account_id', '=', accountId)
        .where('key_id', '=', keyId)
        .executeTakeFirst(),

    /** Revokes a key of the account: 'done', 'already' revoked, or 'missing' (unknown or another's). */
    async revokeKey(
      accountId: number,
      keyId: string,
      userId: number,
    ): Promise<'done' | 'already' | 'missing'> {
      const done = await db
        .updateTable('firmware_keys')
        .set({ revoked_at: sql`now()`, revoked_by: userId })
        .where('account_id', '=', accountId)
        .where('key_id', '=', keyId)
        .where('revoked_at', 'is', null)
        .returning('key_id')
        .executeTakeFirst();
      if (done) return 'done';
      return (await this.key(accountId, keyId)) ? 'already' : 'missing';
    },

    /** The model if the scope manages it. */
    model: (scope: DataScope, modelId: number) =>
      db
        .selectFrom('drone_models as m')
        .select(['m.id', 'm.model_name', 'm.zz_account_id'])
        .where('m.id', '=', modelId)
        .where(modelsOf(scope))
        .executeTakeFirst(),

    deviceKey: (modelId: number) =>
      db
        .selectFrom('firmware_device_keys as k')
        .innerJoin('drone_models as m', 'm.id', 'k.model_id')
        .select([
          'k.model_id',
          'm.model_name',
          'k.key_id',
          'k.spki',
          'k.created_at',
          'k.private_downloaded_at',
        ])
        .where('k.model_id', '=', modelId)
        .executeTakeFirst(),

    /** Stores a model's device key unless it has one (a parallel call's stays). */
    insertDeviceKey: (
      modelId: number,
      key: { keyId: string; spki: Buffer; sealed: string },
      userId: number,
    ) =>
      db
        .insertInto('firmware_device_keys')
        .values({
          model_id: modelId,
          key_id: key.keyId,
          spki: key.spki,
          private_sealed: key.sealed,
          created_by: userId,
        })
        .onConflict((oc) => oc.column('model_id').doNothing())
        .execute(),

    listDeviceKeys: (scope: DataScope): Promise<DeviceKeyRow[]> =>
      db
        .selectFrom('firmware_device_keys as k')
        .innerJoin('drone_models as m', 'm.id', 'k.model_id')
        .select([
          'k.model_id',
          'm.model_name',
          'k.key_id',
          'k.spki',
          'k.created_at',
          'k.private_downloaded_at',
        ])
        .where(modelsOf(scope))
        .orderBy('m.model_name')
        .orderBy('k.model_id')
        .execute(),

    /** Marks the private half handed out and answers it sealed; null when it was handed out already. */
    takeDevicePrivate: (modelId: number, userId: number) =>
      db
        .updateTable('firmware_device_keys')
        .set({ private_downloaded_at: sql`now()`, private_downloaded_by: userId })
        .where('model_id', '=', modelId)
        .where('private_downloaded_at', 'is', null)
        .returning(['key_id', 'private_sealed'])
        .executeTakeFirst(),

    /** The sealed private halves of the device keys of the models in scope (to decrypt an image). */
    devicePrivates: (scope: DataScope) =>
      db
        .selectFrom('firmware_device_keys as k')
        .innerJoin('drone_models as m', 'm.id', 'k.model_id')
        .select(['k.key_id', 'k.private_sealed'])
        .where(modelsOf(scope))
        .execute(),

    /** The drone if it is in the scope. */
    droneInScope: (scope: DataScope, droneId: string) =>
      sql<{ drone_id: string }>`SELECT d.drone_id FROM drones d
        WHERE d.drone_id = ${droneId} AND ${dronesOf(scope)}`
        .execute(db)
        .then((r) => r.rows[0]),

    /**
     * Registers a flight-log key of a drone `makerId` made: 'missing' (no such drone of the maker),
     * 'revoked' (this key was revoked for it), 'limit', or the key's row (a key registered again
     * answers the row it has). The drone row is locked first.
     */
    async addDroneKey(
      makerId: number,
      droneId: string,
      key: { keyId: string; spki: Buffer },
      userId: number,
      max: number,
    ): Promise<'missing' | 'revoked' | 'limit' | DroneKeyRow> {
      return db.transaction().execute(async (trx) => {
        const drone = await sql`SELECT drone_id FROM drones WHERE drone_id = ${droneId}
          AND zz_account_id = ${makerId} FOR UPDATE`.execute(trx);
        if (drone.rows.length === 0) return 'missing';
        const keys = await trx
          .selectFrom('drone_log_keys')
          .select(['drone_id', 'key_id', 'spki', 'created_at', 'revoked_at'])
          .where('drone_id', '=', droneId)
          .execute();
        const same = keys.find((k) => k.key_id === key.keyId);
        if (same) return same.revoked_at ? 'revoked' : same;
        if (keys.filter((k) => !k.revoked_at).length >= max) return 'limit';
        return trx
          .insertInto('drone_log_keys')
          .values({ drone_id: droneId, key_id: key.keyId, spki: key.spki, created_by: userId })
          .returning(['drone_id', 'key_id', 'spki', 'created_at', 'revoked_at'])
          .executeTakeFirstOrThrow();
      });
    },

    /** Revokes a drone's key for its maker: 'done', 'already', or 'missing'. */
    async revokeDroneKey(
      makerId: number,
      droneId: string,
      keyId: string,
      userId: number,
    ): Promise<'done' | 'already' | 'missing'> {
      const done = await sql`UPDATE drone_log_keys k SET revoked_at = now(), revoked_by = ${userId}
          FROM drones d
         WHERE k.drone_id = ${droneId} AND k.key_id = ${keyId} AND k.revoked_at IS NULL
           AND d.drone_id = k.drone_id AND d.zz_account_id = ${makerId}
        RETURNING k.key_id`.execute(db);
      if (done.rows.length > 0) return 'done';
      const known = await sql`SELECT 1 FROM drone_log_keys k JOIN drones d ON d.drone_id = k.drone_id
         WHERE k.drone_id = ${droneId} AND k.key_id = ${keyId} AND d.zz_account_id = ${makerId}`.execute(db);
      return known.rows.length > 0 ? 'already' : 'missing';
    },

    /** A drone's keys, if the drone is in the scope (null otherwise). */
    async droneKeys(scope: DataScope, droneId: string): Promise<DroneKeyRow[] | null> {
      if (!(await this.droneInScope(scope, droneId))) return null;
      return db
        .selectFrom('drone_log_keys')
        .select(['drone_id', 'key_id', 'spki', 'created_at', 'revoked_at'])
        .where('drone_id', '=', droneId)
        .orderBy('created_at', 'desc')
        .orderBy('key_id')
        .execute();
    },

    /** The key a flight log names, if its drone is in the scope. */
    droneKey: (scope: DataScope, droneId: string, keyId: string) =>
      sql<{ spki: Buffer; revoked: boolean }>`
        SELECT k.spki, k.revoked_at IS NOT NULL AS revoked
          FROM drone_log_keys k JOIN drones d ON d.drone_id = k.drone_id
         WHERE k.drone_id = ${droneId} AND k.key_id = ${keyId} AND ${dronesOf(scope)}`
        .execute(db)
        .then((r) => r.rows[0]),
  };
}
export type KeysRepo = ReturnType<typeof createKeysRepo>;
