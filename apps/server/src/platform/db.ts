import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// BIGINT (int8) and NUMERIC come back as strings by default; our ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// DATE is a calendar day ('YYYY-MM-DD'), not an instant: kept as the string (no local-midnight Date).
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

/**
 * A pool of up to `max` connections. An idle connection that the server drops (a restart, a
 * failover, shutdown) is reported, not thrown: the pool opens a new one on the next query.
 */
export function createDb(
  connectionString: string,
  max = 10,
  onIdleError: (err: Error) => void = (err) =>
    process.emitWarning(`PostgreSQL idle connection: ${err.message}`),
): Db {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onIdleError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
