/**
 * A sortie's work type (oper/worktypes id: 1 spraying, 2 spreading; issue 22): the most frequent
 * one its points report, else spraying when it sprayed (telemetry/summary/workType.ts). Sorties
 * stored before keep null (unknown): a unified task naming a work type does not count them.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sorties ADD COLUMN work_type smallint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sorties DROP COLUMN work_type`.execute(db);
}
