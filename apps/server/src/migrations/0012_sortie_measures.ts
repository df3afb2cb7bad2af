import { type Kysely, sql } from 'kysely';

/**
 * Sortie measures in double precision (issue 9): single-precision `real` columns turned a stored
 * 12.8 L into 12.800000190734863 in every sum (drone statistics, the monitor). Existing values are
 * taken at real's own precision (6 significant digits, as PostgreSQL prints them) and kept to 3
 * decimals; the litres and seconds already summed into the rollups are rounded to 3 decimals.
 */
const SORTIE_COLUMNS = [
  'duration_s',
  'distance_m',
  'spray_distance_m',
  'volume_l',
  'spray_time_s',
  'max_height_m',
  'battery_start',
  'battery_end',
];
const ROLLUPS = [
  'stat_daily',
  'stat_day',
  'stat_hour',
  'stat_mode',
  'stat_region',
  'stat_drone',
  'stat_pilot',
  'stat_block',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const alter = SORTIE_COLUMNS.map(
    (c) => `ALTER COLUMN ${c} TYPE double precision USING round(${c}::numeric, 3)::double precision`,
  ).join(', ');
  await sql.raw(`ALTER TABLE sorties ${alter}`).execute(db);
  for (const t of ROLLUPS)
    await sql
      .raw(
        `UPDATE ${t} SET volume_l = round(volume_l::numeric, 3), duration_s = round(duration_s::numeric, 3)
         WHERE volume_l <> round(volume_l::numeric, 3) OR duration_s <> round(duration_s::numeric, 3)`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const alter = SORTIE_COLUMNS.map((c) => `ALTER COLUMN ${c} TYPE real`).join(', ');
  await sql.raw(`ALTER TABLE sorties ${alter}`).execute(db);
}
