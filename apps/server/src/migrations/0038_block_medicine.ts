/**
 * A block may name the medicine sprayed on it (issue 22 #4: the dose of a sortie is judged against
 * the medicine the task or the block names). A medicine removed from the catalogue leaves the
 * block naming none.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE blocks ADD COLUMN med_id integer REFERENCES medicines(med_id) ON DELETE SET NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE blocks DROP COLUMN med_id`.execute(db);
}
