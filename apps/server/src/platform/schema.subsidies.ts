/** Kysely table types of the subsidy tables (migration 0035_subsidies; modules/subsidies/README.md). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface SubsidyRateVersionsTable {
  rate_version_id: Generated<number>;
  region_code: number;
  year: number;
  /** RateRow[] (subsidyRule.ts). */
  rows: Json;
  hill_regions: ColumnType<number[], number[] | undefined, never>;
  remark: Generated<string>;
  created_by: number | null;
  created_by_name: Generated<string>;
  created_at: Timestamp;
}

export interface SubsidiesTable {
  subsidy_id: Generated<number>;
  /** 't:<tftzId>' or 'r:<region>:<year>': unique with the operator. */
  programme_key: string;
  tftz_id: number | null;
  tftz_name: string | null;
  region_code: number;
  year: number;
  yy_account_id: number;
  /** 1 computed, 2 sealed. */
  status: Generated<number>;
  rate_version_id: number;
  quota_mu: number | null;
  rule_version: string;
  sortie_count: Generated<number>;
  monitored_mu: Generated<number>;
  qualified_mu: Generated<number>;
  paid_mu: Generated<number>;
  amount_fen: ColumnType<string, number | string | undefined, number | string>;
  by_reason: Json;
  computed_at: Timestamp;
  sealed_at: Date | null;
  sealed_by: number | null;
  digest: string | null;
}

export interface SubsidySortiesTable {
  subsidy_id: number;
  sortie_id: number;
  start_time: Date;
  drone_id: string;
  zz_account_id: number;
  region_code: number | null;
  /** The line's evidence (SortieEvidence plus what the detail shows). */
  evidence: Json;
  monitored_mu: number;
  qualified_mu: number;
  paid_mu: number;
  amount_fen: ColumnType<string, number | string, number | string>;
  rate_fen: number | null;
  deductions: Json;
}

export interface SubsidySpotDrawsTable {
  id: Generated<number>;
  subsidy_id: number;
  seed: ColumnType<string, number, never>;
  size: number;
  sortie_ids: ColumnType<string[], number[], never>;
  drawn_by: number | null;
  drawn_at: Timestamp;
}

export interface SubsidySpotResultsTable {
  subsidy_id: number;
  sortie_id: number;
  result: 'passed' | 'failed';
  note: string | null;
  checked_by: number | null;
  checked_at: Timestamp;
}

export interface SubsidyTables {
  subsidy_rate_versions: SubsidyRateVersionsTable;
  subsidies: SubsidiesTable;
  subsidy_sorties: SubsidySortiesTable;
  subsidy_spot_draws: SubsidySpotDrawsTable;
  subsidy_spot_results: SubsidySpotResultsTable;
}
