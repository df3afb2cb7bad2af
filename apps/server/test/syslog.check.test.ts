/**
 * The system log's chain check (modules/syslog/check.ts, `npm run syslog:check`): rows written
 * through the real app (sign-ins, writes) and its writer are intact; then one row altered, one row
 * deleted, one row inserted by hand, the first rows deleted and a row taken out of the chain
 * (hash set to NULL), each with SQL, are found at the right row, and undone the check is intact again.
 * Also the command itself: exit 0 intact, 1 broken.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkChain } from '../src/modules/syslog/check.ts';
import { createAudit } from '../src/platform/audit.ts';
import { createTestApp, fleetCallers, type TestApp } from './helper.ts';

let t: TestApp;
const run = promisify(execFile);

const chained = async () =>
  (
    await sql<{
      id: string;
    }>`SELECT id::text AS id FROM system_logs WHERE hash IS NOT NULL ORDER BY system_logs.id`.execute(t.db)
  ).rows.map((r) => Number(r.id));

beforeAll(async () => {
  t = await createTestApp();
  const { auth } = await fleetCallers(t);
  // Writes through the app: a refused one and a not-found one, plus every role's sign-in.
  await t.app.inject({
    method: 'PUT',
    url: '/api/drone/rtk/manage/allow/NOSUCH01',
    headers: auth.makerA,
    payload: { opr: 1 },
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/drone/rtk/manage/bind',
    headers: auth.operatorA,
    payload: { devId: 'X1234567', qxdsk: 'qxTESTKEY0001' },
  });
  await t.app.inject({ method: 'POST', url: '/api/user/baseaccount/loginOut', headers: auth.leaseManager });
  // A row as the telemetry key check writes it (no request).
  await createAudit(t.db).write({
    actor: { accountId: null, userId: null },
    logType: 3,
    action: 'deviceKeyRefused',
    method: null,
    path: null,
    target: 'vid=v1',
    result: 403,
    ip: '10.1.1.1',
    detail: { vid: 'v1' },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the chain check', () => {
  it('finds the rows the app wrote intact', async () => {
    const ids = await chained();
    expect(ids.length).toBeGreaterThan(8);
    const progress: number[] = [];
    const r = await walkChain(t.db, { batch: 3, onProgress: (n) => progress.push(n) });
    expect(r).toMatchObject({ ok: true, rows: ids.length, headId: ids.at(-1), broken: null });
    expect(progress.length).toBeGreaterThan(1);
  });

  it('finds a row altered with SQL, and the chain whole again once it is put back', async () => {
    const ids = await chained();
    const victim = ids[4] as number;
    const before = await t.db
      .selectFrom('system_logs')
      .select(['ip', 'result', 'created_at', 'user_name'])
      .where('id', '=', victim)
      .executeTakeFirstOrThrow();
    const changes = [
      sql`ip = '6.6.6.6'`,
      sql`result = coalesce(result, 0) + 1`,
      sql`created_at = created_at + interval '1 second'`,
      sql`user_name = 'someone'`,
    ];
    for (const change of changes) {
      await sql`UPDATE system_logs SET ${change} WHERE id = ${victim}`.execute(t.db);
      const r = await walkChain(t.db, { batch: 4 });
      expect(r.ok).toBe(false);
      expect(r.broken).toMatchObject({ id: victim, problem: 'altered', prevId: ids[3] });
      expect(r.breaks).toHaveLength(1);
      expect(r.rows).toBe(ids.length);
      await t.db
        .updateTable('system_logs')
        .set({
          ip: before.ip,
          result: before.result,
          created_at: before.created_at,
          user_name: before.user_name,
        })
        .where('id', '=', victim)
        .execute();
      expect((await walkChain(t.db)).ok).toBe(true);
    }
  });

  it('finds a row deleted, a row inserted, a row unchained and the start deleted', async () => {
    const ids = await chained();
    const row = (id: number) =>
      t.db.selectFrom('system_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Deleted: the next row's prev_hash names a hash that is gone.
    const gone = await row(ids[5] as number);
    await t.db.deleteFrom('system_logs').where('id', '=', gone.id).execute();
    let r = await walkChain(t.db);
    expect(r.broken).toMatchObject({ id: ids[6], problem: 'deleted', prevId: ids[4] });
    await t.db
      .insertInto('system_logs')
      .values({ ...gone, detail: JSON.stringify(gone.detail) })
      .execute();
    expect((await walkChain(t.db)).ok).toBe(true);

    // Inserted after the head by hand: its hash does not follow from its content.
    const head = await row(ids.at(-1) as number);
    const forged = Number(
      (
        await t.db
          .insertInto('system_logs')
          .values({
            ...head,
            id: undefined as never,
            detail: '{}',
            prev_hash: head.hash,
            hash: 'f'.repeat(64),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    r = await walkChain(t.db);
    expect(r.broken).toMatchObject({ id: forged, problem: 'altered', prevId: ids.at(-1) });
    await t.db.deleteFrom('system_logs').where('id', '=', forged).execute();
    expect((await walkChain(t.db)).ok).toBe(true);

    // Taken out of the chain (hash NULL): the next row no longer links.
    const out = await row(ids[7] as number);
    await sql`UPDATE system_logs SET hash = NULL WHERE id = ${out.id}`.execute(t.db);
    r = await walkChain(t.db);
    expect(r.broken).toMatchObject({ id: ids[8], problem: 'deleted', prevId: ids[6] });
    await sql`UPDATE system_logs SET hash = ${out.hash} WHERE id = ${out.id}`.execute(t.db);
    expect((await walkChain(t.db)).ok).toBe(true);

    // The start deleted: the first row left names a previous hash.
    await t.db
      .deleteFrom('system_logs')
      .where('id', '=', ids[0] as number)
      .execute();
    r = await walkChain(t.db);
    expect(r.broken).toMatchObject({ id: ids[1], problem: 'deleted', prevId: null });
  });
});

describe('npm run syslog:check', () => {
  it('exits 1 on a broken chain and 0 on an intact one', async () => {
    const env = { ...process.env, DATABASE_URL: t.config.databaseUrl ?? '' };
    const cmd = ['tsx', 'src/modules/syslog/check.ts', '--batch', '2'];
    const broken = await run('npx', cmd, { env, cwd: `${__dirname}/..` }).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect((broken as { code: number }).code).toBe(1);
    expect((broken as { stdout: string }).stdout).toMatch(/BROKEN at row \d+ \(deleted\)/);
    await t.db.deleteFrom('system_logs').execute();
    const ok = await run('npx', cmd, { env, cwd: `${__dirname}/..` });
    expect(ok.stdout).toMatch(/intact, 0 rows/);
  }, 60_000);
});

describe('a detail of several keys', () => {
  // jsonb keeps object keys in its own order (shorter keys first), not in the order the hook wrote
  // them: canonicalRow hashes the detail with its keys sorted, so the row reads back verifiable.
  // (Runs last: the test above leaves the log empty and intact.)
  it('keeps a detail of several keys verifiable', async () => {
    await createAudit(t.db).write({
      actor: null,
      logType: 3,
      action: 'deviceKeyRefused',
      method: null,
      path: null,
      target: 'vid=v2',
      result: 403,
      ip: null,
      detail: { accountId: 3, vid: 'v2', nested: { zz: 1, a: [{ yy: 2, b: 3 }] } },
    });
    const r = await walkChain(t.db);
    expect(r.ok).toBe(true);
  });
});
