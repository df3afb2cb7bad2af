/**
 * Rollup maintenance: sorties are added to the rollups in the transaction that stores them (the
 * writer's afterSorties, the history generator), and `npm run stats:rebuild` recomputes them all.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import {
  assignBlocksStatement,
  DEFAULT_ROLLUP_SETTINGS,
  grainCutoffs,
  ROLLUP_TABLES,
  type RollupSettings,
  rollupStatements,
  type SortieSet,
} from './rollupSql.ts';

export {
  DEFAULT_ROLLUP_SETTINGS,
  grainCutoffs,
  ROLLUP_TABLES,
  type RollupSettings,
  type SortieSet,
} from './rollupSql.ts';

/** Attributes the sorties to their blocks and adds them to every rollup (call inside a transaction). */
export async function addToRollups(
  trx: Kysely<Database>,
  set: SortieSet,
  settings: RollupSettings = DEFAULT_ROLLUP_SETTINGS,
  now = Date.now(),
): Promise<void> {
  if ('ids' in set && set.ids.length === 0) return;
  await assignBlocksStatement(set).execute(trx);
  for (const statement of rollupStatements(set, settings, now)) await statement.execute(trx);
}

/**
 * Takes the sorties out of every rollup, as they are stored now (call inside a transaction, before
 * they change): a sortie closed by silence and replaced by its reopened whole (writerStore.ts) is
 * taken out, updated and added again, so the rollups read as if it had landed in one go.
 */
export async function removeFromRollups(
  trx: Kysely<Database>,
  ids: readonly number[],
  settings: RollupSettings = DEFAULT_ROLLUP_SETTINGS,
  now = Date.now(),
): Promise<void> {
  if (ids.length === 0) return;
  for (const statement of rollupStatements({ ids }, settings, now, -1)) await statement.execute(trx);
}

/** Deletes grain rows older than their kept window (hourly; nothing reads them). */
export async function pruneGrains(
  db: Kysely<Database>,
  settings: RollupSettings = DEFAULT_ROLLUP_SETTINGS,
  now = Date.now(),
): Promise<void> {
  const cut = grainCutoffs(now, settings.timeZone);
  for (const t of ['stat_region', 'stat_drone', 'stat_pilot', 'stat_block'] as const)
    await sql`DELETE FROM ${sql.table(t)}
      WHERE (grain = 'd' AND period < ${cut.d}::date) OR (grain = 'm' AND period < ${cut.m}::date)
        OR (grain = 'y' AND period < ${cut.y}::date)`.execute(db);
}

export interface RebuildOptions {
  settings?: RollupSettings;
  /** Sorties per transaction (default 200,000). */
  step?: number;
  now?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Empties the rollups and adds every sortie again, in id ranges of `step` sorties per transaction.
 * The rollups are empty (dashboards show zeros) until it ends: run it with ingest stopped.
 */
export async function rebuildRollups(
  db: Kysely<Database>,
  o: RebuildOptions = {},
): Promise<{ sorties: number }> {
  const step = o.step ?? 200_000;
  const settings = o.settings ?? DEFAULT_ROLLUP_SETTINGS;
  const now = o.now ?? Date.now();
  const range = await db
    .selectFrom('sorties')
    .select((eb) => [
      eb.fn.min('sortie_id').as('lo'),
      eb.fn.max('sortie_id').as('hi'),
      eb.fn.countAll().as('n'),
    ])
    .executeTakeFirstOrThrow();
  await sql`TRUNCATE ${sql.join(ROLLUP_TABLES.map((t) => sql.table(t)))}`.execute(db);
  // Fresh statistics first: a just-loaded blocks table looks empty to the planner, which then scans
  // it for every sortie instead of using its GiST index.
  await sql`ANALYZE blocks, sorties`.execute(db);
  const lo = Number(range.lo ?? 0);
  const hi = Number(range.hi ?? -1);
  const total = Number(range.n);
  for (let from = lo; from <= hi; from += step) {
    const to = Math.min(hi, from + step - 1);
    await db.transaction().execute(async (trx) => {
      // Aggregating a million sorties in memory instead of spilling to disk (this transaction only).
      await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
      await addToRollups(trx, { fromId: from, toId: to }, settings, now);
    });
    o.onProgress?.(to - lo + 1, hi - lo + 1);
  }
  return { sorties: total };
}
