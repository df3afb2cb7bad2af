import { type Kysely, sql } from 'kysely';

/**
 * Fixed-window rate limits kept where every console process of a cluster sees them (issue 24 #4;
 * platform/rateLimit.ts `createStoredRateLimiter`): one row per limited key and window length, with
 * the hits counted in the window that ends at `reset_at`. A hit is one INSERT ... ON CONFLICT DO
 * UPDATE under the row's lock (a count, or a new window once reset_at has passed); rows past
 * reset_at are swept. The single process of `npm start` keeps these counters in memory instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_windows (
      key       text NOT NULL,
      window_s  integer NOT NULL CHECK (window_s > 0),
      count     integer NOT NULL,
      reset_at  timestamptz NOT NULL,
      PRIMARY KEY (key, window_s)
    )`.execute(db);
  await sql`CREATE INDEX rate_windows_reset_idx ON rate_windows (reset_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_windows`.execute(db);
}
