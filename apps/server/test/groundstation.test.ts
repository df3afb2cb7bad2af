/**
 * Ground-station configuration (modules/groundstation/README.md) through the real app: the
 * demo seed (a platform default, maker A's values), the console's GET/POST (401, a role without the screen 403, another tenant 404, bad input 400 in zh
 * and en, 10 parallel saves give versions 1..10), sub-accounts (a maker reads and writes its
 * sub-accounts at every level; a sub-account never its parent or a sibling tenant), inheritance
 * platform default -> parent -> account per field with its sources, and the app's calls with the
 * telemetry key (401, ETag 304, the signature checked with node:crypto, the applied version listed,
 * a parent's save changes the child's version and ETag).
 */
import { createPublicKey, verify } from 'node:crypto';
import { type GroundStationConfig, GROUND_STATION_PATHS as P } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GROUND_STATION } from '../src/demo/groundStation.ts';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { canonicalize } from '../src/modules/firmware/flightLog/index.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids = { platform: 0, makerA: 0, makerB: 0, sub: 0, grand: 0 };
let key = '';
let subKey = '';
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
  // Maker A's sub-company, and a sub-company of that one, each with a user (as blocks.kit does).
  const hash = await t.db
    .selectFrom('users')
    .select('password_hash')
    .where('phone', '=', '13800000003')
    .executeTakeFirstOrThrow();
  const addAccount = async (name: string, phone: string, parent: number) => {
    const a = await t.db
      .insertInto('accounts')
      .values({ account_type: 3, account_name: name, parent_id: parent, check_status: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('users')
      .values({
        account_id: a.id,
        user_type: 1,
        user_name: name,
        phone_country: '86',
        phone,
        password_hash: hash.password_hash,
      })
      .execute();
    return a.id;
  };
  ids.sub = await addAccount('极翼华东分公司', '13900000031', ids.makerA);
  ids.grand = await addAccount('极翼盐城站', '13900000032', ids.sub);
  for (const [role, phone] of Object.entries({
    sub: '13900000031',
    grand: '13900000032',
    operatorA: '13800000005',
    makerB: '13800000004',
  }))
    auth[role] = (await signInWith(t, phone)).auth;
  const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
  const basic = async (accountId: number, vid: string) => {
    await keys.create(accountId, vid);
    const pair = (await keys.current(accountId)) as { vid: string; secret: string };
    return `Basic ${Buffer.from(`${pair.vid}:${pair.secret}`).toString('base64')}`;
  };
  key = await basic(ids.makerA, `gs-${run}`);
  subKey = await basic(ids.sub, `gs-sub-${run}`);
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

describe('demo data', () => {
  it('the platform has a default and the demo manufacturer its own values over it', async () => {
    const r = (await get(auth.makerA ?? null, ids.makerA)).json().data as GroundStationConfig;
    const d = DEMO_GROUND_STATION;
    expect(r.own).toEqual(d['maker-a']);
    expect(r.effective).toEqual({ ...d['maker-a'], launchPageUrl: d.platform.launchPageUrl });
    expect(r.sources).toEqual({
      theme: 'account',
      launchPageUrl: 'default',
      homePageUrl: 'account',
      servAddr: 'account',
    });
    expect([r.version, r.effectiveVersion]).toEqual([1, 2]);
  });
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
    expect(r.effectiveVersion).toBeGreaterThan(r.version);
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

const as = (who: string) => auth[who] ?? null;
const view = async (who: string, accountId: number) => {
  const res = await get(as(who), accountId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as GroundStationConfig;
};

describe('sub-accounts', () => {
  it('a maker reads and writes its sub-accounts at every level; the platform any', async () => {
    for (const id of [ids.sub, ids.grand]) {
      expect((await get(as('makerA'), id)).statusCode).toBe(200);
      expect((await save(as('makerA'), { accountId: id })).statusCode).toBe(200);
      expect((await get(as('platform'), id)).statusCode).toBe(200);
    }
    expect((await get(as('sub'), ids.grand)).statusCode).toBe(200);
    expect((await save(as('sub'), { accountId: ids.grand })).statusCode).toBe(200);
    expect((await get(as('grand'), ids.grand)).statusCode).toBe(200);
  });

  it('never an ancestor or another tenant (404); 401 and a role without the screen 403', async () => {
    for (const [who, id] of [
      ['sub', ids.makerA],
      ['grand', ids.sub],
      ['grand', ids.makerA],
      ['sub', ids.platform],
      ['sub', ids.makerB],
      ['makerB', ids.sub],
      ['makerB', ids.grand],
    ] as const) {
      expect((await get(as(who), id)).statusCode, `${who} GET ${id}`).toBe(404);
      expect((await save(as(who), { accountId: id })).statusCode, `${who} POST ${id}`).toBe(404);
    }
    expect((await get(null, ids.sub)).statusCode).toBe(401);
    expect((await save(null, { accountId: ids.sub })).statusCode).toBe(401);
    expect((await get(as('operatorA'), ids.sub)).statusCode).toBe(403);
    expect((await save(as('operatorA'), { accountId: ids.sub })).statusCode).toBe(403);
  });
});

describe('inheritance platform default -> parent -> account, per field', () => {
  it('effective values and sources at each level; clearing a field falls back to the parent', async () => {
    const d = {
      theme: 'alternative',
      launchPageUrl: 'https://launch.default.example',
      homePageUrl: 'https://home.default.example',
      servAddr: 'default.example:443',
    } as const;
    expect((await save(as('platform'), { accountId: ids.platform, ...d })).statusCode).toBe(200);
    const parent = { homePageUrl: 'https://home.maker-a.example', servAddr: 'maker-a.example:8443' };
    expect((await save(as('makerA'), { accountId: ids.makerA, ...parent })).statusCode).toBe(200);
    expect((await save(as('makerA'), { accountId: ids.sub, servAddr: '10.1.2.3:9000' })).statusCode).toBe(
      200,
    );
    expect((await save(as('sub'), { accountId: ids.grand })).statusCode).toBe(200);

    const p = await view('platform', ids.platform);
    expect(p.effective).toEqual(d);
    expect(p.sources).toEqual({
      theme: 'account',
      launchPageUrl: 'account',
      homePageUrl: 'account',
      servAddr: 'account',
    });

    const a = await view('makerA', ids.makerA);
    expect(a.effective).toEqual({ ...d, ...parent });
    expect(a.sources).toEqual({
      theme: 'default',
      launchPageUrl: 'default',
      homePageUrl: 'account',
      servAddr: 'account',
    });
    expect(a.inherited).toEqual(d);

    const s = await view('sub', ids.sub);
    expect(s.own).toEqual({ theme: null, launchPageUrl: null, homePageUrl: null, servAddr: '10.1.2.3:9000' });
    expect(s.effective).toEqual({ ...d, ...parent, servAddr: '10.1.2.3:9000' });
    expect(s.sources).toEqual({
      theme: 'default',
      launchPageUrl: 'default',
      homePageUrl: 'parent',
      servAddr: 'account',
    });
    // The parent's values reach the sub-account only as inherited ones.
    expect(s.inherited).toEqual({ ...d, ...parent });
    expect(s.inheritedSources).toEqual({
      theme: 'default',
      launchPageUrl: 'default',
      homePageUrl: 'parent',
      servAddr: 'parent',
    });

    // Two levels down: the nearest ancestor that sets a field wins.
    const g = await view('grand', ids.grand);
    expect(g.effective).toEqual({ ...d, ...parent, servAddr: '10.1.2.3:9000' });
    expect(g.sources).toEqual({
      theme: 'default',
      launchPageUrl: 'default',
      homePageUrl: 'parent',
      servAddr: 'parent',
    });

    // The sub-account clears its server address: the parent's applies again.
    expect((await save(as('sub'), { accountId: ids.sub, servAddr: null })).statusCode).toBe(200);
    const cleared = await view('sub', ids.sub);
    expect(cleared.effective.servAddr).toBe(parent.servAddr);
    expect(cleared.sources.servAddr).toBe('parent');
    // The parent clears its home page: the platform default applies below it.
    expect((await save(as('makerA'), { accountId: ids.makerA, servAddr: parent.servAddr })).statusCode).toBe(
      200,
    );
    const after = await view('sub', ids.sub);
    expect(after.effective.homePageUrl).toBe(d.homePageUrl);
    expect(after.sources.homePageUrl).toBe('default');
  });
});

describe('the app’s version follows the effective configuration', () => {
  const appGet = (authorization: string, etag?: string) =>
    t.app.inject({
      method: 'GET',
      url: P.appConfig,
      headers: { authorization, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('a parent’s or the platform’s save changes the child’s version and ETag; unchanged answers 304', async () => {
    const first = await appGet(subKey);
    expect(first.statusCode).toBe(200);
    const v1 = first.json().data.version as number;
    const etag1 = first.headers.etag as string;
    expect(v1).toBe((await view('sub', ids.sub)).effectiveVersion);
    expect((await appGet(subKey, etag1)).statusCode).toBe(304);

    // The parent saves: the child's effective configuration is new.
    expect(
      (await save(as('makerA'), { accountId: ids.makerA, servAddr: 'moved.maker-a.example:8443' }))
        .statusCode,
    ).toBe(200);
    const second = await appGet(subKey, etag1);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.version).toBeGreaterThan(v1);
    expect(second.json().data.config.servAddr).toBe('moved.maker-a.example:8443');
    const etag2 = second.headers.etag as string;
    expect(etag2).not.toBe(etag1);
    expect((await appGet(subKey, etag2)).statusCode).toBe(304);

    // The platform default changes: every account's version moves.
    const p = await view('platform', ids.platform);
    expect(
      (await save(as('platform'), { accountId: ids.platform, ...p.own, theme: 'default' })).statusCode,
    ).toBe(200);
    const third = await appGet(subKey, etag2);
    expect(third.statusCode).toBe(200);
    expect(third.json().data.version).toBeGreaterThan(second.json().data.version);
    expect(third.json().data.config.theme).toBe('default');
    // Another tenant's save does not touch it.
    const etag3 = third.headers.etag as string;
    expect((await save(as('platform'), { accountId: ids.makerB, servAddr: 'b.example' })).statusCode).toBe(
      200,
    );
    expect((await appGet(subKey, etag3)).statusCode).toBe(304);
  });
});
