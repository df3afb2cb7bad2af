/**
 * Work records in SQL: the billing snapshot of lease_charges (written at landing by billing.ts and
 * by the daily fee job, dailyFees.ts), newest first. A page is read through the lessor's or the
 * client's index (lease_charges_lessor_idx / lease_charges_client_idx: account, start_time DESC,
 * id DESC); the names (drone, accounts, pilot, block) are joined for the page's rows only. The
 * summary is a second query over the same filters.
 */
import type { JobRecordQuery, JobRecordRow, JobRecordSummary } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';

/** Whose charges: the lessor's, the client's, or both named (one client of one lessor). */
export interface RecordScope {
  lessorAccountId?: number;
  clientAccountId?: number;
}

export type RecordFilters = Pick<JobRecordQuery, 'droneId' | 'startTime' | 'endTime' | 'kind'>;
interface Paging {
  pageIndex: number;
  size: number;
}

export function createRecordsRepo(db: Db) {
  const filtered = (scope: RecordScope, f: RecordFilters) => {
    // A charge replaced by a reopened sortie's (billing.ts rebillSortie) is no record of its own.
    let q = db
      .selectFrom('lease_charges as c')
      .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM lease_charges rc WHERE rc.replaces_charge_id = c.id)`);
    if (scope.lessorAccountId !== undefined) q = q.where('c.lessor_account_id', '=', scope.lessorAccountId);
    if (scope.clientAccountId !== undefined) q = q.where('c.client_account_id', '=', scope.clientAccountId);
    if (f.droneId) q = q.where(sql<boolean>`c.drone_id ILIKE ${likePattern(f.droneId)}`);
    if (f.startTime !== undefined) q = q.where('c.start_time', '>=', new Date(f.startTime));
    if (f.endTime !== undefined) q = q.where('c.start_time', '<=', new Date(f.endTime));
    if (f.kind !== undefined) q = q.where('c.kind', '=', f.kind);
    return q;
  };

  /** The page's charges (an index scan of the lessor's or the client's index). */
  const pageQuery = (scope: RecordScope, f: RecordFilters, paging: Paging) =>
    filtered(scope, f)
      .selectAll('c')
      .orderBy('c.start_time', 'desc')
      .orderBy('c.id', 'desc')
      .limit(paging.size)
      .offset((paging.pageIndex - 1) * paging.size);

  return {
    pageQuery,

    /** One page, newest first (start_time, then id), with its names. */
    async page(scope: RecordScope, f: RecordFilters, paging: Paging): Promise<JobRecordRow[]> {
      const rows = await db
        .selectFrom(pageQuery(scope, f, paging).as('p'))
        .leftJoin('drones as d', 'd.drone_id', 'p.drone_id')
        .leftJoin('accounts as ca', 'ca.id', 'p.client_account_id')
        .leftJoin('accounts as la', 'la.id', 'p.lessor_account_id')
        .leftJoin('users as u', 'u.id', 'p.pilot_id')
        .leftJoin('sorties as s', 's.sortie_id', 'p.sortie_id')
        .leftJoin('blocks as b', 'b.block_id', 's.block_id')
        .select([
          'p.id',
          'p.kind',
          'p.sortie_id',
          sql<string | null>`to_char(p.fee_day, 'YYYY-MM-DD')`.as('fee_day'),
          'p.drone_id',
          'd.drone_name',
          'p.lease_id',
          'p.lease_model',
          'p.client_account_id',
          'ca.account_name as client_name',
          'p.lessor_account_id',
          'la.account_name as lessor_name',
          'p.pilot_id',
          'u.user_name as pilot_name',
          'b.block_id',
          'b.block_name',
          'p.start_time',
          'p.end_time',
          'p.area_mu',
          'p.duration_s',
          'p.mu_price_minor',
          'p.hour_price_minor',
          'p.daily_fee_minor',
          'p.amount_minor',
          'p.currency',
        ])
        .orderBy('p.start_time', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        sortieId: r.sortie_id === null ? null : Number(r.sortie_id),
        feeDay: r.fee_day,
        droneId: r.drone_id,
        droneName: r.drone_name ?? null,
        leaseId: r.lease_id,
        leaseModel: r.lease_model,
        accountId: r.client_account_id,
        accountName: r.client_name ?? null,
        zzAccountId: r.lessor_account_id,
        zzAccountName: r.lessor_name ?? null,
        pilotId: r.pilot_id,
        pilotName: r.pilot_name ?? null,
        blockId: r.block_id === null ? null : Number(r.block_id),
        blockName: r.block_name ?? null,
        startTime: new Date(r.start_time).getTime(),
        endTime: new Date(r.end_time).getTime(),
        areaMu: Number(r.area_mu),
        durationS: Number(r.duration_s),
        muUnitPrice: Number(r.mu_price_minor),
        durationPrice: Number(r.hour_price_minor),
        dailyFee: Number(r.daily_fee_minor),
        amount: Number(r.amount_minor),
        currency: r.currency.trim(),
      }));
    },

    /** Count, area, duration and the amount per currency of the filtered set. */
    async summary(scope: RecordScope, f: RecordFilters): Promise<JobRecordSummary> {
      const rows = await filtered(scope, f)
        .select([
          'c.currency',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.coalesce(eb.fn.sum<number>('c.area_mu'), sql<number>`0`).as('area'),
          (eb) => eb.fn.coalesce(eb.fn.sum<string>('c.duration_s'), sql<string>`0`).as('duration'),
          (eb) => eb.fn.coalesce(eb.fn.sum<string>('c.amount_minor'), sql<string>`0`).as('amount'),
        ])
        .groupBy('c.currency')
        .orderBy('c.currency')
        .execute();
      let count = 0;
      let areaMu = 0;
      let durationS = 0;
      for (const r of rows) {
        count += Number(r.n);
        areaMu += Number(r.area);
        durationS += Number(r.duration);
      }
      return {
        count,
        areaMu,
        durationS,
        amounts: rows.map((r) => ({ currency: r.currency.trim(), amount: Number(r.amount) })),
      };
    },
  };
}
export type RecordsRepo = ReturnType<typeof createRecordsRepo>;
