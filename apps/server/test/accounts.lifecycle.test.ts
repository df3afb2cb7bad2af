/**
 * Account lifecycle (issue 12 #1): disabling an account ends its users' sessions at once (their very
 * next request and their sign-in are refused with accountDisabled, no cache lets them through) and
 * refuses its drones' telemetry key with the reason, logged once per key per minute (log type 3);
 * enabling lets them in again. Delete is refused while the account owns drones or has sub-accounts;
 * merge manufacturer moves models, drones and history in one transaction (a failure moves nothing).
 */
import { ACCOUNT_PATHS as P } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { createSealer } from '../src/platform/seal.ts';
import { accountsKit, newAccount } from './accounts.kit.ts';
import { createTestApp, loginPd, type TestApp } from './helper.ts';

let t: TestApp;
let k: Awaited<ReturnType<typeof accountsKit>>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  k = await accountsKit(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(t.db)).rows[0]?.n ?? -1;

describe('enable and disable', () => {
  it('refuses the disabled account at once: next request, sign-in and telemetry key', async () => {
    const id = k.ids.operatorB;
    expect(
      (await k.call('operatorB', 'PUT', `/api/user/account/secretKey`, { vid: 'green-key' })).statusCode,
    ).toBe(200);
    const file = (await k.call('operatorB', 'GET', '/api/user/account/secretKey')).body;
    const secret = /secret=(.+)/.exec(file)?.[1] as string;
    const basic = { authorization: `Basic ${Buffer.from(`green-key:${secret}`).toString('base64')}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/telemetry/drones', headers: basic })).statusCode,
    ).toBe(200);

    const off = await k.call('platform', 'PUT', P.enable, { accountId: id, opr: 0 });
    expect(off.statusCode, off.body).toBe(200);
    const live = await count(sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE u.account_id = ${id} AND s.revoked_at IS NULL`);
    expect(live).toBe(0);
    for (const lang of ['en', 'zh'] as const) {
      const next = await k.call('operatorB', 'GET', P.own, undefined, lang);
      expect(next.statusCode).toBe(403);
      expect(next.json()).toEqual({ code: 1006, message: MESSAGES.accountDisabled[lang] });
    }
    const login = await loginPd(
      t,
      { phoneNum: '13800000006', password: 'agri2026' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MESSAGES.accountDisabled.en);

    const logRows = () =>
      count(
        sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM system_logs WHERE log_type = 3 AND account_id = ${id}`,
      );
    const before = await logRows();
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/telemetry/drones',
        headers: { ...basic, 'accept-language': 'en' },
      });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ code: 1006, message: MESSAGES.accountDisabled.en });
    }
    expect(await logRows()).toBe(before + 1);

    // The rate limit is per key per minute: a minute later, one more row.
    let now = Date.now();
    const writes: unknown[] = [];
    const keys = createKeysService(
      t.db,
      createSealer(t.config.jwtSecret),
      {
        write: async (e) => {
          writes.push(e);
          return 1;
        },
      },
      () => now,
    );
    await expect(keys.verify('green-key', secret)).rejects.toMatchObject({ code: 1006 });
    await expect(keys.verify('green-key', secret)).rejects.toMatchObject({ code: 1006 });
    now += 60_000;
    await expect(keys.verify('green-key', secret)).rejects.toMatchObject({ code: 1006 });
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatchObject({ logType: 3, target: 'vid=green-key', actor: { accountId: id } });
    expect(await keys.verify('green-key', 'wrong')).toBeNull();

    const on = await k.call('platform', 'PUT', P.enable, { accountId: id, opr: 1 });
    expect(on.statusCode).toBe(200);
    expect((await loginPd(t, { phoneNum: '13800000006', password: 'agri2026' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/telemetry/drones', headers: basic })).statusCode,
    ).toBe(200);
  });

  it("refuses to disable the own account, and another tenant's (404)", async () => {
    const own = await k.call('platform', 'PUT', P.enable, { accountId: k.ids.platform, opr: 0 }, 'en');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MESSAGES.accountOwnForbidden.en);
    expect((await k.call('makerA', 'PUT', P.enable, { accountId: k.ids.makerB, opr: 0 })).statusCode).toBe(
      404,
    );
    expect(
      (await k.call('government', 'PUT', P.enable, { accountId: k.ids.government, opr: 0 })).statusCode,
    ).toBe(403);
  });
});

describe('delete', () => {
  it('refuses while the account owns drones or has sub-accounts, saying what to do first', async () => {
    const drones = await count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM drones WHERE zz_account_id = ${k.ids.makerB}`,
    );
    expect(drones).toBeGreaterThan(0);
    for (const lang of ['en', 'zh'] as const) {
      const res = await k.call('platform', 'DELETE', `${P.remove}/${k.ids.makerB}`, undefined, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.accountHasDrones[lang].replace('{count}', String(drones)));
    }
    const parent = (
      await k.call('platform', 'POST', P.create, newAccount('P', { adminPhone: '13900000101', vipLevel: 1 }))
    ).json().data;
    await sql`INSERT INTO accounts (account_type, account_name, parent_id, account_catalog_level) VALUES (3, '子', ${parent.accountId}, 2)`.execute(
      t.db,
    );
    const sub = await k.call('platform', 'DELETE', `${P.remove}/${parent.accountId}`, undefined, 'en');
    expect(sub.statusCode).toBe(409);
    expect(sub.json().message).toBe(MESSAGES.accountHasSubAccounts.en.replace('{count}', '1'));
  });

  it('deletes an account without drones, with its users; 403 / 404 for others', async () => {
    const a = (
      await k.call('platform', 'POST', P.create, newAccount('D', { adminPhone: '13900000102' }))
    ).json().data;
    expect((await k.call('government', 'DELETE', `${P.remove}/${a.accountId}`)).statusCode).toBe(404);
    expect((await k.call('makerA', 'DELETE', `${P.remove}/${a.accountId}`)).statusCode).toBe(404);
    expect((await k.call('staff', 'DELETE', `${P.remove}/${a.accountId}`)).statusCode).toBe(403);
    const res = await k.call('platform', 'DELETE', `${P.remove}/${a.accountId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM accounts WHERE id = ${a.accountId}`),
    ).toBe(0);
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE account_id = ${a.accountId}`),
    ).toBe(0);
  });
});

describe('merge manufacturer', () => {
  const owned = async (id: number) => ({
    models: await count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM drone_models WHERE zz_account_id = ${id}`,
    ),
    drones: await count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM drones WHERE zz_account_id = ${id}`,
    ),
    sorties: await count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM sorties WHERE zz_account_id = ${id}`,
    ),
  });

  it('moves nothing when any step fails (one transaction)', async () => {
    const before = await owned(k.ids.makerB);
    await sql`CREATE FUNCTION fail_merge() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER fail_merge BEFORE UPDATE OF enabled ON accounts FOR EACH ROW
      WHEN (NEW.id = ${sql.lit(k.ids.makerB)}) EXECUTE FUNCTION fail_merge()`.execute(t.db);
    try {
      const res = await k.call('platform', 'PUT', P.merge, {
        accountId: k.ids.makerA,
        mergeAccountId: k.ids.makerB,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER fail_merge ON accounts`.execute(t.db);
      await sql`DROP FUNCTION fail_merge()`.execute(t.db);
    }
    expect(await owned(k.ids.makerB)).toEqual(before);
  });

  it('moves models, drones and history into the kept manufacturer and disables the merged one', async () => {
    const a = await owned(k.ids.makerA);
    const b = await owned(k.ids.makerB);
    expect(b.drones).toBeGreaterThan(0);
    const bad = await k.call(
      'platform',
      'PUT',
      P.merge,
      { accountId: k.ids.makerA, mergeAccountId: k.ids.operatorA },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.mergeNotManufacturers.en);
    const res = await k.call('platform', 'PUT', P.merge, {
      accountId: k.ids.makerA,
      mergeAccountId: k.ids.makerB,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ models: b.models, drones: b.drones, sorties: b.sorties });
    expect(await owned(k.ids.makerB)).toEqual({ models: 0, drones: 0, sorties: 0 });
    expect(await owned(k.ids.makerA)).toEqual({
      models: a.models + b.models,
      drones: a.drones + b.drones,
      sorties: a.sorties + b.sorties,
    });
    const left = await count(sql<{
      n: number;
    }>`SELECT (SELECT count(*) FROM anomalies WHERE zz_account_id = ${k.ids.makerB})
      + (SELECT count(*) FROM stat_daily WHERE zz_account_id = ${k.ids.makerB})::int AS n`);
    expect(Number(left)).toBe(0);
    const merged = await t.db
      .selectFrom('accounts')
      .select('enabled')
      .where('id', '=', k.ids.makerB)
      .executeTakeFirstOrThrow();
    expect(merged.enabled).toBe(false);
    expect((await k.call('makerB', 'GET', P.own)).statusCode).toBe(403);
    const log = await sql<{
      target: string;
    }>`SELECT target FROM system_logs WHERE path LIKE '%mergeManufacturer' AND result = 200`.execute(t.db);
    expect(log.rows).toHaveLength(1);
  });
});
