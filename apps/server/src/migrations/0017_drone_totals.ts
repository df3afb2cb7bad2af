import { type Kysely, sql } from 'kysely';

/**
 * A drone's lifetime figures on its registry row (issue 10, the drone list at fleet scale): the
 * all-time, platform-wide rollup row of the drone (`stat_drone` sk 0, grain 'a', kept in the
 * sortie's transaction by telemetry/rollups) copied onto `drones` by a trigger, so the list and its
 * statistics for the platform and a manufacturer read one table instead of joining 100,000 rollup
 * rows per request. A rollup rebuild (TRUNCATE, then inserts) resets and refills them by the same
 * triggers. Owners and governments read their own rollup key (what was flown while they owned the
 * drone, or in their region), never these.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE drones
      ADD COLUMN total_sorties     bigint NOT NULL DEFAULT 0,
      ADD COLUMN total_area_mu     double precision NOT NULL DEFAULT 0,
      ADD COLUMN total_duration_s  double precision NOT NULL DEFAULT 0,
      ADD COLUMN total_volume_l    double precision NOT NULL DEFAULT 0`.execute(db);
  await sql`
    CREATE FUNCTION drone_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE drones SET total_sorties = NEW.sorties, total_area_mu = NEW.area_mu,
        total_duration_s = NEW.duration_s, total_volume_l = NEW.volume_l
      WHERE drone_id = NEW.drone_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER stat_drone_totals AFTER INSERT OR UPDATE ON stat_drone FOR EACH ROW
    WHEN (NEW.sk = 0 AND NEW.grain = 'a') EXECUTE FUNCTION drone_totals_sync()`.execute(db);
  await sql`
    CREATE FUNCTION drone_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE drones SET total_sorties = 0, total_area_mu = 0, total_duration_s = 0, total_volume_l = 0
      WHERE total_sorties <> 0 OR total_area_mu <> 0;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER stat_drone_totals_truncate AFTER TRUNCATE ON stat_drone
    FOR EACH STATEMENT EXECUTE FUNCTION drone_totals_reset()`.execute(db);
  await sql`
    UPDATE drones d SET total_sorties = t.sorties, total_area_mu = t.area_mu,
      total_duration_s = t.duration_s, total_volume_l = t.volume_l
    FROM stat_drone t
    WHERE t.sk = 0 AND t.sid = 0 AND t.grain = 'a' AND t.period = DATE '1970-01-01' AND t.drone_id = d.drone_id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS stat_drone_totals_truncate ON stat_drone`.execute(db);
  await sql`DROP TRIGGER IF EXISTS stat_drone_totals ON stat_drone`.execute(db);
  await sql`DROP FUNCTION IF EXISTS drone_totals_reset()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS drone_totals_sync()`.execute(db);
  await sql`
    ALTER TABLE drones DROP COLUMN total_sorties, DROP COLUMN total_area_mu, DROP COLUMN total_duration_s,
      DROP COLUMN total_volume_l`.execute(db);
}
