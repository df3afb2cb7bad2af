/** Account applications: registrations (type 1) and modifications (type 2) awaiting review. */
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface ApplyFilter {
  accountId?: number;
  accountName?: string;
  applyType?: number;
  applyStatus?: number;
  order: 1 | 2;
  currentPage: number;
  pageSize: number;
}

export function createAppliesRepo(db: Db) {
  const base = () =>
    db
      .selectFrom('account_applies as ap')
      .innerJoin('accounts as a', 'a.id', 'ap.account_id')
      .leftJoin('users as u', 'u.id', 'ap.user_id');

  const columns = [
    'ap.id as applyId',
    'a.id as accountId',
    'a.account_name as accountName',
    'a.account_type as accountType',
    'ap.apply_type as applyType',
    'ap.apply_status as applyStatus',
    'a.contact_name as contactName',
    'u.email as email',
    sql<string | null>`CASE WHEN u.phone IS NULL THEN NULL ELSE u.phone_country || '-' || u.phone END`.as(
      'phoneNum',
    ),
    sql<string>`to_char(ap.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createTime'),
    sql<string | null>`to_char(ap.reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
      'reviewTime',
    ),
  ] as const;

  return {
    async list(f: ApplyFilter) {
      let q = base();
      if (f.accountId) q = q.where('a.id', '=', f.accountId);
      if (f.accountName)
        q = q.where('a.account_name', 'ilike', `%${f.accountName.replace(/[%_\\]/g, '\\$&')}%`);
      if (f.applyType) q = q.where('ap.apply_type', '=', f.applyType);
      if (f.applyStatus) q = q.where('ap.apply_status', '=', f.applyStatus);
      const [records, count] = await Promise.all([
        q
          .select(columns)
          .orderBy('ap.created_at', f.order === 1 ? 'desc' : 'asc')
          .orderBy('ap.id', f.order === 1 ? 'desc' : 'asc')
          .limit(f.pageSize)
          .offset((f.currentPage - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records, total: Number(count.n), current: f.currentPage, size: f.pageSize };
    },

    detail: (applyId: number) =>
      base()
        .select([...columns, 'ap.payload as content'])
        .where('ap.id', '=', applyId)
        .executeTakeFirst(),

    /** Decides an unaudited application; the account's checkStatus follows. Returns false if not unaudited. */
    async decide(applyId: number, status: 2 | 3, reviewerId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ap = await trx
          .updateTable('account_applies')
          .set({ apply_status: status, reviewer_id: reviewerId, reviewed_at: new Date() })
          .where('id', '=', applyId)
          .where('apply_status', '=', 1)
          .returning(['account_id', 'apply_type'])
          .executeTakeFirst();
        if (!ap) return false;
        if (ap.apply_type === 1) {
          await trx
            .updateTable('accounts')
            .set({ check_status: status, updated_at: new Date() })
            .where('id', '=', ap.account_id)
            .execute();
        }
        return true;
      });
    },
  };
}
export type AppliesRepo = ReturnType<typeof createAppliesRepo>;
