/** Kysely table types of migration 0022_approvals (user applications; account_applies is in schema.ts). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserAppliesTable {
  id: Generated<number>;
  /** The account the person asks to join. */
  account_id: number;
  user_name: string;
  phone_country: string;
  phone: string;
  password_hash: string;
  /** 1 unaudited, 2 passed, 3 rejected. */
  apply_status: Generated<number>;
  reason: string | null;
  /** The applicant's language (zh, en, zh-TW, th, ko), for the decision's message. */
  lang: string | null;
  /** The user created when it passed. */
  user_id: number | null;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  created_at: Timestamp;
}

export interface ApprovalTables {
  user_applies: UserAppliesTable;
}
