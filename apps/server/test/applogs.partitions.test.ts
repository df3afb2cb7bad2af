/**
 * App logs partitioned by month (migration 0050; modules/applogs/README.md "Retention") through the
 * real app: a month is named and bounded in UTC; start-up makes the months of the retention and two ahead; the purge drops an expired
 * month whole and deletes only the older entries of the month the retention ends in; an entry whose
 * month has no partition is stored all the same (the insert makes it and tries again) and is still
 * a duplicate when sent again; ten processes making the same months make each once; the migration
 * carries existing entries over with their ids, and back down.
 */
import { randomBytes } from 'node:crypto';
import { APP_LOG_BATCH_PATH } from '@agrifleet/domain';
import { type Migration, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../src/migrations/index.ts';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { monthPartitions } from '../src/modules/applogs/applogs.partitions.ts';
import { createAppLogsRepo } from '../src/modules/applogs/applogs.repo.ts';
import { createAppLogsService } from '../src/modules/applogs/applogs.service.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, type TestApp } from './helper.ts';

const DAY = 86_400_000;
const RETENTION_DAYS = 90;
let t: TestApp;
let account = 0;
let key = '';

/** The partition name of the UTC month of `ms`, `plus` months on (written out here, not the code's). */
const monthOf = (ms: number, plus = 0) => {
  const d = new Date(ms);
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus, 1));
  return `app_logs_${m.getUTCFullYear()}_${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};
const partitions = async () =>
  (
    await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'app_logs'::regclass ORDER BY 1`.execute(t.db)
  ).rows.map((r) => r.name);
const exists = async (name: string) =>
  (await sql<{ t: string | null }>`SELECT to_regclass(${name})::text AS t`.execute(t.db)).rows[0]?.t !== null;
/** Entries stored straight in the table (no ingest bounds), one per time, the message naming it. */
const store = (rows: Array<{ time: number; message: string }>) =>
  sql`
    INSERT INTO app_logs (account_id, type, level, time, app_version, message, fingerprint)
    SELECT ${account}, 'system', 'info', x.time, '1.0.0', x.message, substr(sha256(convert_to(x.message, 'UTF8')), 1, 16)
    FROM unnest(${rows.map((r) => new Date(r.time).toISOString())}::timestamptz[], ${rows.map((r) => r.message)}::text[])
      AS x(time, message)`.execute(t.db);
const messages = async (like: string) =>
  (
    await sql<{
      message: string;
    }>`SELECT message FROM app_logs WHERE message LIKE ${like} ORDER BY time`.execute(t.db)
  ).rows.map((r) => r.message);

beforeAll(async () => {
  t = await createTestApp({ env: { APP_LOG_RETENTION_DAYS: String(RETENTION_DAYS) } });
  const maker = await t.db
    .selectFrom('users')
    .select('account_id')
    .where('phone', '=', '13800000003')
    .executeTakeFirstOrThrow();
  account = maker.account_id as number;
  const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
  await keys.create(account, `partitions-${randomBytes(3).toString('hex')}`);
  const pair = (await keys.current(account)) as { vid: string; secret: string };
  key = `Basic ${Buffer.from(`${pair.vid}:${pair.secret}`).toString('base64')}`;
});
afterAll(async () => {
  await t?.close();
});

describe('monthly partitions of app_logs', () => {
  it('names a month by its UTC year and month, bounded by UTC midnights, across a year end', () => {
    expect(monthPartitions(Date.UTC(2026, 11, 31, 23, 30), Date.UTC(2027, 0, 1, 0, 30))).toEqual([
      { name: 'app_logs_2026_12', from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' },
      { name: 'app_logs_2027_01', from: '2027-01-01T00:00:00.000Z', to: '2027-02-01T00:00:00.000Z' },
    ]);
  });

  it('start-up makes the months of the retention and two months ahead', async () => {
    const now = Date.now();
    const expected: string[] = [];
    for (let i = 0; monthOf(now - RETENTION_DAYS * DAY, i) !== monthOf(now, 3); i++)
      expected.push(monthOf(now - RETENTION_DAYS * DAY, i));
    // The retention job runs on onReady without holding the start up.
    await vi.waitFor(async () => expect(await partitions()).toEqual(expected), { timeout: 10_000 });
  });

  it('the purge drops a month past the retention whole, and deletes only the older entries of the month it ends in', async () => {
    const now = Date.now();
    const cutoff = now - RETENTION_DAYS * DAY;
    const old = now - 200 * DAY;
    const repo = createAppLogsRepo(t.db);
    expect(await repo.ensurePartitions(old, old)).toEqual([monthOf(old)]);
    await repo.ensurePartitions(cutoff - 3_600_000, cutoff);
    await store([
      { time: old, message: 'purge: old 1' },
      { time: old + 60_000, message: 'purge: old 2' },
      { time: cutoff - 3_600_000, message: 'purge: an hour past' },
      { time: cutoff + 3_600_000, message: 'purge: an hour within' },
      { time: now - 60_000, message: 'purge: new' },
    ]);
    const service = createAppLogsService({ repo, retentionDays: RETENTION_DAYS, now: () => now });
    const r = await service.purge();
    expect(r.dropped).toContain(monthOf(old));
    expect(r.dropped).not.toContain(monthOf(cutoff));
    expect(r.deleted).toBe(3);
    expect(await exists(monthOf(old))).toBe(false);
    expect(await exists(monthOf(cutoff))).toBe(true);
    expect(await messages('purge: %')).toEqual(['purge: an hour within', 'purge: new']);
    // Nothing left to do: a second run removes nothing.
    expect(await service.purge()).toEqual({ created: [], dropped: [], deleted: 0 });
  });

  it('stores an entry whose month has no partition (made on the insert), answered 200; sent again, a duplicate', async () => {
    const time = Date.now() - 60_000;
    await sql`DROP TABLE ${sql.id(monthOf(time))}`.execute(t.db);
    const entry = {
      type: 'system',
      level: 'info',
      time,
      appVersion: '3.2.1',
      message: 'partition: made on insert',
    };
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: APP_LOG_BATCH_PATH,
        headers: { authorization: key },
        payload: { entries: [entry] },
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ accepted: 1, duplicates: 0 });
    expect(await exists(monthOf(time))).toBe(true);
    const again = await post();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ accepted: 0, duplicates: 1 });
    expect(await messages('partition: %')).toEqual(['partition: made on insert']);
  });

  it('a failing CHECK is not taken for a missing month: the insert is refused, not retried', async () => {
    const repo = createAppLogsRepo(t.db);
    const bad = {
      type: 'system' as const,
      level: 'info' as const,
      time: Date.now(),
      appVersion: 'v'.repeat(40),
      droneId: null,
      sortieId: null,
      message: 'check',
      fingerprint: randomBytes(16),
    };
    await expect(repo.insert(account, [bad])).rejects.toMatchObject({
      constraint: 'app_logs_app_version_check',
    });
  });

  it('ten processes making the same months at once make each month once', async () => {
    const year = new Date().getUTCFullYear() + 5;
    const from = Date.UTC(year, 0, 15);
    const to = Date.UTC(year, 2, 15);
    const names = [1, 2, 3].map((m) => `app_logs_${year}_0${m}`);
    const made = await Promise.all(
      Array.from({ length: 10 }, () => createAppLogsRepo(t.db).ensurePartitions(from, to)),
    );
    expect(made.flat().sort()).toEqual(names);
    expect((await partitions()).filter((p) => p.startsWith(`app_logs_${year}_`))).toEqual(names);
    // And they take the rows of their months.
    await store([{ time: Date.UTC(year, 1, 28, 23, 59), message: 'ahead: february' }]);
    const where = await sql<{ p: string }>`
      SELECT tableoid::regclass::text AS p FROM app_logs WHERE message = 'ahead: february'`.execute(t.db);
    expect(where.rows).toEqual([{ p: `app_logs_${year}_02` }]);
  });
});

describe('migration 0050', () => {
  const migrator = () =>
    new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations as Record<string, Migration> },
    });
  const keyOf = async (name: string) =>
    (
      await sql<{ def: string }>`
        SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indexrelid = to_regclass(${name})`.execute(
        t.db,
      )
    ).rows[0]?.def;
  const rows = async () =>
    (
      await sql<{ id: number; time: Date; message: string }>`
        SELECT id, time, message FROM app_logs ORDER BY id`.execute(t.db)
    ).rows;

  it('carries existing entries over with their ids into the months they span, and goes back down', async () => {
    // The entries of the tests above span years (the months made ahead): the migration would make each month.
    await sql`TRUNCATE app_logs`.execute(t.db);
    expect((await migrator().migrateTo('0049_citus_fk_actions')).error).toBeUndefined();
    expect(await partitions()).toEqual([]);
    const now = Date.now();
    await store([
      { time: now - 150 * DAY, message: 'migrated: five months ago' },
      { time: now - 60_000, message: 'migrated: now' },
    ]);
    const before = await rows();
    const lastId = Math.max(...before.map((r) => r.id));

    expect((await migrator().migrateTo('0050_applog_partitions')).error).toBeUndefined();
    expect(await rows()).toEqual(before);
    const months: string[] = [];
    for (let i = 0; monthOf(now - 150 * DAY, i) !== monthOf(now, 3); i++)
      months.push(monthOf(now - 150 * DAY, i));
    expect(await partitions()).toEqual(months);
    expect(await keyOf('app_logs_pkey')).toContain('(id, account_id, "time")');
    expect(await keyOf('app_logs_fingerprint_idx')).toContain('UNIQUE INDEX');
    expect(await keyOf('app_logs_fingerprint_idx')).toContain('(account_id, fingerprint, "time")');
    // New ids follow the old ones; the ingest's insert finds its conflict target.
    const repo = createAppLogsRepo(t.db);
    const entry = {
      type: 'system' as const,
      level: 'info' as const,
      time: now,
      appVersion: '1.0.0',
      droneId: null,
      sortieId: null,
      message: 'migrated: after',
      fingerprint: randomBytes(16),
    };
    expect(await repo.insert(account, [entry, entry])).toBe(1);
    expect((await rows()).at(-1)).toMatchObject({ message: 'migrated: after' });
    expect((await rows()).at(-1)?.id).toBeGreaterThan(lastId);

    const partitioned = await rows();
    expect((await migrator().migrateTo('0049_citus_fk_actions')).error).toBeUndefined();
    expect(await rows()).toEqual(partitioned);
    expect(await partitions()).toEqual([]);
    expect(await keyOf('app_logs_pkey')).toContain('(id, account_id)');
    expect(await keyOf('app_logs_fingerprint_idx')).toContain('(account_id, fingerprint)');
    expect((await migrator().migrateTo('0050_applog_partitions')).error).toBeUndefined();
    expect(await rows()).toEqual(partitioned);
  });
});
