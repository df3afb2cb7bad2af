/**
 * A large task's reads without scanning its rows (issue 22 "Figures", bench/unified-tasks.ts): with a
 * million sorties in one task, summing task_daily (one row per drone and day) and counting
 * task_sorties by reason took seconds per overview. Three rollups, kept by statement triggers on
 * task_daily and task_sorties (so every writer, the landing hook, re-attribution and the sweeper,
 * keeps them in step in its own transaction without knowing of them), answer the stat calls from at
 * most one row per enrolled drone, per day and crop, or per reason:
 *
 * - `task_drone_totals`: task_daily summed per drone (and owner): overview, drone ranking, owners.
 * - `task_day_totals`: task_daily summed per day and crop (and owner): stat/data.
 * - `task_reason_totals`: task_sorties counted per reason ('' = counted) and owner, with the last
 *   attribution: the overview's exclusions and the sortie list's total.
 *
 * And a covering index for the sortie list's pages, so a deep page skips its offset in the index.
 */
import { type Kysely, sql } from 'kysely';

const OWNER = 'yy_account_id, zz_account_id';

/** The rollups' upserts from a delta set `d` (rows of task_daily with sign `sgn`). */
const dailyUpserts = (d: string) => `
    INSERT INTO task_drone_totals AS t (tftz_id, drone_id, ${OWNER}, sorties, area_mu, volume_l, duration_s)
    SELECT tftz_id, drone_id, ${OWNER}, sum(sgn * sorties), sum(sgn * area_mu), sum(sgn * volume_l), sum(sgn * duration_s)
      FROM (${d}) d WHERE EXISTS (SELECT 1 FROM unified_tasks u WHERE u.tftz_id = d.tftz_id)
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tftz_id, drone_id, ${OWNER}) DO UPDATE SET sorties = t.sorties + excluded.sorties,
      area_mu = t.area_mu + excluded.area_mu, volume_l = t.volume_l + excluded.volume_l,
      duration_s = t.duration_s + excluded.duration_s;
    INSERT INTO task_day_totals AS t (tftz_id, day, crop_id, ${OWNER}, sorties, area_mu, volume_l)
    SELECT tftz_id, day, crop_id, ${OWNER}, sum(sgn * sorties), sum(sgn * area_mu), sum(sgn * volume_l)
      FROM (${d}) d WHERE EXISTS (SELECT 1 FROM unified_tasks u WHERE u.tftz_id = d.tftz_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tftz_id, day, crop_id, ${OWNER}) DO UPDATE SET sorties = t.sorties + excluded.sorties,
      area_mu = t.area_mu + excluded.area_mu, volume_l = t.volume_l + excluded.volume_l;`;

const sortieUpserts = (d: string) => `
    INSERT INTO task_reason_totals AS t (tftz_id, reason, ${OWNER}, n, last)
    SELECT tftz_id, coalesce(reason, ''), ${OWNER}, sum(sgn)::int, max(attributed_at)
      FROM (${d}) d WHERE EXISTS (SELECT 1 FROM unified_tasks u WHERE u.tftz_id = d.tftz_id)
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tftz_id, reason, ${OWNER}) DO UPDATE SET n = t.n + excluded.n,
      last = greatest(t.last, excluded.last);`;

const DAILY_COLS = `tftz_id, day, drone_id, crop_id, ${OWNER}, sorties, area_mu, volume_l, duration_s`;
const SORTIE_COLS = `tftz_id, reason, ${OWNER}, attributed_at`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_drone_totals (
      tftz_id        integer NOT NULL REFERENCES unified_tasks(tftz_id) ON DELETE CASCADE,
      drone_id       text NOT NULL,
      yy_account_id  integer NOT NULL,
      zz_account_id  integer NOT NULL,
      sorties        integer NOT NULL,
      area_mu        double precision NOT NULL,
      volume_l       double precision NOT NULL,
      duration_s     double precision NOT NULL,
      PRIMARY KEY (tftz_id, drone_id, yy_account_id, zz_account_id)
    )`.execute(db);
  await sql`
    CREATE TABLE task_day_totals (
      tftz_id        integer NOT NULL REFERENCES unified_tasks(tftz_id) ON DELETE CASCADE,
      day            date NOT NULL,
      crop_id        integer NOT NULL,
      yy_account_id  integer NOT NULL,
      zz_account_id  integer NOT NULL,
      sorties        integer NOT NULL,
      area_mu        double precision NOT NULL,
      volume_l       double precision NOT NULL,
      PRIMARY KEY (tftz_id, day, crop_id, yy_account_id, zz_account_id)
    )`.execute(db);
  await sql`
    CREATE TABLE task_reason_totals (
      tftz_id        integer NOT NULL REFERENCES unified_tasks(tftz_id) ON DELETE CASCADE,
      reason         text NOT NULL,
      yy_account_id  integer NOT NULL,
      zz_account_id  integer NOT NULL,
      n              integer NOT NULL,
      last           timestamptz,
      PRIMARY KEY (tftz_id, reason, yy_account_id, zz_account_id)
    )`.execute(db);

  const plus = (cols: string, from: string) => `SELECT ${cols}, 1 AS sgn FROM ${from}`;
  const minus = (cols: string, from: string) => `SELECT ${cols}, -1 AS sgn FROM ${from}`;
  await sql
    .raw(`
    CREATE FUNCTION task_daily_roll() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${dailyUpserts(plus(DAILY_COLS, 'n'))}
      ELSIF TG_OP = 'UPDATE' THEN ${dailyUpserts(`${plus(DAILY_COLS, 'n')} UNION ALL ${minus(DAILY_COLS, 'o')}`)}
      ELSE ${dailyUpserts(minus(DAILY_COLS, 'o'))}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(`
    CREATE FUNCTION task_sorties_roll() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${sortieUpserts(plus(SORTIE_COLS, 'n'))}
      ELSIF TG_OP = 'UPDATE' THEN ${sortieUpserts(`${plus(SORTIE_COLS, 'n')} UNION ALL ${minus(SORTIE_COLS, 'o')}`)}
      ELSE ${sortieUpserts(minus(SORTIE_COLS, 'o'))}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  for (const [table, fn] of [
    ['task_daily', 'task_daily_roll'],
    ['task_sorties', 'task_sorties_roll'],
  ] as const) {
    await sql
      .raw(`CREATE TRIGGER ${table}_roll_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS n
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_roll_upd AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS o NEW TABLE AS n
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_roll_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS o
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      .execute(db);
  }
  // What is there already.
  await sql.raw(dailyUpserts(plus(DAILY_COLS, 'task_daily'))).execute(db);
  await sql.raw(sortieUpserts(plus(SORTIE_COLS, 'task_sorties'))).execute(db);

  await sql`CREATE INDEX task_sorties_page_idx ON task_sorties (tftz_id, start_time DESC, sortie_id DESC)
    INCLUDE (counted, reason, drone_id, yy_account_id, zz_account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS task_sorties_page_idx`.execute(db);
  for (const t of ['task_daily', 'task_sorties'])
    for (const e of ['ins', 'upd', 'del'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}_roll_${e} ON ${t}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS task_daily_roll()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS task_sorties_roll()`.execute(db);
  for (const t of ['task_reason_totals', 'task_day_totals', 'task_drone_totals'])
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
}
