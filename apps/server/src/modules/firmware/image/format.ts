/**
 * The MCUboot image layout, as pure functions on buffers: the 32-byte header, the TLV areas, the
 * version, and our protected "place" TLV. Constants are MCUboot's (boot/bootutil/include/bootutil/
 * image.h, scripts/imgtool/image.py); every field is little-endian. See README.md for the layout.
 */
import { createHash } from 'node:crypto';

export const IMAGE_MAGIC = 0x96f3b83d;
export const IMAGE_HEADER_SIZE = 32;
/** imgtool's usual `--header-size 0x200` (the header zero-padded, as for a vector table alignment). */
export const DEFAULT_HDR_SIZE = 0x200;
export const TLV_INFO_MAGIC = 0x6907;
export const TLV_PROT_INFO_MAGIC = 0x6908;
export const TLV_INFO_SIZE = 4;
export const TLV_HEADER_SIZE = 4;
/** it_tlv_tot and ih_protect_tlv_size are u16: neither TLV area is ever longer. */
export const MAX_TLV_AREA = 0xffff;

export const IMAGE_F = {
  PIC: 0x1,
  ENCRYPTED_AES128: 0x4,
  ENCRYPTED_AES256: 0x8,
  NON_BOOTABLE: 0x10,
  RAM_LOAD: 0x20,
  ROM_FIXED: 0x100,
  COMPRESSED_LZMA1: 0x200,
  COMPRESSED_LZMA2: 0x400,
  COMPRESSED_ARM_THUMB: 0x800,
} as const;

export const TLV = {
  KEYHASH: 0x01,
  PUBKEY: 0x02,
  SHA256: 0x10,
  SHA384: 0x11,
  SHA512: 0x12,
  RSA2048_PSS: 0x20,
  ECDSA224: 0x21,
  ECDSA_SIG: 0x22,
  RSA3072_PSS: 0x23,
  ED25519: 0x24,
  SIG_PURE: 0x25,
  ENC_RSA2048: 0x30,
  ENC_KW: 0x31,
  ENC_EC256: 0x32,
  ENC_X25519: 0x33,
  ENC_X25519_SHA512: 0x34,
  DEPENDENCY: 0x40,
  SEC_CNT: 0x50,
  BOOT_RECORD: 0x60,
  /** Ours, protected: where a tampered byte lies (vendor range xxA0-xxFF, imgtool --custom-tlv 0xa0+). */
  AF_PLACE: 0x00a0,
} as const;

export const SHA256_LEN = 32;
export const ED25519_SIG_LEN = 64;
export const ENC_X25519_LEN = 80;

/** MCUboot's allow list for the unprotected area (image_validate.c allowed_unprot_tlvs). */
export const UNPROTECTED_TLVS: ReadonlySet<number> = new Set([
  TLV.KEYHASH,
  TLV.PUBKEY,
  TLV.SHA256,
  TLV.SHA384,
  TLV.SHA512,
  TLV.RSA2048_PSS,
  TLV.ECDSA224,
  TLV.ECDSA_SIG,
  TLV.RSA3072_PSS,
  TLV.ED25519,
  TLV.SIG_PURE,
  TLV.ENC_RSA2048,
  TLV.ENC_KW,
  TLV.ENC_EC256,
  TLV.ENC_X25519,
  TLV.ENC_X25519_SHA512,
]);

/** Protected TLV types imgtool itself writes (security counter, dependencies, boot record, compression, UUIDs). */
export const KNOWN_PROTECTED_TLVS: ReadonlySet<number> = new Set([
  TLV.DEPENDENCY,
  TLV.SEC_CNT,
  TLV.BOOT_RECORD,
  0x70,
  0x71,
  0x72,
  0x73,
  0x74,
  0x75,
]);

/** Thrown by this library for bad arguments (never for a hostile image: verifyImage answers those). */
export type ImageErrorCode = 'badKey' | 'badVersion' | 'badOption' | 'badInput' | 'badOutput' | 'tooLarge';

export class ImageError extends Error {
  readonly code: ImageErrorCode;
  constructor(code: ImageErrorCode, message: string) {
    super(message);
    this.name = 'ImageError';
    this.code = code;
  }
}

export interface ImageVersion {
  major: number;
  minor: number;
  revision: number;
  build: number;
}

const VERSION_RE = /^(\d{1,3})(?:\.(\d{1,3})(?:\.(\d{1,5}))?)?(?:\+(\d{1,10}))?$/;

/** A version as imgtool's "major.minor.revision+build" (all but major optional) or as fields. */
export type ImageVersionInput = string | { major: number; minor?: number; revision?: number; build?: number };

export function parseVersion(v: ImageVersionInput): ImageVersion {
  let out: ImageVersion;
  if (typeof v === 'string') {
    const m = VERSION_RE.exec(v.trim());
    if (!m) throw new ImageError('badVersion', 'version must look like 1.2.3+4');
    out = {
      major: Number(m[1]),
      minor: Number(m[2] ?? 0),
      revision: Number(m[3] ?? 0),
      build: Number(m[4] ?? 0),
    };
  } else if (v && typeof v === 'object') {
    out = { major: v.major, minor: v.minor ?? 0, revision: v.revision ?? 0, build: v.build ?? 0 };
  } else throw new ImageError('badVersion', 'version must be a string or an object');
  const fits = (n: unknown, max: number) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;
  if (
    !fits(out.major, 0xff) ||
    !fits(out.minor, 0xff) ||
    !fits(out.revision, 0xffff) ||
    !fits(out.build, 0xffffffff)
  )
    throw new ImageError('badVersion', 'version fields out of range (u8.u8.u16+u32)');
  return out;
}

export const formatVersion = (v: ImageVersion) => `${v.major}.${v.minor}.${v.revision}+${v.build}`;

export interface ImageHeader {
  magic: number;
  loadAddr: number;
  hdrSize: number;
  protectTlvSize: number;
  imgSize: number;
  flags: number;
  version: ImageVersion;
}

/** The header region: the 32-byte struct image_header followed by zeros up to hdrSize. */
export function buildHeader(h: Omit<ImageHeader, 'magic'>): Buffer {
  const b = Buffer.alloc(h.hdrSize);
  b.writeUInt32LE(IMAGE_MAGIC, 0);
  b.writeUInt32LE(h.loadAddr, 4);
  b.writeUInt16LE(h.hdrSize, 8);
  b.writeUInt16LE(h.protectTlvSize, 10);
  b.writeUInt32LE(h.imgSize, 12);
  b.writeUInt32LE(h.flags, 16);
  b.writeUInt8(h.version.major, 20);
  b.writeUInt8(h.version.minor, 21);
  b.writeUInt16LE(h.version.revision, 22);
  b.writeUInt32LE(h.version.build, 24);
  // 28..31: _pad1 = 0, then zero padding up to hdrSize.
  return b;
}

/** `b` must hold at least 32 bytes. */
export function parseHeader(b: Buffer): ImageHeader {
  return {
    magic: b.readUInt32LE(0),
    loadAddr: b.readUInt32LE(4),
    hdrSize: b.readUInt16LE(8),
    protectTlvSize: b.readUInt16LE(10),
    imgSize: b.readUInt32LE(12),
    flags: b.readUInt32LE(16),
    version: {
      major: b[20] ?? 0,
      minor: b[21] ?? 0,
      revision: b.readUInt16LE(22),
      build: b.readUInt32LE(24),
    },
  };
}

export interface TlvValue {
  type: number;
  value: Buffer;
}

/** A TLV area (info header + entries), as imgtool's TLV.get(): empty when there is no entry. */
export function buildTlvArea(magic: number, entries: TlvValue[]): Buffer {
  if (entries.length === 0) return Buffer.alloc(0);
  const size = entries.reduce((s, e) => s + TLV_HEADER_SIZE + e.value.length, TLV_INFO_SIZE);
  if (size > MAX_TLV_AREA) throw new ImageError('tooLarge', 'TLV area over 65535 bytes');
  const b = Buffer.alloc(size);
  b.writeUInt16LE(magic, 0);
  b.writeUInt16LE(size, 2);
  let off = TLV_INFO_SIZE;
  for (const e of entries) {
    b.writeUInt16LE(e.type, off);
    b.writeUInt16LE(e.value.length, off + 2);
    e.value.copy(b, off + TLV_HEADER_SIZE);
    off += TLV_HEADER_SIZE + e.value.length;
  }
  return b;
}

export interface TlvEntry extends TlvValue {
  /** File offset of the entry's 4-byte header. */
  offset: number;
}

export type TlvWalk = { ok: true; entries: TlvEntry[] } | { ok: false; failAt: number };

/**
 * The entries from file offset `from` to `limit`, which must tile exactly. `buf` holds the file from
 * offset `base`; it must cover [from, limit). Never reads past `limit`.
 */
export function walkTlvs(buf: Buffer, base: number, from: number, limit: number): TlvWalk {
  const entries: TlvEntry[] = [];
  let off = from;
  while (off < limit) {
    if (off + TLV_HEADER_SIZE > limit) return { ok: false, failAt: off };
    const type = buf.readUInt16LE(off - base);
    const len = buf.readUInt16LE(off - base + 2);
    const end = off + TLV_HEADER_SIZE + len;
    if (end > limit) return { ok: false, failAt: off };
    entries.push({ type, offset: off, value: buf.subarray(off - base + TLV_HEADER_SIZE, end - base) });
    off = end;
  }
  return { ok: true, entries };
}

/*
 * The place TLV (AF_PLACE, protected): u8 format (1) | u8 chunk shift (20: 1 MiB) | u16 zero |
 * SHA-256 of the header region | SHA-256 of each plaintext payload chunk | SHA-256 of all the
 * preceding value bytes (so a flip inside this TLV names this TLV, not a payload chunk).
 */
export const PLACE_FORMAT = 1;
export const PLACE_CHUNK_SHIFT = 20;
const PLACE_FIXED = 4 + SHA256_LEN + SHA256_LEN;
export const placeValueLength = (chunks: number) => PLACE_FIXED + SHA256_LEN * chunks;
export const chunkCount = (imgSize: number, shift: number) => Math.ceil(imgSize / 2 ** shift);

export interface PlaceInfo {
  chunkSize: number;
  headerHash: Buffer;
  chunkHashes: Buffer[];
}

export function encodePlace(shift: number, headerHash: Buffer, chunkHashes: Buffer[]): Buffer {
  const body = Buffer.alloc(placeValueLength(chunkHashes.length) - SHA256_LEN);
  body.writeUInt8(PLACE_FORMAT, 0);
  body.writeUInt8(shift, 1);
  headerHash.copy(body, 4);
  chunkHashes.forEach((h, i) => {
    h.copy(body, 4 + SHA256_LEN * (i + 1));
  });
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

/** The place info, or null when the value is malformed, does not fit imgSize, or fails its own hash. */
export function decodePlace(value: Buffer, imgSize: number): PlaceInfo | null {
  if (value.length < PLACE_FIXED || (value.length - PLACE_FIXED) % SHA256_LEN !== 0) return null;
  const shift = value[1] ?? 0;
  if (value[0] !== PLACE_FORMAT || shift < 12 || shift > 26 || value.readUInt16LE(2) !== 0) return null;
  const n = (value.length - PLACE_FIXED) / SHA256_LEN;
  if (n !== chunkCount(imgSize, shift)) return null;
  const body = value.subarray(0, value.length - SHA256_LEN);
  if (!createHash('sha256').update(body).digest().equals(value.subarray(body.length))) return null;
  const chunkHashes: Buffer[] = [];
  for (let i = 0; i < n; i++)
    chunkHashes.push(value.subarray(4 + SHA256_LEN * (i + 1), 4 + SHA256_LEN * (i + 2)));
  return { chunkSize: 2 ** shift, headerHash: value.subarray(4, 4 + SHA256_LEN), chunkHashes };
}
