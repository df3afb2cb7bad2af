/**
 * Invoice info and invoices in SQL. `owner` as in orders.repo.ts: the caller's account, or null
 * for the platform (all).
 */

import type { InvoiceInfo, InvoiceInfoValues, InvoiceListQuery, InvoiceRow } from '@agrifleet/domain';
import { INVOICE_STATUS, ORDER_STATUS } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { Owner } from './orders.repo.ts';

const ms = (d: Date | null) => (d ? d.getTime() : null);

const INFO_COLUMNS = [
  'ticket_type',
  'busi_name',
  'tax_num',
  'reg_address',
  'contact_phone',
  'bank',
  'bank_account',
  'getter_phone',
  'getter_name',
  'getter_address',
] as const;

type InfoRow = {
  ticket_type: number;
  busi_name: string;
  tax_num: string;
  reg_address: string | null;
  contact_phone: string | null;
  bank: string | null;
  bank_account: string | null;
  getter_phone: string;
  getter_name: string;
  getter_address: string;
};
const infoOf = (r: InfoRow): InvoiceInfo => ({
  ticketType: r.ticket_type,
  busiName: r.busi_name,
  taxNum: r.tax_num,
  regAddress: r.reg_address,
  contactPhone: r.contact_phone,
  bank: r.bank,
  bankAccount: r.bank_account,
  getterPhone: r.getter_phone,
  getterName: r.getter_name,
  getterAddress: r.getter_address,
});
const infoColumns = (v: InvoiceInfoValues): InfoRow => ({
  ticket_type: v.ticketType,
  busi_name: v.busiName,
  tax_num: v.taxNum,
  reg_address: v.regAddress,
  contact_phone: v.contactPhone,
  bank: v.bank,
  bank_account: v.bankAccount,
  getter_phone: v.getterPhone,
  getter_name: v.getterName,
  getter_address: v.getterAddress,
});

export function createInvoicesRepo(db: Db) {
  return {
    async invoiceInfo(accountId: number): Promise<(InvoiceInfo & { updatedAt: number }) | null> {
      const row = await db
        .selectFrom('invoice_infos')
        .select([...INFO_COLUMNS, 'updated_at'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row ? { ...infoOf(row), updatedAt: row.updated_at.getTime() } : null;
    },

    async saveInvoiceInfo(accountId: number, userId: number, v: InvoiceInfoValues) {
      const cols = infoColumns(v);
      await db
        .insertInto('invoice_infos')
        .values({ account_id: accountId, updated_by: userId, ...cols })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet({ ...cols, updated_by: userId, updated_at: sql`now()` }),
        )
        .execute();
    },

    /**
     * Applies for an invoice: the orders (locked) must all be the account's, paid and on no invoice,
     * in one currency. The invoice keeps a copy of the info and the total; the orders point to it.
     */
    async applyInvoice(
      accountId: number,
      userId: number,
      orderIds: number[],
      info: InvoiceInfo,
    ): Promise<'invalid' | 'mixed' | number> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('orders')
          .select(['id', 'amount_minor', 'currency'])
          .where('id', 'in', orderIds)
          .where('account_id', '=', accountId)
          .where('status', '=', ORDER_STATUS.paid)
          .where('invoice_id', 'is', null)
          .forUpdate()
          .execute();
        if (rows.length !== orderIds.length) return 'invalid' as const;
        const currencies = new Set(rows.map((r) => r.currency));
        if (currencies.size !== 1) return 'mixed' as const;
        // Summed as bigint in SQL terms: integer minor units, never floating point.
        const total = rows.reduce((s, r) => s + BigInt(r.amount_minor), 0n);
        const invoice = await trx
          .insertInto('invoices')
          .values({
            account_id: accountId,
            ...infoColumns({ ...info, ticketType: info.ticketType as 1 | 2 }),
            amount_minor: Number(total),
            currency: rows[0]?.currency as string,
            created_by: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('orders').set({ invoice_id: invoice.id }).where('id', 'in', orderIds).execute();
        return invoice.id;
      });
    },

    async listInvoices(owner: Owner, q: InvoiceListQuery): Promise<{ records: InvoiceRow[]; total: number }> {
      let query = db.selectFrom('invoices as i').innerJoin('accounts as a', 'a.id', 'i.account_id');
      if (owner !== null) query = query.where('i.account_id', '=', owner);
      if (q.status !== undefined) query = query.where('i.status', '=', q.status);
      const [rows, count] = await Promise.all([
        query
          .select(INFO_COLUMNS.map((c) => `i.${c}` as const))
          .select([
            'i.id',
            'i.account_id',
            'a.account_name',
            'i.amount_minor',
            'i.currency',
            'i.status',
            'i.created_at',
            'i.issued_at',
            sql<string[]>`ARRAY(SELECT o.order_sn FROM orders o WHERE o.invoice_id = i.id ORDER BY o.id)`.as(
              'order_sns',
            ),
          ])
          .orderBy('i.id', 'desc')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        records: rows.map((r) => ({
          ...infoOf(r),
          ticketId: r.id,
          accountId: r.account_id,
          accountName: r.account_name,
          amount: Number(r.amount_minor),
          currency: r.currency,
          status: r.status,
          orderSns: r.order_sns,
          createdAt: r.created_at.getTime(),
          issuedAt: ms(r.issued_at),
        })),
      };
    },

    /** Advances an invoice 1 applied -> 2 issued; 'missing' or 'issued' when it cannot. */
    async issueInvoice(ticketId: number, userId: number): Promise<'missing' | 'issued' | 'done'> {
      const r = await db
        .updateTable('invoices')
        .set({ status: INVOICE_STATUS.issued, issued_at: sql`now()`, issued_by: userId })
        .where('id', '=', ticketId)
        .where('status', '=', INVOICE_STATUS.applied)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) return 'done';
      const exists = await db
        .selectFrom('invoices')
        .select('id')
        .where('id', '=', ticketId)
        .executeTakeFirst();
      return exists ? 'issued' : 'missing';
    },
  };
}
export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>;
