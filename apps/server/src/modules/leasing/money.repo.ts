/** Leasing money's queries (issue 13): recharges, deductions (lease_charges), locks, notices. */
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';

/** Whose rows a list shows: a lessor's (optionally one client's) or a tenant's (optionally one lessor's). */
export interface Scope {
  lessorAccountId?: number;
  clientAccountId?: number;
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

export interface RechargeRecord {
  id: number;
  out_trade_no: string;
  client_id: number;
  lessor_account_id: number;
  client_account_id: number;
  amount_minor: number;
  currency: string;
  provider: string;
  status: number;
  provider_txn_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  expires_at: Date;
}

const rechargeCols = [
  'r.id',
  'r.out_trade_no',
  'r.client_id',
  'r.lessor_account_id',
  'r.client_account_id',
  'r.amount_minor',
  'r.currency',
  'r.provider',
  'r.status',
  'r.provider_txn_id',
  'r.created_at',
  'r.paid_at',
  'r.expires_at',
] as const;

export function createMoneyRepo(db: Db) {
  return {
    async rechargePage(scope: Scope, q: { status?: number; pageIndex: number; size: number }) {
      let base = db.selectFrom('lease_recharges as r');
      if (scope.lessorAccountId !== undefined)
        base = base.where('r.lessor_account_id', '=', scope.lessorAccountId);
      if (scope.clientAccountId !== undefined)
        base = base.where('r.client_account_id', '=', scope.clientAccountId);
      if (q.status !== undefined) base = base.where('r.status', '=', q.status);
      const [rows, count] = await Promise.all([
        base
          .innerJoin('accounts as c', 'c.id', 'r.client_account_id')
          .innerJoin('accounts as l', 'l.id', 'r.lessor_account_id')
          .select([...rechargeCols, 'c.account_name as client_name', 'l.account_name as lessor_name'])
          .orderBy('r.id', 'desc')
          .limit(q.size)
          .offset((q.pageIndex - 1) * q.size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        records: rows.map((r) => ({
          id: r.id,
          outTradeNo: r.out_trade_no,
          accountId: r.client_account_id,
          accountName: r.client_name,
          zzAccountId: r.lessor_account_id,
          zzAccountName: r.lessor_name,
          amount: r.amount_minor,
          currency: r.currency.trim(),
          provider: r.provider,
          status: r.status,
          createdAt: r.created_at.getTime(),
          paidAt: ms(r.paid_at),
        })),
      };
    },

    async deductionPage(
      scope: Scope,
      q: { kind?: number; startTime?: number; endTime?: number; pageIndex: number; size: number },
    ) {
      // A charge replaced by a reopened sortie's (billing.ts rebillSortie) is no deduction of its own.
      let base = db
        .selectFrom('lease_charges as ch')
        .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM lease_charges rc WHERE rc.replaces_charge_id = ch.id)`);
      if (scope.lessorAccountId !== undefined)
        base = base.where('ch.lessor_account_id', '=', scope.lessorAccountId);
      if (scope.clientAccountId !== undefined)
        base = base.where('ch.client_account_id', '=', scope.clientAccountId);
      if (q.kind !== undefined) base = base.where('ch.kind', '=', q.kind);
      if (q.startTime !== undefined) base = base.where('ch.start_time', '>=', new Date(q.startTime));
      if (q.endTime !== undefined) base = base.where('ch.start_time', '<=', new Date(q.endTime));
      const [rows, count] = await Promise.all([
        base
          .innerJoin('accounts as c', 'c.id', 'ch.client_account_id')
          .select([
            'ch.id',
            'ch.kind',
            'ch.sortie_id',
            'ch.fee_day',
            'ch.drone_id',
            'ch.lease_id',
            'ch.lease_model',
            'ch.area_mu',
            'ch.duration_s',
            'ch.amount_minor',
            'ch.currency',
            'ch.start_time',
            'ch.client_account_id',
            'c.account_name',
          ])
          .orderBy('ch.start_time', 'desc')
          .orderBy('ch.id', 'desc')
          .limit(q.size)
          .offset((q.pageIndex - 1) * q.size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        records: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          sortieId: r.sortie_id,
          feeDay: r.fee_day,
          droneId: r.drone_id,
          leaseId: r.lease_id,
          leaseModel: r.lease_model,
          areaMu: r.area_mu,
          durationS: r.duration_s,
          amount: r.amount_minor,
          currency: r.currency.trim(),
          startTime: r.start_time.getTime(),
          accountId: r.client_account_id,
          accountName: r.account_name,
        })),
      };
    },

    /** Drones of the client's active leases that leasing locked for the balance. */
    async lockedDrones(clientId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('leases as l')
        .innerJoin('drones as d', 'd.drone_id', 'l.drone_id')
        .select('d.drone_id')
        .where('l.client_id', '=', clientId)
        .where('l.status', '=', 1)
        .where('d.locked', '=', true)
        .where('d.lock_reason', '=', 'balance')
        .orderBy('d.drone_id')
        .execute();
      return rows.map((r) => r.drone_id);
    },

    async lockEvents(clientId: number, limit = 20) {
      const rows = await db
        .selectFrom('lease_locks')
        .select(['locked', 'drone_ids', 'balance_minor', 'cause', 'at'])
        .where('client_id', '=', clientId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        locked: r.locked,
        droneIds: r.drone_ids,
        balance: r.balance_minor,
        cause: r.cause,
        at: r.at.getTime(),
      }));
    },

    async insertRecharge(v: {
      outTradeNo: string;
      clientId: number;
      lessorAccountId: number;
      clientAccountId: number;
      amountMinor: number;
      currency: string;
      provider: string;
      createdBy: number;
      expiresAt: Date;
    }) {
      return db
        .insertInto('lease_recharges')
        .values({
          out_trade_no: v.outTradeNo,
          client_id: v.clientId,
          lessor_account_id: v.lessorAccountId,
          client_account_id: v.clientAccountId,
          amount_minor: v.amountMinor,
          currency: v.currency,
          provider: v.provider,
          created_by: v.createdBy,
          expires_at: v.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    async setCodeUrl(outTradeNo: string, codeUrl: string) {
      await db
        .updateTable('lease_recharges')
        .set({ code_url: codeUrl })
        .where('out_trade_no', '=', outTradeNo)
        .execute();
    },

    /** Closes a pending recharge (expired, refused by the provider, or never opened there). */
    async close(outTradeNo: string) {
      await db
        .updateTable('lease_recharges')
        .set({ status: 3 })
        .where('out_trade_no', '=', outTradeNo)
        .where('status', '=', 1)
        .execute();
    },

    async recharge(outTradeNo: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('lease_recharges as r')
        .select(rechargeCols)
        .where('r.out_trade_no', '=', outTradeNo)
        .executeTakeFirst() as Promise<RechargeRecord | undefined>;
    },

    async rechargeForUpdate(trx: Kysely<Database>, outTradeNo: string) {
      return trx
        .selectFrom('lease_recharges as r')
        .select(rechargeCols)
        .where('r.out_trade_no', '=', outTradeNo)
        .forUpdate()
        .executeTakeFirst() as Promise<RechargeRecord | undefined>;
    },

    async markPaid(trx: Kysely<Database>, id: number, v: { providerTxnId: string | null; txnId: number }) {
      await trx
        .updateTable('lease_recharges')
        .set({ status: 2, paid_at: sql<Date>`now()`, provider_txn_id: v.providerTxnId, txn_id: v.txnId })
        .where('id', '=', id)
        .execute();
    },

    /** Pending recharges older than `ageMs`, oldest first. */
    async pending(ageMs: number, limit = 100) {
      return db
        .selectFrom('lease_recharges as r')
        .select(rechargeCols)
        .where('r.status', '=', 1)
        .where('r.created_at', '<', new Date(Date.now() - ageMs))
        .orderBy('r.created_at')
        .limit(limit)
        .execute() as Promise<RechargeRecord[]>;
    },

    async insertNotice(v: {
      provider: string;
      outTradeNo: string | null;
      verified: boolean;
      outcome: string;
      detail: Record<string, unknown>;
      ip: string | null;
    }) {
      await db
        .insertInto('lease_payment_notices')
        .values({
          provider: v.provider,
          out_trade_no: v.outTradeNo,
          verified: v.verified,
          outcome: v.outcome,
          detail: JSON.stringify(v.detail),
          ip: v.ip,
        })
        .execute();
    },

    async accountNames(ids: number[]) {
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'account_name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.account_name]));
    },
  };
}
export type MoneyRepo = ReturnType<typeof createMoneyRepo>;
