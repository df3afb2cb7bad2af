/**
 * Writing a signed flight log: what a drone (or its simulator, or a test) does with its Ed25519
 * private key. The writer emits line by line, so a drone can stream a sortie to storage; each line
 * it returns ends with '\n', and the file is their concatenation.
 */
import { type KeyObject, sign } from 'node:crypto';
import type { TelemetryPoint } from '@agrifleet/domain';
import { CanonicalError, canonicalize } from './canonical.ts';
import { sha256Hex, signedMessage } from './chain.ts';
import {
  FLIGHT_LOG_ALG,
  FLIGHT_LOG_HASH,
  FLIGHT_LOG_VERSION,
  type FlightLogHeader,
  MAX_LINE_BYTES,
  POINT_KEYS,
} from './format.ts';
import { headerProblem, recordProblem } from './lines.ts';

/** Thrown by the writer for input it cannot write into a log the verifier would accept. */
export class FlightLogWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlightLogWriteError';
  }
}

export interface FlightLogClaim {
  droneId: string;
  /** The drone's own name for the sortie (it does not know the console's sorties.id). */
  sortieId: string;
  /** Which of the drone's registered keys signs. */
  keyId: string;
  /** Sortie start, ms since the epoch. */
  start: number;
}

export interface FlightLogWriter {
  /** Line 1, with its '\n'. */
  readonly header: string;
  /** The next record line, with its '\n'. Only the point's contract fields are written. */
  record(point: TelemetryPoint): string;
  /** The signature line, with its '\n'. The writer takes no more records after it. */
  finish(): string;
}

function line(value: unknown, what: string): string {
  let text: string;
  try {
    text = canonicalize(value);
  } catch (e) {
    if (e instanceof CanonicalError) throw new FlightLogWriteError(`${what}: ${e.message}`);
    throw e;
  }
  if (Buffer.byteLength(text) > MAX_LINE_BYTES)
    throw new FlightLogWriteError(`${what}: longer than ${MAX_LINE_BYTES} bytes`);
  return text;
}

/** A streaming writer for one sortie's log, signed with `privateKey` when finished. */
export function flightLogWriter(claim: FlightLogClaim & { privateKey: KeyObject }): FlightLogWriter {
  const { privateKey } = claim;
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519')
    throw new FlightLogWriteError('privateKey: expected an Ed25519 private key');
  const header: FlightLogHeader = {
    type: 'header',
    version: FLIGHT_LOG_VERSION,
    droneId: claim.droneId,
    sortieId: claim.sortieId,
    keyId: claim.keyId,
    start: claim.start,
    alg: FLIGHT_LOG_ALG,
    hash: FLIGHT_LOG_HASH,
  };
  const problem = headerProblem(header);
  if (problem) throw new FlightLogWriteError(`header: ${problem}`);
  const headerLine = line(header, 'header');
  let prev = sha256Hex(headerLine);
  let seq = 0;
  let finished = false;
  return {
    header: `${headerLine}\n`,
    record(point) {
      if (finished) throw new FlightLogWriteError('the log is already signed');
      const rec: Record<string, unknown> = { type: 'rec', seq: seq + 1, prev };
      const p = point as unknown as Record<string, unknown>;
      for (const k of POINT_KEYS) if (p[k] !== undefined) rec[k] = p[k];
      const bad = recordProblem(rec);
      if (bad) throw new FlightLogWriteError(`record ${seq + 1}: ${bad}`);
      const text = line(rec, `record ${seq + 1}`);
      seq += 1;
      prev = sha256Hex(text);
      return `${text}\n`;
    },
    finish() {
      if (finished) throw new FlightLogWriteError('the log is already signed');
      finished = true;
      const sig = sign(null, signedMessage(prev), privateKey).toString('base64url');
      return `${line({ type: 'sig', seq, head: prev, sig }, 'signature')}\n`;
    },
  };
}

/**
 * The whole signed log of a sortie as text (UTF-8 when written out). `start` defaults to the first
 * record's recordTime. Throws FlightLogWriteError for a claim or record the verifier would refuse.
 */
export function writeFlightLog(
  input: Omit<FlightLogClaim, 'start'> & {
    start?: number;
    privateKey: KeyObject;
    records: readonly TelemetryPoint[];
  },
): string {
  const start = input.start ?? input.records[0]?.recordTime;
  if (start === undefined) throw new FlightLogWriteError('start: required when there are no records');
  const w = flightLogWriter({ ...input, start });
  const parts = [w.header];
  for (const r of input.records) parts.push(w.record(r));
  parts.push(w.finish());
  return parts.join('');
}

/** Same as writeFlightLog. */
export const signFlightLog = writeFlightLog;
