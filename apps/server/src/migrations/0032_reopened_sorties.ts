/**
 * A sortie closed by silence and reopened by the points that continue it (issue 20 #16) is charged
 * once for the whole flight: its earlier charge is replaced, not updated (lease_charges is
 * append-only). The new charge names the one it replaces; the reversal of the earlier amount is a
 * posting of the ledger. A sortie's first charge stays unique (billing's exactly-once), and so does
 * each replacement; the charge that counts is the one no other replaces.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lease_charges ADD COLUMN replaces_charge_id bigint UNIQUE REFERENCES lease_charges(id)`.execute(
    db,
  );
  await sql`ALTER TABLE lease_charges DROP CONSTRAINT lease_charges_sortie_id_key`.execute(db);
  await sql`CREATE UNIQUE INDEX lease_charges_sortie_key ON lease_charges (sortie_id)
    WHERE replaces_charge_id IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX lease_charges_sortie_key`.execute(db);
  await sql`ALTER TABLE lease_charges DROP COLUMN replaces_charge_id`.execute(db);
  await sql`ALTER TABLE lease_charges ADD CONSTRAINT lease_charges_sortie_id_key UNIQUE (sortie_id)`.execute(
    db,
  );
}
