import { type Kysely, sql } from 'kysely';

/**
 * Limits kept where every server process sees them (issue 20, finding 1; platform/rateLimit.ts
 * `createSharedLimiter`, modules/auth/README.md): one row per limited key with the times of the hits
 * still inside its rolling window. A hit is counted by one INSERT ... ON CONFLICT DO UPDATE that
 * holds the row's lock and adds the hit only while fewer than the limit are in the window, so
 * parallel requests can never pass a limit between a read and a write.
 *
 * `expires_at`: when the newest hit leaves its window; rows past it are swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_hits (
      key         text PRIMARY KEY,
      hits        timestamptz[] NOT NULL,
      expires_at  timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX rate_hits_expires_idx ON rate_hits (expires_at)`.execute(db);
}
