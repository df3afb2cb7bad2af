/**
 * Members in SQL: the list (one account, or all for the platform), one member, the phone check,
 * create, update, enable, and removal. A removed member keeps its user row (its history keeps its
 * foreign keys), disabled, with its phone and e-mail moved to member_removals so the phone can join
 * again; every query here leaves removed members out.
 */

import { type MemberListQuery, maskPhone } from '@agrifleet/domain';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';

/** A member as the service checks it. */
export interface MemberFacts {
  id: number;
  accountId: number;
  userType: number;
  enabled: boolean;
  leaseModel: number | null;
}

export interface MemberListRow {
  userId: number;
  userName: string;
  phone: string | null;
  phoneCountry: string | null;
  email: string | null;
  userType: number;
  teamType: number | null;
  enabled: boolean;
  accountId: number;
  accountName: string;
  leaseModel: number | null;
  lastLoginAt: number | null;
  createdAt: number;
}

export function createMembersRepo(db: Db) {
  const notRemoved = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM member_removals mr WHERE mr.user_id = u.id)`;
  /** The account's enabled administrators (user type 1 or 4), locked FOR UPDATE in id order. */
  const lockAdmins = (trx: Db, accountId: number) =>
    trx
      .selectFrom('users as u')
      .select('u.id')
      .where('u.account_id', '=', accountId)
      .where('u.user_type', 'in', [1, 4])
      .where('u.enabled', '=', true)
      .where(notRemoved)
      .orderBy('u.id')
      .forUpdate()
      .execute();

  const countOf = async (query: ReturnType<typeof users>) =>
    Number((await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const users = () => db.selectFrom('users as u');
  /** Users less removals (every removal is a user of the same account): no anti-join over the whole table. */
  async function unfilteredTotal(accountId: number | null): Promise<number> {
    let all = users();
    let removed = db.selectFrom('member_removals as mr');
    if (accountId !== null) {
      all = all.where('u.account_id', '=', accountId);
      removed = removed.where('mr.account_id', '=', accountId);
    }
    const [a, r] = await Promise.all([
      countOf(all),
      removed.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return a - Number(r.n);
  }

  return {
    /** A page of members; accountId null: every account's (the platform). */
    async list(accountId: number | null, q: MemberListQuery) {
      const filtered = !!(q.userName || q.phone || q.userType !== undefined || q.enabled !== undefined);
      let query = db.selectFrom('users as u');
      // Removed members are disabled: a list of enabled members needs no anti-join.
      if (q.enabled !== true) query = query.where(notRemoved);
      if (accountId !== null) query = query.where('u.account_id', '=', accountId);
      // Across every account (the platform) a short name (two Chinese characters are below pg_trgm's
      // trigrams) finds its candidates through the name pieces index of 0026 (name_grams).
      if (q.userName)
        query = query.where(
          accountId === null
            ? sql<SqlBool>`name_grams(u.user_name) @> name_grams(${q.userName}) AND u.user_name ILIKE ${likePattern(q.userName)}`
            : sql<SqlBool>`u.user_name ILIKE ${likePattern(q.userName)}`,
        );
      if (q.phone) query = query.where(sql<SqlBool>`u.phone LIKE ${likePattern(q.phone)}`);
      if (q.userType !== undefined) query = query.where('u.user_type', '=', q.userType);
      if (q.enabled !== undefined) query = query.where('u.enabled', '=', q.enabled);
      const [rows, total] = await Promise.all([
        query
          .innerJoin('accounts as a', 'a.id', 'u.account_id')
          .select([
            'u.id',
            'u.user_name',
            'u.phone',
            'u.phone_country',
            'u.email',
            'u.user_type',
            'u.team_type',
            'u.enabled',
            'u.account_id',
            'a.account_name',
            'a.lease_model',
            'u.last_login_at',
            'u.created_at',
          ])
          .orderBy('u.account_id', 'desc')
          .orderBy('u.id', 'desc')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        filtered ? countOf(query) : unfilteredTotal(accountId),
      ]);
      const records: MemberListRow[] = rows.map((r) => ({
        userId: r.id,
        userName: r.user_name,
        phone: r.phone ? maskPhone(r.phone) : null,
        phoneCountry: r.phone_country,
        email: r.email,
        userType: r.user_type,
        teamType: r.team_type,
        enabled: r.enabled,
        accountId: r.account_id,
        accountName: r.account_name,
        leaseModel: r.lease_model,
        lastLoginAt: r.last_login_at ? r.last_login_at.getTime() : null,
        createdAt: r.created_at.getTime(),
      }));
      return { records, total };
    },

    /** A member (not removed) with its account's lease model; null when there is none. */
    async find(userId: number): Promise<MemberFacts | null> {
      const r = await db
        .selectFrom('users as u')
        .innerJoin('accounts as a', 'a.id', 'u.account_id')
        .select(['u.id', 'u.account_id', 'u.user_type', 'u.enabled', 'a.lease_model'])
        .where('u.id', '=', userId)
        .where(notRemoved)
        .executeTakeFirst();
      return r
        ? {
            id: r.id,
            accountId: r.account_id,
            userType: r.user_type,
            enabled: r.enabled,
            leaseModel: r.lease_model,
          }
        : null;
    },

    /** Enabled administrators (user type 1 or 4) of the account other than userId. */
    async phoneTaken(countryCode: string, phone: string): Promise<boolean> {
      const r = await db
        .selectFrom('users')
        .select('id')
        .where('phone_country', '=', countryCode)
        .where('phone', '=', phone)
        .executeTakeFirst();
      return !!r;
    },

    async create(v: {
      accountId: number;
      userType: number;
      userName: string;
      countryCode: string;
      phone: string;
      passwordHash: string;
      teamType: number | null;
    }): Promise<number> {
      const r = await db
        .insertInto('users')
        .values({
          account_id: v.accountId,
          user_type: v.userType,
          user_name: v.userName,
          phone_country: v.countryCode,
          phone: v.phone,
          password_hash: v.passwordHash,
          team_type: v.teamType,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /**
     * Edits a member. With `lastAdminOf` (an administrator losing the role), the account's
     * administrators are locked first, as `change` does, and 'lastAdmin' (changing nothing) is
     * answered when it is the only enabled one: two parallel demotions cannot leave none.
     */
    async update(
      userId: number,
      set: { userName?: string; userType?: number; teamType?: number | null },
      lastAdminOf?: number,
    ): Promise<'done' | 'lastAdmin'> {
      return db.transaction().execute(async (trx) => {
        if (lastAdminOf !== undefined) {
          const admins = await lockAdmins(trx, lastAdminOf);
          if (admins.some((a) => a.id === userId) && admins.length <= 1) return 'lastAdmin';
        }
        await trx
          .updateTable('users')
          .set({
            ...(set.userName !== undefined ? { user_name: set.userName } : {}),
            ...(set.userType !== undefined ? { user_type: set.userType } : {}),
            ...(set.teamType !== undefined ? { team_type: set.teamType } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', userId)
          .execute();
        return 'done';
      });
    },

    /**
     * Disables (revoking every session of the user at once) or enables a member, or removes one,
     * in one transaction that locks the account's administrators first: 'lastAdmin' (changing
     * nothing) when the account would keep no enabled administrator (user type 1 or 4).
     */
    async change(
      userId: number,
      accountId: number,
      what: { kind: 'enable' } | { kind: 'disable' } | { kind: 'remove'; by: number },
    ): Promise<'done' | 'lastAdmin'> {
      return db.transaction().execute(async (trx) => {
        if (what.kind !== 'enable') {
          const admins = await lockAdmins(trx, accountId);
          if (admins.some((a) => a.id === userId) && admins.length <= 1) return 'lastAdmin';
        }
        if (what.kind === 'enable') {
          await trx
            .updateTable('users')
            .set({ enabled: true, updated_at: new Date() })
            .where('id', '=', userId)
            .execute();
          return 'done';
        }
        if (what.kind === 'remove') {
          const u = await trx
            .selectFrom('users')
            .select(['phone_country', 'phone', 'email'])
            .where('id', '=', userId)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('member_removals')
            .values({ user_id: userId, account_id: accountId, ...u, removed_by: what.by })
            .execute();
          await trx.deleteFrom('team_members').where('user_id', '=', userId).execute();
          await trx
            .updateTable('teams')
            .set({ leader_user_id: null })
            .where('leader_user_id', '=', userId)
            .execute();
        }
        await trx
          .updateTable('users')
          .set({
            enabled: false,
            updated_at: new Date(),
            // A removed member frees its phone and e-mail (kept in member_removals).
            ...(what.kind === 'remove'
              ? { phone: null, phone_country: null, email: `removed-${userId}@members.invalid` }
              : {}),
          })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return 'done';
      });
    },
  };
}
export type MembersRepo = ReturnType<typeof createMembersRepo>;
