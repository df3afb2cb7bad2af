/**
 * Verifying a flight log (the console's verifylog): one pass over the lines, the first line that
 * fails a check decides the answer. Hostile input never throws: every problem is a reason code and
 * a line number. Only the caller's key lookup may throw (its database being down is no verdict).
 *
 * Order of checks for each line L (README.md "Verification"): size and termination, UTF-8, JSON,
 * canonical form, then by kind — header: shape, version, key; record: shape and telemetry contract,
 * seq, prev; signature: shape, seq, head, signature; and nothing may follow the signature line.
 */
import { type KeyObject, verify } from 'node:crypto';
import type { TelemetryPoint } from '@agrifleet/domain';
import { CanonicalError, canonicalize } from './canonical.ts';
import { sha256Hex, signedMessage } from './chain.ts';
import {
  FLIGHT_LOG_ALG,
  FLIGHT_LOG_HASH,
  FLIGHT_LOG_VERSION,
  type FlightLogKey,
  type FlightLogReason,
  MAX_LINE_BYTES,
  MAX_LOG_BYTES,
  MAX_LOG_LINES,
} from './format.ts';
import { headerProblem, isObject, recordProblem, sigProblem } from './lines.ts';

export interface FlightLogVerdict {
  valid: boolean;
  reason: FlightLogReason;
  /** What was found, in English (never echoes raw input bytes). */
  detail: string;
  /** 1-based number of the first line that fails; absent when valid or for a whole-file problem. */
  line?: number;
  /** The seq written on the failing record or signature line, when it could be read. */
  seq?: number;
  /** What the header claims, once line 1 has been read as a header. */
  droneId?: string;
  sortieId?: string;
  keyId?: string;
  start?: number;
  /** Records that passed their checks before the failing line (all of them when valid). */
  records: number;
  /** The signed head (SHA-256 of the last record line), when valid: the log's fingerprint. */
  head?: string;
  /** The records' telemetry points, when valid and asked for. */
  points?: TelemetryPoint[];
}

export type FlightLogKeyLookup = (
  droneId: string,
  keyId: string,
) => FlightLogKey | null | undefined | Promise<FlightLogKey | null | undefined>;

export interface VerifyFlightLogOptions {
  /** Return the records' telemetry points when the log is valid. */
  points?: boolean;
}

type Failure = { reason: FlightLogReason; detail: string; seq?: number };

const LONE_SURROGATE = /\p{Surrogate}/u;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Lines between two yields to the event loop (a 64 MiB log takes about a second). */
const YIELD_EVERY = 8192;

function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** How a parsed line differs from its canonical text (first differing character). */
function difference(text: string, canon: string): string {
  if (text.endsWith('\r')) return 'ends with CR: lines end with LF alone';
  let i = 0;
  while (i < text.length && text[i] === canon[i]) i++;
  return `differs from its RFC 8785 form at character ${i + 1} (whitespace, key order, a duplicate key, or a number or string written otherwise)`;
}

/** UTF-8, JSON, canonical form: the value, or why not. */
function readLine(bytes: Uint8Array): { value: unknown } | Failure {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { reason: 'badEncoding', detail: 'not UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const detail = text === '' ? 'empty line' : text.includes('\0') ? 'NUL byte' : 'not JSON';
    return { reason: 'badJson', detail };
  }
  let canon: string;
  try {
    canon = canonicalize(value);
  } catch (e) {
    if (!(e instanceof CanonicalError)) throw e;
    return { reason: e.problem === 'depth' ? 'tooLarge' : 'notCanonical', detail: e.message };
  }
  return canon === text ? { value } : { reason: 'notCanonical', detail: difference(text, canon) };
}

function toBytes(input: string | Uint8Array): Buffer | (Failure & { line?: number }) {
  if (typeof input !== 'string') return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  // A UTF-8 form is never shorter than the UTF-16 length.
  if (input.length > MAX_LOG_BYTES) return { reason: 'tooLarge', detail: `over ${MAX_LOG_BYTES} bytes` };
  const at = input.search(LONE_SURROGATE);
  if (at >= 0)
    return { reason: 'badEncoding', detail: 'lone surrogate (no UTF-8 form)', line: lineOf(input, at) };
  return Buffer.from(input, 'utf8');
}

const seqOf = (v: unknown) => (isObject(v) && Number.isSafeInteger(v.seq) ? (v.seq as number) : undefined);

/** Where the walk is: records read so far, the hash of the line before, the key from the header. */
interface Walk {
  records: number;
  prevHash: string;
  publicKey?: KeyObject;
  points?: TelemetryPoint[];
}

function recordLine(w: Walk, r: Record<string, unknown>, line: number): Failure | null {
  const seq = seqOf(r);
  const bad = recordProblem(r);
  if (bad) return { reason: 'badRecord', detail: bad, seq };
  if (seq !== w.records + 1)
    return { reason: 'seqGap', detail: `expected seq ${w.records + 1}, found ${seq}`, seq };
  if (r.prev !== w.prevHash)
    return { reason: 'chainBroken', detail: `prev is not the SHA-256 of line ${line - 1}`, seq };
  w.records += 1;
  if (w.points) {
    const { type: _t, seq: _s, prev: _p, ...point } = r;
    w.points.push(point as TelemetryPoint);
  }
  return null;
}

function sigLine(w: Walk, s: Record<string, unknown>, line: number): Failure | null {
  const seq = seqOf(s);
  const bad = sigProblem(s);
  if (bad) return { reason: 'badSignature', detail: bad, seq };
  if (seq !== w.records)
    return { reason: 'seqGap', detail: `signed as ${seq} records, the log holds ${w.records}`, seq };
  if (s.head !== w.prevHash)
    return { reason: 'chainBroken', detail: `head is not the SHA-256 of line ${line - 1}`, seq };
  const sig = Buffer.from(s.sig as string, 'base64url');
  if (sig.length !== 64 || sig.toString('base64url') !== s.sig)
    return { reason: 'badSignature', detail: 'sig: not a canonical base64url signature', seq };
  if (!w.publicKey || !verify(null, signedMessage(w.prevHash), w.publicKey, sig))
    return { reason: 'badSignature', detail: 'the signature does not verify with the key', seq };
  return null;
}

type Claim = Partial<Pick<FlightLogVerdict, 'droneId' | 'sortieId' | 'keyId' | 'start'>>;

async function headerLine(
  w: Walk,
  claim: Claim,
  v: unknown,
  lookupKey: FlightLogKeyLookup,
): Promise<Failure | null> {
  const bad = headerProblem(v);
  if (bad) return { reason: 'badHeader', detail: bad };
  const h = v as Record<string, unknown>;
  Object.assign(claim, { droneId: h.droneId, sortieId: h.sortieId, keyId: h.keyId, start: h.start });
  if (h.version !== FLIGHT_LOG_VERSION || h.alg !== FLIGHT_LOG_ALG || h.hash !== FLIGHT_LOG_HASH)
    return {
      reason: 'unsupported',
      detail: `only version ${FLIGHT_LOG_VERSION}, ${FLIGHT_LOG_ALG}, ${FLIGHT_LOG_HASH}`,
    };
  const key = await lookupKey(h.droneId as string, h.keyId as string);
  if (!key) return { reason: 'unknownKey', detail: 'no such key registered for this drone' };
  if (key.revoked) return { reason: 'revoked', detail: 'the key is revoked' };
  if (key.publicKey.asymmetricKeyType !== 'ed25519')
    return { reason: 'unknownKey', detail: 'the registered key is not an Ed25519 key' };
  w.publicKey = key.publicKey;
  return null;
}

/**
 * Verify a flight log. `lookupKey` answers the key registered for the header's (droneId, keyId),
 * or null when there is none. Resolves to a verdict; `valid` only with reason `ok`.
 */
export async function verifyFlightLog(
  input: string | Uint8Array,
  lookupKey: FlightLogKeyLookup,
  options: VerifyFlightLogOptions = {},
): Promise<FlightLogVerdict> {
  const claim: Claim = {};
  const w: Walk = { records: 0, prevHash: '', ...(options.points ? { points: [] } : {}) };
  const fail = (f: Failure, line?: number): FlightLogVerdict => {
    const out: FlightLogVerdict = {
      valid: false,
      reason: f.reason,
      detail: f.detail,
      ...claim,
      records: w.records,
    };
    if (line !== undefined) out.line = line;
    if (f.seq !== undefined) out.seq = f.seq;
    return out;
  };

  const buf = toBytes(input);
  if (!Buffer.isBuffer(buf)) return fail(buf, buf.line);
  if (buf.length === 0) return fail({ reason: 'empty', detail: 'no bytes' });
  if (buf.length > MAX_LOG_BYTES) return fail({ reason: 'tooLarge', detail: `over ${MAX_LOG_BYTES} bytes` });
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf)
    return fail({ reason: 'badEncoding', detail: 'starts with a byte order mark' }, 1);

  let head: string | undefined;
  let pos = 0;
  let lineNo = 0;
  while (pos < buf.length) {
    lineNo += 1;
    if (head !== undefined)
      return fail({ reason: 'trailingData', detail: 'data after the signature line' }, lineNo);
    if (lineNo > MAX_LOG_LINES)
      return fail({ reason: 'tooLarge', detail: `over ${MAX_LOG_LINES} lines` }, lineNo);
    const nl = buf.indexOf(0x0a, pos);
    const end = nl === -1 ? buf.length : nl;
    if (end - pos > MAX_LINE_BYTES)
      return fail({ reason: 'tooLarge', detail: `line over ${MAX_LINE_BYTES} bytes` }, lineNo);
    if (nl === -1)
      return fail({ reason: 'unterminated', detail: "the last line has no '\\n' (truncated?)" }, lineNo);
    const bytes = buf.subarray(pos, end);
    const read = readLine(bytes);
    if (!('value' in read)) return fail(read, lineNo);
    const v = read.value;
    if (lineNo === 1) {
      const f = await headerLine(w, claim, v, lookupKey);
      if (f) return fail(f, 1);
    } else {
      const type = isObject(v) ? v.type : undefined;
      const f =
        type === 'rec'
          ? recordLine(w, v as Record<string, unknown>, lineNo)
          : type === 'sig'
            ? sigLine(w, v as Record<string, unknown>, lineNo)
            : {
                reason: 'badRecord' as const,
                detail: 'expected a record or the signature line',
                seq: seqOf(v),
              };
      if (f) return fail(f, lineNo);
      if (type === 'sig') head = w.prevHash;
    }
    w.prevHash = sha256Hex(bytes);
    pos = end + 1;
    if (lineNo % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  if (head === undefined)
    return fail({ reason: 'noSignature', detail: 'the log ends without a signature line' }, lineNo + 1);
  return {
    valid: true,
    reason: 'ok',
    detail: 'valid',
    ...claim,
    records: w.records,
    head,
    ...(w.points ? { points: w.points } : {}),
  };
}
