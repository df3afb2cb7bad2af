/**
 * What a programme's subsidies are computed from, read in bulk: the programme (a unified task of
 * migration 0034, or a regional scheme), its qualifying sorties with their facts (track kept,
 * anomalies during the sortie, pictures taken during it, block), the medicine's dose range
 * (medicines of migration 0033), the rate table version and the tracks (in batches).
 */
import { dayStartIn, type PolygonGeometry, type RateRow, regionCodeRange } from '@agrifleet/domain';
import { sql } from 'kysely';
import { regionLevel } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';

export interface Programme {
  /** 't:<tftzId>' or 'r:<region>:<year>'. */
  key: string;
  tftzId: number | null;
  tftzName: string | null;
  region: number;
  year: number;
  polygon: PolygonGeometry | null;
  medId: number | null;
  /** The account that runs the task (null: a regional scheme). */
  ownerAccountId: number | null;
}

export interface SortieFactRow {
  sortie_id: string;
  drone_id: string;
  drone_name: string | null;
  pilot_name: string | null;
  start_time: Date;
  end_time: Date;
  area_mu: number;
  volume_l: number;
  crop_id: number | null;
  block_id: number | null;
  block_name: string | null;
  yy_account_id: number;
  zz_account_id: number;
  region: number | null;
  lng: number;
  lat: number;
  has_track: boolean;
  odd_types: number[];
  pictures: number;
}

export interface RateVersion {
  rateVersionId: number;
  region: number;
  year: number;
  rows: RateRow[];
  hillRegions: number[];
  remark: string;
  createdAt: Date;
  createdBy: string;
}

/** The unified task as a programme; null when there is no such task (or no task tables yet). */
export async function loadTask(db: Db, tftzId: number, year: number): Promise<Programme | null> {
  const r = (
    await sql<{
      t: Record<string, unknown>;
    }>`SELECT to_jsonb(t.*) AS t FROM unified_tasks t WHERE t.tftz_id = ${tftzId}`.execute(db)
  ).rows[0]?.t;
  if (!r) return null;
  const polygon = r.polygon as PolygonGeometry | null | undefined;
  return {
    key: `t:${tftzId}`,
    tftzId,
    tftzName: (r.tftz_name ?? r.name ?? null) as string | null,
    region: Number(r.region_code),
    year,
    polygon: polygon && polygon.type === 'Polygon' ? polygon : null,
    medId: r.med_id == null ? null : Number(r.med_id),
    ownerAccountId: r.account_id == null ? null : Number(r.account_id),
  };
}

export const regionalProgramme = (region: number, year: number, medId: number | null): Programme => ({
  key: `r:${region}:${year}`,
  tftzId: null,
  tftzName: null,
  region,
  year,
  polygon: null,
  medId,
  ownerAccountId: null,
});

/** The registered dose range of a medicine (null: none, or no medicines catalogue yet). */
export async function loadDoseRange(db: Db, medId: number | null) {
  if (medId == null) return null;
  const r = (
    await sql<{ min: number | null; max: number | null }>`
      SELECT min_l_per_mu::float8 AS min, max_l_per_mu::float8 AS max FROM medicines WHERE med_id = ${medId}`.execute(
      db,
    )
  ).rows[0];
  return r && r.min != null && r.max != null ? { minLPerMu: r.min, maxLPerMu: r.max } : null;
}

const LEVEL_COLUMN = {
  country: 'country_code',
  province: 'province_code',
  city: 'city_code',
  county: 'county_code',
};

/**
 * The programme's qualifying sorties with their facts, in take-off order. A task: its counted rows
 * of task_sorties. A regional scheme: every non-simulated sortie of an operator taking off in the
 * year (statistics time zone) whose spraying centre lies in the region.
 */
export async function loadSortieFacts(db: Db, p: Programme, timeZone: string): Promise<SortieFactRow[]> {
  let where: ReturnType<typeof sql>;
  if (p.tftzId != null) {
    where = sql`s.sortie_id IN (SELECT ts.sortie_id FROM task_sorties ts WHERE ts.tftz_id = ${p.tftzId} AND ts.counted)`;
  } else {
    const from = new Date(dayStartIn(`${p.year}-01-01`, timeZone));
    const to = new Date(dayStartIn(`${p.year + 1}-01-01`, timeZone));
    const col = LEVEL_COLUMN[regionLevel(p.region)];
    where = sql`${sql.ref(`s.${col}`)} = ${p.region} AND s.start_time >= ${from} AND s.start_time < ${to}
      AND NOT s.simulated`;
  }
  const r = await sql<SortieFactRow>`
    SELECT s.sortie_id::text AS sortie_id, s.drone_id, d.drone_name, u.user_name AS pilot_name,
      s.start_time, s.end_time, s.area_mu, s.volume_l, s.crop_id, s.block_id, b.block_name,
      s.yy_account_id, s.zz_account_id,
      coalesce(s.county_code, s.city_code, s.province_code, s.country_code) AS region, s.lng, s.lat,
      EXISTS (SELECT 1 FROM sortie_tracks st WHERE st.sortie_id = s.sortie_id) AS has_track,
      coalesce((SELECT array_agg(DISTINCT a.odd_type ORDER BY a.odd_type) FROM anomalies a
        WHERE a.drone_id = s.drone_id AND a.time >= s.start_time AND a.time <= s.end_time), '{}') AS odd_types,
      (SELECT count(*)::int FROM drone_pictures dp
        WHERE dp.drone_id = s.drone_id AND dp.time >= s.start_time AND dp.time <= s.end_time) AS pictures
    FROM sorties s
    LEFT JOIN drones d ON d.drone_id = s.drone_id
    LEFT JOIN users u ON u.id = s.pilot_id
    LEFT JOIN blocks b ON b.block_id = s.block_id
    WHERE ${where} AND s.yy_account_id IS NOT NULL
    ORDER BY s.start_time, s.sortie_id`.execute(db);
  return r.rows;
}

/** Block outlines by id. */
export async function loadBlocks(db: Db, ids: number[]): Promise<Map<number, PolygonGeometry>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('blocks')
    .select(['block_id', 'geometry'])
    .where('block_id', 'in', ids)
    .execute();
  const out = new Map<number, PolygonGeometry>();
  for (const r of rows) {
    const g = r.geometry as unknown as PolygonGeometry;
    if (g?.type === 'Polygon') out.set(r.block_id, g);
  }
  return out;
}

/** The medicines some blocks name, with their registered dose range, by block id. */
export async function loadBlockDoses(
  db: Db,
  ids: number[],
): Promise<Map<number, { medId: number; range: { minLPerMu: number; maxLPerMu: number } }>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ block_id: number; med_id: number; min: number; max: number }>`
    SELECT b.block_id, b.med_id, m.min_l_per_mu::float8 AS min, m.max_l_per_mu::float8 AS max
      FROM blocks b JOIN medicines m ON m.med_id = b.med_id
     WHERE b.block_id = ANY(${ids}::int[])`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      Number(r.block_id),
      { medId: Number(r.med_id), range: { minLPerMu: Number(r.min), maxLPerMu: Number(r.max) } },
    ]),
  );
}

/** Stored tracks of some sorties. */
export async function loadTracks(db: Db, ids: string[]): Promise<Map<string, Uint8Array>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; track: Uint8Array }>`
    SELECT sortie_id::text AS id, track FROM sortie_tracks WHERE sortie_id = ANY(${ids}::bigint[])`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [r.id, r.track]));
}

const toRate = (r: {
  rate_version_id: number;
  region_code: number;
  year: number;
  rows: unknown;
  hill_regions: number[];
  remark: string;
  created_at: Date;
  created_by_name: string;
}): RateVersion => ({
  rateVersionId: r.rate_version_id,
  region: r.region_code,
  year: r.year,
  rows: r.rows as RateRow[],
  hillRegions: r.hill_regions,
  remark: r.remark,
  createdAt: r.created_at,
  createdBy: r.created_by_name,
});

/** One rate version by id. */
export async function loadRateVersion(db: Db, id: number): Promise<RateVersion | null> {
  const r = await db
    .selectFrom('subsidy_rate_versions')
    .selectAll()
    .where('rate_version_id', '=', id)
    .executeTakeFirst();
  return r ? toRate(r) : null;
}

/**
 * The rate version that applies to a programme: of its year, for the region or one containing it,
 * the most specific region first, then the newest.
 */
export async function applicableRateVersion(
  db: Db,
  region: number,
  year: number,
): Promise<RateVersion | null> {
  const rows = await db.selectFrom('subsidy_rate_versions').selectAll().where('year', '=', year).execute();
  const fit = rows
    .filter((r) => {
      const [lo, hi] = regionCodeRange(r.region_code);
      return region >= lo && region <= hi;
    })
    .sort((a, b) => b.region_code - a.region_code || b.rate_version_id - a.rate_version_id);
  return fit[0] ? toRate(fit[0]) : null;
}

/** Rate versions of a year, optionally only those of regions inside (or containing) `region`. */
export async function listRateVersions(db: Db, year: number): Promise<RateVersion[]> {
  const rows = await db
    .selectFrom('subsidy_rate_versions')
    .selectAll()
    .where('year', '=', year)
    .orderBy('rate_version_id', 'desc')
    .execute();
  return rows.map(toRate);
}
