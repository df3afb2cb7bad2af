/**
 * The whole console for browser tests and benchmarks: PostgreSQL (TEST_DATABASE_URL's server, or
 * embedded in a temp folder), migrations, demo data, the built web app, test mode, a free port.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoActivity } from '../src/demo/activity.ts';
import { seedDemoAnomalies } from '../src/demo/anomalies.ts';
import { seedDemoLeasingHistory } from '../src/demo/leasingHistory.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { createDb } from '../src/platform/db.ts';
import { startEmbeddedPostgres } from '../src/platform/embeddedPostgres.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';
import { createRateLimiter, type RateLimiter, type RateRule } from '../src/platform/rateLimit.ts';
import { seedHistory } from '../src/sim/historyGen.ts';
import { freePort } from './freePort.ts';

export interface TestConsole {
  port: number;
  baseUrl: string;
  stop(): Promise<void>;
}

async function databaseOnServer(adminUrl: string): Promise<string> {
  const name = `console_${Date.now()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startTestConsole(env: Record<string, string> = {}): Promise<TestConsole> {
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-console-'));
  chmodSync(dir, 0o755);
  let stopPg = async () => {};
  let databaseUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    databaseUrl = await databaseOnServer(process.env.TEST_DATABASE_URL);
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
    databaseUrl = embedded.url;
    stopPg = () => embedded.stop();
  }
  const db = createDb(databaseUrl, 8);
  await migrateToLatest(db);
  const port = await freePort();
  await seedDemo(db);
  // The screens' records (orders, applications, teams, stat items), as npm start makes them.
  const jwtSecret = 'console-secret-console-secret-console';
  await seedDemoActivity(db, { timeZone: 'Asia/Shanghai', jwtSecret, origin: `http://localhost:${port}` });
  // A year of history for the demo drones, as npm start makes on a first start (statistics screens).
  await seedHistory(db, { sorties: 600, days: 365, seed: 1, tracksDays: 0, templates: 20 });
  await seedDemoLeasingHistory(db, 'Asia/Shanghai');
  await seedDemoAnomalies(db, { timeZone: 'Asia/Shanghai' });
  const config = loadConfig({
    NODE_ENV: 'test',
    AGRIFLEET_TEST_MODE: '1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    JWT_SECRET: jwtSecret,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    // A build elsewhere (one per worker when several build at once): WEB_DIST=/path npx vitest ...
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...env,
  });
  // Every browser test signs in from 127.0.0.1: a whole run passes the per-address limits a person
  // never would (60 sign-ins in 15 minutes). The limits themselves are tested by the API tests.
  const limiter = relaxedLimiter(createRateLimiter(), 20);
  const app = await buildApp({ config, db, logger: pino({ level: 'warn' }), databaseUrl, limiter });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    port,
    baseUrl: `http://localhost:${port}`,
    async stop() {
      await app.close();
      await db.destroy();
      await stopPg();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The limiter with every rule's limit multiplied by `factor` (windows unchanged). */
function relaxedLimiter(base: RateLimiter, factor: number): RateLimiter {
  const relax = (rule: RateRule): RateRule => ({ ...rule, limit: rule.limit * factor });
  return {
    hit: (key, rule) => base.hit(key, relax(rule)),
    check: (key, rule) => base.check(key, relax(rule)),
    reset: (key) => base.reset(key),
  };
}
