import { type Kysely, sql } from 'kysely';

/**
 * Block administration (issue 11, 001 §7 "Blocks").
 *
 * `blocks` (0007) gains what the BlockList shows and edits: the GeoJSON polygon with its holes
 * (`geometry`; `shape` stays the outer ring, GiST-indexed, for the sortie attribution and the map
 * range), crop, remark, finest region of the centre (`region_code`, with the levels kept as
 * before), who created and last changed it, and the centre. `area_mu` is the ellipsoidal area net
 * of holes. `extent_deg` (generated: the larger side of the outer ring's box, degrees) lets the monitor leave
 * out blocks too small to see at a map range's resolution; `bbox` (generated: the outer ring's box)
 * carries the monitor's GiST index with the columns its range query reads (index-only scans);
 * `cell_x`/`cell_y` (generated: the 0.25° cell of the box's centre) key `block_cells`, the count of
 * blocks per cell and region kept by statement triggers, from which the monitor counts wide ranges. Existing rows (demo and generated
 * blocks) get their geometry, centre and extent from `shape`. `sorties_block_idx` finds the sorties
 * of a block (detail, delete check).
 *
 * `block_shares`: a block shared with a user (001 §3 share uses targetUserPhone); that user sees it
 * read-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE blocks
      ADD COLUMN geometry      jsonb,
      ADD COLUMN crop_id       integer,
      ADD COLUMN remark        text,
      ADD COLUMN region_code   integer,
      ADD COLUMN center_lng    double precision,
      ADD COLUMN center_lat    double precision,
      ADD COLUMN created_by    integer REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN updated_at    timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN extent_deg    double precision NOT NULL
        GENERATED ALWAYS AS (greatest(width(box(shape)), height(box(shape)))) STORED,
      ADD COLUMN bbox          box NOT NULL GENERATED ALWAYS AS (box(shape)) STORED,
      ADD COLUMN cell_x        integer NOT NULL
        GENERATED ALWAYS AS (floor((center(box(shape)))[0] / 0.25)::integer) STORED,
      ADD COLUMN cell_y        integer NOT NULL
        GENERATED ALWAYS AS (floor((center(box(shape)))[1] / 0.25)::integer) STORED`.execute(db);
  // The outer ring of `shape` ('((x,y),...)') as a closed GeoJSON ring; the centre from its box.
  // (Bracketed parentheses in the pattern: a backslash in this template would be dropped.)
  await sql`
    UPDATE blocks b SET
      geometry = (
        SELECT jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(q.pts || jsonb_build_array(q.pts -> 0)))
        FROM (
          SELECT jsonb_agg(jsonb_build_array(m[1]::float8, m[2]::float8) ORDER BY o) AS pts
          FROM regexp_matches(b.shape::text, '[(]([-0-9.e+]+),([-0-9.e+]+)[)]', 'g') WITH ORDINALITY AS t(m, o)
        ) q),
      center_lng = (center(box(b.shape)))[0],
      center_lat = (center(box(b.shape)))[1],
      region_code = coalesce(b.county_code, b.city_code, b.province_code, b.country_code)`.execute(db);
  await sql`ALTER TABLE blocks ALTER COLUMN geometry SET NOT NULL`.execute(db);
  await sql`CREATE INDEX blocks_region_idx ON blocks (region_code)`.execute(db);
  // The monitor's map range: GiST on the box with what the range query filters and sorts by, so
  // counting the blocks of a province range and picking its largest are index-only scans.
  await sql`
    CREATE INDEX blocks_bbox_idx ON blocks USING gist (bbox)
      INCLUDE (block_id, yy_account_id, region_code, area_mu, extent_deg, cell_x, cell_y)`.execute(db);
  // The largest extent (one index probe): at ranges where no block is big enough to see, the
  // monitor only counts.
  await sql`CREATE INDEX blocks_extent_idx ON blocks (extent_deg)`.execute(db);
  // Blocks per 0.25° cell (of the box's centre) and region, kept by statement triggers: the monitor
  // counts the cells lying wholly inside a wide range from here and only the border strips from
  // blocks_bbox_idx.
  await sql`
    CREATE TABLE block_cells (
      cx integer NOT NULL, cy integer NOT NULL, region_code integer NOT NULL, n integer NOT NULL,
      PRIMARY KEY (cx, cy, region_code))`.execute(db);
  await sql`
    INSERT INTO block_cells (cx, cy, region_code, n)
    SELECT cell_x, cell_y, coalesce(region_code, 0), count(*) FROM blocks GROUP BY 1, 2, 3`.execute(db);
  await sql`
    CREATE FUNCTION blocks_cells() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE block_cells c SET n = c.n - o.k
        FROM (SELECT cell_x, cell_y, coalesce(region_code, 0) AS r, count(*) AS k FROM ot GROUP BY 1, 2, 3) o
        WHERE c.cx = o.cell_x AND c.cy = o.cell_y AND c.region_code = o.r;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO block_cells (cx, cy, region_code, n)
        SELECT cell_x, cell_y, coalesce(region_code, 0), count(*) FROM nt GROUP BY 1, 2, 3
        ON CONFLICT (cx, cy, region_code) DO UPDATE SET n = block_cells.n + excluded.n;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER blocks_cells_ins AFTER INSERT ON blocks REFERENCING NEW TABLE AS nt
    FOR EACH STATEMENT EXECUTE FUNCTION blocks_cells()`.execute(db);
  await sql`CREATE TRIGGER blocks_cells_del AFTER DELETE ON blocks REFERENCING OLD TABLE AS ot
    FOR EACH STATEMENT EXECUTE FUNCTION blocks_cells()`.execute(db);
  await sql`CREATE TRIGGER blocks_cells_upd AFTER UPDATE ON blocks REFERENCING OLD TABLE AS ot NEW TABLE AS nt
    FOR EACH STATEMENT EXECUTE FUNCTION blocks_cells()`.execute(db);
  // The sorties of a block (its detail, the delete check); most sorties have none.
  await sql`CREATE INDEX sorties_block_idx ON sorties (block_id, start_time DESC) WHERE block_id IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE block_shares (
      block_id      bigint NOT NULL REFERENCES blocks(block_id) ON DELETE CASCADE,
      user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      shared_by     integer REFERENCES users(id) ON DELETE SET NULL,
      created_at    timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (block_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX block_shares_user_idx ON block_shares (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS block_shares`.execute(db);
  for (const t of ['blocks_cells_ins', 'blocks_cells_del', 'blocks_cells_upd'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)} ON blocks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS blocks_cells()`.execute(db);
  await sql`DROP TABLE IF EXISTS block_cells`.execute(db);
  await sql`DROP INDEX IF EXISTS sorties_block_idx`.execute(db);
  await sql`
    ALTER TABLE blocks DROP COLUMN IF EXISTS geometry, DROP COLUMN IF EXISTS crop_id,
      DROP COLUMN IF EXISTS remark, DROP COLUMN IF EXISTS region_code, DROP COLUMN IF EXISTS center_lng,
      DROP COLUMN IF EXISTS center_lat, DROP COLUMN IF EXISTS created_by, DROP COLUMN IF EXISTS updated_at,
      DROP COLUMN IF EXISTS extent_deg, DROP COLUMN IF EXISTS bbox,
      DROP COLUMN IF EXISTS cell_x, DROP COLUMN IF EXISTS cell_y`.execute(db);
}
