import { type Kysely, sql } from 'kysely';

/**
 * Refresh token families (issue 9, finding 20; OAuth 2.0 Security BCP, refresh token rotation): a
 * sign-in (session) is one family. Each rotated-out refresh token is remembered with its session, so
 * a replay of one is recognised as reuse and ends the whole sign-in, its access token included.
 * Rows older than the refresh lifetime are pruned as tokens rotate (such a token is dead anyway).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE session_refresh_used (
      refresh_hash  text PRIMARY KEY,
      session_id    uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      used_at       timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX session_refresh_used_session_idx ON session_refresh_used (session_id)`.execute(db);
  await sql`CREATE INDEX session_refresh_used_at_idx ON session_refresh_used (used_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE session_refresh_used`.execute(db);
}
