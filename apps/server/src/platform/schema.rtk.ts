/** Kysely table types of the rtk tables (migration 0016_rtk). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RtkDevicesTable {
  dev_id: string;
  /** The drone the terminal is mounted on (one terminal per drone). */
  drone_id: string | null;
  /** The manufacturer whose list shows it (the drone's manufacturer when mounted). */
  zz_account_id: number;
  pn: string;
  /** 1 drone, 2 ground station, 3 handheld surveyor. */
  type: number;
  /** Upper case, colon-separated. */
  btaddr: string;
  /** The service key, sealed (platform/seal.ts); never sent whole. */
  qxdsk_sealed: string | null;
  /** The key as lists show it (maskQxdsk). */
  qxdsk_mask: string | null;
  /** HMAC of the key under the server secret: one key, one device. */
  qxdsk_hash: string | null;
  allowed: Generated<boolean>;
  expires_at: Date | null;
  created_at: Timestamp;
}

export interface RtkRenewalsTable {
  id: Generated<number>;
  dev_id: string;
  days: number;
  by_user_id: number;
  method: 'phone' | 'btaddr';
  old_expires_at: Date | null;
  new_expires_at: Date;
  at: Timestamp;
}

export interface RtkTables {
  rtk_devices: RtkDevicesTable;
  rtk_renewals: RtkRenewalsTable;
}
