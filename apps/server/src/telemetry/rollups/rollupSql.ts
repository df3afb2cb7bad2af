/**
 * The rollup statements (migration 0007 describes the tables). Every statement aggregates a set of
 * sorties and adds the result to the rollups (INSERT ... ON CONFLICT DO UPDATE with sums): the
 * same SQL maintains them as sorties land (a handful of ids) and rebuilds them (id ranges), so a
 * rebuild can only differ from the incremental result if adding up were wrong.
 */
import { type RawBuilder, sql } from 'kysely';
import { CHINA } from '../../modules/regions/geo/codes.ts';
import { localDay } from '../../modules/stats/calendar.ts';

/** Which sorties to add: these ids, or an id range (inclusive). */
export type SortieSet = { ids: readonly number[] } | { fromId: number; toId: number };

export interface RollupSettings {
  /** IANA zone whose days, months and years the rollups use (default Asia/Shanghai). */
  timeZone: string;
}

export const DEFAULT_ROLLUP_SETTINGS: RollupSettings = { timeZone: 'Asia/Shanghai' };

/**
 * The oldest period kept per grain. Dashboards read today, this month and this year only (data
 * statistics read stat_daily), so day rows are kept 3 days, month rows from last month on and
 * year rows from last year on: the grain tables stay as small as the fleet, whatever its history.
 */
export function grainCutoffs(now: number, timeZone: string): Record<'d' | 'm' | 'y', string> {
  const { y, m, d } = localDay(now, timeZone);
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return {
    d: iso(Date.UTC(y, m - 1, d - 2)),
    m: iso(Date.UTC(y, m - 2, 1)),
    y: iso(Date.UTC(y - 1, 0, 1)),
  };
}

const where = (set: SortieSet): RawBuilder<unknown> =>
  'ids' in set
    ? sql`s.sortie_id = ANY(${[...set.ids]}::bigint[])`
    : sql`s.sortie_id BETWEEN ${set.fromId} AND ${set.toId}`;

/** The sorties with their local start time `lt`; flights in simulation mode are not statistics. */
const source = (set: SortieSet, tz: string) => sql`
  src AS (
    SELECT s.*, (s.start_time AT TIME ZONE ${tz}) AS lt
    FROM sorties s WHERE ${where(set)} AND NOT s.simulated
  )`;

/** Each sortie once per scope that sees it (sk, sid). */
const scoped = sql`
  sc AS (
    SELECT src.*, x.sk, x.sid FROM src CROSS JOIN LATERAL (
      SELECT DISTINCT v.sk, v.sid FROM (VALUES
        (0::smallint, 0::bigint), (1::smallint, src.country_code::bigint), (1::smallint, src.province_code::bigint),
        (1::smallint, src.city_code::bigint), (1::smallint, src.county_code::bigint),
        (2::smallint, src.zz_account_id::bigint), (3::smallint, src.yy_account_id::bigint)
      ) AS v(sk, sid) WHERE v.sid IS NOT NULL
    ) x
  )`;

/** Grains of a sortie: all time, its year, month and day (each only within its kept window). */
const grains = (cut: Record<'d' | 'm' | 'y', string>) => sql`
  CROSS JOIN LATERAL (VALUES
    ('a'::"char", date '1970-01-01'), ('y'::"char", date_trunc('year', sc.lt)::date),
    ('m'::"char", date_trunc('month', sc.lt)::date), ('d'::"char", sc.lt::date)
  ) AS g(grain, period)
  WHERE (g.grain = 'a' OR (g.grain = 'y' AND g.period >= ${cut.y}::date)
    OR (g.grain = 'm' AND g.period >= ${cut.m}::date) OR (g.grain = 'd' AND g.period >= ${cut.d}::date))`;

// volume and duration are real (float4) in sorties: summed as float8, or sums lose digits.
// `sign` -1 takes sorties back out (a stored sortie replaced by its reopened whole: writerStore.ts).
const measures = (sign: 1 | -1) =>
  sign === 1
    ? sql`count(*), sum(area_mu), sum(volume_l::float8), sum(duration_s::float8)`
    : sql`-count(*), -sum(area_mu), -sum(volume_l::float8), -sum(duration_s::float8)`;
const addMeasures = (table: string) =>
  sql.raw(`sorties = ${table}.sorties + excluded.sorties, area_mu = ${table}.area_mu + excluded.area_mu,
    volume_l = ${table}.volume_l + excluded.volume_l, duration_s = ${table}.duration_s + excluded.duration_s`);

/**
 * The region a region chart files a sortie under, one level below the scope: for the platform and
 * the owners, the Chinese province or the foreign country; for a country its provinces, a province
 * its cities, a city its counties (a county its own code).
 */
const childRegion = sql`CASE
  WHEN sc.sk = 1 AND sc.sid % 1000000 = 0 THEN coalesce(sc.province_code, sc.country_code)
  WHEN sc.sk = 1 AND sc.sid % 10000 = 0 THEN coalesce(sc.city_code, sc.province_code)
  WHEN sc.sk = 1 AND sc.sid % 100 = 0 THEN coalesce(sc.county_code, sc.city_code)
  WHEN sc.sk = 1 THEN sc.sid
  WHEN sc.country_code = ${CHINA} THEN coalesce(sc.province_code, sc.country_code)
  ELSE sc.country_code END`;

/**
 * The statements that add `set` to every rollup, in a fixed order; with `sign` -1 they take it out
 * again (drone_pilots, a set of links, keeps them).
 */
export function rollupStatements(
  set: SortieSet,
  s: RollupSettings,
  now = Date.now(),
  sign: 1 | -1 = 1,
): RawBuilder<unknown>[] {
  const MEASURES = measures(sign);
  const neg = sign === 1 ? sql`` : sql`-`;
  const tz = s.timeZone;
  const cutoff = grainCutoffs(now, tz);
  const src = source(set, tz);
  return [
    sql`WITH ${src}
      INSERT INTO stat_daily (day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id,
        yy_account_id, model_id, sorties, area_mu, volume_l, duration_s, spray_time_s, distance_m)
      SELECT src.lt::date, coalesce(county_code, city_code, province_code, country_code), drone_id,
        coalesce(pilot_id, 0), coalesce(mode, ''), coalesce(crop_id, 0), zz_account_id,
        coalesce(yy_account_id, 0), model_id, ${MEASURES}, ${neg}sum(spray_time_s::float8),
        ${neg}sum(distance_m::float8)
      FROM src GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ON CONFLICT (day, drone_id, region_code, pilot_id, mode, crop_id, yy_account_id, zz_account_id, model_id)
      DO UPDATE SET ${addMeasures('stat_daily')},
        spray_time_s = stat_daily.spray_time_s + excluded.spray_time_s,
        distance_m = stat_daily.distance_m + excluded.distance_m`,
    sql`WITH ${src}, ${scoped}
      INSERT INTO stat_day (sk, sid, day, domestic, sorties, area_mu, volume_l, duration_s)
      SELECT sk, sid, lt::date, country_code = ${CHINA}, ${MEASURES} FROM sc GROUP BY 1, 2, 3, 4
      ON CONFLICT (sk, sid, day, domestic) DO UPDATE SET ${addMeasures('stat_day')}`,
    sql`WITH ${src}, ${scoped}
      INSERT INTO stat_hour (sk, sid, month, hour, sorties, area_mu, volume_l, duration_s)
      SELECT sk, sid, date_trunc('month', lt)::date, extract(hour FROM lt)::smallint, ${MEASURES}
      FROM sc GROUP BY 1, 2, 3, 4
      ON CONFLICT (sk, sid, month, hour) DO UPDATE SET ${addMeasures('stat_hour')}`,
    sql`WITH ${src}, ${scoped}
      INSERT INTO stat_mode (sk, sid, month, mode, sorties, area_mu, volume_l, duration_s)
      SELECT sk, sid, date_trunc('month', lt)::date, coalesce(mode, ''), ${MEASURES}
      FROM sc GROUP BY 1, 2, 3, 4
      ON CONFLICT (sk, sid, month, mode) DO UPDATE SET ${addMeasures('stat_mode')}`,
    sql`WITH ${src}, ${scoped}
      INSERT INTO stat_region (sk, sid, grain, period, region_code, sorties, area_mu, volume_l, duration_s)
      SELECT sk, sid, g.grain, g.period, ${childRegion}, ${MEASURES}
      FROM sc ${grains(cutoff)} GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (sk, sid, grain, period, region_code) DO UPDATE SET ${addMeasures('stat_region')}`,
    sql`WITH ${src}, ${scoped}
      INSERT INTO stat_drone (sk, sid, grain, period, drone_id, sorties, area_mu, volume_l, duration_s)
      SELECT sk, sid, g.grain, g.period, drone_id, ${MEASURES}
      FROM sc ${grains(cutoff)} GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (sk, sid, grain, period, drone_id) DO UPDATE SET ${addMeasures('stat_drone')}`,
    sql`WITH ${src}, ${scoped}
      INSERT INTO stat_pilot (sk, sid, grain, period, pilot_id, sorties, area_mu, volume_l, duration_s)
      SELECT sk, sid, g.grain, g.period, pilot_id, ${MEASURES}
      FROM sc ${grains(cutoff)} AND sc.pilot_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (sk, sid, grain, period, pilot_id) DO UPDATE SET ${addMeasures('stat_pilot')}`,
    sql`WITH ${src}, ${scoped}
      INSERT INTO stat_block (sk, sid, grain, period, block_id, sorties, area_mu, volume_l, duration_s,
        first_time, block_area)
      SELECT sk, sid, g.grain, g.period, block_id, ${MEASURES}, min(start_time), min(block_area)
      FROM (SELECT x.*, b.area_mu AS block_area FROM sc x JOIN blocks b ON b.block_id = x.block_id) sc
      ${grains(cutoff)} GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (sk, sid, grain, period, block_id) DO UPDATE SET ${addMeasures('stat_block')},
        first_time = least(stat_block.first_time, excluded.first_time)`,
    // Which pilots flew which drone (the drone list's oprName filter; migration 0014).
    ...(sign === -1
      ? []
      : [
          sql`WITH ${src}
      INSERT INTO drone_pilots (pilot_id, drone_id)
      SELECT DISTINCT pilot_id, drone_id FROM src WHERE pilot_id IS NOT NULL
      ON CONFLICT DO NOTHING`,
        ]),
  ];
}

export const ROLLUP_TABLES = [
  'stat_daily',
  'stat_day',
  'stat_hour',
  'stat_mode',
  'stat_region',
  'stat_drone',
  'stat_pilot',
  'stat_block',
  'drone_pilots',
] as const;

/**
 * Attributes each sortie of `set` without a block to the smallest block its spraying centre lies in.
 * `polygon @> point` cannot use the GiST index; `&&` with the point as a degenerate polygon can, and
 * the exact test then runs on the few candidates.
 */
export const assignBlocksStatement = (set: SortieSet) => sql`
  UPDATE sorties s SET block_id = (
    SELECT b.block_id FROM blocks b
    WHERE b.shape && polygon(box(point(s.lng, s.lat), point(s.lng, s.lat))) AND b.shape @> point(s.lng, s.lat)
    ORDER BY b.area_mu, b.block_id LIMIT 1
  )
  WHERE ${where(set)} AND s.block_id IS NULL`;
