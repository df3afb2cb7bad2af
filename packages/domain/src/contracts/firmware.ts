/**
 * Firmware tools (002 §2 FirmwareManage `/business_manage/firmware-list`, §3 "Firmware: filename,
 * privkey, rcid, log, firmware, firmwareType", §7 "Firmware (firmware/...)"): signing keys made for
 * the caller's account (the private half handed out once, never stored), plain firmware uploads, MCUboot
 * images signed and encrypted from them, remote-controller bindings, and the verification of images
 * and of drone-signed flight logs. The calls the spec names keep its names (genkey, getkey, plain,
 * list, list/{fileName}, encrypt, signrc, verifyfw, verifylog); the others are in
 * apps/server/src/modules/firmware/README.md and docs/api.md "Firmware".
 */
import { z } from 'zod';
import { droneIdSchema, idParam, idSchema, pageNumberParam, textSchema } from './bounds.ts';
import { page } from './envelope.ts';

export const FIRMWARE_BASE = '/api/firmware';
export const FIRMWARE_PATHS = {
  /** GET: a new Ed25519 key pair; the private key as a PEM download, once. */
  genkey: `${FIRMWARE_BASE}/genkey`,
  /** GET: the account's public keys. */
  getkey: `${FIRMWARE_BASE}/getkey`,
  /** POST { keyId }. */
  revokekey: `${FIRMWARE_BASE}/revokekey`,
  /** GET: the device keys of the models in scope; POST { modelId }: the model's, made if it has none. */
  devicekey: `${FIRMWARE_BASE}/devicekey`,
  /** POST { modelId }: the device key's private half as a PEM download, once. */
  devicekeyPrivate: `${FIRMWARE_BASE}/devicekey/private`,
  /** GET: plain firmware; POST (multipart): upload one. */
  plain: `${FIRMWARE_BASE}/plain`,
  /** GET: signed and encrypted images. */
  list: `${FIRMWARE_BASE}/list`,
  /** DELETE ?firmwareType: one of the caller's files. */
  listFile: `${FIRMWARE_BASE}/list/:fileName`,
  /** GET ?firmwareType: the file's bytes. */
  listDownload: `${FIRMWARE_BASE}/list/:fileName/download`,
  /** POST { filename, privkey }. */
  encrypt: `${FIRMWARE_BASE}/encrypt`,
  /** POST { rcid, privkey }; GET: the account's statements. */
  signrc: `${FIRMWARE_BASE}/signrc`,
  /** POST (multipart `firmware`). */
  verifyfw: `${FIRMWARE_BASE}/verifyfw`,
  /** POST (multipart `log`). */
  verifylog: `${FIRMWARE_BASE}/verifylog`,
  /** GET ?droneId: a drone's flight-log keys; POST { droneId, publicKey }: register one. */
  dronekey: `${FIRMWARE_BASE}/dronekey`,
  /** POST { droneId, keyId }. */
  dronekeyRevoke: `${FIRMWARE_BASE}/dronekey/revoke`,
} as const;

/** A plain firmware upload's limit (the server's FIRMWARE_MAX_BYTES may set another). */
export const FIRMWARE_MAX_BYTES = 128 * 1024 * 1024;
/** What an image adds to its plain firmware at most: header, place TLV (32 bytes a MiB) and TLVs. */
export const FIRMWARE_IMAGE_OVERHEAD = 1024 * 1024;
/** A flight log's limit: the verifier's own (flightLog MAX_LOG_BYTES). */
export const FIRMWARE_LOG_MAX_BYTES = 64 * 1024 * 1024;
/** Signing keys an account may hold unrevoked. */
export const FIRMWARE_MAX_ACTIVE_KEYS = 20;
/** Files (plain and images together) an account may store. */
export const FIRMWARE_MAX_FILES = 500;
/** Flight-log keys a drone may hold unrevoked. */
export const DRONE_LOG_MAX_ACTIVE_KEYS = 10;
/** The longest PEM text a key field takes (the image library's own cap). */
export const FIRMWARE_MAX_PEM_CHARS = 4096;
export const FIRMWARE_MAX_PAGE_SIZE = 500;

/** A plain firmware's name: 1..128 of letters, digits, `.`, `_`, `+`, `-`, ending in .bin or .hex. */
export const FIRMWARE_PLAIN_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,123}\.(?:bin|hex)$/i;
/** Any stored file's name (an image's adds its key id: up to 160). */
export const FIRMWARE_FILE_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,159}$/;
/** imgtool's version: major[.minor[.revision]][+build], u8.u8.u16+u32. */
export const FIRMWARE_VERSION_RE = /^(\d{1,3})(?:\.(\d{1,3})(?:\.(\d{1,5}))?)?(?:\+(\d{1,10}))?$/;
/** A signing key's id: the first 8 bytes of SHA-256 over its SPKI DER, lowercase hex (MCUboot KEYHASH). */
export const FIRMWARE_KEY_ID_RE = /^[0-9a-f]{16}$/;
/** A drone's flight-log key id (flightLog ed25519KeyId). */
export const DRONE_LOG_KEY_ID_RE = /^ed25519:[0-9a-f]{32}$/;
/** A remote controller's id: 1..64 of letters, digits, `-`, `_`. */
export const RCID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const FIRMWARE_TYPES = ['plain', 'encrypted'] as const;
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];

/** True when a version text fits imgtool's fields (u8.u8.u16+u32). */
export function firmwareVersionFits(v: string): boolean {
  const m = FIRMWARE_VERSION_RE.exec(v);
  if (!m) return false;
  const [, major, minor = '0', revision = '0', build = '0'] = m;
  return (
    Number(major) <= 0xff &&
    Number(minor) <= 0xff &&
    Number(revision) <= 0xffff &&
    Number(build) <= 0xffffffff
  );
}

export const firmwareVersionSchema = textSchema(32)
  .regex(FIRMWARE_VERSION_RE)
  .refine(firmwareVersionFits, { message: 'version fields out of range (u8.u8.u16+u32)' });
export const firmwareFileNameSchema = textSchema(160).regex(FIRMWARE_FILE_NAME_RE);
export const firmwareKeyIdSchema = textSchema(16).regex(FIRMWARE_KEY_ID_RE);
export const firmwareTypeSchema = z.enum(FIRMWARE_TYPES);
/** The PEM text of a private key the user downloaded (never stored, never logged). */
export const privkeySchema = textSchema(FIRMWARE_MAX_PEM_CHARS).min(1);
export const rcidSchema = textSchema(64).regex(RCID_RE);
export const droneLogKeyIdSchema = textSchema(41).regex(DRONE_LOG_KEY_ID_RE);

/** The text fields of POST plain (multipart, beside the file part `firmware` or `file`). */
export const firmwarePlainFields = z.object({ modelId: idParam, version: firmwareVersionSchema });
export type FirmwarePlainFields = z.infer<typeof firmwarePlainFields>;

export const firmwareListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(FIRMWARE_MAX_PAGE_SIZE).default(20),
  modelId: idParam.optional(),
});
export type FirmwareListQuery = z.infer<typeof firmwareListQuery>;

export const firmwareFileParams = z.object({ fileName: firmwareFileNameSchema });
export const firmwareTypeQuery = z.object({ firmwareType: firmwareTypeSchema });
/** The download defaults to the image (the list the spec's `list/{fileName}` belongs to). */
export const firmwareDownloadQuery = z.object({ firmwareType: firmwareTypeSchema.default('encrypted') });

export const firmwareKey = z.object({
  keyId: z.string(),
  alg: z.literal('Ed25519'),
  publicKeyPem: z.string(),
  createdAt: z.number(),
  /** The user who made it (null once that user is removed). */
  createdBy: z.string().nullable(),
  revokedAt: z.number().nullable(),
});
export type FirmwareKey = z.infer<typeof firmwareKey>;

export const firmwareKeyIdBody = z.object({ keyId: firmwareKeyIdSchema });

export const deviceKeyBody = z.object({ modelId: idSchema });
export const deviceKey = z.object({
  modelId: z.number().int(),
  modelName: z.string(),
  keyId: z.string(),
  alg: z.literal('X25519'),
  publicKeyPem: z.string(),
  /** The raw 32-byte public key, hex (what a bootloader's key file holds). */
  publicKeyHex: z.string(),
  createdAt: z.number(),
  /** When the private half was downloaded (it can be, once); null: not yet. */
  privateDownloadedAt: z.number().nullable(),
});
export type DeviceKey = z.infer<typeof deviceKey>;

export const plainFirmware = z.object({
  fileName: z.string(),
  modelId: z.number().int(),
  modelName: z.string(),
  version: z.string(),
  /** Bytes of the stored binary (an Intel HEX upload is stored as its binary). */
  size: z.number().int(),
  /** SHA-256 of the stored binary, hex. */
  sha256: z.string(),
  /** What was uploaded: a raw binary or Intel HEX. */
  format: z.enum(['bin', 'hex']),
  uploadedAt: z.number(),
  uploadedBy: z.string().nullable(),
});
export type PlainFirmware = z.infer<typeof plainFirmware>;
export const plainFirmwarePage = page(plainFirmware);

export const firmwareImage = z.object({
  fileName: z.string(),
  /** The plain firmware it was made from (it may have been deleted since). */
  sourceFileName: z.string(),
  modelId: z.number().int(),
  modelName: z.string(),
  version: z.string(),
  size: z.number().int(),
  /** The image's SHA256 TLV (what the signature signs), hex. */
  digest: z.string(),
  /** The signing key; `keyRevoked` once it is revoked (the image then verifies as revoked). */
  keyId: z.string(),
  keyRevoked: z.boolean(),
  /** The model's device key the image key is wrapped for. */
  deviceKeyId: z.string(),
  encrypted: z.boolean(),
  createdAt: z.number(),
  createdBy: z.string().nullable(),
});
export type FirmwareImage = z.infer<typeof firmwareImage>;
export const firmwareImagePage = page(firmwareImage);

export const firmwareEncryptBody = z.object({ filename: firmwareFileNameSchema, privkey: privkeySchema });
export type FirmwareEncryptBody = z.infer<typeof firmwareEncryptBody>;
export const firmwareEncrypted = z.object({
  fileName: z.string(),
  keyId: z.string(),
  digest: z.string(),
  size: z.number().int(),
  version: z.string(),
  deviceKeyId: z.string(),
  modelId: z.number().int(),
});
export type FirmwareEncrypted = z.infer<typeof firmwareEncrypted>;

export const signrcBody = z.object({ rcid: rcidSchema, privkey: privkeySchema });
export type SignrcBody = z.infer<typeof signrcBody>;
/**
 * A remote controller bound to a manufacturer. `sig` is Ed25519 (base64url, 86 characters) over the
 * RFC 8785 canonical JSON of the other four fields: `{"accountId":..,"keyId":"..","rcid":"..","time":..}`.
 */
export const rcStatement = z.object({
  rcid: z.string(),
  accountId: z.number().int(),
  keyId: z.string(),
  /** When it was signed, ms since the epoch. */
  time: z.number().int(),
  sig: z.string(),
});
export type RcStatement = z.infer<typeof rcStatement>;
export const signrcListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(FIRMWARE_MAX_PAGE_SIZE).default(20),
  rcid: rcidSchema.optional(),
});
export type SignrcListQuery = z.infer<typeof signrcListQuery>;
export const rcStatementPage = page(rcStatement);

export const firmwarePlace = z.object({
  region: z.string(),
  /** File offsets, end exclusive. */
  start: z.number().int(),
  end: z.number().int(),
});
export const firmwareVerdict = z.object({
  valid: z.boolean(),
  /** The image library's reason code (apps/server/src/modules/firmware/image/README.md). */
  reason: z.string(),
  /** The reason in the caller's language. */
  message: z.string(),
  keyId: z.string().nullable(),
  revoked: z.boolean(),
  hashOk: z.boolean(),
  signatureOk: z.boolean(),
  version: z.string().nullable(),
  encrypted: z.boolean(),
  place: firmwarePlace.nullable(),
  /** The place in the caller's language ("payload bytes 1048576-2097151"); null without a place. */
  placeText: z.string().nullable(),
  size: z.number().int(),
  digest: z.string().nullable(),
  deviceKeyId: z.string().nullable(),
});
export type FirmwareVerdict = z.infer<typeof firmwareVerdict>;

export const flightLogVerdict = z.object({
  valid: z.boolean(),
  /** The flight log library's reason code (apps/server/src/modules/firmware/flightLog/README.md). */
  reason: z.string(),
  message: z.string(),
  /** The first broken line (1-based); null when valid or for a whole-file problem. */
  line: z.number().int().nullable(),
  seq: z.number().int().nullable(),
  /** What the log claims (trusted only when valid). */
  droneId: z.string().nullable(),
  sortieId: z.string().nullable(),
  keyId: z.string().nullable(),
  /** Records that passed before the first broken line (all of them when valid). */
  records: z.number().int(),
  /** The signed head when valid: the log's fingerprint. */
  head: z.string().nullable(),
  /** When valid: the console's sorties of the drone whose flight lies inside the log's span. */
  sortieIds: z.array(z.number().int()),
});
export type FlightLogVerdictBody = z.infer<typeof flightLogVerdict>;

export const droneKeyBody = z.object({
  droneId: droneIdSchema,
  /** The drone's Ed25519 public key, SPKI PEM (`-----BEGIN PUBLIC KEY-----`). */
  publicKey: textSchema(1024).min(1),
});
export type DroneKeyBody = z.infer<typeof droneKeyBody>;
export const droneKeyRevokeBody = z.object({
  droneId: droneIdSchema,
  keyId: droneLogKeyIdSchema,
});
export const droneKeyQuery = z.object({ droneId: droneIdSchema });
export const droneLogKey = z.object({
  droneId: z.string(),
  /** The id the drone writes in its logs' header (flightLog ed25519KeyId). */
  keyId: z.string(),
  alg: z.literal('Ed25519'),
  publicKeyPem: z.string(),
  createdAt: z.number(),
  revokedAt: z.number().nullable(),
});
export type DroneLogKey = z.infer<typeof droneLogKey>;

/**
 * A drone's ground station uploads the signed flight log of a sortie it flew (multipart, file part
 * `log`; the account telemetry key as Basic vid:secret, like /api/telemetry/picture). A valid log is
 * kept and its sorties read "log verified" in the flight history.
 */
export const FLIGHT_LOG_UPLOAD_PATH = '/api/telemetry/flightlog';
/** GET ?sortieId: the kept signed log covering a sortie (JSON Lines, as the drone signed it). */
export const FLIGHT_LOG_DOWNLOAD_PATH = '/api/drone/device/manage/history/flightlog';
export const flightLogReceipt = z.object({
  droneId: z.string(),
  /** The drone's own name for the sortie (the log header's sortieId). */
  logSortieId: z.string(),
  keyId: z.string(),
  head: z.string(),
  records: z.number().int(),
  /** false: this very log was received before (nothing changed). */
  kept: z.boolean(),
  /** The console's sorties the log covers (may be empty while the tracker has not closed the flight yet). */
  sortieIds: z.array(z.number().int()),
});
export type FlightLogReceipt = z.infer<typeof flightLogReceipt>;
