/**
 * Merge manufacturer (002 §7 lookups, issue 12 #1): everything the merged manufacturer made moves
 * to the kept one in ONE transaction: its drone models (a name the kept one already uses gets the
 * merged account's name appended), its drones, and every history row that names it (each column
 * called zz_account_id or manufacturer_account_id in the schema: sorties, anomalies, rollups, data
 * stat items, RTK devices, lease clients...). The merged account is disabled and its sessions end.
 * Any failure rolls the whole merge back.
 */
import type { MergeResult } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';

export async function mergeManufacturer(
  db: Db,
  keptId: number,
  mergedId: number,
): Promise<MergeResult & { endedUsers: number[] }> {
  if (keptId === mergedId) throw errors.badRequest('mergeNotManufacturers');
  return db.transaction().execute(async (trx) => {
    const both = await sql<{ id: number; account_type: number; account_name: string }>`
      SELECT id, account_type, account_name FROM accounts WHERE id IN (${keptId}, ${mergedId})
      ORDER BY id FOR UPDATE`.execute(trx);
    if (both.rows.length !== 2) throw errors.notFound();
    if (both.rows.some((r) => r.account_type !== 3)) throw errors.badRequest('mergeNotManufacturers');
    const mergedName = both.rows.find((r) => r.id === mergedId)?.account_name ?? String(mergedId);

    await sql`UPDATE drone_models m SET model_name = m.model_name || ' (' || ${mergedName} || ')'
      WHERE m.zz_account_id = ${mergedId} AND EXISTS (SELECT 1 FROM drone_models k
        WHERE k.zz_account_id = ${keptId} AND k.model_name = m.model_name)`.execute(trx);
    const models = await sql`UPDATE drone_models SET zz_account_id = ${keptId}
      WHERE zz_account_id = ${mergedId}`.execute(trx);
    const drones = await sql`UPDATE drones SET zz_account_id = ${keptId}
      WHERE zz_account_id = ${mergedId}`.execute(trx);
    // Lease clients of both: keep one row per client.
    await sql`DELETE FROM lease_clients m WHERE m.manufacturer_account_id = ${mergedId}
      AND EXISTS (SELECT 1 FROM lease_clients k WHERE k.manufacturer_account_id = ${keptId}
        AND k.client_account_id = m.client_account_id)`.execute(trx);

    const columns = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND column_name IN ('zz_account_id', 'manufacturer_account_id')
        AND table_name NOT IN ('drone_models', 'drones')
        AND table_name IN (SELECT table_name FROM information_schema.tables
                           WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
      ORDER BY table_name`.execute(trx);
    let sorties = 0;
    for (const c of columns.rows) {
      const r = await sql`UPDATE ${sql.id(c.table_name)} SET ${sql.id(c.column_name)} = ${keptId}
        WHERE ${sql.id(c.column_name)} = ${mergedId}`.execute(trx);
      if (c.table_name === 'sorties') sorties = Number(r.numAffectedRows ?? 0);
    }

    await sql`UPDATE accounts SET enabled = false, updated_at = now() WHERE id = ${mergedId}`.execute(trx);
    const ended = await sql<{ user_id: number }>`UPDATE sessions SET revoked_at = now()
      WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE account_id = ${mergedId})
      RETURNING user_id`.execute(trx);
    return {
      accountId: keptId,
      mergeAccountId: mergedId,
      models: Number(models.numAffectedRows ?? 0),
      drones: Number(drones.numAffectedRows ?? 0),
      sorties,
      endedUsers: [...new Set(ended.rows.map((r) => r.user_id))],
    };
  });
}
