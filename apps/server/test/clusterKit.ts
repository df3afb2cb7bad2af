/**
 * Cluster tests: another console app on a test app's database (as a second process of the cluster
 * would be), in this test process. `env` adds to the test configuration (CLUSTER_NATS_URL,
 * CLUSTER_NODE_ID, MQTT_PORT, ...).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { createLogger } from '../src/platform/logRedact.ts';
import { bounded } from './commands.kit.ts';
import type { TestApp } from './helper.ts';

export interface Peer {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export async function peerOf(site: TestApp, env: Record<string, string>): Promise<Peer> {
  const db = createDb(site.config.databaseUrl as string, 4);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      AGRIFLEET_TEST_MODE: '1',
      DATABASE_URL: site.config.databaseUrl as string,
      DATA_DIR: site.config.dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      MQTT_PORT: '0',
      ...env,
    }),
    db,
    logger: createLogger('silent'),
  });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await bounded(app.close());
      await db.destroy();
    },
  };
}

/** A drone standing still on the ground in Henan at `recordTime` (cluster tests' filler points). */
export const groundPoint = (recordTime: number): TelemetryPoint => ({
  recordTime,
  lng: 114.612345678,
  lat: 33.541234567,
  height: 0,
  speed: 0,
  heading: 123.4,
  battery: 87.5,
  flow: 0,
  pump: false,
  swath: 5.5,
  tank: 12.25,
  mode: 'manual',
});
