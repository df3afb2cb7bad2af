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
export function unstorableTextPath(value: unknown): string | null {
  const trail = unstorableTrail(value, 0);
  if (!trail) return null;
  // The path is built only for a value that fails (every telemetry batch walks here: building a
  // path string per value was 5 % of the ingest thread over HTTP).
  let path = '';
  for (let i = trail.length - 1; i >= 0; i--) {
    const seg = trail[i] as string | number;
    path += typeof seg === 'number' ? `[${seg}]` : path ? `.${seg}` : seg;
  }
  return path || '(value)';
}

/** The segments of the first unstorable string's path, leaf first; null when all is storable. */
function unstorableTrail(value: unknown, depth: number): Array<string | number> | null {
  if (typeof value === 'string') return isStorableText(value) ? null : [];
  if (!value || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const t = unstorableTrail(value[i], depth + 1);
      if (t) {
        t.push(i);
        return t;
      }
    }
    return null;
  }
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    if (!Object.hasOwn(obj, k)) continue;
    // An unstorable key is named by its storable form.
    if (!isStorableText(k)) return [storableText(k)];
    const t = unstorableTrail(obj[k], depth + 1);
    if (t) {
      t.push(k);
      return t;
    }
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
