/**
 * The system log's writing side (platform/audit.ts) through the real app: every write route the
 * app registers, found by onRoute (so a route added later is walked without a line here), writes
 * exactly one row naming its route, its caller and its HTTP status; a route that says
 * `audit: false` writes none; a call without a session writes none; sign-in and sign-out are log
 * type 1; and the rows form an intact hash chain that an altered or deleted row breaks.
 */
import { readFileSync } from 'node:fs';
import { auditActionKey, LANGUAGES } from '@agrifleet/domain';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkChain } from '../src/modules/syslog/check.ts';
import { isAudited } from '../src/platform/auditHook.ts';
import { body, createTestApp, loginPd, signInWith, type TestApp } from './helper.ts';

/** The web's translations of the log (apps/web/src/i18n/<lng>/syslog.json). */
const SYSLOG_TEXTS = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    JSON.parse(readFileSync(new URL(`../../web/src/i18n/${lng}/syslog.json`, import.meta.url), 'utf8')) as {
      action?: Record<string, string>;
    },
  ]),
);

let t: TestApp;
const routes: RouteOptions[] = [];
let auth: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ onRoute: (r) => routes.push(r) });
  auth = (await signInWith(t, '13800000001')).auth;
});
afterAll(async () => {
  await t?.close();
});

const methods = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);
const lastId = async () =>
  Number(
    (await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM system_logs`.execute(t.db)).rows[0]
      ?.id ?? 0,
  );
const rowsAfter = (id: number) =>
  t.db.selectFrom('system_logs').selectAll().where('id', '>', id).orderBy('id').execute();

/** A path with every parameter filled by an id nobody has. */
const concrete = (url: string) => url.replace(/:([A-Za-z]+)/g, '999999');

describe('one row per write call', () => {
  it('every audited route writes exactly one row with its route, caller and status; never a 5xx', async () => {
    const writes = routes.flatMap((r) =>
      methods(r)
        .filter((m) => isAudited(m, r.url, r.config?.audit))
        .map((m) => ({ method: m, url: r.url, public: r.config?.access === 'public' })),
    );
    expect(writes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const w of writes) {
      const before = await lastId();
      const res = await t.app.inject({
        method: w.method as 'POST',
        url: concrete(w.url),
        headers: { ...auth, 'accept-language': 'en' },
        payload: {},
      });
      expect(res.statusCode, `${w.method} ${w.url}: ${res.body}`).toBeLessThan(500);
      // Sign-out ended the session: sign in again for the routes after it.
      if (w.url.endsWith('/loginOut')) auth = (await signInWith(t, '13800000001')).auth;
      const rows = (await rowsAfter(before)).filter(
        (r) => !(r.action.endsWith('/loginPd') && w.url.endsWith('/loginOut')),
      );
      const mine = rows.filter((r) => r.action === `${w.method} ${w.url}`);
      if (mine.length !== 1 || rows.length !== 1) missing.push(`${w.method} ${w.url}: ${rows.length} rows`);
      else {
        expect(mine[0]?.result).toBe(res.statusCode);
        // A signed-in caller is named; a public route names someone only once it knows who (sign-in).
        if (!w.public) expect(mine[0]?.user_name, `${w.method} ${w.url}`).toBeTruthy();
      }
    }
    expect(missing).toEqual([]);
  });

  it('every audited route has a translated name in the log (AUDIT_ACTIONS, syslog.json of each language)', () => {
    const unnamed: string[] = [];
    for (const r of routes)
      for (const m of methods(r))
        if (isAudited(m, r.url, r.config?.audit)) {
          const key = auditActionKey(`${m} ${r.url}`);
          if (!key) unnamed.push(`${m} ${r.url}`);
          for (const lng of LANGUAGES)
            if (key && !SYSLOG_TEXTS[lng]?.action?.[key]) unnamed.push(`${lng}: action.${key}`);
        }
    expect(unnamed).toEqual([]);
  });

  it('a route that says audit: false writes no row', async () => {
    const quiet = routes.filter(
      (r) => r.url.startsWith('/api') && r.config?.audit === false && methods(r).includes('POST'),
    );
    expect(quiet.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/telemetry/batch', '/api/user/baseaccount/refreshToken']),
    );
    for (const r of quiet) {
      const before = await lastId();
      await t.app.inject({ method: 'POST', url: concrete(r.url), headers: auth, payload: {} });
      expect(await rowsAfter(before), r.url).toEqual([]);
    }
  });

  it('a write without a session writes no row (nobody to name)', async () => {
    const before = await lastId();
    const res = await t.app.inject({ method: 'PUT', url: '/api/drone/nofly/manage/enable', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(await rowsAfter(before)).toEqual([]);
  });
});

describe('sign-in and sign-out', () => {
  it('are log type 1 rows naming the user; a failed sign-in is logged with its status and a masked account', async () => {
    const before = await lastId();
    const { auth: a } = await signInWith(t, '13800000005');
    const failed = await loginPd(t, { phoneNum: '13800000005', password: 'wrong-password' });
    expect(failed.statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/user/baseaccount/loginOut', headers: a });
    const rows = await rowsAfter(before);
    const signIns = rows.filter((r) => r.action.endsWith('/loginPd'));
    expect(signIns.map((r) => [r.log_type, r.result, r.user_name ?? null])).toEqual([
      [1, 200, expect.any(String)],
      [1, 400, null],
    ]);
    expect(signIns[1]?.target).toBe('account=138****005');
    const out = rows.find((r) => r.action.endsWith('/loginOut'));
    expect([out?.log_type, out?.result, out?.account_name]).toEqual([1, 200, '丰收飞防服务合作社']);
  });
});

describe('the hash chain (walked by npm run syslog:check)', () => {
  type Row = Awaited<ReturnType<typeof rowsAfter>>[number];
  const chain = () =>
    t.db.selectFrom('system_logs').selectAll().where('hash', 'is not', null).orderBy('id').execute();
  const brokenAt = async () => (await walkChain(t.db)).broken?.id ?? null;

  it('is intact after the writes above, and an altered or deleted row breaks it', async () => {
    const rows = await chain();
    expect(rows.length).toBeGreaterThan(40);
    expect(await brokenAt()).toBeNull();
    const victim = rows[10] as Row;
    await t.db.updateTable('system_logs').set({ ip: '10.9.9.9' }).where('id', '=', victim.id).execute();
    expect(await brokenAt()).toBe(Number(victim.id));
    await t.db.updateTable('system_logs').set({ ip: victim.ip }).where('id', '=', victim.id).execute();
    expect(await brokenAt()).toBeNull();
    const gone = rows[20] as Row;
    await t.db.deleteFrom('system_logs').where('id', '=', gone.id).execute();
    expect(await brokenAt()).toBe(Number(rows[21]?.id));
  });
});

it('writes from concurrent requests still chain in id order', async () => {
  const before = await lastId();
  await Promise.all(
    Array.from({ length: 12 }, () =>
      t.app.inject({ method: 'PUT', url: '/api/drone/nofly/manage/enable', headers: auth, payload: {} }),
    ),
  );
  const rows = await rowsAfter(before);
  expect(rows).toHaveLength(12);
  for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
  expect(body(await t.app.inject({ method: 'GET', url: '/api/health' }))).toMatchObject({
    data: { status: 'ok' },
  });
});
