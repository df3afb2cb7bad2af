/**
 * Shape checks of the three kinds of line, on values already parsed from canonical JSON. Each
 * returns null when the value fits, else what is wrong (English, for the verdict's detail). Shared
 * by the writer (refuses to write what the verifier would refuse) and the verifier.
 */
import { checkTelemetryPoint, MAX_MILLIS, MIN_MILLIS } from '@agrifleet/domain';
import { DRONE_ID_RE, HEADER_KEYS, HEX_SHA256_RE, NAME_RE, RECORD_KEYS, SIG_KEYS, SIG_RE } from './format.ts';

type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Exactly these keys (a canonical line has no duplicates, so counting is enough). */
function sameKeys(v: Obj, keys: readonly string[]): string | null {
  for (const k of keys) if (!Object.hasOwn(v, k)) return `missing field ${k}`;
  const extra = Object.keys(v).find((k) => !keys.includes(k));
  return extra === undefined ? null : `unknown field ${JSON.stringify(extra)}`;
}

/** Header shape; the version, alg and hash values are checked apart (reason `unsupported`). */
export function headerProblem(v: unknown): string | null {
  if (!isObject(v)) return 'expected an object';
  if (v.type !== 'header') return 'line 1 must be the header ("type":"header")';
  const keys = sameKeys(v, HEADER_KEYS);
  if (keys) return keys;
  if (!Number.isSafeInteger(v.version)) return 'version: expected an integer';
  if (typeof v.droneId !== 'string' || !DRONE_ID_RE.test(v.droneId))
    return 'droneId: expected 1..64 letters, digits, _ or -';
  for (const k of ['sortieId', 'keyId'] as const) {
    const s = v[k];
    if (typeof s !== 'string' || !NAME_RE.test(s))
      return `${k}: expected 1..64 letters, digits, ., _, : or -`;
  }
  const start = v.start;
  if (!Number.isSafeInteger(start) || (start as number) < MIN_MILLIS || (start as number) > MAX_MILLIS)
    return 'start: expected ms since the epoch';
  if (typeof v.alg !== 'string' || typeof v.hash !== 'string') return 'alg, hash: expected text';
  return null;
}

/**
 * The telemetry contract for the point fields of a record (checkTelemetryPoint, plus workType,
 * which that check does not look at).
 */
export function pointProblem(v: Obj): string | null {
  const p = checkTelemetryPoint(v);
  if (p) return p;
  const w = v.workType;
  if (w !== undefined && !(Number.isSafeInteger(w) && (w as number) > 0 && (w as number) <= 32_767))
    return 'workType: expected a positive integer up to 32767';
  return null;
}

/** A record line: type, seq, prev and the telemetry point's fields, nothing else. */
export function recordProblem(v: Obj): string | null {
  for (const k in v) if (!RECORD_KEYS.has(k)) return `unknown field ${JSON.stringify(k)}`;
  if (!Number.isSafeInteger(v.seq) || (v.seq as number) < 1) return 'seq: expected a positive integer';
  if (typeof v.prev !== 'string' || !HEX_SHA256_RE.test(v.prev))
    return 'prev: expected 64 lowercase hex digits';
  return pointProblem(v);
}

/** The signature line: type, seq, head, sig. */
export function sigProblem(v: Obj): string | null {
  const keys = sameKeys(v, SIG_KEYS);
  if (keys) return keys;
  if (!Number.isSafeInteger(v.seq) || (v.seq as number) < 0) return 'seq: expected an integer >= 0';
  if (typeof v.head !== 'string' || !HEX_SHA256_RE.test(v.head))
    return 'head: expected 64 lowercase hex digits';
  if (typeof v.sig !== 'string' || !SIG_RE.test(v.sig)) return 'sig: expected 86 base64url characters';
  return null;
}
