/** The device_whitelist table (migration 0042): list, bulk insert (unnest, ON CONFLICT DO NOTHING), delete. */
import type { WhitelistEntry, WhitelistQuery } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** Ids per INSERT (each an array parameter pair, so any chunk size is one statement). */
const CHUNK = 20_000;

interface Row {
  id: string;
  type: number;
  hw_id: string;
  account_id: number;
  account_name: string;
  created_at: Date;
  total: string;
}

export function createWhitelistRepo(db: Db) {
  return {
    /** accountId null: every account's entries (the platform). */
    async list(accountId: number | null, q: WhitelistQuery) {
      const acc = accountId === null ? sql`TRUE` : sql`w.account_id = ${accountId}`;
      const type = q.type === undefined ? sql`TRUE` : sql`w.type = ${q.type}`;
      const hw = q.hwId ? sql`w.hw_id LIKE ${`${q.hwId.replace(/[\\%_]/g, '\\$&')}%`}` : sql`TRUE`;
      const r = await sql<Row>`
        SELECT w.id, w.type, w.hw_id, w.account_id, a.account_name, w.created_at, count(*) OVER () AS total
        FROM device_whitelist w JOIN accounts a ON a.id = w.account_id
        WHERE ${acc} AND ${type} AND ${hw}
        ORDER BY w.id DESC
        LIMIT ${q.pageSize} OFFSET ${(q.currentPage - 1) * q.pageSize}`.execute(db);
      const records: WhitelistEntry[] = r.rows.map((x) => ({
        id: Number(x.id),
        type: x.type,
        hwId: x.hw_id,
        accountId: x.account_id,
        accountName: x.account_name,
        createdAt: x.created_at.getTime(),
      }));
      let total = Number(r.rows[0]?.total ?? 0);
      if (r.rows.length === 0 && q.currentPage > 1) {
        const c = await sql<{ n: string }>`
          SELECT count(*) AS n FROM device_whitelist w WHERE ${acc} AND ${type} AND ${hw}`.execute(db);
        total = Number(c.rows[0]?.n ?? 0);
      }
      return { records, total };
    },

    /** All ids in one transaction; answers how many were new. */
    async addAll(accountId: number, type: number, ids: string[]): Promise<number> {
      return db.transaction().execute(async (tx) => {
        let added = 0;
        for (let i = 0; i < ids.length; i += CHUNK) {
          const part = ids.slice(i, i + CHUNK);
          const r = await sql`
            INSERT INTO device_whitelist (account_id, type, hw_id)
            SELECT ${accountId}, ${type}, h FROM unnest(${part}::text[]) AS h
            ON CONFLICT DO NOTHING`.execute(tx);
          added += Number(r.numAffectedRows ?? 0);
        }
        return added;
      });
    },

    async remove(accountId: number | null, id: number) {
      const acc = accountId === null ? sql`TRUE` : sql`account_id = ${accountId}`;
      const r = await sql<{ type: number; hw_id: string }>`
        DELETE FROM device_whitelist WHERE id = ${id} AND ${acc} RETURNING type, hw_id`.execute(db);
      return r.rows[0] ?? null;
    },
  };
}
export type WhitelistRepo = ReturnType<typeof createWhitelistRepo>;
