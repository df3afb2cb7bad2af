import { type Kysely, sql } from 'kysely';

/**
 * Bulletins (issue 12): ordinary bulletins (type 2) with their target account types, per-user
 * read state of both types (single reads plus a "read everything up to id" mark per type, so
 * "mark all read" is one row however many bulletins there are), and the level-1 SMS ledger (one row
 * per no-fly anomaly: an incursion is texted at most once). Anomaly bulletins are the rows of
 * `anomalies`. Nothing here touches existing rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bulletins (
      id serial PRIMARY KEY,
      title text NOT NULL,
      content text NOT NULL,
      to_manufacturer boolean NOT NULL,
      to_owner boolean NOT NULL,
      account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (to_manufacturer OR to_owner)
    )`.execute(db);
  await sql`CREATE INDEX bulletins_maker_idx ON bulletins (id) WHERE to_manufacturer`.execute(db);
  await sql`CREATE INDEX bulletins_owner_idx ON bulletins (id) WHERE to_owner`.execute(db);
  await sql`
    CREATE TABLE bulletin_reads (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      bulletin_type smallint NOT NULL CHECK (bulletin_type IN (1, 2)),
      item_id bigint NOT NULL,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, bulletin_type, item_id)
    )`.execute(db);
  await sql`
    CREATE TABLE bulletin_read_marks (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      bulletin_type smallint NOT NULL CHECK (bulletin_type IN (1, 2)),
      upto bigint NOT NULL,
      PRIMARY KEY (user_id, bulletin_type)
    )`.execute(db);
  await sql`
    CREATE TABLE bulletin_level1_sms (
      anomaly_id bigint PRIMARY KEY REFERENCES anomalies (id) ON DELETE CASCADE,
      account_id integer NOT NULL,
      recipients integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Unread anomaly counts go by id within the scope (anomalies after the read mark).
  await sql`CREATE INDEX IF NOT EXISTS anomalies_zz_id_idx ON anomalies (zz_account_id, id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS anomalies_yy_id_idx ON anomalies (yy_account_id, id)`.execute(db);
  // The platform's anomaly bulletins, newest first, without sorting the table.
  await sql`CREATE INDEX IF NOT EXISTS anomalies_time_id_idx ON anomalies (time, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS anomalies_time_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS anomalies_yy_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS anomalies_zz_id_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS bulletin_level1_sms`.execute(db);
  await sql`DROP TABLE IF EXISTS bulletin_read_marks`.execute(db);
  await sql`DROP TABLE IF EXISTS bulletin_reads`.execute(db);
  await sql`DROP TABLE IF EXISTS bulletins`.execute(db);
}
