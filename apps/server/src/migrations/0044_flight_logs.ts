/**
 * Drone-signed flight logs received (issue 23 point 2; modules/firmware/README.md "Flight logs
 * received"): a drone's ground station uploads the signed log of each sortie it flew (POST
 * /api/telemetry/flightlog); a log whose chain and signature hold under one of the drone's registered
 * keys is kept here, gzipped, as evidence. A sortie of that drone whose flight lies inside a kept
 * log's span is "log verified" in the flight history (sorties.repo.ts `log_verified`).
 *
 * One row per distinct log (its chain head); the same log sent twice is one row.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE flight_logs (
      id          bigserial PRIMARY KEY,
      drone_id    text NOT NULL REFERENCES drones(drone_id) ON DELETE CASCADE,
      key_id      text NOT NULL,
      log_sortie  text NOT NULL,
      first_time  timestamptz NOT NULL,
      last_time   timestamptz NOT NULL CHECK (last_time >= first_time),
      records     integer NOT NULL CHECK (records > 0),
      head        text NOT NULL UNIQUE CHECK (head ~ '^[0-9a-f]{64}$'),
      log_gz      bytea NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX flight_logs_drone_idx ON flight_logs (drone_id, first_time)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE flight_logs`.execute(db);
}
