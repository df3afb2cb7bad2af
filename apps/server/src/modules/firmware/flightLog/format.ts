/**
 * The flight log format, version 1 (README.md has it byte by byte): its constants, its limits, the
 * shape of its three kinds of line, and the reason codes the verifier answers with.
 */
import type { KeyObject } from 'node:crypto';
import { DRONE_ID_RE, telemetryPoint } from '@agrifleet/domain';

export const FLIGHT_LOG_VERSION = 1;
export const FLIGHT_LOG_ALG = 'Ed25519';
export const FLIGHT_LOG_HASH = 'SHA-256';
/**
 * What the drone signs is this prefix and the head in hex, as ASCII (87 bytes): the prefix keeps a
 * log signature from ever being mistaken for (or obtained as) a signature the same key makes for
 * another purpose, such as a 64-hex-digit challenge.
 */
export const SIGNED_PREFIX = 'agrifleet-flightlog-v1:';

/** Largest file the verifier reads. */
export const MAX_LOG_BYTES = 64 * 1024 * 1024;
/**
 * Most lines (header, records, signature). Unreachable in version 1, kept as a guard: a record line
 * is at least 225 bytes, so the byte cap binds first.
 */
export const MAX_LOG_LINES = 1_000_000;
/** Longest line: a record with every field is about 340 bytes, a header about 190. */
export const MAX_LINE_BYTES = 4096;

/** droneId as drones send it (the telemetry contract's DRONE_ID_RE). */
export { DRONE_ID_RE };
/** sortieId and keyId: letters, digits, '.', '_', ':' and '-', 1..64 characters. */
export const NAME_RE = /^[A-Za-z0-9._:-]{1,64}$/;
export const HEX_SHA256_RE = /^[0-9a-f]{64}$/;
/** An Ed25519 signature (64 bytes) in unpadded base64url. */
export const SIG_RE = /^[A-Za-z0-9_-]{86}$/;

/** The telemetry point's fields (packages/domain contracts/telemetry.ts), as a record carries them. */
export const POINT_KEYS: readonly string[] = Object.keys(telemetryPoint.shape);

export interface FlightLogHeader {
  type: 'header';
  version: number;
  droneId: string;
  sortieId: string;
  keyId: string;
  /** Sortie start, ms since the epoch. */
  start: number;
  alg: string;
  hash: string;
}
export const HEADER_KEYS = ['alg', 'droneId', 'hash', 'keyId', 'sortieId', 'start', 'type', 'version'];
export const SIG_KEYS = ['head', 'seq', 'sig', 'type'];
export const RECORD_KEYS = new Set(['type', 'seq', 'prev', ...POINT_KEYS]);

export type FlightLogReason =
  | 'ok'
  | 'empty'
  | 'tooLarge'
  | 'badEncoding'
  | 'badJson'
  | 'notCanonical'
  | 'unterminated'
  | 'badHeader'
  | 'unsupported'
  | 'unknownKey'
  | 'revoked'
  | 'badRecord'
  | 'seqGap'
  | 'chainBroken'
  | 'badSignature'
  | 'noSignature'
  | 'trailingData';

/** The key registered for (droneId, keyId), as the registry holds it. */
export interface FlightLogKey {
  /** An Ed25519 public key. */
  publicKey: KeyObject;
  revoked: boolean;
}
