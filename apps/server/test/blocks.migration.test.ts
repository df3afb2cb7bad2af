/**
 * Migration 0018 on a database that already holds blocks (0007 columns only): the existing rows get
 * their GeoJSON geometry from `shape`, a centre, the finest region code and the generated extent.
 */
import { randomBytes } from 'node:crypto';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { migrations } from '../src/migrations/index.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };
const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};

const name = `t_${randomBytes(6).toString('hex')}`;
let db: Db | undefined;
afterAll(async () => {
  await db?.destroy();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

it('gives blocks stored before 0018 their geometry, centre, region and extent', async () => {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  db = createDb(url.toString(), 2);
  const migrator = new Migrator({ db, provider });
  const to17 = await migrator.migrateTo('0017_drone_totals');
  expect(to17.error).toBeUndefined();
  const { rows } = await sql<{ id: number }>`
    INSERT INTO accounts (account_type, account_name) VALUES (4, 'old operator') RETURNING id`.execute(db);
  const owner = rows[0]?.id as number;
  // An L-shaped field and a plain square, as 0007 stored them (no geometry column yet).
  await sql`
    INSERT INTO blocks (block_name, yy_account_id, area_mu, shape, country_code, province_code, city_code, county_code)
    VALUES ('L', ${owner}, 10, '((120.1,33.1),(120.12,33.1),(120.12,33.101),(120.101,33.101),(120.101,33.12),(120.1,33.12))',
              156000000, 156320000, 156320900, 156320924),
           ('sq', ${owner}, 5, '((114.5,-0.5e-3),(114.501,-0.5e-3),(114.501,0.0005),(114.5,0.0005))', 156000000, null, null, null)`.execute(
    db,
  );
  await migrateToLatest(db);
  const blocks = await db
    .selectFrom('blocks')
    .select(['block_name', 'geometry', 'center_lng', 'center_lat', 'region_code', 'extent_deg', 'updated_at'])
    .orderBy('block_name')
    .execute();
  const l = blocks.find((b) => b.block_name === 'L');
  const sq = blocks.find((b) => b.block_name === 'sq');
  expect(l?.geometry).toEqual({
    type: 'Polygon',
    coordinates: [
      [
        [120.1, 33.1],
        [120.12, 33.1],
        [120.12, 33.101],
        [120.101, 33.101],
        [120.101, 33.12],
        [120.1, 33.12],
        [120.1, 33.1],
      ],
    ],
  });
  expect(l?.region_code).toBe(156320924);
  expect(l?.center_lng).toBeCloseTo(120.11, 9);
  expect(l?.center_lat).toBeCloseTo(33.11, 9);
  expect(l?.extent_deg).toBeCloseTo(0.02, 9);
  expect(l?.updated_at).toBeInstanceOf(Date);
  // Exponents and negative numbers in the stored text are read back as numbers.
  expect(sq?.geometry.coordinates[0]?.[0]).toEqual([114.5, -0.0005]);
  expect(sq?.geometry.coordinates[0]).toHaveLength(5);
  expect(sq?.region_code).toBe(156000000);
  expect(sq?.center_lat).toBeCloseTo(0, 9);
  // The new table and index exist.
  const idx = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM pg_indexes WHERE indexname = 'sorties_block_idx'`.execute(db);
  expect(Number(idx.rows[0]?.n)).toBe(1);
  await db.selectFrom('block_shares').selectAll().execute();
  // The monitor's cell counts start with the existing blocks.
  const cells = await sql<{ cx: number; cy: number; region_code: number; n: number }>`
    SELECT cx, cy, region_code, n FROM block_cells ORDER BY cx`.execute(db);
  expect(cells.rows).toEqual([
    { cx: 458, cy: 0, region_code: 156000000, n: 1 },
    { cx: 480, cy: 132, region_code: 156320924, n: 1 },
  ]);
});
