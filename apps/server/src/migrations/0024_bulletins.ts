import { type Kysely, sql } from 'kysely';

/** Bulletins: ordinary and anomaly bulletins, reads, level-1 SMS (issue 12). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
