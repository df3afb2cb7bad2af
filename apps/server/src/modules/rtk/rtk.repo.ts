/**
 * RTK devices in SQL: the list of the caller's scope, the allow flag, the bound service key, the
 * renewals (with their history), and a drone's RTK service for its detail. Every function that
 * reads or changes devices takes the caller's scope: a device outside it is not found. None sets
 * a device's drone_id (only the demo seed mounts terminals, on drones it reads), so on Citus, where
 * rtk_devices_drone_id_fkey is dropped, there is no drone to check (test/citus.pendingKeys.test.ts).
 */

import { type DroneRtk, type RtkListQuery, type RtkRow, rtkDaysLeft } from '@agrifleet/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';

/** Devices of the scope: a manufacturer its own (mounted or not), an owner or a region the devices on its drones. */
function inScope(scope: DataScope): Expression<SqlBool> {
  return droneScopeCondition(scope, {
    zz: 'r.zz_account_id',
    yy: 'd.yy_account_id',
    region: 'd.region_code',
  });
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

export interface DeviceState {
  devId: string;
  allowed: boolean;
  qxdsk: string | null;
  expiresAt: number | null;
}

export interface Renewed {
  devId: string;
  oldExpiresAt: number | null;
  newExpiresAt: number;
}

/** Which devices a renewal reaches: one Bluetooth address, or the devices on the drones of some accounts. */
export type RenewalTarget = { btaddr: string } | { ownerAccountIds: number[] };

/** `timeZone`: the statistics time zone, whose calendar days `daysLeft` counts (STAT_TIMEZONE). */
export function createRtkRepo(db: Db, timeZone: string) {
  const base = (scope: DataScope) =>
    db
      .selectFrom('rtk_devices as r')
      .leftJoin('drones as d', 'd.drone_id', 'r.drone_id')
      .where(inScope(scope));

  return {
    async list(
      scope: DataScope,
      q: RtkListQuery,
      now = Date.now(),
    ): Promise<{ records: RtkRow[]; total: number }> {
      let query = base(scope);
      if (q.pn) query = query.where(sql<SqlBool>`r.pn ILIKE ${likePattern(q.pn)}`);
      if (q.type !== undefined) query = query.where('r.type', '=', q.type);
      const [rows, count] = await Promise.all([
        query
          .innerJoin('accounts as zz', 'zz.id', 'r.zz_account_id')
          .leftJoin('accounts as yy', 'yy.id', 'd.yy_account_id')
          .select([
            'r.dev_id',
            'r.drone_id',
            'd.drone_name',
            'yy.account_name as yy_name',
            'zz.account_name as zz_name',
            'r.pn',
            'r.type',
            'r.btaddr',
            'r.qxdsk_mask',
            'r.allowed',
            'r.expires_at',
            'r.created_at',
          ])
          .orderBy('r.dev_id')
          .limit(q.size)
          .offset((q.page - 1) * q.size)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        records: rows.map((r) => ({
          devId: r.dev_id,
          droneId: r.drone_id,
          droneName: r.drone_name ?? null,
          yyAccountName: r.yy_name ?? null,
          zzAccountName: r.zz_name,
          pn: r.pn,
          type: r.type,
          btaddr: r.btaddr,
          qxdsk: r.qxdsk_mask,
          allowed: r.allowed,
          expiresAt: ms(r.expires_at),
          daysLeft: rtkDaysLeft(ms(r.expires_at), now, timeZone),
          createdAt: r.created_at.getTime(),
        })),
      };
    },

    /** Sets the allow flag of a device in scope; null when there is none. */
    async setAllowed(scope: DataScope, devId: string, allowed: boolean): Promise<DeviceState | null> {
      const row = await db
        .updateTable('rtk_devices')
        .set({ allowed })
        .where('dev_id', '=', devId)
        .where('dev_id', 'in', base(scope).select('r.dev_id'))
        .returning(['dev_id', 'allowed', 'qxdsk_mask', 'expires_at'])
        .executeTakeFirst();
      return row ? state(row) : null;
    },

    /**
     * Binds a service key (sealed, its mask and hash) to a device in scope; null when there is none.
     * A key bound to another device breaks the unique hash: the caller turns 23505 into a conflict.
     */
    async bind(
      scope: DataScope,
      devId: string,
      key: { sealed: string; mask: string; hash: string },
    ): Promise<DeviceState | null> {
      const row = await db
        .updateTable('rtk_devices')
        .set({ qxdsk_sealed: key.sealed, qxdsk_mask: key.mask, qxdsk_hash: key.hash })
        .where('dev_id', '=', devId)
        .where('dev_id', 'in', base(scope).select('r.dev_id'))
        .returning(['dev_id', 'allowed', 'qxdsk_mask', 'expires_at'])
        .executeTakeFirst();
      return row ? state(row) : null;
    },

    /** The accounts of the users with this phone (any user type): the owners a renewal by phone reaches. */
    async accountsOfPhone(countryCode: string, phone: string): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('account_id')
        .where('phone_country', '=', countryCode)
        .where('phone', '=', phone)
        .execute();
      return [...new Set(rows.map((r) => r.account_id))];
    },

    /**
     * Adds `days` to the expiry of every device of the target in scope (from now when it has ended
     * or never began), records each in rtk_renewals and the system log, in one transaction. Refuses
     * (returns 'tooFar', changing nothing) when a new expiry would lie beyond `maxExpiry`.
     */
    async renew(
      scope: DataScope,
      target: RenewalTarget,
      days: number,
      by: { userId: number; accountId: number; ip: string | null },
      maxExpiry: Date,
    ): Promise<Renewed[] | 'tooFar'> {
      return db
        .transaction()
        .execute(async (trx) => {
          let pick = trx
            .selectFrom('rtk_devices as r')
            .leftJoin('drones as d', 'd.drone_id', 'r.drone_id')
            .where(inScope(scope))
            .select(['r.dev_id', 'r.expires_at']);
          pick =
            'btaddr' in target
              ? pick.where('r.btaddr', '=', target.btaddr)
              : pick.where(
                  'd.yy_account_id',
                  'in',
                  target.ownerAccountIds.length ? target.ownerAccountIds : [-1],
                );
          const devices = await pick.orderBy('r.dev_id').forUpdate('r').execute();
          if (!devices.length) return [];
          const updated = await trx
            .updateTable('rtk_devices')
            .set({
              expires_at: sql<Date>`greatest(coalesce(expires_at, now()), now()) + make_interval(days => ${days})`,
            })
            .where(
              'dev_id',
              'in',
              devices.map((d) => d.dev_id),
            )
            .returning(['dev_id', 'expires_at'])
            .execute();
          const old = new Map(devices.map((d) => [d.dev_id, d.expires_at]));
          const renewed = updated
            .map((u) => ({
              devId: u.dev_id,
              oldExpiresAt: ms(old.get(u.dev_id) ?? null),
              newExpiresAt: (u.expires_at as Date).getTime(),
            }))
            .sort((a, b) => (a.devId < b.devId ? -1 : 1));
          if (renewed.some((r) => r.newExpiresAt > maxExpiry.getTime())) {
            // Undo: the transaction rolls back on a throw.
            throw new TooFar();
          }
          const method = 'btaddr' in target ? 'btaddr' : 'phone';
          await trx
            .insertInto('rtk_renewals')
            .values(
              renewed.map((r) => ({
                dev_id: r.devId,
                days,
                by_user_id: by.userId,
                method,
                old_expires_at: r.oldExpiresAt === null ? null : new Date(r.oldExpiresAt),
                new_expires_at: new Date(r.newExpiresAt),
              })),
            )
            .execute();
          return renewed;
        })
        .catch((err: unknown) => {
          if (err instanceof TooFar) return 'tooFar' as const;
          throw err;
        });
    },
  };
}
export type RtkRepo = ReturnType<typeof createRtkRepo>;

class TooFar extends Error {}

function state(row: {
  dev_id: string;
  allowed: boolean;
  qxdsk_mask: string | null;
  expires_at: Date | null;
}): DeviceState {
  return { devId: row.dev_id, allowed: row.allowed, qxdsk: row.qxdsk_mask, expiresAt: ms(row.expires_at) };
}

/**
 * The RTK service of a drone, for its detail: the terminal mounted on it, or null. The caller has
 * already checked that the drone is visible to whoever asks.
 */
export async function rtkOfDrone(
  db: Db,
  droneId: string,
  timeZone: string,
  now = Date.now(),
): Promise<DroneRtk | null> {
  const row = await db
    .selectFrom('rtk_devices')
    .select(['dev_id', 'expires_at', 'allowed'])
    .where('drone_id', '=', droneId)
    .executeTakeFirst();
  if (!row) return null;
  const expiresAt = ms(row.expires_at);
  return {
    devId: row.dev_id,
    expiresAt,
    allowed: row.allowed,
    daysLeft: rtkDaysLeft(expiresAt, now, timeZone),
  };
}
