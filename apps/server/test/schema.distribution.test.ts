/**
 * The schema is ready for Citus (issue 24 #5; platform/distribution.ts): the migrated catalogue
 * breaks none of the rules of distributionCheck.ts, every table is placed and named in
 * docs/architecture.md, the checker reports each kind of breach on tables made to break them (a
 * partitioned table's partitions are not tables of their own), and migration 0047 carries existing
 * rows over (tracks and level-1 claims get their drone).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrations } from '../src/migrations/index.ts';
import { citusDdl } from '../src/platform/citusDdl.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { DISTRIBUTION } from '../src/platform/distribution.ts';
import { distributionViolations } from '../src/platform/distributionCheck.ts';

const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};
const made: string[] = [];
const dbs: Db[] = [];
/** A database of its own: a copy of the migrated schema template, or (template null) empty. */
async function database(template: string | null): Promise<Db> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  made.push(name);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 2);
  dbs.push(db);
  return db;
}
afterAll(async () => {
  for (const db of dbs) await db.destroy();
  for (const name of made) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('the schema on Citus', () => {
  it('breaks no rule: every table placed, keys and foreign keys through the distribution column', async () => {
    const db = await database(inject('pgTemplates').schema);
    expect(await distributionViolations(db)).toEqual([]);
  });

  it('names every table in docs/architecture.md "The database at scale (Citus)"', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    const start = doc.indexOf('## The database at scale (Citus)');
    expect(start).toBeGreaterThan(-1);
    const end = doc.indexOf('\n## ', start + 1);
    const section = doc.slice(start, end < 0 ? undefined : end);
    const missing = Object.keys(DISTRIBUTION).filter((t) => !new RegExp(`\\b${t}\\b`).test(section));
    expect(missing).toEqual([]);
  });

  it('prints one placing statement per catalogue and sharded table (npm run citus:ddl)', () => {
    const ddl = citusDdl().join('\n');
    for (const [t, p] of Object.entries(DISTRIBUTION)) {
      const placed = ddl.split('\n').filter((l) => l.includes(`_table('${t}'`));
      expect(placed, t).toHaveLength(p.kind === 'local' ? 0 : 1);
    }
    expect(ddl).toContain("create_distributed_table('sorties', 'drone_id', colocate_with => 'drones')");
  });

  it('reports each breach of a table made to break the rules', async () => {
    const db = await database(inject('pgTemplates').schema);
    await sql
      .raw(`
      CREATE TABLE zz_unplaced (id int PRIMARY KEY);
      CREATE TABLE zz_points (
        id bigint PRIMARY KEY,
        drone_id text NOT NULL REFERENCES drones (drone_id),
        other_drone text REFERENCES drones (drone_id),
        session_id uuid REFERENCES sessions (id),
        crop_id integer REFERENCES crops (crop_id),
        code text
      );
      CREATE UNIQUE INDEX zz_points_code_uq ON zz_points (lower(drone_id), code);
      CREATE UNIQUE INDEX zz_points_drone_code_uq ON zz_points (drone_id, code);
      CREATE TABLE zz_follow (drone_id text PRIMARY KEY REFERENCES drones (drone_id) ON UPDATE CASCADE,
        sortie_id bigint, FOREIGN KEY (drone_id, sortie_id) REFERENCES sorties (drone_id, sortie_id) ON DELETE SET DEFAULT);
      CREATE TRIGGER zz_follow_trg BEFORE UPDATE ON zz_follow FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger();
      CREATE TABLE zz_nullable (id bigint, drone_id text, PRIMARY KEY (id));
      CREATE TABLE zz_catalogue (id int PRIMARY KEY, drone_id text REFERENCES drones (drone_id),
        account_id integer REFERENCES accounts (id));
      CREATE TABLE zz_early (id int PRIMARY KEY, catalogue_id int REFERENCES zz_catalogue (id));
      CREATE TABLE zz_books (id int PRIMARY KEY, drone_id text REFERENCES drones (drone_id),
        user_id integer REFERENCES users (id));
      CREATE TABLE zz_months (id bigint, drone_id text NOT NULL, time timestamptz NOT NULL,
        PRIMARY KEY (id, drone_id, time)) PARTITION BY RANGE (time);
      CREATE TABLE zz_months_2026_01 PARTITION OF zz_months
        FOR VALUES FROM ('2026-01-01 00:00+00') TO ('2026-02-01 00:00+00')`)
      .execute(db);
    const placements = {
      ...DISTRIBUTION,
      zz_points: { kind: 'distributed', column: 'drone_id', why: 'test' },
      zz_nullable: { kind: 'distributed', column: 'drone_id', why: 'test', partitionedBy: 'time' },
      zz_months: { kind: 'distributed', column: 'drone_id', why: 'test' },
      zz_follow: { kind: 'distributed', column: 'drone_id', why: 'test' },
      zz_early: { kind: 'reference', why: 'test' },
      zz_catalogue: { kind: 'reference', why: 'test' },
      zz_books: { kind: 'local', why: 'test' },
      zz_gone: { kind: 'local', why: 'test' },
    } as const;
    const v = await distributionViolations(db, placements);
    const about = (...words: string[]) => v.filter((m) => words.every((w) => m.includes(w)));
    expect(about('table zz_unplaced has no placement', 'distribution.ts')).toHaveLength(1);
    expect(about('places table zz_gone')).toHaveLength(1);
    expect(about('zz_points_pkey', 'lacks its distribution column drone_id')).toHaveLength(1);
    expect(about('zz_points_code_uq', '(expression)')).toHaveLength(1);
    expect(about('zz_points_drone_code_uq')).toEqual([]);
    expect(about('zz_points_other_drone_fkey', 'must include the distribution column')).toHaveLength(1);
    expect(about('zz_points_drone_id_fkey')).toEqual([]);
    expect(about('zz_points_session_id_fkey', 'may not reference a local table')).toHaveLength(1);
    expect(about('zz_points_crop_id_fkey')).toEqual([]);
    expect(about('distributed table zz_nullable', 'may be null')).toHaveLength(1);
    expect(about('zz_catalogue_drone_id_fkey', 'reference tables only')).toHaveLength(1);
    expect(about('zz_catalogue_account_id_fkey')).toEqual([]);
    expect(about('zz_books_drone_id_fkey', 'local table may not reference a distributed')).toHaveLength(1);
    expect(about('zz_books_user_id_fkey')).toEqual([]);
    expect(about('zz_early_catalogue_id_fkey', 'lists zz_catalogue after zz_early')).toHaveLength(1);
    expect(about('zz_follow_drone_id_fkey', 'ON UPDATE CASCADE')).toHaveLength(1);
    expect(about('zz_follow_drone_id_sortie_id_fkey', 'ON DELETE SET NULL or SET DEFAULT')).toHaveLength(1);
    expect(about('trigger zz_follow_trg', 'enable_unsafe_triggers')).toHaveLength(1);
    // A partitioned table's placement says so, and only its; its partitions are not tables to place.
    expect(about('table zz_months is partitioned by time', 'partitionedBy')).toHaveLength(1);
    expect(about('says table zz_nullable is partitioned by time')).toHaveLength(1);
    expect(about('zz_months_2026_01')).toEqual([]);
    expect(v).toHaveLength(16);

    // A pending key of a local table is let through by name, and only that one.
    const pending = {
      ...placements,
      zz_books: { kind: 'local', why: 'test', pending: ['zz_books_drone_id_fkey'] },
    };
    expect(
      (await distributionViolations(db, pending as typeof placements)).some((m) => m.includes('zz_books')),
    ).toBe(false);
  });

  it('0047 gives the tracks and level-1 claims of an existing database their drone', async () => {
    const db = await database(null);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations as Record<string, Migration> },
    });
    expect((await migrator.migrateTo('0046_accessory_sightings')).error).toBeUndefined();
    await sql
      .raw(`
      INSERT INTO accounts (id, account_type, account_name) VALUES (900, 2, 'maker');
      INSERT INTO drone_models (id, model_name, zz_account_id, shape, power, spray_width, tank_litres)
        VALUES (900, 'M', 900, 'quad', 'electric', 5, 20);
      INSERT INTO drones (drone_id, drone_name, model_id, zz_account_id, spray_width)
        VALUES ('D1', 'one', 900, 900, 5), ('D2', 'two', 900, 900, 5);
      INSERT INTO sorties (sortie_id, drone_id, start_time, end_time, duration_s, distance_m, spray_distance_m,
          area_m2, area_mu, volume_l, spray_time_s, max_height_m, battery_start, battery_end, point_count, lng, lat,
          country_code, zz_account_id, model_id, end_reason)
        SELECT 100 + n, 'D' || n, now() - interval '1 day', now(), 60, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 120, 30,
          156, 900, 900, 'landed' FROM generate_series(1, 2) n;
      INSERT INTO sortie_tracks (sortie_id, track) VALUES (101, '\\x01'), (102, '\\x02');
      INSERT INTO anomalies (id, drone_id, odd_type, time, lng, lat, sortie_id, zz_account_id)
        VALUES (7, 'D2', 1, now(), 120, 30, 102, 900);
      INSERT INTO bulletin_level1_sms (anomaly_id, account_id) VALUES (7, 900)`)
      .execute(db);
    expect((await migrator.migrateTo('0047_citus_keys')).error).toBeUndefined();
    const tracks = await sql<{ sortie_id: number; drone_id: string }>`
      SELECT sortie_id, drone_id FROM sortie_tracks ORDER BY sortie_id`.execute(db);
    expect(tracks.rows).toEqual([
      { sortie_id: 101, drone_id: 'D1' },
      { sortie_id: 102, drone_id: 'D2' },
    ]);
    const claims = await sql<{ drone_id: string }>`SELECT drone_id FROM bulletin_level1_sms`.execute(db);
    expect(claims.rows).toEqual([{ drone_id: 'D2' }]);
    // The keys hold as before: a second track for a sortie, or a track of a sortie's other drone, is refused.
    await expect(
      sql`INSERT INTO sortie_tracks (sortie_id, drone_id, track) VALUES (101, 'D1', '\\x03')`.execute(db),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      sql`INSERT INTO sortie_tracks (sortie_id, drone_id, track) VALUES (101, 'D2', '\\x03')`.execute(db),
    ).rejects.toThrow(/foreign key/);
    // And back down: the columns go, the old keys return.
    expect((await migrator.migrateTo('0046_accessory_sightings')).error).toBeUndefined();
    const pk = await sql<{ def: string }>`
      SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'sorties_pkey'`.execute(db);
    expect(pk.rows).toEqual([{ def: 'PRIMARY KEY (sortie_id)' }]);
  });
});
