import { type Driver, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ScopedDriver } from './requestTx.ts';
import type { Database } from './schema.ts';

// BIGINT (int8) and NUMERIC come back as strings by default; our ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// DATE is a calendar day ('YYYY-MM-DD'), not an instant: kept as the string (no local-midnight Date).
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

/** PostgreSQL whose queries join the current write request's transaction (platform/requestTx.ts). */
class RequestAwareDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new ScopedDriver(super.createDriver());
  }
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * A pool of up to `max` connections. A connection that the server drops (a restart, a failover,
 * shutdown), idle in the pool or checked out between two queries, is reported, never thrown (an
 * 'error' event without a listener would end the process): the query on it fails (a 503 to the
 * caller, platform/dbHealth.ts), the pool discards it and opens a new one on the next query.
 */
export function createDb(
  connectionString: string,
  max = 10,
  onConnectionError: (err: Error) => void = (err) =>
    process.emitWarning(`PostgreSQL connection: ${err.message}`),
): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, keepAlive: true });
  pool.on('error', onConnectionError);
  // pg-pool listens to a client's errors only while it is idle: this one stays while it is checked out.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = new Kysely<Database>({ dialect: new RequestAwareDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/** The connections of a pool createDb made, now (metrics): open, idle, callers waiting for one. */
export function poolCounts(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}
