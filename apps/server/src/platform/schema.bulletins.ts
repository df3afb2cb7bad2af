/** Kysely table types of migration 0024_bulletins (Bulletins: ordinary and anomaly bulletins, reads, level-1 SMS). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BulletinsTable {
  id: Generated<number>;
  title: string;
  content: string;
  to_manufacturer: boolean;
  to_owner: boolean;
  account_id: number;
  user_id: number | null;
  created_at: Timestamp;
}

export interface BulletinReadsTable {
  user_id: number;
  /** 1 anomaly (item_id = anomalies.id), 2 ordinary (item_id = bulletins.id). */
  bulletin_type: number;
  item_id: number;
  read_at: Timestamp;
}

/** Everything of the type with an id up to `upto` counts as read. */
export interface BulletinReadMarksTable {
  user_id: number;
  bulletin_type: number;
  upto: number;
}

/** One row per no-fly anomaly whose level-1 SMS went out (the once-per-incursion key). */
export interface BulletinLevel1SmsTable {
  anomaly_id: number;
  /** The anomaly's drone: the distribution column (migration 0047). */
  drone_id: string;
  account_id: number;
  recipients: Generated<number>;
  created_at: Timestamp;
}

export interface BulletinTables {
  bulletins: BulletinsTable;
  bulletin_reads: BulletinReadsTable;
  bulletin_read_marks: BulletinReadMarksTable;
  bulletin_level1_sms: BulletinLevel1SmsTable;
}
