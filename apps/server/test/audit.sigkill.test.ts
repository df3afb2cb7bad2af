import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkChain } from '../src/modules/syslog/check.ts';
import type { Db } from '../src/platform/db.ts';
import {
  type ChildConsole,
  type ConsoleSite,
  consoleSite,
  signInOver,
  startChildConsole,
} from './childConsole.ts';

const JWT_SECRET = 'auditkill-secret-auditkill-secret-audit';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let site: ConsoleSite | undefined;
let databaseUrl: string;
let db: Db;
let dataDir: string;
let port: number;
let child: ChildConsole | null = null;

const start = () => startChildConsole({ databaseUrl, port, dataDir, jwtSecret: JWT_SECRET });
const base = () => `http://127.0.0.1:${port}`;
const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db)).rows[0]?.n;

beforeAll(async () => {
  site = await consoleSite('auditkill');
  ({ db, dataDir, port } = site);
  databaseUrl = site.databaseUrl;
});

afterAll(async () => {
  if (child?.proc.exitCode === null) child.proc.kill('SIGKILL');
  await site?.dispose();
});

describe('SIGKILL between a change and its log row', () => {
  it('leaves neither', { timeout: 180_000 }, async () => {
    child = await start();
    const auth = await signInOver(base(), '13800000006');
    await sql`
      CREATE FUNCTION hold_team_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'POST /api/user/team' THEN PERFORM pg_sleep(4); END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER hold_team_row BEFORE INSERT ON system_logs
              FOR EACH ROW EXECUTE FUNCTION hold_team_row()`.execute(db);

    const answer = fetch(`${base()}/api/user/team`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ groupName: 'killed-before-its-row' }),
    }).catch(() => null);
    // The team's INSERT has run and its row's INSERT waits in the trigger: kill the console now.
    for (let i = 0; i < 100; i++) {
      const waiting = await count(sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'insert into "system_logs"%'`);
      if (waiting) break;
      await sleep(50);
    }
    child.proc.kill('SIGKILL');
    expect(await answer).toBeNull();
    // The backend notices its client is gone once the trigger returns; it rolls back.
    await sleep(5000);

    expect(
      await count(sql<{ n: number }>`
        SELECT count(*)::int AS n FROM teams WHERE group_name = 'killed-before-its-row'`),
    ).toBe(0);
    expect(
      await count(sql<{ n: number }>`
        SELECT count(*)::int AS n FROM system_logs WHERE action = 'POST /api/user/team'`),
    ).toBe(0);
    await sql`DROP TRIGGER hold_team_row ON system_logs`.execute(db);

    // Restarted, the console takes the same change, with its row, and the chain is whole.
    child = await start();
    const again = await fetch(`${base()}/api/user/team`, {
      method: 'POST',
      headers: { ...(await signInOver(base(), '13800000006')), 'content-type': 'application/json' },
      body: JSON.stringify({ groupName: 'killed-before-its-row' }),
    });
    expect(again.status).toBe(200);
    expect(
      await count(sql<{ n: number }>`
        SELECT count(*)::int AS n FROM system_logs WHERE action = 'POST /api/user/team' AND result = 200`),
    ).toBe(1);
    expect((await walkChain(db)).ok).toBe(true);
    child.proc.kill('SIGTERM');
  });
});
