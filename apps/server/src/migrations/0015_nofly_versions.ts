import { type Kysely, sql } from 'kysely';

/**
 * No-fly zone versions (issue 10 #3). Every create, edit, enable, disable and delete of a zone
 * writes a version row (the whole zone as it then was, who and when); `nofly_zones` keeps the
 * current version number. A no-fly anomaly records the version it was raised against
 * (`anomalies.nofly_version`, with `nofly_id` a reference to the version row), so editing a zone
 * never rewrites past alerts. A zone is deleted softly (`deleted_at`, disabled): its versions stay
 * for the alerts raised against them. Existing zones become version 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE nofly_zones
      ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      ADD COLUMN deleted_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE nofly_zone_versions (
      zone_id                integer NOT NULL REFERENCES nofly_zones(id) ON DELETE CASCADE,
      version                integer NOT NULL CHECK (version >= 1),
      name                   text NOT NULL,
      detail_address         text,
      nofly_type             smallint NOT NULL CHECK (nofly_type IN (1, 2)),
      shape                  text NOT NULL CHECK (shape IN ('polygon', 'circle')),
      geometry               jsonb NOT NULL,
      radius_m               double precision,
      region_code            integer,
      enabled                boolean NOT NULL,
      change                 text NOT NULL CHECK (change IN ('create', 'update', 'enable', 'disable', 'delete')),
      changed_by_account_id  integer REFERENCES accounts(id),
      changed_by_user_id     integer REFERENCES users(id),
      changed_at             timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (zone_id, version)
    )`.execute(db);
  await sql`
    INSERT INTO nofly_zone_versions (zone_id, version, name, detail_address, nofly_type, shape, geometry,
      radius_m, region_code, enabled, change, changed_by_account_id, changed_at)
    SELECT id, version, name, detail_address, nofly_type, shape, geometry, radius_m, region_code, enabled,
      'create', created_by_account_id, created_at
    FROM nofly_zones`.execute(db);
  await sql`CREATE INDEX nofly_zones_live_idx ON nofly_zones (nofly_type) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`ALTER TABLE anomalies ADD COLUMN nofly_version integer`.execute(db);
  await sql`
    UPDATE anomalies a SET nofly_version = z.version
    FROM nofly_zones z WHERE a.nofly_id = z.id`.execute(db);
  await sql`
    ALTER TABLE anomalies ADD CONSTRAINT anomalies_nofly_version_fk
      FOREIGN KEY (nofly_id, nofly_version) REFERENCES nofly_zone_versions (zone_id, version)
      ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX anomalies_nofly_idx ON anomalies (nofly_id) WHERE nofly_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS anomalies_nofly_idx`.execute(db);
  await sql`ALTER TABLE anomalies DROP CONSTRAINT IF EXISTS anomalies_nofly_version_fk`.execute(db);
  await sql`ALTER TABLE anomalies DROP COLUMN IF EXISTS nofly_version`.execute(db);
  await sql`DROP INDEX IF EXISTS nofly_zones_live_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS nofly_zone_versions`.execute(db);
  await sql`ALTER TABLE nofly_zones DROP COLUMN IF EXISTS deleted_at, DROP COLUMN IF EXISTS version`.execute(
    db,
  );
}
