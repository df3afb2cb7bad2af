import { type Kysely, sql } from 'kysely';

/**
 * The system log's list by type (modules/syslog/README.md "How the list stays fast"): the platform's
 * unfiltered list (types 1 and 2 by default, 001 §4) walks this index once per type, newest first,
 * so a rare type (3, refused device access) is found without reading the whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS system_logs_type_idx ON system_logs (log_type, created_at DESC, id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS system_logs_type_idx`.execute(db);
}
