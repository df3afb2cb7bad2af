/** User applications: a person asking to join an existing account (user_applies, migration 0022). */
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';
import { isoTime } from './applies.repo.ts';

export interface UserApplyFilter {
  adminPhone?: string;
  userName?: string;
  accountName?: string;
  accountType?: number;
  applyStatus?: number;
  order: 1 | 2;
  currentPage: number;
  pageSize: number;
}

/** Whose applications a reviewer sees: the platform all (null), an enterprise admin its own account. */
export type ApplyScope = { accountId: number | null };

export interface NewUserApply {
  accountId: number;
  userName: string;
  phoneCountry: string;
  phone: string;
  passwordHash: string;
  lang: string;
}

/** An account's administrator: its super or enterprise admin with the lowest type, then the oldest. */
const ADMIN_PHONE = sql<string | null>`(SELECT au.phone_country || '-' || au.phone FROM users au
  WHERE au.account_id = a.id AND au.user_type IN (1, 4) AND au.phone IS NOT NULL
  ORDER BY au.user_type, au.id LIMIT 1)`;

export function createUserAppliesRepo(db: Db) {
  const base = (scope: ApplyScope) => {
    const q = db.selectFrom('user_applies as ua').innerJoin('accounts as a', 'a.id', 'ua.account_id');
    return scope.accountId === null ? q : q.where('ua.account_id', '=', scope.accountId);
  };
  const columns = [
    'ua.id as applyId',
    'a.id as accountId',
    'a.account_name as accountName',
    'a.account_type as accountType',
    ADMIN_PHONE.as('adminPhone'),
    'ua.user_name as userName',
    sql<string>`ua.phone_country || '-' || ua.phone`.as('phoneNum'),
    'ua.apply_status as applyStatus',
    'ua.reason as reason',
    'ua.user_id as userId',
    isoTime('ua.created_at').as('createTime'),
    sql<string | null>`${isoTime('ua.reviewed_at')}`.as('reviewTime'),
  ] as const;

  return {
    /** The account a person may ask to join: enabled and reviewed, by id or by its exact name (one only). */
    async findJoinable(by: { accountId?: number; accountName?: string }) {
      let q = db
        .selectFrom('accounts')
        .select(['id', 'account_name'])
        .where('enabled', '=', true)
        .where('check_status', '=', 2);
      if (by.accountId) q = q.where('id', '=', by.accountId);
      else if (by.accountName) q = q.where('account_name', '=', by.accountName);
      else return undefined;
      const rows = await q.limit(2).execute();
      return rows.length === 1 ? rows[0] : undefined;
    },

    phoneTaken: async (country: string, phone: string) =>
      !!(await db
        .selectFrom('users')
        .select('id')
        .where('phone_country', '=', country)
        .where('phone', '=', phone)
        .executeTakeFirst()),

    create: (n: NewUserApply) =>
      db
        .insertInto('user_applies')
        .values({
          account_id: n.accountId,
          user_name: n.userName,
          phone_country: n.phoneCountry,
          phone: n.phone,
          password_hash: n.passwordHash,
          lang: n.lang,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),

    async list(scope: ApplyScope, f: UserApplyFilter) {
      let q = base(scope);
      if (f.userName) q = q.where('ua.user_name', 'ilike', likePattern(f.userName));
      if (f.accountName) q = q.where('a.account_name', 'ilike', likePattern(f.accountName));
      if (f.accountType) q = q.where('a.account_type', '=', f.accountType);
      if (f.applyStatus) q = q.where('ua.apply_status', '=', f.applyStatus);
      if (f.adminPhone) {
        const like = likePattern(f.adminPhone);
        q = q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('users as au')
              .select(sql`1`.as('x'))
              .whereRef('au.account_id', '=', 'a.id')
              .where('au.user_type', 'in', [1, 4])
              .where(sql<string>`au.phone_country || '-' || au.phone`, 'like', like),
          ),
        );
      }
      const [records, count] = await Promise.all([
        q
          .select(columns)
          .orderBy('ua.created_at', f.order === 1 ? 'desc' : 'asc')
          .orderBy('ua.id', f.order === 1 ? 'desc' : 'asc')
          .limit(f.pageSize)
          .offset((f.currentPage - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records, total: Number(count.n), current: f.currentPage, size: f.pageSize };
    },

    detail: (scope: ApplyScope, applyId: number) =>
      base(scope)
        .select([...columns, 'ua.lang', 'ua.phone_country', 'ua.phone'])
        .where('ua.id', '=', applyId)
        .executeTakeFirst(),

    /**
     * Decides an unaudited application in one transaction; passing creates the user (type 3 staff)
     * in the account. Returns false if it is not unaudited (any more) or not in scope.
     */
    async decide(
      scope: ApplyScope,
      applyId: number,
      status: 2 | 3,
      reviewerId: number,
      reason: string | null,
    ) {
      return db.transaction().execute(async (trx) => {
        let q = trx
          .updateTable('user_applies')
          .set({ apply_status: status, reviewer_id: reviewerId, reviewed_at: new Date(), reason })
          .where('id', '=', applyId)
          .where('apply_status', '=', 1);
        if (scope.accountId !== null) q = q.where('account_id', '=', scope.accountId);
        const ap = await q.returningAll().executeTakeFirst();
        if (!ap) return false;
        let userId: number | null = null;
        if (status === 2) {
          const user = await trx
            .insertInto('users')
            .values({
              account_id: ap.account_id,
              user_type: 3,
              user_name: ap.user_name,
              phone_country: ap.phone_country,
              phone: ap.phone,
              email: null,
              password_hash: ap.password_hash,
              avatar_url: null,
              team_type: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          userId = user.id;
        }
        // The password hash now lives in users (passed) or is not needed (rejected).
        await trx
          .updateTable('user_applies')
          .set({ user_id: userId, password_hash: '' })
          .where('id', '=', applyId)
          .execute();
        return true;
      });
    },
  };
}
export type UserAppliesRepo = ReturnType<typeof createUserAppliesRepo>;
