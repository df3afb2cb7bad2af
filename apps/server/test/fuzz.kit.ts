/**
 * Hostile input over every registered route (issue 9, finding 16): huge and negative integers,
 * NaN, times beyond the Date range, NUL bytes, very long strings, wrong types, malformed JSON and
 * multipart bodies, odd path params. Each request must be answered with a status below 500.
 *
 * The routes come from the app itself (onRoute), so a route added later is fuzzed without a line
 * here. Every field of a route's zod schema is fuzzed one at a time while the others hold a value
 * the schema accepts, so the handlers (and the database behind them) really run; callers are the
 * platform admin and an operator (Bearer), a telemetry key (Basic) and nobody.
 *
 * What is sent and what is spared (a whole pass was 74,000 requests, ten minutes on a busy
 * machine): every bad value a field's contract accepts goes to the handler; of the values the
 * contract refuses by their kind (a number for a text, an object for a number), two of each kind
 * go, the contract's refusal being one code path; a second caller the route admits gets only the
 * values the contract accepts (the refusals are the same for every caller). A caller the route refuses (401/403, answered
 * before the body is read) gets the plain request and the malformed bodies only. The routes are
 * split over the shards fuzz.routes.<n>.test.ts (a console each, run side by side).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { multipart, PNG_1X1 } from './multipart.ts';
import { keyFor } from './telemetryKit.ts';

let t: TestApp;
const routes: RouteOptions[] = [];
const headers: Record<'platform' | 'operator' | 'lessor' | 'device', Record<string, string>> = {
  platform: {},
  operator: {},
  lessor: {},
  device: {},
};
let droneId = '';

async function setUp() {
  t = await createTestApp({ onRoute: (r) => routes.push(r) });
  headers.platform = (await signInWith(t, '13800000001')).auth;
  headers.operator = (await signInWith(t, '13800000005')).auth;
  // The leasing lessor's screens are a manufacturer's with a lease model (maker A).
  headers.lessor = (await signInWith(t, '13800000003')).auth;
  const key = await keyFor(t, 'fuzzkey');
  headers.device = { authorization: `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}` };
  droneId = (await t.db.selectFrom('drones').select('drone_id').orderBy('drone_id').executeTakeFirstOrThrow())
    .drone_id;
}

const LONG = 'x'.repeat(20_000);
/** Bad values as a query string or path carries them (already URL-encoded). */
const BAD_TEXT = [
  '2147483648',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '8640000000000001',
  '-8640000000000001',
  '99999999999999999999999',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  encodeURIComponent(LONG),
  '',
  'true',
  '%5B%5D',
  encodeURIComponent("' OR 1=1 --"),
];
/** Bad values as JSON carries them. */
const BAD_JSON: unknown[] = [
  2147483648,
  -2147483649,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  8.64e15 + 1,
  -8.64e15 - 1,
  Number.MAX_SAFE_INTEGER + 2,
  '2147483648',
  'NaN',
  '\u0000',
  'a\u0000b',
  '\ud800',
  LONG,
  '',
  null,
  true,
  [],
  {},
  [2147483648],
  ['\u0000'],
  { $gt: '' },
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e309',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  '\u0000',
  '{"a":"\\u0000"}',
];

/** The zod schema's own fields (an object at the top, or inside a pipe / default / optional). */
function shapeOf(schema: unknown): Record<string, ZodType> {
  let s = schema as { shape?: Record<string, ZodType>; def?: Record<string, unknown> } | undefined;
  for (let i = 0; s && i < 8; i++) {
    if (s.shape) return s.shape;
    const def = s.def ?? {};
    s = (def.innerType ?? def.in ?? def.schema) as typeof s;
  }
  return {};
}

/** Options of enums and literals anywhere in a schema, as candidate good values. */
function optionsOf(schema: unknown, out: unknown[] = [], depth = 0): unknown[] {
  const s = schema as { def?: Record<string, unknown> } | undefined;
  if (!s?.def || depth > 8) return out;
  const d = s.def;
  if (d.entries) out.push(...Object.values(d.entries as object));
  if (Array.isArray(d.values)) out.push(...d.values);
  for (const k of ['innerType', 'in', 'out', 'schema']) optionsOf(d[k], out, depth + 1);
  if (Array.isArray(d.options)) for (const o of d.options) optionsOf(o, out, depth + 1);
  return out;
}

/** A value the field accepts (known ids for ids), or undefined when it may be left out. */
function goodValue(key: string, field: ZodType, asText: boolean): unknown {
  if (field.safeParse(undefined).success) return undefined;
  const candidates = [
    key === 'droneId' ? droneId : undefined,
    ...optionsOf(field),
    1,
    2,
    3,
    5,
    Date.now(),
    'abc',
    'mu',
    true,
    [1],
    ['abc'],
    {},
  ];
  for (const c of candidates) {
    if (c === undefined) continue;
    const v = asText && typeof c !== 'object' ? String(c) : c;
    if (field.safeParse(v).success) return v;
  }
  return asText ? '1' : 1;
}

function goodObject(shape: Record<string, ZodType>, asText: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(shape)) {
    const v = goodValue(k, f, asText);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

const qs = (o: Record<string, unknown>, raw: Record<string, string> = {}) =>
  [
    ...Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`),
    ...Object.entries(raw).map(([k, v]) => `${k}=${v}`),
  ].join('&');

/** The kind of a value, for sparing values the contract refuses by their kind alone. */
const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
/** Values of a kind the contract refuses that are still sent (the refusal is one code path). */
const REFUSED_PER_KIND = 2;

/**
 * The bad values worth sending to `field`: all it accepts, and REFUSED_PER_KIND of each kind it
 * refuses. `asText`: values as a query string carries them (URL-encoded; one that does not decode
 * is always sent).
 */
function worthSending<T>(
  field: ZodType | undefined,
  values: readonly T[],
  asText: boolean,
  refusedPerKind = REFUSED_PER_KIND,
): T[] {
  if (!field) return refusedPerKind > 0 ? [...values] : [];
  const refused = new Map<string, number>();
  return values.filter((v) => {
    let parsed: unknown = v;
    if (asText)
      try {
        parsed = decodeURIComponent(String(v));
      } catch {
        return true;
      }
    if (field.safeParse(parsed).success) return true;
    const kind = asText ? 'text' : kindOf(v);
    const n = refused.get(kind) ?? 0;
    refused.set(kind, n + 1);
    return n < refusedPerKind;
  });
}

interface Req {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/**
 * The requests that fuzz one route, each without caller headers. `refused`: only those a caller
 * the route turns away must be answered for (the plain request, the malformed bodies).
 * `acceptedOnly`: only the bad values the route's contract accepts, which reach its handler (for
 * a second caller the route admits: what the contract refuses is refused before the handler, the
 * same for every caller, and went with the first).
 */
function requestsFor(route: RouteOptions, refused = false, acceptedOnly = false): Req[] {
  const refusedPerKind = acceptedOnly ? 0 : REFUSED_PER_KIND;
  const method = String(route.method);
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const paramShape = shapeOf(schema.params);
  const goodParams: Record<string, string> = {};
  for (const p of paramNames) {
    const f = paramShape[p];
    goodParams[p] = encodeURIComponent(
      String((f && goodValue(p, f, true)) ?? (p === 'droneId' ? droneId : '1')),
    );
  }
  const path = (over: Record<string, string> = {}) =>
    route.url.replace(/:(\w+)/g, (_, p: string) => over[p] ?? goodParams[p] ?? '1');
  const queryShape = shapeOf(schema.querystring);
  const goodQuery = goodObject(queryShape, true);
  const bodyShape = shapeOf(schema.body);
  const goodBody = goodObject(bodyShape, false);
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
  const json = { 'content-type': 'application/json' };
  const base = (url: string): Req =>
    hasBody ? { method, url, payload: JSON.stringify(goodBody), headers: json } : { method, url };

  const out: Req[] = [base(`${path()}?${qs(goodQuery)}`)];
  if (refused) {
    if (hasBody)
      for (const raw of MALFORMED_JSON.slice(0, 3))
        out.push({ method, url: path(), payload: raw, headers: json });
    return out;
  }
  for (const p of paramNames)
    for (const bad of worthSending(
      paramShape[p],
      [...BAD_TEXT.filter((b) => b !== ''), '1e309', '%2e%2e%2f%2e%2e', 'a%2Fb'],
      true,
      refusedPerKind,
    ))
      out.push(base(`${path({ [p]: bad })}?${qs(goodQuery)}`));
  const queryKeys = Object.keys(queryShape).length ? Object.keys(queryShape) : ['id', 'droneId', 'startTime'];
  for (const k of queryKeys) {
    const rest = { ...goodQuery };
    delete rest[k];
    for (const bad of worthSending(queryShape[k], BAD_TEXT, true, refusedPerKind))
      out.push(base(`${path()}?${qs(rest, { [k]: bad })}`));
    if (!acceptedOnly) out.push(base(`${path()}?${qs(rest, { [k]: '1', [`${k}[]`]: '2' })}&${k}=3`));
  }
  if (hasBody) {
    for (const k of Object.keys(bodyShape))
      for (const bad of worthSending(bodyShape[k], BAD_JSON, false, refusedPerKind))
        out.push({ method, url: path(), payload: JSON.stringify({ ...goodBody, [k]: bad }), headers: json });
    if (acceptedOnly) return out;
    for (const bad of BAD_JSON)
      out.push({ method, url: path(), payload: JSON.stringify(bad) ?? 'null', headers: json });
    for (const raw of MALFORMED_JSON) out.push({ method, url: path(), payload: raw, headers: json });
    for (const mp of malformedMultipart()) out.push({ method, url: path(), ...mp });
    out.push({ method, url: path(), payload: 'a=1&b=%00', headers: { 'content-type': 'text/plain' } });
    out.push({
      method,
      url: path(),
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return out;
}

const BOUNDARY = '----fuzzBoundary';
const mpHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
function malformedMultipart(): Array<{ payload: Buffer | string; headers: Record<string, string> }> {
  const good = multipart([
    { name: 'droneId', data: droneId },
    { name: 'recordTime', data: String(Date.now()) },
    { name: 'file', filename: 'a.png', type: 'image/png', data: PNG_1X1 },
  ]);
  const cut = good.payload.subarray(0, good.payload.length - 30);
  const pngThenHtml = Buffer.concat([
    PNG_1X1.subarray(0, 16),
    Buffer.from('<html><script>alert(1)</script>'),
  ]);
  return [
    { payload: '', headers: { 'content-type': 'multipart/form-data' } },
    { payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } },
    { payload: 'garbage', headers: mpHeaders },
    {
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      headers: mpHeaders,
    },
    {
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
      headers: mpHeaders,
    },
    { payload: cut, headers: good.headers },
    {
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${LONG}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      headers: mpHeaders,
    },
    {
      payload: `--${BOUNDARY}\r\n${'X-A: b\r\n'.repeat(2000)}\r\nx\r\n--${BOUNDARY}--\r\n`,
      headers: mpHeaders,
    },
    { ...multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: pngThenHtml }]) },
    {
      ...multipart([
        { name: 'droneId', data: 'a\u0000b' },
        { name: 'recordTime', data: '8640000000000001' },
        { name: 'lng', data: 'NaN' },
        { name: 'file', filename: 'a.png', type: 'image/png', data: PNG_1X1 },
      ]),
    },
    {
      ...multipart([
        { name: 'droneId', data: droneId },
        { name: 'recordTime', data: '99999999999999999999' },
        { name: 'file', filename: 'a.png', type: 'image/png', data: PNG_1X1 },
      ]),
    },
    {
      ...multipart([
        { name: 'file', filename: 'a.png', type: 'image/png', data: PNG_1X1 },
        { name: 'file', filename: 'b.png', type: 'image/png', data: PNG_1X1 },
      ]),
    },
    { payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=' } },
    { payload: good.payload, headers: { 'content-type': `multipart/form-data; boundary=${LONG}` } },
  ];
}

/** Screens only a leasing lessor (a manufacturer with a lease model) reaches. */
const LESSOR_SCREENS = [
  'LeaseDataStat',
  'ClientList',
  'ClientDataView',
  'LeaseList',
  'BasicPriceList',
  'BillList',
  'WorkRecordList',
];

/** Who calls a route: nobody for public routes (a key for the telemetry ones), people otherwise. */
function callersOf(route: RouteOptions): Array<Record<string, string>> {
  const access = route.config?.access;
  // Device routes (telemetry, app logs, the accessory check, the ground-station app) take the key.
  if (route.url.startsWith('/api/telemetry/') || access === 'public') return [{}, headers.device];
  if (access === 'optional') return [{}, headers.platform, headers.operator];
  const screens =
    typeof access === 'object' && access !== null ? ((access as { screens?: string[] }).screens ?? []) : [];
  if (screens.some((s) => LESSOR_SCREENS.includes(s)))
    return [headers.platform, headers.operator, headers.lessor];
  return [headers.platform, headers.operator];
}

/** Routes that end the caller's sign-in run last, so the others run signed in. */
const endsSession = (r: RouteOptions) => /loginOut|logout/i.test(r.url);
/**
 * Routes that may switch off or remove what the others stand on (an account, a member, a team)
 * run after the rest, one at a time; the rest run a few routes at once (the requests wait on
 * PostgreSQL more than on the CPU, and every write also appends to the system log).
 */
/** Also a write of the telemetry key: a new key would turn the device caller away from the key routes fuzzed beside it. */
const disruptive = (r: RouteOptions) =>
  endsSession(r) ||
  r.method === 'DELETE' ||
  /\/enable\b/.test(r.url) ||
  (/secretKey/.test(r.url) && r.method !== 'GET');
const PARALLEL_ROUTES = 4;

const refusal = (status: number) => status === 401 || status === 403;

/** Shard `shard` of `of` (by the route's position among the sorted routes): a console of its own. */
export function fuzzShard(shard: number, of: number) {
  beforeAll(setUp);
  afterAll(async () => {
    await t?.close();
  });
  describe(`hostile input on every route (shard ${shard + 1} of ${of})`, () => {
    it('is answered below 500', { timeout: 600_000 }, async () => {
      const api = routes
        .filter(
          (r) =>
            r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && !r.url.startsWith('/api/__test'),
        )
        .filter((r) => r.method !== 'HEAD' && !(r as { websocket?: boolean }).websocket)
        .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`))
        .filter((_, i) => i % of === shard)
        .sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
      expect(api.length).toBeGreaterThan(40 / of);
      const failures: string[] = [];
      const reached = new Set<string>();
      let count = 0;
      const started = Date.now();
      /** Sends one request as `caller`, notes a 5xx or a refusal without our envelope; its status. */
      const send = async (key: string, req: Req, caller: Record<string, string>) => {
        count += 1;
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          payload: req.payload,
          headers: { 'accept-language': 'en', ...req.headers, ...caller },
        });
        if (res.statusCode >= 500) {
          const shown = req.url.length > 160 ? `${req.url.slice(0, 160)}...` : req.url;
          const body = typeof req.payload === 'string' ? req.payload.slice(0, 80) : '';
          failures.push(`${res.statusCode} ${req.method} ${shown} ${body} -> ${res.body.slice(0, 120)}`);
        } else if (!refusal(res.statusCode) && res.statusCode !== 429) {
          reached.add(key);
        }
        // Every refusal is our envelope with a message, in the caller's language.
        if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
          const b = res.json() as { code?: unknown; message?: unknown };
          if (typeof b.message !== 'string' || typeof b.code !== 'number')
            failures.push(`no envelope: ${res.statusCode} ${req.method} ${req.url.slice(0, 100)}`);
        }
        return res.statusCode;
      };
      const fuzz = async (route: RouteOptions) => {
        const key = `${route.method} ${route.url}`;
        let admitted = 0;
        for (const caller of callersOf(route)) {
          // A caller the guard turns away (before the body is read: a body that does not even parse
          // is refused the same) is turned away from every variant of the plain request.
          const [plain, ...malformed] = requestsFor(route, true) as [Req, ...Req[]];
          let turnedAway = refusal(await send(key, plain, caller));
          if (turnedAway && plain.payload !== undefined)
            turnedAway = refusal(await send(key, { ...plain, payload: '{' }, caller));
          const rest = turnedAway ? malformed : requestsFor(route, false, admitted++ > 0).slice(1);
          for (const req of rest) await send(key, req, caller);
        }
      };
      const queue = api.filter((r) => !disruptive(r));
      await Promise.all(
        Array.from({ length: PARALLEL_ROUTES }, async () => {
          for (let r = queue.shift(); r; r = queue.shift()) await fuzz(r);
        }),
      );
      for (const r of api.filter(disruptive)) await fuzz(r);
      console.info(
        `fuzz shard ${shard + 1}/${of}: ${count} requests over ${api.length} routes in ${Date.now() - started} ms`,
      );
      expect(failures.slice(0, 60)).toEqual([]);
      // The fuzzing reached past the guard on every route: the handlers ran.
      const unreached = api.map((r) => `${r.method} ${r.url}`).filter((k) => !reached.has(k));
      expect(unreached).toEqual([]);
    });
  });
}
