/**
 * Change notices (platform/notify.ts) on the real PostgreSQL: delivered to every listener once the
 * writing transaction commits, never after a rollback, and a lost connection comes back by itself
 * with a "reload" (null) call, so a cache cannot stay stale.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifier, type Notifier, notify } from '../src/platform/notify.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let a: Notifier;
let b: Notifier;
const seenA: Array<string | null> = [];
const seenB: Array<string | null> = [];

async function until(cond: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const url = t.config.databaseUrl as string;
  // Two notifiers: two server processes on one database.
  a = createNotifier(url);
  b = createNotifier(url);
  a.on('test_changes', (p) => seenA.push(p));
  b.on('test_changes', (p) => seenB.push(p));
  await a.start();
  await b.start();
  await until(() => a.connected && b.connected);
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await t?.close();
});

describe('change notices', () => {
  it('calls every handler with null on connect (reload)', () => {
    expect(seenA).toContain(null);
    expect(seenB).toContain(null);
  });

  it('reaches every listener after the transaction commits, and only then', async () => {
    seenA.length = 0;
    seenB.length = 0;
    let inside = -1;
    await t.db.transaction().execute(async (trx) => {
      await notify(trx, 'test_changes', 'zone:7');
      await new Promise((r) => setTimeout(r, 200));
      inside = seenA.length + seenB.length;
    });
    expect(inside).toBe(0);
    await until(() => seenA.includes('zone:7') && seenB.includes('zone:7'));
  });

  it('never delivers a notice of a rolled-back transaction', async () => {
    seenA.length = 0;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await notify(trx, 'test_changes', 'rolled-back');
        throw new Error('abort');
      })
      .catch(() => {});
    await notify(t.db, 'test_changes', 'after');
    await until(() => seenA.includes('after'));
    expect(seenA).not.toContain('rolled-back');
  });

  it('reconnects by itself when its connection is killed, and asks for a reload', async () => {
    seenA.length = 0;
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`.execute(t.db);
    await until(() => seenA.includes(null) && a.connected);
    await notify(t.db, 'test_changes', 'back');
    await until(() => seenA.includes('back'));
  });

  it('refuses a channel name that is not an identifier', async () => {
    expect(() => a.on('x; DROP TABLE y', () => {})).toThrow();
    await expect(notify(t.db, 'bad channel')).rejects.toThrow();
  });
});
