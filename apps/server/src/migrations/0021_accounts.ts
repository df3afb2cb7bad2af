import { type Kysely, sql } from 'kysely';

/** Accounts: list, detail, create, sub-companies, enable, delete, rental options, merge manufacturer, own account (issue 12). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
