/** Kysely table types of migration 0025_orders (orders and invoices; modules/orders/README.md). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns: platform/db.ts parses them as numbers (safe below 2^53). */
type Minor = ColumnType<number, number, number>;

export interface InvoiceInfosTable {
  account_id: number;
  /** 1 ordinary VAT invoice, 2 special VAT invoice. */
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
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface InvoicesTable extends Omit<InvoiceInfosTable, 'updated_by' | 'updated_at'> {
  id: Generated<number>;
  amount_minor: Minor;
  currency: string;
  /** 1 applied, 2 issued. */
  status: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  issued_by: number | null;
  issued_at: Date | null;
}

export interface OrdersTable {
  id: Generated<number>;
  order_sn: string;
  /** 1 first service year, 2 renewal. */
  order_type: number;
  drone_id: string;
  /** The manufacturer that pays (the drone's manufacturer). */
  account_id: number;
  year: number;
  amount_minor: Minor;
  currency: string;
  /** 1 unpaid, 2 paid, 3 cancelled. */
  status: Generated<number>;
  invoice_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  paid_at: Date | null;
  cancelled_at: Date | null;
  /** Migration 0029: the current payment attempt (0: none yet; trade number 'OR' + order_sn + attempt). */
  pay_attempt: Generated<number>;
  pay_provider: string | null;
  pay_code_url: string | null;
  pay_started_by: number | null;
  pay_expires_at: Date | null;
}

/** Append-only (a trigger refuses UPDATE and DELETE). */
export interface OrderPaymentsTable {
  id: Generated<string>;
  order_id: number;
  provider: string;
  provider_ref: string;
  amount_minor: Minor;
  currency: string;
  by_user_id: number | null;
  at: Timestamp;
}

/** Append-only; the entries of one payment sum to zero; a book's balance is the sum of its entries. */
export interface OrderLedgerTable {
  id: Generated<string>;
  payment_id: string | number;
  /** 'account:{id}' (the payer) or 'platform:serviceFees'. */
  book: string;
  amount_minor: Minor;
  currency: string;
  at: Timestamp;
}

export interface OrderTables {
  invoice_infos: InvoiceInfosTable;
  invoices: InvoicesTable;
  orders: OrdersTable;
  order_payments: OrderPaymentsTable;
  order_ledger: OrderLedgerTable;
}
