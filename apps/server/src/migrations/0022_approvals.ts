import { type Kysely, sql } from 'kysely';

/** Approvals: account applications and user applications (issue 12). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
