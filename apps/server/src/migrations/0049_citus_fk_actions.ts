/**
 * Foreign-key actions a Citus cluster accepts (issue 24 #5; platform/distributionCheck.ts): Citus
 * refuses ON DELETE SET NULL / SET DEFAULT and ON UPDATE CASCADE on a key through the distribution
 * column (PostgreSQL 15's `SET NULL (sortie_id)` included). An anomaly's sortie key becomes NO
 * ACTION (no code deletes sorties; deleting one with anomalies now fails instead of unlinking
 * them), and a drone's ownership periods no longer follow a change of its drone id (no code
 * renames drones, and Citus cannot move a row between shards by updating that column).
 */
import { type Kysely, sql } from 'kysely';

async function run(db: Kysely<unknown>, ...statements: string[]) {
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `ALTER TABLE anomalies DROP CONSTRAINT anomalies_sortie_id_fkey,
       ADD CONSTRAINT anomalies_sortie_id_fkey FOREIGN KEY (drone_id, sortie_id) REFERENCES sorties (drone_id, sortie_id)`,
    `ALTER TABLE drone_ownerships DROP CONSTRAINT drone_ownerships_drone_id_fkey,
       ADD CONSTRAINT drone_ownerships_drone_id_fkey FOREIGN KEY (drone_id) REFERENCES drones (drone_id) ON DELETE CASCADE`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const v = await sql<{ v: number }>`SELECT current_setting('server_version_num')::int AS v`.execute(db);
  const setNullSortie = (v.rows[0]?.v ?? 0) >= 150000 ? 'ON DELETE SET NULL (sortie_id)' : '';
  await run(
    db,
    `ALTER TABLE anomalies DROP CONSTRAINT anomalies_sortie_id_fkey,
       ADD CONSTRAINT anomalies_sortie_id_fkey FOREIGN KEY (drone_id, sortie_id)
       REFERENCES sorties (drone_id, sortie_id) ${setNullSortie}`,
    `ALTER TABLE drone_ownerships DROP CONSTRAINT drone_ownerships_drone_id_fkey,
       ADD CONSTRAINT drone_ownerships_drone_id_fkey FOREIGN KEY (drone_id) REFERENCES drones (drone_id)
       ON DELETE CASCADE ON UPDATE CASCADE`,
  );
}
