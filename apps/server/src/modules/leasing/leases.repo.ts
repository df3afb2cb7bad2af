/**
 * Leases in SQL: the lessor's lease list with what each lease billed, the drones that can be
 * leased now, one lease locked for a write, and the history.
 */
import type { LeasedDrone, LeaseEvent, LeaseRecord, RentalDrone, RentalListQuery } from '@agrifleet/domain';
import { type Kysely, sql } from 'kysely';
import { likePattern } from '../../platform/like.ts';
import type { Database } from '../../platform/schema.ts';

type Exec = Kysely<Database>;

export function createLeasesRepo(db: Exec) {
  return {
    async list(lessorId: number, q: RentalListQuery) {
      let base = db
        .selectFrom('leases as l')
        .innerJoin('lease_clients as c', 'c.id', 'l.client_id')
        .innerJoin('accounts as a', 'a.id', 'l.client_account_id')
        .innerJoin('drones as d', 'd.drone_id', 'l.drone_id')
        .leftJoin('drone_models as m', 'm.id', 'd.model_id')
        .where('l.lessor_account_id', '=', lessorId);
      if (q.accountName) base = base.where('a.account_name', 'ilike', likePattern(q.accountName));
      if (q.accountId !== undefined) base = base.where('l.client_account_id', '=', q.accountId);
      if (q.status !== undefined) base = base.where('l.status', '=', q.status);
      if (q.droneId) base = base.where('l.drone_id', 'ilike', likePattern(q.droneId));
      const [rows, count] = await Promise.all([
        base
          .select([
            'l.id',
            'l.drone_id as droneId',
            'd.drone_name as droneName',
            'm.model_name as modelName',
            'l.client_account_id as accountId',
            'a.account_name as accountName',
            'c.sign',
            'l.lease_model as leaseModel',
            'l.mu_price_minor as muUnitPrice',
            'l.hour_price_minor as durationPrice',
            'l.daily_fee_minor as dailyFee',
            'l.currency',
            'l.start_time as startTime',
            'l.return_time as returnTime',
            'l.status',
            'd.locked',
            'd.lock_reason as lockReason',
            'l.created_at as createdAt',
            sql<string>`(SELECT count(*) FROM lease_charges ch WHERE ch.lease_id = l.id AND ch.kind = 2
              AND NOT EXISTS (SELECT 1 FROM lease_charges rc WHERE rc.replaces_charge_id = ch.id))::text`.as(
              'sorties',
            ),
            sql<string>`(SELECT COALESCE(sum(amount_minor), 0) FROM lease_charges ch WHERE ch.lease_id = l.id
              AND NOT EXISTS (SELECT 1 FROM lease_charges rc WHERE rc.replaces_charge_id = ch.id))::text`.as(
              'charged',
            ),
          ])
          .orderBy('l.id', 'desc')
          .limit(q.size)
          .offset((q.pageIndex - 1) * q.size)
          .execute(),
        base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const records: LeaseRecord[] = rows.map((r) => ({
        ...r,
        currency: r.currency.trim(),
        startTime: r.startTime.getTime(),
        returnTime: r.returnTime ? r.returnTime.getTime() : null,
        createdAt: r.createdAt.getTime(),
        sorties: Number(r.sorties),
        charged: Number(r.charged),
      }));
      return { records, total: Number(count.n) };
    },

    /** Drones of the lessor that can be leased now (online first). */
    async leasable(lessorId: number, onlineWindowMs: number): Promise<RentalDrone[]> {
      const since = new Date(Date.now() - onlineWindowMs);
      const rows = await db
        .selectFrom('drones as d')
        .leftJoin('drone_models as m', 'm.id', 'd.model_id')
        .where('d.zz_account_id', '=', lessorId)
        .where((eb) => eb.or([eb('d.yy_account_id', 'is', null), eb('d.yy_account_id', '=', lessorId)]))
        .where('d.activation_status', '=', 2)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('leases as l')
                .select('l.id')
                .whereRef('l.drone_id', '=', 'd.drone_id')
                .where('l.status', '=', 1),
            ),
          ),
        )
        .select([
          'd.drone_id as droneId',
          'd.drone_name as droneName',
          'd.model_id as modelId',
          'm.model_name as modelName',
          sql<boolean>`COALESCE(d.last_time >= ${since}, false)`.as('online'),
        ])
        .orderBy(sql`COALESCE(d.last_time >= ${since}, false)`, 'desc')
        .orderBy('d.drone_id')
        .execute();
      return rows;
    },

    /** The lessor's lease, locked for the rest of `trx`. */
    async lockOwn(trx: Exec, lessorId: number, id: number) {
      return trx
        .selectFrom('leases')
        .selectAll()
        .where('id', '=', id)
        .where('lessor_account_id', '=', lessorId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /** The client of the lessor's lease (never changes), read before locking it: the client is locked first. */
    async clientOfLease(trx: Exec, lessorId: number, id: number) {
      return trx
        .selectFrom('leases')
        .select('client_id')
        .where('id', '=', id)
        .where('lessor_account_id', '=', lessorId)
        .executeTakeFirst();
    },

    async exists(lessorId: number, id: number) {
      const r = await db
        .selectFrom('leases')
        .select('id')
        .where('id', '=', id)
        .where('lessor_account_id', '=', lessorId)
        .executeTakeFirst();
      return !!r;
    },

    async events(leaseId: number): Promise<LeaseEvent[]> {
      const rows = await db
        .selectFrom('lease_events as e')
        .leftJoin('users as u', 'u.id', 'e.by_user_id')
        .select(['e.id', 'e.action', 'e.detail', 'u.user_name as userName', 'e.at'])
        .where('e.lease_id', '=', leaseId)
        .orderBy('e.id')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.getTime() }));
    },

    async event(trx: Exec, leaseId: number, action: string, detail: Record<string, unknown>, userId: number) {
      await trx
        .insertInto('lease_events')
        .values({ lease_id: leaseId, action, detail: JSON.stringify(detail), by_user_id: userId })
        .execute();
    },

    /** The drones on a client's active leases. */
    async leasedDrones(clientId: number): Promise<LeasedDrone[]> {
      const rows = await db
        .selectFrom('leases as l')
        .innerJoin('drones as d', 'd.drone_id', 'l.drone_id')
        .leftJoin('drone_models as m', 'm.id', 'd.model_id')
        .where('l.client_id', '=', clientId)
        .where('l.status', '=', 1)
        .select([
          'l.id as leaseId',
          'l.drone_id as droneId',
          'd.drone_name as droneName',
          'm.model_name as modelName',
          'l.lease_model as leaseModel',
          'l.start_time as startTime',
          'd.locked',
        ])
        .orderBy('l.drone_id')
        .execute();
      return rows.map((r) => ({ ...r, startTime: r.startTime.getTime() }));
    },

    /** The lessor's basic daily fee of a drone model in a currency (minor), or null. */
    async basicDailyFee(trx: Exec, lessorId: number, modelId: number, currency: string) {
      const r = await trx
        .selectFrom('lease_basic_prices')
        .select('daily_fee_minor')
        .where('lessor_account_id', '=', lessorId)
        .where('model_id', '=', modelId)
        .where('currency', '=', currency)
        .executeTakeFirst();
      return r ? r.daily_fee_minor : null;
    },

    async modelName(trx: Exec, modelId: number) {
      const r = await trx
        .selectFrom('drone_models')
        .select('model_name')
        .where('id', '=', modelId)
        .executeTakeFirst();
      return r?.model_name ?? String(modelId);
    },

    /** When the drone's latest returned lease ended (ms), or null. */
    async lastReturn(trx: Exec, droneId: string) {
      const r = await trx
        .selectFrom('leases')
        .select(sql<Date | null>`max(return_time)`.as('at'))
        .where('drone_id', '=', droneId)
        .where('status', '=', 2)
        .executeTakeFirst();
      return r?.at ? new Date(r.at).getTime() : null;
    },

    /** The start of the latest billed sortie of a lease (ms), or null. */
    async lastSortieStart(trx: Exec, leaseId: number) {
      const r = await trx
        .selectFrom('lease_charges')
        .select(sql<Date | null>`max(start_time)`.as('at'))
        .where('lease_id', '=', leaseId)
        .where('kind', '=', 2)
        .executeTakeFirst();
      return r?.at ? new Date(r.at).getTime() : null;
    },
  };
}
export type LeasesRepo = ReturnType<typeof createLeasesRepo>;
