/** Account applications: registrations (type 1) and modifications (type 2) awaiting review. */

import { ACCOUNT_INFO_COLUMNS, type AccountInfoBody, accountInfoBody } from '@agrifleet/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';
import type { Database } from '../../platform/schema.ts';

export interface ApplyFilter {
  accountId?: number;
  accountName?: string;
  applyType?: number;
  applyStatus?: number;
  order: 1 | 2;
  currentPage: number;
  pageSize: number;
}

export const isoTime = (col: string) =>
  sql<string>`to_char(${sql.ref(col)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

type Eb = ExpressionBuilder<
  Database & { ap: Database['account_applies']; a: Database['accounts'] },
  'ap' | 'a'
>;

/** The account's current data under the accountInfoBody field names (the detail's `current`). */
const currentInfo = sql<Record<string, unknown>>`jsonb_build_object(${sql.join(
  Object.entries(ACCOUNT_INFO_COLUMNS).map(
    ([field, col]) => sql`${sql.lit(field)}::text, ${sql.ref(`a.${col}`)}`,
  ),
)})`;

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
    'ap.reason as reason',
    sql<string | null>`CASE WHEN u.phone IS NULL THEN NULL ELSE u.phone_country || '-' || u.phone END`.as(
      'phoneNum',
    ),
    isoTime('ap.created_at').as('createTime'),
    sql<string | null>`${isoTime('ap.reviewed_at')}`.as('reviewTime'),
  ] as const;

  /** Every filter but applyStatus (the stats count the unaudited ones of this set). */
  const where = (f: Omit<ApplyFilter, 'order' | 'currentPage' | 'pageSize'>) => (eb: Eb) => {
    const c = [];
    if (f.accountId) c.push(eb('a.id', '=', f.accountId));
    if (f.accountName) c.push(eb('a.account_name', 'ilike', likePattern(f.accountName)));
    if (f.applyType) c.push(eb('ap.apply_type', '=', f.applyType));
    return eb.and(c);
  };
  const unaudited = (type: number) =>
    sql<number>`count(*) FILTER (WHERE ap.apply_status = 1 AND a.account_type = ${type})::int`;

  return {
    async list(f: ApplyFilter) {
      const filtered = base().where(where(f));
      const q = f.applyStatus ? filtered.where('ap.apply_status', '=', f.applyStatus) : filtered;
      const [records, count, stats] = await Promise.all([
        q
          .select(columns)
          .orderBy('ap.created_at', f.order === 1 ? 'desc' : 'asc')
          .orderBy('ap.id', f.order === 1 ? 'desc' : 'asc')
          .limit(f.pageSize)
          .offset((f.currentPage - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        filtered
          .select([
            unaudited(2).as('zfNotCheckNum'),
            unaudited(3).as('zzqyCheckNum'),
            unaudited(4).as('yyqyCheckNum'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { records, total: Number(count.n), current: f.currentPage, size: f.pageSize, ...stats };
    },

    detail: (applyId: number) =>
      base()
        .select([...columns, 'ap.payload as content', currentInfo.as('current')])
        .where('ap.id', '=', applyId)
        .executeTakeFirst(),

    /** The account's own applications, newest first (what the applicant sees). */
    mine: (accountId: number) =>
      db
        .selectFrom('account_applies as ap')
        .select([
          'ap.id as applyId',
          'ap.apply_type as applyType',
          'ap.apply_status as applyStatus',
          'ap.reason as reason',
          'ap.payload as content',
          isoTime('ap.created_at').as('createTime'),
          sql<string | null>`${isoTime('ap.reviewed_at')}`.as('reviewTime'),
        ])
        .where('ap.account_id', '=', accountId)
        .orderBy('ap.created_at', 'desc')
        .orderBy('ap.id', 'desc')
        .limit(100)
        .execute(),

    /** Who is told of the decision: the applying user, else the account's first administrator. */
    applicant: (applyId: number) =>
      db
        .selectFrom('account_applies as ap')
        .innerJoin('accounts as a', 'a.id', 'ap.account_id')
        .innerJoin('users as u', (j) =>
          j.on((eb) =>
            eb.or([
              eb('u.id', '=', eb.ref('ap.user_id')),
              eb.and([eb('ap.user_id', 'is', null), eb('u.account_id', '=', eb.ref('ap.account_id'))]),
            ]),
          ),
        )
        .select(['u.phone_country', 'u.phone', 'u.email', 'ap.lang', 'ap.apply_type', 'a.account_name'])
        .where('ap.id', '=', applyId)
        .orderBy('u.user_type')
        .orderBy('u.id')
        .limit(1)
        .executeTakeFirst(),

    /**
     * Decides an unaudited application in one transaction: a registration's account takes
     * checkStatus 2 (passed) or 3 (rejected); a passed modification writes its payload to the
     * account. Returns false if the application is not unaudited (any more).
     */
    async decide(
      applyId: number,
      status: 2 | 3,
      reviewerId: number,
      reason: string | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ap = await trx
          .updateTable('account_applies')
          .set({ apply_status: status, reviewer_id: reviewerId, reviewed_at: new Date(), reason })
          .where('id', '=', applyId)
          .where('apply_status', '=', 1)
          .returning(['account_id', 'apply_type', 'payload'])
          .executeTakeFirst();
        if (!ap) return false;
        if (ap.apply_type === 1) {
          await trx
            .updateTable('accounts')
            .set({ check_status: status, updated_at: new Date() })
            .where('id', '=', ap.account_id)
            .execute();
        } else if (status === 2) {
          const changes = accountChanges(ap.payload);
          if (Object.keys(changes).length > 0)
            await trx
              .updateTable('accounts')
              .set({ ...changes, updated_at: new Date() })
              .where('id', '=', ap.account_id)
              .execute();
        }
        return true;
      });
    },
  };
}
export type AppliesRepo = ReturnType<typeof createAppliesRepo>;

/** The accounts columns a modification's payload sets (fields it leaves out are unchanged). */
export function accountChanges(payload: unknown): Record<string, string | null> {
  const parsed = accountInfoBody.partial().safeParse(payload);
  if (!parsed.success) return {};
  const out: Record<string, string | null> = {};
  for (const [field, col] of Object.entries(ACCOUNT_INFO_COLUMNS)) {
    const v = parsed.data[field as keyof AccountInfoBody];
    if (v !== undefined) out[col] = v;
  }
  return out;
}
