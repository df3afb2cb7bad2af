/**
 * JSON Canonicalization Scheme, RFC 8785 (JCS), for the values a flight log carries: null, booleans,
 * finite numbers, well-formed strings, arrays and plain objects.
 *
 * - Objects: keys sorted by their UTF-16 code units (JavaScript's default string order), no
 *   whitespace anywhere.
 * - Numbers: ECMAScript's Number-to-String (the shortest form that reads back to the same double),
 *   which is what JSON.stringify writes for a finite number; -0 is written 0. NaN and ±Infinity
 *   are not JSON: refused.
 * - Strings: JSON.stringify's escaping, which is JCS's: \" \\ \b \f \n \r \t, \u00xx (lowercase
 *   hex) for the other controls below U+0020, everything else as it is (no \/, no \u for non-ASCII).
 *   A lone surrogate has no UTF-8 form (JCS input is I-JSON): refused, here and in object keys.
 *
 * Anything else (undefined, functions, bigint, Date, Map, class instances) is refused, as is nesting
 * deeper than MAX_DEPTH. Refusals throw CanonicalError; the verifier turns them into reason codes.
 */

/** Deepest nesting canonicalize() accepts (a flight log line is flat: depth 1). */
export const MAX_DEPTH = 64;

export type CanonicalProblem = 'number' | 'surrogate' | 'type' | 'depth';

export class CanonicalError extends Error {
  constructor(
    readonly problem: CanonicalProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CanonicalError';
  }
}

/** A code point in the surrogate range, i.e. a surrogate not paired (a pair is one code point). */
const LONE_SURROGATE = /\p{Surrogate}/u;

function str(s: string): string {
  if (LONE_SURROGATE.test(s)) throw new CanonicalError('surrogate', 'a string holds a lone surrogate');
  return JSON.stringify(s);
}

/**
 * Object keys written before: a flight log repeats the same keys on every line, checked for lone
 * surrogates and quoted once here. Bounded, so hostile keys cannot grow it.
 */
const keyCache = new Map<string, string>();
const KEY_CACHE_MAX = 512;

function key(k: string): string {
  let out = keyCache.get(k);
  if (out === undefined) {
    out = str(k);
    if (keyCache.size < KEY_CACHE_MAX) keyCache.set(k, out);
  }
  return out;
}

function num(n: number): string {
  if (!Number.isFinite(n)) throw new CanonicalError('number', `${n} is not a JSON number`);
  // ECMAScript Number::toString, as JSON.stringify writes a finite number; "0" for -0, as JCS wants.
  return String(n);
}

/** Keys in UTF-16 code unit order (RFC 8785 §3.2.3): the default sort, skipped when already so. */
function sortedKeys(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return keys.sort();
  return keys;
}

/**
 * An object whose keys are already in order and whose values are all scalars (a flight log line):
 * JSON.stringify then writes exactly the canonical text, in about half the time of the general path
 * (bench/flight-log.ts). Checks the keys (through the cache) and the strings as that path would.
 */
function flatInOrder(o: Record<string, unknown>, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (i > 0 && (keys[i - 1] as string) > k) return false;
    key(k);
    const v = o[k];
    switch (typeof v) {
      case 'number':
        if (!Number.isFinite(v)) return false;
        break;
      case 'string':
        if (LONE_SURROGATE.test(v)) return false;
        break;
      case 'boolean':
        break;
      default:
        if (v !== null) return false;
    }
  }
  return true;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function write(v: unknown, depth: number): string {
  switch (typeof v) {
    case 'string':
      return str(v);
    case 'number':
      return num(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (v === null) return 'null';
      if (depth >= MAX_DEPTH) throw new CanonicalError('depth', `nested deeper than ${MAX_DEPTH} levels`);
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + write(v[i], depth + 1);
        return `${out}]`;
      }
      if (!isPlainObject(v)) throw new CanonicalError('type', 'only plain objects are JSON objects');
      const o = v as Record<string, unknown>;
      const own = Object.keys(o);
      if (flatInOrder(o, own)) return JSON.stringify(o);
      const keys = sortedKeys(own);
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i] as string;
        out += `${i ? ',' : ''}${key(k)}:${write(o[k], depth + 1)}`;
      }
      return `${out}}`;
    }
    default:
      throw new CanonicalError('type', `${typeof v} is not a JSON value`);
  }
}

/** The RFC 8785 canonical JSON text of `value`; throws CanonicalError for what JCS cannot write. */
export function canonicalize(value: unknown): string {
  return write(value, 0);
}
