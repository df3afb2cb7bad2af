/** Kysely table types of migration 0027_leasing (modules/leasing/README.md). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns: platform/db.ts parses them as numbers (safe below 2^53). */
type Minor = ColumnType<number, number, number>;
type Day = ColumnType<string, string, string>;

export interface LeasesTable {
  id: Generated<number>;
  lessor_account_id: number;
  client_id: number;
  client_account_id: number;
  drone_id: string;
  /** 1 by area, 2 by time, 3 both, 5 shared (area; the drone stays in the lessor's fleet). */
  lease_model: number;
  mu_price_minor: Minor;
  hour_price_minor: Minor;
  /** The daily base fee (null: none). */
  daily_fee_minor: Minor | null;
  currency: string;
  start_time: Timestamp;
  return_time: Timestamp | null;
  /** 1 leasing, 2 returned, 3 cancelled. */
  status: Generated<number>;
  previous_yy_account_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LeaseEventsTable {
  id: Generated<number>;
  lease_id: number;
  action: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  by_user_id: number | null;
  at: Timestamp;
}

export interface LeaseLedgerTable {
  id: Generated<number>;
  txn_id: Minor;
  /** 'client:{leaseClientId}' (the wallet), 'lessor:{accountId}' (revenue), 'provider:{name}' (cash in). */
  book: string;
  client_id: number | null;
  amount_minor: Minor;
  currency: string;
  /** LEDGER_KINDS: 1 recharge, 2 sortie charge, 3 daily fee, 4 adjustment. */
  kind: number;
  ref: string;
  created_at: Timestamp;
}

export interface LeaseChargesTable {
  id: Generated<number>;
  /** 2 sortie, 3 daily base fee. */
  kind: number;
  sortie_id: number | null;
  lease_id: number;
  fee_day: ColumnType<string | null, string | null | undefined, never>;
  client_id: number;
  lessor_account_id: number;
  client_account_id: number;
  drone_id: string;
  pilot_id: number | null;
  start_time: Timestamp;
  end_time: Timestamp;
  area_mu: ColumnType<number, number | undefined, number>;
  duration_s: ColumnType<number, number | undefined, number>;
  lease_model: number;
  mu_price_minor: ColumnType<number, number | undefined, number>;
  hour_price_minor: ColumnType<number, number | undefined, number>;
  daily_fee_minor: ColumnType<number, number | undefined, number>;
  amount_minor: Minor;
  currency: string;
  txn_id: Minor | null;
  created_at: Timestamp;
  /** The charge of the same sortie this one replaces (a reopened sortie, migration 0032). */
  replaces_charge_id: ColumnType<number | null, number | null | undefined, never>;
}

export interface LeaseRechargesTable {
  id: Generated<number>;
  out_trade_no: string;
  client_id: number;
  lessor_account_id: number;
  client_account_id: number;
  amount_minor: Minor;
  currency: string;
  provider: string;
  /** 1 pending, 2 paid, 3 closed (expired or failed). */
  status: Generated<number>;
  code_url: string | null;
  provider_txn_id: string | null;
  txn_id: Minor | null;
  created_by: number | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  expires_at: Timestamp;
}

export interface LeasePaymentNoticesTable {
  id: Generated<number>;
  provider: string;
  out_trade_no: string | null;
  verified: boolean;
  outcome: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: string | null;
  at: Timestamp;
}

export interface LeaseLocksTable {
  id: Generated<number>;
  client_id: number;
  locked: boolean;
  drone_ids: string[];
  balance_minor: Minor;
  currency: string;
  /** 'charge', 'recharge', 'lease', 'limit', 'return' ... what moved the balance or the set. */
  cause: string;
  at: Timestamp;
}

export interface LeaseBasicPricesTable {
  id: Generated<number>;
  lessor_account_id: number;
  model_id: number;
  currency: string;
  daily_fee_minor: Minor;
  mu_price_minor: Minor;
  hour_price_minor: Minor;
  updated_by: number | null;
  updated_at: Timestamp;
}

interface LeaseFigures {
  lessor_account_id: number;
  client_account_id: number;
  sorties: number;
  area_mu: number;
  duration_s: Minor;
  charge_minor: Minor;
}

export interface LeaseStatTable extends LeaseFigures {
  grain: 'd' | 'm';
  period: Day;
  currency: string;
  fee_minor: Minor;
}

export interface LeaseStatDroneTable extends LeaseFigures {
  drone_id: string;
}

export interface LeaseStatPilotTable extends LeaseFigures {
  pilot_id: number;
}

export interface LeasingTables {
  leases: LeasesTable;
  lease_events: LeaseEventsTable;
  lease_ledger: LeaseLedgerTable;
  lease_charges: LeaseChargesTable;
  lease_recharges: LeaseRechargesTable;
  lease_payment_notices: LeasePaymentNoticesTable;
  lease_locks: LeaseLocksTable;
  lease_basic_prices: LeaseBasicPricesTable;
  lease_stat: LeaseStatTable;
  lease_stat_drone: LeaseStatDroneTable;
  lease_stat_pilot: LeaseStatPilotTable;
}
