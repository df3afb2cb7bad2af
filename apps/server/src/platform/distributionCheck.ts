/**
 * Reads the catalogue of a migrated database and says where it breaks the Citus rules of
 * distribution.ts (issue 24 #5): every table placed; every PRIMARY KEY and UNIQUE index of a
 * distributed table includes its distribution column; a foreign key between distributed tables
 * joins their distribution columns; reference tables reference reference tables only; distributed
 * and local tables do not reference each other (but for a local table's `pending` keys); a key
 * through a distribution column neither nulls nor defaults it on delete, nor follows an update of
 * it; a distributed table has no triggers (but for its `pending` ones: Citus runs a trigger on each
 * shard, and only with citus.enable_unsafe_triggers); a referenced table is listed before the
 * tables of its kind that reference it; a partitioned table is a distributed one that names its
 * partition column (`partitionedBy`), and only such a table.
 * Returns one sentence per breach; none: the schema is ready to distribute.
 */
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { DISTRIBUTION, type Placement } from './distribution.ts';

interface UniqueRow {
  table: string;
  index: string;
  columns: (string | null)[];
}
interface ForeignRow {
  name: string;
  /** pg_constraint.confdeltype / confupdtype: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: string;
  onUpdate: string;
  table: string;
  columns: string[];
  target: string;
  targetColumns: string[];
}

const FILE = 'apps/server/src/platform/distribution.ts';

async function readCatalogue(db: Db) {
  // Ordinary and partitioned tables of the public schema; a partition follows its parent.
  const tables = await sql<{ table: string }>`
    SELECT c.relname AS table FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY 1`.execute(db);
  const notNull = await sql<{ table: string; column: string }>`
    SELECT c.relname AS table, a.attname AS column FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped AND a.attnotnull`.execute(
    db,
  );
  // Key columns of every unique index (a PRIMARY KEY, a UNIQUE constraint or a bare unique index);
  // an expression is null: it does not carry the distribution column.
  const uniques = await sql<UniqueRow>`
    SELECT t.relname AS table, ic.relname AS index,
      array(SELECT a.attname::text FROM unnest(i.indkey[0:i.indnkeyatts - 1]) k
            LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k) AS columns
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE t.relnamespace = 'public'::regnamespace AND i.indisunique AND NOT t.relispartition
    ORDER BY 1, 2`.execute(db);
  const foreign = await sql<ForeignRow>`
    SELECT f.conname AS name, t.relname AS table, r.relname AS target,
      f.confdeltype::text AS "onDelete", f.confupdtype::text AS "onUpdate",
      array(SELECT a.attname::text FROM unnest(f.conkey) WITH ORDINALITY k(n, o)
            JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.n ORDER BY k.o) AS columns,
      array(SELECT a.attname::text FROM unnest(f.confkey) WITH ORDINALITY k(n, o)
            JOIN pg_attribute a ON a.attrelid = f.confrelid AND a.attnum = k.n ORDER BY k.o) AS "targetColumns"
    FROM pg_constraint f JOIN pg_class t ON t.oid = f.conrelid JOIN pg_class r ON r.oid = f.confrelid
    WHERE f.contype = 'f' AND t.relnamespace = 'public'::regnamespace AND NOT t.relispartition
    ORDER BY 2, 1`.execute(db);
  // Partitioned tables and their partition key (one column for a range by time).
  const partitioned = await sql<{ table: string; columns: string[] }>`
    SELECT c.relname AS table,
      array(SELECT a.attname::text FROM unnest(p.partattrs::int2[]) k
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k) AS columns
    FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT c.relispartition`.execute(db);
  const triggers = await sql<{ table: string; name: string }>`
    SELECT c.relname AS table, g.tgname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT g.tgisinternal ORDER BY 1, 2`.execute(db);
  return {
    triggers: triggers.rows,
    partitionKeys: new Map(partitioned.rows.map((r) => [r.table, r.columns.join(', ')])),
    tables: tables.rows.map((r) => r.table),
    notNull: new Set(notNull.rows.map((r) => `${r.table}.${r.column}`)),
    uniques: uniques.rows,
    foreign: foreign.rows,
  };
}

/** The breaches of the rules in the database `db`, checked against `placements`. */
export async function distributionViolations(
  db: Db,
  placements: Readonly<Record<string, Placement>> = DISTRIBUTION,
): Promise<string[]> {
  const cat = await readCatalogue(db);
  const out: string[] = [];
  const present = new Set(cat.tables);
  for (const t of cat.tables)
    if (!placements[t])
      out.push(
        `table ${t} has no placement: add it to ${FILE} as distributed (by the column its rows belong to, ` +
          'e.g. drone_id), reference (a small catalogue) or local (with why), and to docs/architecture.md',
      );
  for (const t of Object.keys(placements))
    if (!present.has(t)) out.push(`${FILE} places table ${t}, which the schema does not have: remove it`);

  for (const [t, p] of Object.entries(placements)) {
    const key = cat.partitionKeys.get(t);
    const declared = p.kind === 'distributed' ? p.partitionedBy : undefined;
    if (present.has(t) && key !== declared)
      out.push(
        key
          ? `table ${t} is partitioned by ${key}: say so in ${FILE} (partitionedBy of a distributed table), ` +
              'so that the DDL and the docs tell its partitions'
          : `${FILE} says table ${t} is partitioned by ${declared}, which the schema's table is not`,
      );
    if (p.kind !== 'distributed' || !present.has(t)) continue;
    if (!cat.notNull.has(`${t}.${p.column}`))
      out.push(`distributed table ${t}: its distribution column ${p.column} is missing or may be null`);
  }
  for (const u of cat.uniques) {
    const p = placements[u.table];
    if (p?.kind === 'distributed' && !u.columns.includes(p.column))
      out.push(
        `unique index ${u.index} of distributed table ${u.table} (${u.columns.map((c) => c ?? '(expression)').join(', ')}) ` +
          `lacks its distribution column ${p.column}: Citus cannot enforce it`,
      );
  }
  for (const g of cat.triggers) {
    const p = placements[g.table];
    if (p?.kind === 'distributed' && !p.pending?.includes(g.name))
      out.push(
        `trigger ${g.name} on distributed table ${g.table}: Citus runs triggers per shard, only with ` +
          'citus.enable_unsafe_triggers, and one may reach co-located rows only: do the work in the statement',
      );
  }
  const order = new Map(Object.keys(placements).map((t, i) => [t, i]));
  for (const f of cat.foreign) {
    const from = placements[f.table];
    const to = placements[f.target];
    if (!from || !to) continue;
    const what = `foreign key ${f.name} (${f.table} -> ${f.target})`;
    // citusDdl.ts places the tables in this order: a target must be placed before.
    if (
      from.kind === to.kind &&
      from.kind !== 'local' &&
      (order.get(f.target) ?? 0) > (order.get(f.table) ?? 0)
    )
      out.push(
        `${what}: ${FILE} lists ${f.target} after ${f.table}; list it before (the DDL places them in order)`,
      );
    if (from.kind === 'distributed' && f.columns.includes(from.column)) {
      if (f.onDelete === 'n' || f.onDelete === 'd')
        out.push(`${what}: Citus refuses ON DELETE SET NULL or SET DEFAULT on a key through ${from.column}`);
      if (f.onUpdate === 'n' || f.onUpdate === 'd' || f.onUpdate === 'c')
        out.push(
          `${what}: Citus refuses ON UPDATE CASCADE, SET NULL or SET DEFAULT on a key through ${from.column}`,
        );
    }
    if (from.kind === 'distributed' && to.kind === 'distributed') {
      const i = f.columns.indexOf(from.column);
      if (i < 0 || f.targetColumns[i] !== to.column)
        out.push(
          `${what} does not join ${f.table}.${from.column} to ${f.target}.${to.column}: ` +
            'a foreign key between distributed tables must include the distribution column on both sides',
        );
    } else if (from.kind === 'reference' && to.kind !== 'reference') {
      out.push(`${what}: a reference table may reference reference tables only, not a ${to.kind} one`);
    } else if (from.kind === 'distributed' && to.kind === 'local') {
      out.push(`${what}: a distributed table may not reference a local table (make the target reference)`);
    } else if (from.kind === 'local' && to.kind === 'distributed' && !from.pending?.includes(f.name)) {
      out.push(`${what}: a local table may not reference a distributed table`);
    }
  }
  return out;
}
