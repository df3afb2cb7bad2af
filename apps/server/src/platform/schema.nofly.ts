/**
 * Kysely table types of the nofly tables (migration 0015_nofly_versions): the zones' version
 * history, and the columns that migration adds to `nofly_zones` and `anomalies` (merged into their
 * interfaces in schema.ts, so those stay declared once).
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** What made a version. */
export type NoflyChange = 'create' | 'update' | 'enable' | 'disable' | 'delete';

/** One row per version of a zone: the whole zone as it was from `changed_at` on. */
export interface NoflyZoneVersionsTable {
  zone_id: number;
  version: number;
  name: string;
  detail_address: string | null;
  nofly_type: 1 | 2;
  shape: 'polygon' | 'circle';
  /** GeoJSON, written as a JSON string. */
  geometry: ColumnType<unknown, string, string>;
  radius_m: number | null;
  region_code: number | null;
  enabled: boolean;
  change: NoflyChange;
  changed_by_account_id: number | null;
  changed_by_user_id: number | null;
  changed_at: Timestamp;
}

export interface NoflyTables {
  nofly_zone_versions: NoflyZoneVersionsTable;
}

declare module './schema.ts' {
  interface NoflyZonesTable {
    /** The current version (nofly_zone_versions.version). */
    version: Generated<number>;
    /** Soft delete: the zone and its versions stay for the alerts raised against them. */
    deleted_at: Date | null;
  }
  interface AnomaliesTable {
    /** The version of the zone (nofly_id) a no-fly anomaly was raised against. */
    nofly_version: Generated<number | null>;
  }
}
