/**
 * Ground-station configuration (modules/groundstation/README.md) through the real app: the
 * console's GET/POST (401, a role without the screen 403, another tenant 404, bad input 400 in zh
 * and en, inheritance platform default -> parent -> account, 10 parallel saves give versions 1..10),
 * and the app's calls with the telemetry key (401, ETag 304, the signature checked with node:crypto,
 * the applied version listed).
 */
import { createPublicKey, verify } from 'node:crypto';
import { type GroundStationConfig, GROUND_STATION_PATHS as P } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { canonicalize } from '../src/modules/firmware/flightLog/index.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids = { platform: 0, makerA: 0, makerB: 0 };
let key = '';
const run = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, phone] of Object.entries({
    platform: '13800000001',
    government: '13800000002',
    makerA: '13800000003',
  }))
    auth[role] = (await signInWith(t, phone)).auth;
  const users = await t.db
    .selectFrom('users')
    .select(['account_id', 'phone'])
    .where('phone', 'in', ['13800000001', '13800000003', '13800000004'])
    .execute();
  const acc = (p: string) => users.find((u) => u.phone === p)?.account_id as number;
  ids.platform = acc('13800000001');
  ids.makerA = acc('13800000003');
  ids.makerB = acc('13800000004');
  const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
  await keys.create(ids.makerA, `gs-${run}`);
  const pair = (await keys.current(ids.makerA)) as { vid: string; secret: string };
  key = `Basic ${Buffer.from(`${pair.vid}:${pair.secret}`).toString('base64')}`;
});
afterAll(async () => {
  await t?.close();
});

const get = (who: Record<string, string> | null, accountId: number, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `${P.config}?accountId=${accountId}`,
    headers: { 'accept-language': lang, ...(who ?? {}) },
  });
const save = (who: Record<string, string> | null, body: Record<string, unknown>, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: P.config,
    headers: { 'accept-language': lang, ...(who ?? {}) },
    payload: { theme: null, launchPageUrl: null, homePageUrl: null, servAddr: null, ...body },
  });

describe('console', () => {
  it('401 without a session, 403 without the screen, 404 for another tenant', async () => {
    expect((await get(null, ids.makerA)).statusCode).toBe(401);
    expect((await save(null, { accountId: ids.makerA })).statusCode).toBe(401);
    expect((await get(auth.government ?? null, ids.makerA)).statusCode).toBe(403);
    expect((await save(auth.government ?? null, { accountId: ids.makerA })).statusCode).toBe(403);
    expect((await get(auth.makerA ?? null, ids.makerB)).statusCode).toBe(404);
    expect((await save(auth.makerA ?? null, { accountId: ids.makerB })).statusCode).toBe(404);
    expect((await get(auth.platform ?? null, 2_000_000_000)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 in the caller’s language', async () => {
    const bad = [
      { theme: 'pink' },
      { launchPageUrl: 'ftp://x.example' },
      { homePageUrl: `https://x.example/${'a'.repeat(520)}` },
      { servAddr: 'host:70000' },
      { servAddr: 'bad host' },
      { servAddr: 'a\u0000b' },
      { accountId: 'x' },
    ];
    for (const b of bad) {
      const en = await save(auth.platform ?? null, { accountId: ids.makerA, ...b }, 'en');
      expect(en.statusCode, JSON.stringify(b)).toBe(400);
      const zh = await save(auth.platform ?? null, { accountId: ids.makerA, ...b }, 'zh');
      expect(zh.statusCode).toBe(400);
      expect(zh.json().message).not.toBe(en.json().message);
    }
    expect((await get(auth.platform ?? null, 0)).statusCode).toBe(400);
  });

  it('inherits platform default -> account, with sources', async () => {
    expect(
      (
        await save(auth.platform ?? null, {
          accountId: ids.platform,
          theme: 'alternative',
          servAddr: 'gs.example.com:8443',
          homePageUrl: 'https://home.example.com',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await save(auth.makerA ?? null, { accountId: ids.makerA, servAddr: '10.0.0.1:9000' })).statusCode,
    ).toBe(200);
    const r = (await get(auth.makerA ?? null, ids.makerA)).json().data as GroundStationConfig;
    expect(r.effective).toMatchObject({ theme: 'alternative', servAddr: '10.0.0.1:9000' });
    expect(r.sources).toMatchObject({ theme: 'default', servAddr: 'account', launchPageUrl: null });
    expect(r.inherited.servAddr).toBe('gs.example.com:8443');
    expect(r.version).toBeGreaterThan(0);
  });

  it('10 parallel saves give 10 consecutive versions, none lost', async () => {
    const before = ((await get(auth.platform ?? null, ids.makerB)).json().data as GroundStationConfig)
      .version;
    const res = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save(auth.platform ?? null, { accountId: ids.makerB, servAddr: `h${i}.example.com` }),
      ),
    );
    const versions = res.map((r) => r.json().data?.version as number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 10 }, (_, i) => before + i + 1));
    const h = await t.db
      .selectFrom('ground_station_config_history' as never)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id' as never, '=', ids.makerB as never)
      .executeTakeFirstOrThrow();
    expect(Number((h as { n: unknown }).n)).toBeGreaterThanOrEqual(10);
  });
});

describe('app', () => {
  it('401 without the key; signed config with ETag and 304; applied version listed', async () => {
    expect((await t.app.inject({ method: 'GET', url: P.appConfig })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: P.appConfig, headers: { authorization: key } });
    expect(res.statusCode).toBe(200);
    const body = res.json().data as {
      accountId: number;
      version: number;
      config: unknown;
      signature: string;
    };
    expect(body.accountId).toBe(ids.makerA);
    const pk = (await t.app.inject({ method: 'GET', url: P.appPublicKey })).json().data
      .publicKeyPem as string;
    const msg = Buffer.from(
      canonicalize({ accountId: body.accountId, version: body.version, config: body.config }),
    );
    expect(verify(null, msg, createPublicKey(pk), Buffer.from(body.signature, 'base64'))).toBe(true);
    const etag = res.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: P.appConfig,
      headers: { authorization: key, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const applied = (payload: object, authorization: string | null = key) =>
      t.app.inject({
        method: 'POST',
        url: P.appApplied,
        headers: authorization ? { authorization } : {},
        payload,
      });
    expect((await applied({ deviceId: 'gs-1', version: body.version }, null)).statusCode).toBe(401);
    expect((await applied({ deviceId: 'bad id!', version: 1 })).statusCode).toBe(400);
    expect((await applied({ deviceId: `gs-${run}`, version: body.version })).statusCode).toBe(200);
    const r = (await get(auth.makerA ?? null, ids.makerA)).json().data as GroundStationConfig;
    expect(r.devices.find((d) => d.deviceId === `gs-${run}`)?.version).toBe(body.version);
  });
});
