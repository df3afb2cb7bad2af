/**
 * App logs searched within one type (modules/applogs/README.md "The list"): a trigram GIN index per
 * type, partial (`WHERE type = '...'`). With one index over all types a text common overall but absent
 * from the asked type ("RTK" among crash reports) made the lookup find every entry holding the text
 * and read each from the table to test its type: 3.0 s at 10 million entries. The partial index of the
 * type holds only that type's entries, so such a lookup finds nothing at once.
 */
import { type Kysely, sql } from 'kysely';

/** The types of 0043's CHECK (a migration keeps its own copy: it must not change with the domain). */
const TYPES = ['operation', 'flight', 'device', 'network', 'crash', 'system'];

/** The indexes (bench/applogs.ts drops and remakes them around its bulk load). */
export const APP_LOG_TYPE_TRGM_INDEXES = TYPES.map(
  (t) =>
    `CREATE INDEX app_logs_${t}_trgm_idx ON app_logs USING gin (message gin_trgm_ops) WHERE type = '${t}'`,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const ddl of APP_LOG_TYPE_TRGM_INDEXES) await sql.raw(ddl).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TYPES) await sql.raw(`DROP INDEX app_logs_${t}_trgm_idx`).execute(db);
}
