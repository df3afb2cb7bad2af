import { type Kysely, sql } from 'kysely';

/**
 * The system log as an audit trail (issue 12, docs/api.md "System log"): one row per accepted
 * write, sign-in and sign-out, written by the hook of platform/audit.ts. Rows keep the names of who
 * and which account as they were (the account or user may be deleted later, so no foreign keys),
 * the route (method and pattern), the target, the HTTP status, and a SHA-256 chained to the
 * previous row's (`npm run syslog:check` finds a row deleted, altered or inserted out of order).
 * Rows written before this migration keep hash NULL and are outside the chain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE system_logs DROP CONSTRAINT IF EXISTS system_logs_account_id_fkey`.execute(db);
  await sql`ALTER TABLE system_logs DROP CONSTRAINT IF EXISTS system_logs_user_id_fkey`.execute(db);
  await sql`
    ALTER TABLE system_logs
      ADD COLUMN user_name     text,
      ADD COLUMN account_name  text,
      ADD COLUMN method        text,
      ADD COLUMN path          text,
      ADD COLUMN target        text,
      ADD COLUMN result        smallint,
      ADD COLUMN prev_hash     text,
      ADD COLUMN hash          text`.execute(db);
  await sql`CREATE INDEX system_logs_time_idx ON system_logs (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX system_logs_user_idx ON system_logs (user_id, created_at DESC)`.execute(db);
  // The log is append-only through the console: no UPDATE or DELETE from the application's role is
  // prevented here (one role owns everything), but the chain makes either visible.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS system_logs_time_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS system_logs_user_idx`.execute(db);
  await sql`
    ALTER TABLE system_logs
      DROP COLUMN user_name, DROP COLUMN account_name, DROP COLUMN method, DROP COLUMN path,
      DROP COLUMN target, DROP COLUMN result, DROP COLUMN prev_hash, DROP COLUMN hash`.execute(db);
}
