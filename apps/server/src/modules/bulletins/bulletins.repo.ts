/**
 * Bulletins in SQL. Ordinary bulletins (type 2) reach accounts by type: manufacturers (account
 * type 3) those for target 1, operators and farmers (4, 5) those for target 2, the platform and
 * governments (1, 2) all. Anomaly bulletins (type 1) are the rows of `anomalies` in the caller's
 * data scope. Read state per user: single reads (`bulletin_reads`) and a mark per type
 * (`bulletin_read_marks.upto`: every id up to it is read). A bulletin the user sent is read.
 */

import type {
  AnomalyBulletinQuery,
  AnomalyBulletinRow,
  BulletinListQuery,
  BulletinRow,
  BulletinTypeCode,
} from '@agrifleet/domain';
import { BulletinTarget } from '@agrifleet/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';
import { anomalyScopeCondition } from '../monitor/zfMonitor.ts';

/** Who reads: the user, its account type and data scope. */
export interface Reader {
  userId: number;
  accountType: number;
  scope: DataScope;
}

const ANOMALY_COLUMNS = {
  zz: 'a.zz_account_id',
  yy: 'a.yy_account_id',
  country: 'a.country_code',
  province: 'a.province_code',
  city: 'a.city_code',
  county: 'a.county_code',
  drone: 'a.drone_id',
  time: 'a.time',
};

/** Ordinary bulletins meant for an account type. */
export function ordinaryVisible(accountType: number): Expression<SqlBool> {
  if (accountType === 1 || accountType === 2) return sql<SqlBool>`true`;
  if (accountType === 3) return sql<SqlBool>`b.to_manufacturer`;
  return sql<SqlBool>`b.to_owner`;
}

/** Anomalies in scope, with a government's monitored unified tasks' drones (zfMonitor.ts). */
const anomalyVisible = (scope: DataScope) => anomalyScopeCondition(scope, ANOMALY_COLUMNS);

/** The read test of item `ref` (b.id or a.id) of a type, for the user with read mark `upto`. */
function isRead(userId: number, type: BulletinTypeCode, ref: string, upto: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(ref)} <= ${upto} OR EXISTS (
    SELECT 1 FROM bulletin_reads r
    WHERE r.user_id = ${userId} AND r.bulletin_type = ${type} AND r.item_id = ${sql.ref(ref)}))`;
}

export function createBulletinsRepo(db: Db) {
  const ordinaryRead = (who: Reader, upto: number) =>
    sql<SqlBool>`(b.user_id IS NOT DISTINCT FROM ${who.userId} OR ${isRead(who.userId, 2, 'b.id', upto)})`;

  return {
    async create(v: {
      title: string;
      content: string;
      targets: readonly number[];
      accountId: number;
      userId: number;
    }): Promise<number> {
      const row = await db
        .insertInto('bulletins')
        .values({
          title: v.title,
          content: v.content,
          to_manufacturer: v.targets.includes(BulletinTarget.manufacturer),
          to_owner: v.targets.includes(BulletinTarget.owner),
          account_id: v.accountId,
          user_id: v.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The user's read mark of a type (0: none). */
    async mark(userId: number, type: BulletinTypeCode): Promise<number> {
      const row = await db
        .selectFrom('bulletin_read_marks')
        .select('upto')
        .where('user_id', '=', userId)
        .where('bulletin_type', '=', type)
        .executeTakeFirst();
      return row ? Number(row.upto) : 0;
    },

    async listOrdinary(
      who: Reader,
      q: BulletinListQuery,
      upto: number,
    ): Promise<{ records: BulletinRow[]; total: number }> {
      let base = db.selectFrom('bulletins as b').where(ordinaryVisible(who.accountType));
      if (q.readFlag === 1) base = base.where(sql<SqlBool>`NOT ${ordinaryRead(who, upto)}`);
      if (q.readFlag === 0) base = base.where(ordinaryRead(who, upto));
      const dir = q.order === 2 ? 'asc' : 'desc';
      const [rows, count] = await Promise.all([
        base
          .innerJoin('accounts as s', 's.id', 'b.account_id')
          .select([
            'b.id',
            'b.title',
            'b.content',
            'b.to_manufacturer',
            'b.to_owner',
            's.account_name',
            'b.created_at',
            ordinaryRead(who, upto).as('read'),
          ])
          .orderBy('b.id', dir)
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        records: rows.map((r) => ({
          bulletinId: r.id,
          bulletinType: 2 as const,
          title: r.title,
          content: r.content,
          targetAccountTypes: [
            ...(r.to_manufacturer ? [BulletinTarget.manufacturer] : []),
            ...(r.to_owner ? [BulletinTarget.owner] : []),
          ],
          accountName: r.account_name,
          createTime: r.created_at.getTime(),
          read: Boolean(r.read),
        })),
      };
    },

    async listAnomalies(
      who: Reader,
      q: AnomalyBulletinQuery,
      upto: number,
    ): Promise<{ records: AnomalyBulletinRow[]; total: number }> {
      // Filters on anomalies alone (names through their account ids), so the count joins nothing.
      let base = db.selectFrom('anomalies as a').where(anomalyVisible(who.scope));
      if (q.droneId) base = base.where(sql<SqlBool>`a.drone_id ILIKE ${likePattern(q.droneId)}`);
      if (q.startTime !== undefined) base = base.where('a.time', '>=', new Date(q.startTime));
      if (q.endTime !== undefined) base = base.where('a.time', '<=', new Date(q.endTime));
      if (q.oddType !== undefined) base = base.where('a.odd_type', '=', q.oddType);
      if (q.zzAccountName)
        base = base.where(
          sql<SqlBool>`a.zz_account_id IN (SELECT id FROM accounts WHERE account_name ILIKE ${likePattern(q.zzAccountName)})`,
        );
      if (q.yyAccountName)
        base = base.where(
          sql<SqlBool>`a.yy_account_id IN (SELECT id FROM accounts WHERE account_name ILIKE ${likePattern(q.yyAccountName)})`,
        );
      const dir = q.order === 2 ? 'asc' : 'desc';
      const [rows, count] = await Promise.all([
        base
          .innerJoin('accounts as zz', 'zz.id', 'a.zz_account_id')
          .leftJoin('accounts as yy', 'yy.id', 'a.yy_account_id')
          .leftJoin('drones as d', 'd.drone_id', 'a.drone_id')
          .select([
            'a.id',
            'a.drone_id',
            'd.drone_name',
            'a.odd_type',
            'a.time',
            'a.end_time',
            'a.lng',
            'a.lat',
            'a.sortie_id',
            'a.nofly_id',
            'a.detail',
            'zz.account_name as zz_name',
            'yy.account_name as yy_name',
            'a.created_at',
            isRead(who.userId, 1, 'a.id', upto).as('read'),
          ])
          .orderBy('a.time', dir)
          .orderBy('a.id', dir)
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        records: rows.map((r) => ({
          bulletinId: Number(r.id),
          bulletinType: 1 as const,
          droneId: r.drone_id,
          droneName: r.drone_name ?? null,
          oddType: r.odd_type,
          time: r.time.getTime(),
          detail: (r.detail ?? {}) as Record<string, unknown>,
          endTime: r.end_time ? r.end_time.getTime() : null,
          lng: r.lng,
          lat: r.lat,
          sortieId: r.sortie_id == null ? null : Number(r.sortie_id),
          noflyId: r.nofly_id,
          zzAccountName: r.zz_name,
          yyAccountName: r.yy_name ?? null,
          createTime: new Date(r.created_at).getTime(),
          read: Boolean(r.read),
        })),
      };
    },

    /** Unread bulletins of a type, counted up to `cap`. */
    async unread(who: Reader, type: BulletinTypeCode, upto: number, cap: number): Promise<number> {
      const row =
        type === 2
          ? await db
              .selectFrom(
                db
                  .selectFrom('bulletins as b')
                  .select(sql`1`.as('x'))
                  .where(ordinaryVisible(who.accountType))
                  .where('b.id', '>', upto)
                  .where(sql<SqlBool>`NOT ${ordinaryRead(who, upto)}`)
                  .limit(cap)
                  .as('u'),
              )
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          : await db
              .selectFrom(
                db
                  .selectFrom('anomalies as a')
                  .select(sql`1`.as('x'))
                  .where(anomalyVisible(who.scope))
                  .where('a.id', '>', upto)
                  .where(sql<SqlBool>`NOT ${isRead(who.userId, 1, 'a.id', upto)}`)
                  .limit(cap)
                  .as('u'),
              )
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the given ids of a type that the reader sees; returns how many it sees. */
    async markRead(who: Reader, type: BulletinTypeCode, ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const seen =
        type === 2
          ? await db
              .selectFrom('bulletins as b')
              .select('b.id')
              .where('b.id', 'in', ids as number[])
              .where(ordinaryVisible(who.accountType))
              .execute()
          : await db
              .selectFrom('anomalies as a')
              .select('a.id')
              .where('a.id', 'in', ids as number[])
              .where(anomalyVisible(who.scope))
              .execute();
      if (seen.length === 0) return 0;
      await db
        .insertInto('bulletin_reads')
        .values(seen.map((s) => ({ user_id: who.userId, bulletin_type: type, item_id: Number(s.id) })))
        .onConflict((oc) => oc.columns(['user_id', 'bulletin_type', 'item_id']).doNothing())
        .execute();
      return seen.length;
    },

    /**
     * Marks every bulletin of the type the reader sees now: the mark moves to the newest id in
     * its view and single reads below it are dropped. Returns how many were unread.
     */
    async markAllRead(who: Reader, type: BulletinTypeCode, upto: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const top =
          type === 2
            ? await trx
                .selectFrom('bulletins as b')
                .select((eb) => eb.fn.max('b.id').as('m'))
                .where(ordinaryVisible(who.accountType))
                .executeTakeFirst()
            : await trx
                .selectFrom('anomalies as a')
                .select((eb) => eb.fn.max('a.id').as('m'))
                .where(anomalyVisible(who.scope))
                .executeTakeFirst();
        const max = top?.m == null ? 0 : Number(top.m);
        if (max <= upto) return 0;
        const unread = await createBulletinsRepo(trx as unknown as Db).unread(who, type, upto, 1_000_000);
        await trx
          .insertInto('bulletin_read_marks')
          .values({ user_id: who.userId, bulletin_type: type, upto: max })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'bulletin_type'])
              .doUpdateSet({ upto: sql`GREATEST(bulletin_read_marks.upto, excluded.upto)` }),
          )
          .execute();
        await trx
          .deleteFrom('bulletin_reads')
          .where('user_id', '=', who.userId)
          .where('bulletin_type', '=', type)
          .where('item_id', '<=', max)
          .execute();
        return unread;
      });
    },
  };
}
export type BulletinsRepo = ReturnType<typeof createBulletinsRepo>;
