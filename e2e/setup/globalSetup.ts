/**
 * Starts the real console for the browser tests: PostgreSQL (TEST_DATABASE_URL's server, or
 * embedded in a temp folder), migrations, demo data, the built web app, test mode on, a free port.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedDemo } from '../../apps/server/src/demo/seed.ts';
import { createDb } from '../../apps/server/src/platform/db.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/platform/embeddedPostgres.ts';
import { migrateToLatest } from '../../apps/server/src/platform/migrate.ts';
import { freePort } from '../../apps/server/test/freePort.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-e2e-'));
  chmodSync(dir, 0o755);
  let databaseUrl: string;
  let stopPg = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const admin = new URL(process.env.TEST_DATABASE_URL);
    const name = `e2e_${Date.now()}`;
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    admin.pathname = `/${name}`;
    databaseUrl = admin.toString();
  } else {
    const pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
    databaseUrl = pg.url;
    stopPg = () => pg.stop();
  }
  const db = createDb(databaseUrl, 8);
  await migrateToLatest(db);
  await seedDemo(db);
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    AGRIFLEET_TEST_MODE: '1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db, logger: pino({ level: 'warn' }) });
  await app.listen({ port, host: '127.0.0.1' });
  project.provide('baseUrl', `http://localhost:${port}`);
  project.provide('port', port);
  return async () => {
    await app.close();
    await db.destroy();
    await stopPg();
    rmSync(dir, { recursive: true, force: true });
  };
}
