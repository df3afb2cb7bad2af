/**
 * Keys a Citus cluster can enforce (issue 24 #5; platform/distribution.ts, docs/architecture.md
 * "The database at scale (Citus)"): every PRIMARY KEY and UNIQUE of a table to be distributed by
 * drone_id (or account_id) includes that column, and a foreign key between two such tables joins
 * them on it. Ids stay unique (their sequences), only the constraints name the drone too; each
 * new primary key leads with the id, so a lookup by id alone still finds its index.
 *
 * sortie_tracks and bulletin_level1_sms gain the drone_id of their sortie or anomaly (backfilled).
 * The ON CONFLICT targets that named the old keys follow (flight logs, app logs, task sorties,
 * level-1 claims). On an existing database this rebuilds the primary keys of the telemetry tables
 * under an exclusive lock: minutes on a large one, so run it in a quiet hour.
 */
import { type Kysely, sql } from 'kysely';

/** id-keyed telemetry tables whose primary key becomes (id, drone_id). */
const BY_ID = [
  'track_chunks',
  'drone_events',
  'drone_pictures',
  'drone_commands',
  'drone_ownerships',
  'accessory_sightings',
  'flight_logs',
];

async function run(db: Kysely<unknown>, ...statements: string[]) {
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const v = await sql<{ v: number }>`SELECT current_setting('server_version_num')::int AS v`.execute(db);
  // PostgreSQL 15 nulls only the listed column of a composite key; 14 would null drone_id too.
  const setNullSortie = (v.rows[0]?.v ?? 0) >= 150000 ? 'ON DELETE SET NULL (sortie_id)' : '';
  await run(
    db,
    // The drone beside each track and level-1 claim.
    'ALTER TABLE sortie_tracks ADD COLUMN drone_id text',
    'UPDATE sortie_tracks t SET drone_id = s.drone_id FROM sorties s WHERE s.sortie_id = t.sortie_id',
    'ALTER TABLE sortie_tracks ALTER COLUMN drone_id SET NOT NULL',
    'ALTER TABLE bulletin_level1_sms ADD COLUMN drone_id text',
    'UPDATE bulletin_level1_sms b SET drone_id = a.drone_id FROM anomalies a WHERE a.id = b.anomaly_id',
    'ALTER TABLE bulletin_level1_sms ALTER COLUMN drone_id SET NOT NULL',
    // Foreign keys on the old keys go first.
    'ALTER TABLE sortie_tracks DROP CONSTRAINT sortie_tracks_sortie_id_fkey',
    'ALTER TABLE anomalies DROP CONSTRAINT anomalies_sortie_id_fkey',
    'ALTER TABLE task_sorties DROP CONSTRAINT task_sorties_sortie_id_fkey',
    'ALTER TABLE bulletin_level1_sms DROP CONSTRAINT bulletin_level1_sms_anomaly_id_fkey',
    // The keys.
    'ALTER TABLE sorties DROP CONSTRAINT sorties_pkey, ADD PRIMARY KEY (sortie_id, drone_id)',
    'ALTER TABLE sortie_tracks DROP CONSTRAINT sortie_tracks_pkey, ADD PRIMARY KEY (sortie_id, drone_id)',
    'ALTER TABLE anomalies DROP CONSTRAINT anomalies_pkey, ADD PRIMARY KEY (id, drone_id)',
    'ALTER TABLE bulletin_level1_sms DROP CONSTRAINT bulletin_level1_sms_pkey, ADD PRIMARY KEY (anomaly_id, drone_id)',
    'ALTER TABLE task_sorties DROP CONSTRAINT task_sorties_pkey, ADD PRIMARY KEY (tftz_id, sortie_id, drone_id)',
    ...BY_ID.map((t) => `ALTER TABLE ${t} DROP CONSTRAINT ${t}_pkey, ADD PRIMARY KEY (id, drone_id)`),
    'ALTER TABLE flight_logs DROP CONSTRAINT flight_logs_head_key, ADD CONSTRAINT flight_logs_drone_id_head_key UNIQUE (drone_id, head)',
    'ALTER TABLE app_logs DROP CONSTRAINT app_logs_pkey, ADD PRIMARY KEY (id, account_id)',
    'DROP INDEX app_logs_fingerprint_idx',
    'CREATE UNIQUE INDEX app_logs_fingerprint_idx ON app_logs (account_id, fingerprint)',
    // Foreign keys again, through the drone.
    `ALTER TABLE sortie_tracks ADD CONSTRAINT sortie_tracks_sortie_id_fkey FOREIGN KEY (drone_id, sortie_id)
       REFERENCES sorties (drone_id, sortie_id) ON DELETE CASCADE`,
    `ALTER TABLE anomalies ADD CONSTRAINT anomalies_sortie_id_fkey FOREIGN KEY (drone_id, sortie_id)
       REFERENCES sorties (drone_id, sortie_id) ${setNullSortie}`,
    `ALTER TABLE task_sorties ADD CONSTRAINT task_sorties_sortie_id_fkey FOREIGN KEY (drone_id, sortie_id)
       REFERENCES sorties (drone_id, sortie_id) ON DELETE CASCADE`,
    `ALTER TABLE bulletin_level1_sms ADD CONSTRAINT bulletin_level1_sms_anomaly_id_fkey FOREIGN KEY (drone_id, anomaly_id)
       REFERENCES anomalies (drone_id, id) ON DELETE CASCADE`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'ALTER TABLE sortie_tracks DROP CONSTRAINT sortie_tracks_sortie_id_fkey',
    'ALTER TABLE anomalies DROP CONSTRAINT anomalies_sortie_id_fkey',
    'ALTER TABLE task_sorties DROP CONSTRAINT task_sorties_sortie_id_fkey',
    'ALTER TABLE bulletin_level1_sms DROP CONSTRAINT bulletin_level1_sms_anomaly_id_fkey',
    'DROP INDEX app_logs_fingerprint_idx',
    'CREATE UNIQUE INDEX app_logs_fingerprint_idx ON app_logs (fingerprint)',
    'ALTER TABLE app_logs DROP CONSTRAINT app_logs_pkey, ADD PRIMARY KEY (id)',
    'ALTER TABLE flight_logs DROP CONSTRAINT flight_logs_drone_id_head_key, ADD CONSTRAINT flight_logs_head_key UNIQUE (head)',
    ...BY_ID.map((t) => `ALTER TABLE ${t} DROP CONSTRAINT ${t}_pkey, ADD PRIMARY KEY (id)`),
    'ALTER TABLE task_sorties DROP CONSTRAINT task_sorties_pkey, ADD PRIMARY KEY (tftz_id, sortie_id)',
    'ALTER TABLE bulletin_level1_sms DROP CONSTRAINT bulletin_level1_sms_pkey, ADD PRIMARY KEY (anomaly_id)',
    'ALTER TABLE anomalies DROP CONSTRAINT anomalies_pkey, ADD PRIMARY KEY (id)',
    'ALTER TABLE sortie_tracks DROP CONSTRAINT sortie_tracks_pkey, ADD PRIMARY KEY (sortie_id)',
    'ALTER TABLE sorties DROP CONSTRAINT sorties_pkey, ADD PRIMARY KEY (sortie_id)',
    `ALTER TABLE sortie_tracks ADD CONSTRAINT sortie_tracks_sortie_id_fkey FOREIGN KEY (sortie_id)
       REFERENCES sorties (sortie_id) ON DELETE CASCADE`,
    `ALTER TABLE anomalies ADD CONSTRAINT anomalies_sortie_id_fkey FOREIGN KEY (sortie_id)
       REFERENCES sorties (sortie_id) ON DELETE SET NULL`,
    `ALTER TABLE task_sorties ADD CONSTRAINT task_sorties_sortie_id_fkey FOREIGN KEY (sortie_id)
       REFERENCES sorties (sortie_id) ON DELETE CASCADE`,
    `ALTER TABLE bulletin_level1_sms ADD CONSTRAINT bulletin_level1_sms_anomaly_id_fkey FOREIGN KEY (anomaly_id)
       REFERENCES anomalies (id) ON DELETE CASCADE`,
    'ALTER TABLE bulletin_level1_sms DROP COLUMN drone_id',
    'ALTER TABLE sortie_tracks DROP COLUMN drone_id',
  );
}
