/**
 * A kept database of generated history for the statistics benchmarks (stats.ts, datastat.ts): demo
 * data, `drones` extra owned drones, and `sorties` sorties of the last year made by seed:history's
 * generator in bulk. It lives on BENCH_DATABASE_URL / TEST_DATABASE_URL's server under `name` and is
 * reused by a later run that finds it full; BENCH_FRESH=1 starts it over.
 */
import { sql } from 'kysely';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { createDb, type Db } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { seedHistory } from '../apps/server/src/sim/historyGen.ts';
import { admin, registerBenchDrones } from './telemetry-kit.ts';

export interface HistoryDatabase {
  db: Db;
  databaseUrl: string;
  /** How long generation took, or 'reused'. */
  generation: { sorties: number; seconds: number; sortiesPerSecond: number } | 'reused';
}

export async function historyDatabase(o: {
  name: string;
  sorties: number;
  drones: number;
}): Promise<HistoryDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('set TEST_DATABASE_URL to a PostgreSQL server (millions of sorties need a real one)');
  const u = new URL(adminUrl);
  u.pathname = `/${o.name}`;
  const databaseUrl = u.toString();
  if (process.env.BENCH_FRESH === '1')
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${o.name} WITH (FORCE)`);
  if (!(await admin(adminUrl, `SELECT 1 FROM pg_database WHERE datname = '${o.name}'`)).rowCount)
    await admin(adminUrl, `CREATE DATABASE ${o.name}`);
  const db = createDb(databaseUrl, 10);
  await migrateToLatest(db);
  const have = Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM sorties`.execute(db)).rows[0]?.n ?? 0,
  );
  // The generator makes `sorties`; a few collide with another of the same drone and take-off time.
  if (have >= o.sorties * 0.99) return { db, databaseUrl, generation: 'reused' };
  if (have > 0)
    throw new Error(`${o.name} holds ${have} sorties, fewer than ${o.sorties}: rerun with BENCH_FRESH=1`);
  await seedDemo(db);
  await registerBenchDrones(db, o.drones, { owned: true });
  const started = Date.now();
  let last = started;
  const r = await seedHistory(db, {
    sorties: o.sorties,
    days: 365,
    seed: 2026,
    tracksDays: 0,
    bulk: true,
    onProgress: (made) => {
      if (Date.now() - last > 30_000) {
        last = Date.now();
        process.stderr.write(`seed:history ${made} sorties, ${Math.round((last - started) / 1000)} s\n`);
      }
    },
  });
  const seconds = (Date.now() - started) / 1000;
  await sql`VACUUM ANALYZE`.execute(db);
  return {
    db,
    databaseUrl,
    generation: {
      sorties: r.stored,
      seconds: Math.round(seconds),
      sortiesPerSecond: Math.round(r.stored / seconds),
    },
  };
}
