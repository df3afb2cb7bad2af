/**
 * Text PostgreSQL can store as given: no NUL byte (text and jsonb refuse it) and well-formed UTF-16
 * (a lone surrogate has no UTF-8 form: node-postgres would send U+FFFD, so what is stored would
 * differ from what was checked or hashed, and jsonb refuses its `\ud800` escape outright).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether s can be stored exactly. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** s with every NUL byte and lone surrogate replaced by U+FFFD (what PostgreSQL would keep). */
export function storableText(s: string): string {
  if (isStorableText(s)) return s;
  return s.replace(LONE_SURROGATES, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}

/**
 * The path of the first string (or object key) in `value` that is not storable text, or null.
 * The walk is linear in the size of value (a request body is limited to 1 MiB).
 */
export function unstorableTextPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '(value)';
  if (!value || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = unstorableTextPath(value[i], `${path}[${i}]`, depth + 1);
      if (p) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${k}` : k;
    if (!isStorableText(k)) return storableText(at);
    const p = unstorableTextPath(v, at, depth + 1);
    if (p) return p;
  }
  return null;
}

/**
 * A JSON value exactly as jsonb will give it back: what JSON.stringify keeps (a Date becomes its
 * ISO text, undefined members go, NaN becomes null, a bigint its digits), every text storable.
 */
export function storableJson(value: unknown): unknown {
  const text = JSON.stringify(value ?? {}, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return deepStorable(JSON.parse(text ?? '{}'));
}

function deepStorable(v: unknown): unknown {
  if (typeof v === 'string') return storableText(v);
  if (Array.isArray(v)) return v.map(deepStorable);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [storableText(k), deepStorable(x)]),
    );
  return v;
}
