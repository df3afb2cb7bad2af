/** Kysely table types of the firmware tools (migration 0040_firmware; modules/firmware/README.md). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable column that inserts may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** An account's Ed25519 signing keys: the public half only (the private one is handed out once). */
export interface FirmwareKeysTable {
  /** First 8 bytes of SHA-256(SPKI DER), hex: MCUboot's KEYHASH prefix. */
  key_id: string;
  account_id: number;
  /** SubjectPublicKeyInfo DER, 44 bytes. */
  spki: Buffer;
  created_by: Optional<number>;
  created_at: Timestamp;
  revoked_at: Optional<Date>;
  revoked_by: Optional<number>;
}

/** A drone model's X25519 device key: images for the model are encrypted for it. */
export interface FirmwareDeviceKeysTable {
  model_id: number;
  key_id: string;
  spki: Buffer;
  /** The PKCS#8 PEM of the private half, sealed (platform/seal.ts): the console decrypts with it. */
  private_sealed: string;
  created_by: Optional<number>;
  created_at: Timestamp;
  private_downloaded_at: Optional<Date>;
  private_downloaded_by: Optional<number>;
}

/** Plain firmware and the images made from it; the bytes are under DATA_DIR/firmware/files. */
export interface FirmwareFilesTable {
  id: Generated<string>;
  account_id: number;
  firmware_type: 'plain' | 'encrypted';
  file_name: string;
  /** The file's name on disk: <storage_id>.bin. */
  storage_id: string;
  model_id: number;
  version: string;
  size: string | number;
  sha256: string;
  /** Plain: what was uploaded. */
  format: Optional<'bin' | 'hex'>;
  /** Images: the signer, the SHA256 TLV, the device key and the plain firmware's name. */
  key_id: Optional<string>;
  digest: Optional<string>;
  device_key_id: Optional<string>;
  source_file_name: Optional<string>;
  created_by: Optional<number>;
  created_at: Timestamp;
}

/** The latest signed statement binding a remote controller to an account. */
export interface FirmwareRcBindingsTable {
  id: Generated<string>;
  account_id: number;
  rcid: string;
  key_id: string;
  /** The statement's `time`, ms. */
  time_ms: string | number;
  /** Ed25519 signature, base64url. */
  sig: string;
  created_by: Optional<number>;
  created_at: Timestamp;
}

/** A drone's flight-log signing keys (its maker registers them). */
export interface DroneLogKeysTable {
  drone_id: string;
  /** flightLog ed25519KeyId: "ed25519:" and 32 hex digits. */
  key_id: string;
  spki: Buffer;
  created_by: Optional<number>;
  created_at: Timestamp;
  revoked_at: Optional<Date>;
  revoked_by: Optional<number>;
}

/** Drone-signed flight logs received and verified (migration 0044_flight_logs). */
export interface FlightLogsTable {
  id: Generated<string>;
  drone_id: string;
  key_id: string;
  /** The drone's own name for the sortie (the log header's sortieId). */
  log_sortie: string;
  first_time: Date;
  last_time: Date;
  records: number;
  /** The chain head the signature covers (64 hex digits): one row per distinct log. */
  head: string;
  log_gz: Buffer;
  received_at: Timestamp;
}

export interface FirmwareTables {
  firmware_keys: FirmwareKeysTable;
  firmware_device_keys: FirmwareDeviceKeysTable;
  firmware_files: FirmwareFilesTable;
  firmware_rc_bindings: FirmwareRcBindingsTable;
  drone_log_keys: DroneLogKeysTable;
  flight_logs: FlightLogsTable;
}
