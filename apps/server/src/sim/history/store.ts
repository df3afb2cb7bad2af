/**
 * Storing a batch of generated history in one transaction: new blocks (once per owner and name),
 * the sorties (once per drone and take-off time), the tracks of those that have one, then the rollups of
 * the sorties this batch added, with the same statements ingest uses.
 */
import { sql } from 'kysely';
import { regionAt } from '../../modules/regions/geo/regionAt.ts';
import type { Db } from '../../platform/db.ts';
import type { NewSortie } from '../../telemetry/ingest/sortieRow.ts';
import { addToRollups, DEFAULT_ROLLUP_SETTINGS, type RollupSettings } from '../../telemetry/rollups/index.ts';
import type { LngLat } from '../flight/index.ts';

/** A generated sortie: a stored sortie's row, with its track when it keeps one. */
export type HistoryRow = Omit<NewSortie, 'track'> & { track?: Uint8Array };

export interface BlockRow {
  owner: number;
  name: string;
  areaM2: number;
  polygon: readonly LngLat[];
  centre: LngLat;
}

/** PostgreSQL polygon text: ((lng,lat),...). */
export const polygonText = (ring: readonly LngLat[]) =>
  `(${ring.map((p) => `(${p.lng},${p.lat})`).join(',')})`;

/** The GeoJSON polygon of a ring (closed, counter-clockwise as the simulator's fields are). */
export const polygonGeometry = (ring: readonly LngLat[]) => {
  const coords = ring.map((p) => [p.lng, p.lat]);
  const first = coords[0];
  const last = coords.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) coords.push([...first]);
  return { type: 'Polygon' as const, coordinates: [coords] };
};

export async function insertBlocks(trx: Db, blocks: readonly BlockRow[]) {
  if (!blocks.length) return;
  const regions = blocks.map((b) => regionAt(b.centre.lng, b.centre.lat));
  await sql`
    INSERT INTO blocks (yy_account_id, block_name, area_mu, shape, geometry, center_lng, center_lat, region_code,
      country_code, province_code, city_code, county_code)
    SELECT u.owner, u.name, u.area, u.shape::polygon, u.geometry::jsonb, u.clng, u.clat,
      coalesce(u.county, u.city, u.province, u.country), u.country, u.province, u.city, u.county
    FROM unnest(${blocks.map((b) => b.owner)}::int[], ${blocks.map((b) => b.name)}::text[],
      ${blocks.map((b) => b.areaM2 / (2000 / 3))}::float8[], ${blocks.map((b) => polygonText(b.polygon))}::text[],
      ${blocks.map((b) => JSON.stringify(polygonGeometry(b.polygon)))}::text[],
      ${blocks.map((b) => b.centre.lng)}::float8[], ${blocks.map((b) => b.centre.lat)}::float8[],
      ${regions.map((r) => r.country)}::int[], ${regions.map((r) => r.province)}::int[],
      ${regions.map((r) => r.city)}::int[], ${regions.map((r) => r.county)}::int[])
      AS u(owner, name, area, shape, geometry, clng, clat, country, province, city, county)
    WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.yy_account_id = u.owner AND b.block_name = u.name)
  `.execute(trx);
}

/** Stores the batch; returns how many sorties were new. */
export async function storeHistory(
  db: Db,
  rows: readonly HistoryRow[],
  blocks: readonly BlockRow[],
  o: { rollups: boolean; settings?: RollupSettings } = { rollups: true },
): Promise<number> {
  if (!rows.length && !blocks.length) return 0;
  return db.transaction().execute(async (trx) => {
    await insertBlocks(trx, blocks);
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const part = rows.slice(i, i + 1000);
      const inserted = await trx
        .insertInto('sorties')
        .values(
          part.map(({ track: _t, ...r }) => ({
            ...r,
            start_time: new Date(r.start_time),
            end_time: new Date(r.end_time),
          })),
        )
        .onConflict((oc) => oc.columns(['drone_id', 'start_time']).doNothing())
        .returning(['sortie_id', 'drone_id', 'start_time'])
        .execute();
      const byKey = new Map(part.map((r) => [`${r.drone_id}/${r.start_time}`, r]));
      const tracks = [];
      for (const row of inserted) {
        ids.push(row.sortie_id);
        const source = byKey.get(`${row.drone_id}/${row.start_time.getTime()}`);
        if (source?.track)
          tracks.push({ sortie_id: row.sortie_id, drone_id: row.drone_id, track: source.track });
      }
      if (tracks.length) await trx.insertInto('sortie_tracks').values(tracks).execute();
    }
    if (o.rollups) await addToRollups(trx, { ids }, o.settings ?? DEFAULT_ROLLUP_SETTINGS);
    return ids.length;
  });
}
