/**
 * App logs (modules/applogs/README.md) through the real app: the ingest with the account telemetry
 * key (401, bounds 400/413 in the caller's language, another account's drone or sortie refused, 429
 * with Retry-After, duplicates dropped under parallel sends) and the list (401, roles without the
 * AppLog screen 403, search and type, links to the drone and its sortie, what another account's scope
 * sees), and the retention delete.
 */
import { APP_LOG_BATCH_PATH, APP_LOG_PAGE_PATH, type AppLogPage } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { createAppLogsRepo } from '../src/modules/applogs/applogs.repo.ts';
import { createAppLogsService } from '../src/modules/applogs/applogs.service.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { shortSortie } from './shortSortie.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const key: Record<'a' | 'b', string> = { a: '', b: '' };
const ids = { makerA: 0, makerB: 0 };
let droneA = '';
let droneB = '';
const run = Date.now().toString(36);

const accountOf = async (name: string) =>
  (await t.db.selectFrom('accounts').select('id').where('account_name', '=', name).executeTakeFirstOrThrow())
    .id;
const droneOf = async (account: number) =>
  (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', account)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow()
  ).drone_id;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_LOG_BATCHES_PER_MINUTE: '40' } });
  for (const [role, phone] of Object.entries({
    platform: '13800000001',
    government: '13800000002',
    makerA: '13800000003',
    staff: '13800000009',
  }))
    auth[role] = (await signInWith(t, phone)).auth;
  const users = await t.db
    .selectFrom('users')
    .select(['account_id', 'phone'])
    .where('phone', 'in', ['13800000003', '13800000004'])
    .execute();
  ids.makerA = users.find((u) => u.phone === '13800000003')?.account_id as number;
  ids.makerB = users.find((u) => u.phone === '13800000004')?.account_id as number;
  droneA = await droneOf(ids.makerA);
  droneB = await droneOf(ids.makerB);
  const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
  for (const [k, acc] of [
    ['a', ids.makerA],
    ['b', ids.makerB],
  ] as const) {
    await keys.create(acc, `applog-${k}-${run}`);
    const pair = (await keys.current(acc)) as { vid: string; secret: string };
    key[k] = `Basic ${Buffer.from(`${pair.vid}:${pair.secret}`).toString('base64')}`;
  }
  void accountOf;
});
afterAll(async () => {
  await t?.close();
});

const entry = (over: Record<string, unknown> = {}) => ({
  type: 'flight',
  level: 'warn',
  time: Date.now() - 60_000,
  appVersion: '3.2.1',
  message: `RTK fix lost ${run}`,
  ...over,
});
const post = (authorization: string | null, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: APP_LOG_BATCH_PATH,
    headers: { 'accept-language': lang, ...(authorization ? { authorization } : {}) },
    payload: payload as object,
  });
const list = (who: Record<string, string> | null, q: Record<string, string> = {}, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `${APP_LOG_PAGE_PATH}?${new URLSearchParams(q)}`,
    headers: { 'accept-language': lang, ...(who ?? {}) },
  });
const pageOf = (res: { json(): unknown }) => (res.json() as { data: AppLogPage }).data;

describe('ingest', () => {
  it('refuses a missing or wrong key (401)', async () => {
    expect((await post(null, { entries: [entry()] })).statusCode).toBe(401);
    const wrong = `Basic ${Buffer.from('applog-a-x:nope').toString('base64')}`;
    expect((await post(wrong, { entries: [entry()] })).statusCode).toBe(401);
  });

  it('stores a batch and says what it accepted; the same batch again is all duplicates', async () => {
    const entries = [
      entry({ droneId: droneA, message: `first ${run}` }),
      entry({ message: `second ${run}` }),
    ];
    const r1 = await post(key.a, { entries });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().data).toEqual({ accepted: 2, duplicates: 0 });
    const r2 = await post(key.a, { entries: [...entries, entries[0]] });
    expect(r2.json().data).toEqual({ accepted: 0, duplicates: 3 });
  });

  it('drops duplicates under parallel sends: each entry stored once', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => entry({ message: `parallel ${run} ${i}` }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(key.a, { entries })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const sum = answers.reduce(
      (s, a) => ({
        accepted: s.accepted + a.json().data.accepted,
        duplicates: s.duplicates + a.json().data.duplicates,
      }),
      { accepted: 0, duplicates: 0 },
    );
    expect(sum).toEqual({ accepted: 50, duplicates: 350 });
    const rows = await t.db
      .selectFrom('app_logs' as never)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('message' as never, 'like', `parallel ${run} %` as never)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(50);
  });

  it('refuses bad entries with a 400 in the caller’s language', async () => {
    const bad = [
      entry({ type: 'gossip' }),
      entry({ level: 'fatal' }),
      entry({ message: '' }),
      entry({ message: 'x'.repeat(4001) }),
      entry({ message: 'nul \u0000 byte' }),
      entry({ message: 'lone \uD800 surrogate' }),
      entry({ appVersion: 'v 1' }),
      entry({ time: -1 }),
      entry({ droneId: 'bad id!' }),
      entry({ sortieId: 5 }),
      entry({ extra: 1 }),
    ];
    for (const e of bad) {
      const res = await post(key.a, { entries: [e] });
      expect(res.statusCode, JSON.stringify(e).slice(0, 80)).toBe(400);
    }
    expect((await post(key.a, { entries: [] })).statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: APP_LOG_BATCH_PATH,
      headers: { authorization: key.a, 'content-type': 'application/json' },
      payload: '{"entries": [',
    });
    expect(broken.statusCode).toBe(400);
    const old = await post(
      key.a,
      { entries: [entry(), entry({ time: Date.now() - 91 * 86_400_000 })] },
      'zh',
    );
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('第 2 条日志的时间超出范围（最早 90 天前，最晚 1 天后）');
    const future = await post(key.a, { entries: [entry({ time: Date.now() + 2 * 86_400_000 })] });
    expect(future.json().message).toContain('Log entry 1 has a time out of range');
  });

  it('answers 413 past the entry count or the body size', async () => {
    const many = await post(key.a, { entries: Array.from({ length: 501 }, () => entry()) }, 'zh');
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe('一批最多 500 条日志');
    const big = await post(key.a, {
      entries: Array.from({ length: 300 }, (_, i) => entry({ message: `${i}${'y'.repeat(3990)}` })),
    });
    expect(big.statusCode).toBe(413);
  });

  it('refuses another account’s drone, and a sortie of another drone (tenant)', async () => {
    const other = await post(key.b, { entries: [entry({ droneId: droneA })] }, 'en');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      `Log entry 1: drone ${droneA} does not belong to the account of this key`,
    );
    const sortieB = await t.db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('drone_id', '!=', droneA)
      .executeTakeFirst();
    if (sortieB) {
      const res = await post(key.a, {
        entries: [entry({ droneId: droneA, sortieId: Number(sortieB.sortie_id) })],
      });
      expect(res.statusCode).toBe(400);
    }
    // Maker B's own drone is fine with its key.
    expect(
      (await post(key.b, { entries: [entry({ droneId: droneB, message: `maker b ${run}` })] })).statusCode,
    ).toBe(200);
  });
});

describe('list', () => {
  it('401 without a session; 403 for roles without the AppLog screen', async () => {
    expect((await list(null)).statusCode).toBe(401);
    for (const role of ['government', 'staff'])
      expect((await list(auth[role] as Record<string, string>)).statusCode, role).toBe(403);
  });

  it('searches the text, filters by type, and links the drone', async () => {
    await post(key.a, {
      entries: [
        entry({ type: 'crash', level: 'error', droneId: droneA, message: `喷洒泵压力异常 ${run} 100%_done` }),
        entry({ type: 'network', level: 'info', message: `link quality degraded ${run}` }),
      ],
    });
    const found = pageOf(await list(auth.platform as Record<string, string>, { search: `压力异常 ${run}` }));
    expect(found.total).toBe(1);
    expect(found.records[0]).toMatchObject({
      type: 'crash',
      level: 'error',
      droneId: droneA,
      appVersion: '3.2.1',
    });
    expect(found.records[0]?.droneName).toBeTruthy();
    // % and _ are literal.
    expect(pageOf(await list(auth.platform as Record<string, string>, { search: '100%_done' })).total).toBe(
      1,
    );
    expect(pageOf(await list(auth.platform as Record<string, string>, { search: '100%Xdone' })).total).toBe(
      0,
    );
    const typed = pageOf(
      await list(auth.platform as Record<string, string>, { type: 'network', search: run }),
    );
    expect(typed.records.map((r) => r.type)).toEqual(['network']);
    const all = pageOf(await list(auth.platform as Record<string, string>, { search: run, size: '100' }));
    expect(all.records.map((r) => r.accountName)).toContain('极翼植保无人机有限公司');
    expect(all.totalBounded).toBe(false);
    const times = all.records.map((r) => r.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a text past the search bound: "more than 200", pages newest first, none past the bound', async () => {
    const word = `bounded${run}`;
    const t0 = Date.now() - 120_000;
    const res = await post(key.a, {
      entries: Array.from({ length: 230 }, (_, i) =>
        entry({ type: 'device', time: t0 + i * 10, message: `battery ${word} #${i}` }),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const who = auth.platform as Record<string, string>;
    const first = pageOf(await list(who, { search: word, size: '100' }));
    expect(first.total).toBe(200);
    expect(first.totalBounded).toBe(true);
    expect(first.records.map((r) => r.message)).toEqual(
      Array.from({ length: 100 }, (_, i) => `battery ${word} #${229 - i}`),
    );
    const second = pageOf(await list(who, { search: word, size: '100', pageIndex: '2' }));
    expect(second.records.map((r) => r.message)[0]).toBe(`battery ${word} #129`);
    expect(pageOf(await list(who, { search: word, size: '100', pageIndex: '3' })).records).toEqual([]);
    // Within one type, and a type that has none of it.
    expect(pageOf(await list(who, { search: word, type: 'device' })).totalBounded).toBe(true);
    expect(pageOf(await list(who, { search: word, type: 'crash' })).total).toBe(0);
  });

  it('links an entry to the sortie its drone flew at its time, or to the one it names', async () => {
    // A short sortie of drone A flown through the telemetry ingest, five minutes ago.
    const flown = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: key.a },
      payload: {
        drones: [{ droneId: droneA, points: shortSortie({ lng: 120.3, lat: 33.7 }, Date.now() - 300_000) }],
      },
    });
    expect(flown.statusCode, flown.body).toBe(200);
    const s = await vi.waitFor(
      async () =>
        await t.db
          .selectFrom('sorties')
          .select(['sortie_id', 'drone_id', 'start_time', 'end_time'])
          .where('drone_id', '=', droneA)
          .where('start_time', '>', new Date(Date.now() - 600_000))
          .executeTakeFirstOrThrow(),
      { timeout: 10_000, interval: 100 },
    );
    const mid = Math.round((s.start_time.getTime() + s.end_time.getTime()) / 2);
    const res = await post(key.a, {
      entries: [
        entry({ droneId: s.drone_id, time: mid, message: `during sortie ${run}` }),
        entry({ droneId: s.drone_id, sortieId: Number(s.sortie_id), message: `named sortie ${run}` }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = pageOf(
      await list(auth.platform as Record<string, string>, { search: `sortie ${run}` }),
    ).records;
    expect(rows.map((r) => r.sortieId)).toEqual([Number(s.sortie_id), Number(s.sortie_id)]);
  });

  it('refuses a too-short search and a bad filter with a translated 400', async () => {
    const short = await list(auth.platform as Record<string, string>, { search: 'ab' }, 'zh');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('搜索内容至少 3 个字符');
    expect((await list(auth.platform as Record<string, string>, { type: 'gossip' })).statusCode).toBe(400);
    expect((await list(auth.platform as Record<string, string>, { size: '101' })).statusCode).toBe(400);
    expect((await list(auth.platform as Record<string, string>, { pageIndex: '0' })).statusCode).toBe(400);
  });

  it('a maker (type 3) reads on AppLog only what its own keys sent: not another maker’s', async () => {
    const res = await list(auth.makerA as Record<string, string>, { search: run, size: '100' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = pageOf(res).records;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.accountName))).toEqual(new Set([rows[0]?.accountName]));
    const other = await t.db
      .selectFrom('accounts')
      .select('account_name')
      .where('id', '=', ids.makerB)
      .executeTakeFirstOrThrow();
    expect(rows.map((r) => r.accountName)).not.toContain(other.account_name);
  });

  it('an account scope other than the platform sees only what its own keys sent', async () => {
    const repo = createAppLogsRepo(t.db);
    const mine = await repo.page({ kind: 'zz', accountId: ids.makerB }, { search: run }, 0, 100);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.accountName)).size).toBe(1);
    expect(mine.some((r) => r.message.includes('RTK fix lost'))).toBe(false);
    expect(await repo.boundedCount({ kind: 'region', code: 156320000, level: 'province' }, {})).toBe(0);
  });
});

describe('limits and retention', () => {
  it('answers 429 with Retry-After past the batches a key may send a minute', async () => {
    t.advanceLimiterClock(120);
    let res = await post(key.b, { entries: [entry({ message: `rate ${run} 0` })] });
    for (let i = 1; i <= 40 && res.statusCode === 200; i++)
      res = await post(key.b, { entries: [entry({ message: `rate ${run} ${i}` })] }, 'zh');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/秒/);
    // Another key is not held back; the same one is again after the window.
    expect((await post(key.a, { entries: [entry({ message: `rate a ${run}` })] })).statusCode).toBe(200);
    t.advanceLimiterClock(61);
    expect((await post(key.b, { entries: [entry({ message: `rate ${run} after` })] })).statusCode).toBe(200);
  });

  it('deletes entries past the retention', async () => {
    await post(key.a, { entries: [entry({ message: `kept ${run}` })] });
    const repo = createAppLogsRepo(t.db);
    const old = Date.now() - 100 * 86_400_000;
    // The month of 100 days ago may precede the retention's start, whose months the job made.
    await repo.ensurePartitions(old, old);
    await t.db
      .updateTable('app_logs' as never)
      .set({ time: new Date(old) } as never)
      .where('message' as never, '=', `first ${run}` as never)
      .execute();
    const service = createAppLogsService({ repo, retentionDays: 90 });
    expect((await service.purge()).deleted).toBe(1);
    const left = pageOf(
      await list(auth.platform as Record<string, string>, { search: run, size: '100' }),
    ).records;
    expect(left.some((r) => r.message === `first ${run}`)).toBe(false);
    expect(left.some((r) => r.message === `kept ${run}`)).toBe(true);
  });
});
