/**
 * A change and its system-log row commit together or not at all (issue 20, findings 5 and 6):
 * every audited write route runs in one request transaction (platform/requestTx.ts) whose last
 * statement is the row; hostile text is refused before any handler; the chain hashes exactly what
 * PostgreSQL stores, and its check names every break.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkChain } from '../src/modules/syslog/check.ts';
import { createTestApp, loginPd, nextAddress, signIn, type TestApp } from './helper.ts';

let t: TestApp;
let auth: Record<string, string>;

/** Test-only routes: a write whose log row is refused by a trigger, and two that lock in opposite orders. */
function testRoutes(app: FastifyInstance) {
  app.post('/api/__atomic/write', { config: { access: 'public' } }, async (req) => {
    const db = t.db;
    const { tag } = req.body as { tag: string };
    await sql`INSERT INTO atomic_probe (tag) VALUES (${tag})`.execute(db);
    // A service's own transaction inside the request: a savepoint, committed with the request.
    await db
      .transaction()
      .execute((trx) => sql`INSERT INTO atomic_probe (tag) VALUES (${`${tag}-inner`})`.execute(trx));
    // One that fails and is caught: rolled back alone, the request goes on.
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO atomic_probe (tag) VALUES (${`${tag}-undone`})`.execute(trx);
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    return { ok: true };
  });
  app.post('/api/__atomic/lock/:order', { config: { access: 'public' } }, async (req) => {
    const db = t.db;
    const ids = (req.params as { order: string }).order === 'ab' ? [1, 2] : [2, 1];
    for (const id of ids) {
      await sql`UPDATE atomic_lock SET n = n + 1 WHERE id = ${id}`.execute(db);
      await sql`SELECT pg_sleep(0.05)`.execute(db);
    }
    return { ok: true };
  });
}

beforeAll(async () => {
  t = await createTestApp({ beforeReady: (app) => testRoutes(app) });
  await sql`CREATE TABLE atomic_probe (tag text NOT NULL)`.execute(t.db);
  await sql`CREATE TABLE atomic_lock (id int PRIMARY KEY, n int NOT NULL)`.execute(t.db);
  await sql`INSERT INTO atomic_lock VALUES (1, 0), (2, 0)`.execute(t.db);
  ({ auth } = await signIn(t, 'operator'));
});
afterAll(() => t?.close());

const tags = async (prefix: string) =>
  (
    await sql<{
      tag: string;
    }>`SELECT tag FROM atomic_probe WHERE tag LIKE ${`${prefix}%`} ORDER BY tag`.execute(t.db)
  ).rows.map((r) => r.tag);
const logRows = async (action: string) =>
  (
    await sql<{ result: number; detail: unknown; target: string | null }>`
      SELECT result, detail, target FROM system_logs WHERE action = ${action} ORDER BY id`.execute(t.db)
  ).rows;

describe('a write and its log row', () => {
  it('commit together: the request, its savepoints and its row', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/__atomic/write', payload: { tag: 'a1' } });
    expect(res.statusCode).toBe(200);
    expect(await tags('a1')).toEqual(['a1', 'a1-inner']);
    expect((await logRows('POST /api/__atomic/write')).map((r) => r.result)).toEqual([200]);
  });

  it('roll back together: a row the database refuses undoes the change (no change without its row)', async () => {
    await sql`
      CREATE FUNCTION refuse_probe_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'POST /api/__atomic/write' AND NEW.result = 200 THEN
          RAISE EXCEPTION 'log row refused';
        END IF;
        RETURN NEW;
      END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_probe BEFORE INSERT ON system_logs
              FOR EACH ROW EXECUTE FUNCTION refuse_probe_row()`.execute(t.db);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/__atomic/write', payload: { tag: 'b1' } });
      expect(res.statusCode).toBe(500);
      expect(await tags('b1')).toEqual([]);
      // The failed call itself is logged (as refused), through the retrying queue.
      const rows = await logRows('POST /api/__atomic/write');
      expect(rows.at(-1)?.result).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_probe ON system_logs`.execute(t.db);
    }
  });

  it('a burst on a small pool loses no row: every created team has its row', async () => {
    // The test app's pool has 4 connections; 120 parallel writes queue for them.
    const n = 120;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/team',
          headers: auth,
          payload: { groupName: `burst-${i}` },
        }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    const teams = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM teams WHERE group_name LIKE 'burst-%'`.execute(t.db);
    expect(teams.rows[0]?.n).toBe(ok);
    const rows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM system_logs WHERE action = 'POST /api/user/team' AND result = 200`.execute(
      t.db,
    );
    expect(rows.rows[0]?.n).toBe(ok);
  });

  it('a deadlock between two requests is retried, never answered as an outage', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({ method: 'POST', url: `/api/__atomic/lock/${i % 2 ? 'ab' : 'ba'}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const n = await sql<{ n: number }>`SELECT sum(n)::int AS n FROM atomic_lock`.execute(t.db);
    expect(n.rows[0]?.n).toBe(12);
    expect((await logRows('POST /api/__atomic/lock/:order')).map((r) => r.result)).toEqual(
      Array(6).fill(200),
    );
  });
});

describe('hostile text', () => {
  const cases: [string, string][] = [
    ['lone high surrogate', 'x\ud800'],
    ['lone low surrogate', 'x\udfff'],
    ['NUL byte', 'x\u0000y'],
  ];
  for (const [what, groupName] of cases)
    it(`a ${what} is a translated 400; nothing changes; the refusal is logged`, async () => {
      const before = await logRows('POST /api/user/team');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/team',
        headers: { ...auth, 'accept-language': 'en', 'content-type': 'application/json' },
        // Raw JSON: the escapes arrive as JSON text, as an attacker sends them.
        payload: JSON.stringify({ groupName }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid value for groupName');
      const teams = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM teams WHERE group_name LIKE 'x%'`.execute(t.db);
      expect(teams.rows[0]?.n).toBe(0);
      const after = await logRows('POST /api/user/team');
      expect(after.length).toBe(before.length + 1);
      expect(after.at(-1)?.result).toBe(400);
    });

  it('in a query string or a key as well', async () => {
    const q = await t.app.inject({
      method: 'GET',
      url: '/api/user/team/list?x=%00',
      headers: { ...auth, 'accept-language': 'zh' },
    });
    expect(q.statusCode).toBe(400);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/user/team',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"groupName":"ok","\\ud800":1}',
    });
    expect(key.statusCode).toBe(400);
  });

  // inputText.ts skips the walk over a JSON body whose text has no \u escape: these bodies hold
  // what such a text can carry instead, and none may be stored as a NUL or a lone surrogate.
  it('a raw NUL is a 400, raw surrogate bytes arrive as U+FFFD, a \\u escape is still checked', async () => {
    const post = (payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/team',
        headers: { ...auth, 'accept-language': 'en', 'content-type': 'application/json' },
        payload,
      });
    const rawNul = await post(Buffer.from('{"groupName":"raw\u0000nul"}', 'latin1'));
    expect(rawNul.statusCode).toBe(400);
    // CESU-8 bytes of U+D800 (ED A0 80): not UTF-8, each byte decoded as U+FFFD.
    const cesu = await post(
      Buffer.concat([Buffer.from('{"groupName":"cesu'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    );
    expect(cesu.statusCode).toBe(200);
    const stored = await sql<{ name: string }>`
      SELECT group_name AS name FROM teams WHERE group_name LIKE 'cesu%'`.execute(t.db);
    expect(stored.rows.map((r) => r.name)).toEqual(['cesu\ufffd\ufffd\ufffd']);
    expect((await post('{"groupName":"esc\\u4e2d"}')).statusCode).toBe(200);
    expect((await post('{"groupName":"esc\\u4e2d\\udc00"}')).statusCode).toBe(400);
    expect((await post('{"groupName":"proto","__proto__":{"x":1}}')).statusCode).toBe(400);
  });
});

describe('the chain', () => {
  it('hashes what is stored: an emoji split by the sign-in mask does not break it', async () => {
    for (const phoneNum of ['1380🚀00', '🚀🚀🚀🚀🚀🚀🚀', '13🚀', 'a@🚀.cn'])
      await loginPd(t, { phoneNum, password: 'wrong-password-1' }, { remoteAddress: nextAddress() });
    const report = await walkChain(t.db);
    expect(report.broken).toBeNull();
    expect(report.ok).toBe(true);
  });

  it('a detail PostgreSQL would change (NUL, lone surrogate, Date, bigint) is stored as hashed', async () => {
    const { createAudit } = await import('../src/platform/audit.ts');
    const audit = createAudit(t.db);
    await audit.write({
      actor: null,
      logType: 2,
      action: 'test x\ud800',
      method: 'POST',
      path: '/x\u0000',
      target: 'a\udc00b',
      result: 200,
      ip: '127.0.0.1',
      detail: { 'k\u0000': 'v\ud800', at: new Date(0), big: 10n, list: ['\udfff', undefined, Number.NaN] },
    });
    expect((await walkChain(t.db)).ok).toBe(true);
  });

  it('the check names every break, not only the first', async () => {
    const ids = (
      await sql<{
        id: string;
      }>`SELECT id::text AS id FROM system_logs WHERE hash IS NOT NULL ORDER BY id`.execute(t.db)
    ).rows.map((r) => Number(r.id));
    expect(ids.length).toBeGreaterThan(10);
    const altered = [ids[2], ids[7]] as number[];
    await sql`UPDATE system_logs SET target = 'forged' WHERE id = ANY(${altered}::bigint[])`.execute(t.db);
    const deleted = ids[5] as number;
    await sql`DELETE FROM system_logs WHERE id = ${deleted}`.execute(t.db);
    const report = await walkChain(t.db);
    expect(report.ok).toBe(false);
    expect(report.breaks.map((b) => [b.id, b.problem])).toEqual([
      [altered[0], 'altered'],
      [ids[6], 'deleted'],
      [altered[1], 'altered'],
    ]);
    expect(report.broken?.id).toBe(altered[0]);
  });
});
