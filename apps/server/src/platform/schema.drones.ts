/** Kysely table types of the drone registry (migration 0014_drone_registry). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable column that inserts may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

declare module './schema.ts' {
  /** Columns migration 0014 adds to `drones`. */
  interface DronesTable {
    /** The manufacturer's own number for the drone ("manufacturer sign"). */
    zz_drone_num: Optional<string>;
    /** argon2 hash of the lock password; null when the drone is not locked. */
    lock_password_hash: Optional<string>;
    locked_at: Optional<Date>;
    /** Lifetime figures of the drone (all owners), copied from stat_drone by a trigger (0017). */
    total_sorties: Generated<string | number>;
    total_area_mu: Generated<number>;
    total_duration_s: Generated<number>;
    total_volume_l: Generated<number>;
  }
}

/** Who owned a drone when: [valid_from, valid_to), the open period has valid_to null. Kept by a trigger. */
export interface DroneOwnershipsTable {
  id: Generated<number>;
  drone_id: string;
  yy_account_id: number;
  valid_from: Timestamp;
  valid_to: Date | null;
  by_user_id: Optional<number>;
}

/** Pilots that flew a drone (kept by the rollup statements). */
export interface DronePilotsTable {
  pilot_id: number;
  drone_id: string;
}

export interface DroneRegistryTables {
  drone_ownerships: DroneOwnershipsTable;
  drone_pilots: DronePilotsTable;
}
