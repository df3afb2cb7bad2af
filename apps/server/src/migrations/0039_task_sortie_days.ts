/**
 * Any page of a large task's sortie list in the time of the first (issue 22 "Figures": the sortie
 * list p95 <= 100 ms with 10 million sorties). The list is newest first; a page deep in a task of
 * millions skipped its offset in the page index row by row (127 ms for the middle page of one
 * million, growing with the task). `task_sortie_days` counts task_sorties per statistics day,
 * reason ('' = counted) and owner, kept by statement triggers on task_sorties like the rollups of
 * 0037; the list sums it per day (at most one row per day of the task) to find the day its page
 * starts in and seeks there in the page index, skipping at most one day's rows.
 */
import { type Kysely, sql } from 'kysely';

const OWNER = 'yy_account_id, zz_account_id';
const COLS = `tftz_id, day, reason, ${OWNER}`;

const upsert = (d: string) => `
    INSERT INTO task_sortie_days AS t (tftz_id, day, reason, ${OWNER}, n)
    SELECT tftz_id, day, coalesce(reason, ''), ${OWNER}, sum(sgn)::int
      FROM (${d}) d WHERE EXISTS (SELECT 1 FROM unified_tasks u WHERE u.tftz_id = d.tftz_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tftz_id, day, reason, ${OWNER}) DO UPDATE SET n = t.n + excluded.n;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_sortie_days (
      tftz_id        integer NOT NULL REFERENCES unified_tasks(tftz_id) ON DELETE CASCADE,
      day            date NOT NULL,
      reason         text NOT NULL,
      yy_account_id  integer NOT NULL,
      zz_account_id  integer NOT NULL,
      n              integer NOT NULL,
      PRIMARY KEY (tftz_id, day, reason, yy_account_id, zz_account_id)
    )`.execute(db);
  const plus = (from: string) => `SELECT ${COLS}, 1 AS sgn FROM ${from}`;
  const minus = (from: string) => `SELECT ${COLS}, -1 AS sgn FROM ${from}`;
  await sql
    .raw(`
    CREATE FUNCTION task_sortie_days_roll() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${upsert(plus('n'))}
      ELSIF TG_OP = 'UPDATE' THEN ${upsert(`${plus('n')} UNION ALL ${minus('o')}`)}
      ELSE ${upsert(minus('o'))}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER task_sorties_days_ins AFTER INSERT ON task_sorties REFERENCING NEW TABLE AS n
      FOR EACH STATEMENT EXECUTE FUNCTION task_sortie_days_roll()`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER task_sorties_days_upd AFTER UPDATE ON task_sorties REFERENCING OLD TABLE AS o NEW TABLE AS n
      FOR EACH STATEMENT EXECUTE FUNCTION task_sortie_days_roll()`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER task_sorties_days_del AFTER DELETE ON task_sorties REFERENCING OLD TABLE AS o
      FOR EACH STATEMENT EXECUTE FUNCTION task_sortie_days_roll()`)
    .execute(db);
  // What is there already.
  await sql.raw(upsert(plus('task_sorties'))).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const e of ['ins', 'upd', 'del'])
    await sql.raw(`DROP TRIGGER IF EXISTS task_sorties_days_${e} ON task_sorties`).execute(db);
  await sql`DROP FUNCTION IF EXISTS task_sortie_days_roll()`.execute(db);
  await sql`DROP TABLE IF EXISTS task_sortie_days`.execute(db);
}
