/**
 * Where a bench runs the real console in a child process (apps/server/test/childConsole.ts): a
 * database of its own on BENCH_DATABASE_URL's or TEST_DATABASE_URL's server, a data folder, a port;
 * `query` for what the bench reads and writes beside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ChildConsole, startChildConsole } from '../apps/server/test/childConsole.ts';
import { freePort } from '../apps/server/test/freePort.ts';

export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

export async function childSite(name: string, jwtSecret: string, env: Record<string, string> = {}) {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('set TEST_DATABASE_URL (a PostgreSQL server the bench may create a database on)');
  const dbName = `bench_${name}_${Date.now()}`;
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const dataDir = mkdtempSync(join(tmpdir(), `agrifleet-${name}-`));
  await query(adminUrl, `CREATE DATABASE ${dbName}`);
  const port = await freePort();
  let last: ChildConsole | null = null;
  return {
    dbUrl,
    port,
    base: `http://127.0.0.1:${port}`,
    /** Starts (again) the console on this site; resolves once it answers /api/health. */
    async start() {
      last = await startChildConsole({ databaseUrl: dbUrl, port, dataDir, jwtSecret, env });
      return last.proc;
    },
    /** What the last console printed. */
    output: () => last?.output() ?? '',
    async drop() {
      await query(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
