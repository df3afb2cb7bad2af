/**
 * Attribution of sorties to unified tasks (issue 22 #2; README "Attribution"). The rule is the
 * domain's `attributeSortie`; this file gathers its facts, stores the verdict in `task_sorties` and
 * keeps `task_daily` (the task's figures) in step, adding a sortie's measures when it counts and
 * taking out exactly what it added when it no longer does.
 *
 * Candidates of a task: the sorties of its enrolled drones that took off in its period, and the
 * sorties in its region of other drones of operators with a drone enrolled (so an operator reads
 * why a drone's work there did not count: notEnrolled).
 *
 * Consistency with enrolments: a landing locks (FOR SHARE) every task whose period holds the take-off
 * before it reads the enrolments; an enrolment change locks its task FOR UPDATE before it writes and
 * re-attributes. Whichever commits second sees the other's rows, so no sortie falls between them.
 */
import {
  attributeSortie,
  type EnrolmentTerms,
  type LngLat,
  pointInRing,
  regionCodeRange,
  type SortieFacts,
  type TaskTerms,
  type TelemetryPoint,
} from '@agrifleet/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { decodeTrack } from '../../telemetry/codec/trackCodec.ts';

type Q = Kysely<Database>;

export interface TaskForRule {
  tftzId: number;
  terms: TaskTerms;
  polygon: LngLat[][] | null;
}

interface TaskDbRow {
  tftz_id: number;
  region_code: number;
  polygon: { type: 'Polygon'; coordinates: number[][][] } | null;
  start_at: Date;
  end_at: Date;
  closed_at: Date | null;
  work_type: number | null;
  crop_id: number | null;
}

const toTask = (r: TaskDbRow): TaskForRule => ({
  tftzId: Number(r.tftz_id),
  polygon: r.polygon ? (r.polygon.coordinates as LngLat[][]) : null,
  terms: {
    startMs: new Date(r.start_at).getTime(),
    endMs: new Date(r.end_at).getTime(),
    closedAtMs: r.closed_at ? new Date(r.closed_at).getTime() : null,
    regionCode: Number(r.region_code),
    hasPolygon: r.polygon != null,
    workType: r.work_type,
    cropId: r.crop_id,
  },
});

const TASK_COLUMNS = sql`t.tftz_id, t.region_code, t.polygon, t.start_at, t.end_at, t.closed_at, t.work_type, t.crop_id`;

/** Share of the spraying samples inside the polygon (samples come evenly in time: a share of area). */
export function insideShare(points: readonly TelemetryPoint[], polygon: LngLat[][]): number {
  const [outer, ...holes] = polygon;
  if (!outer) return 0;
  let spraying = 0;
  let inside = 0;
  for (const p of points) {
    if (!p.pump) continue;
    spraying++;
    const at: LngLat = [p.lng, p.lat];
    if (pointInRing(at, outer) && !holes.some((h) => pointInRing(at, h))) inside++;
  }
  return spraying ? inside / spraying : 0;
}

interface SortieDbRow {
  sortie_id: number | string;
  drone_id: string;
  start_time: Date;
  simulated: boolean;
  region: number | null;
  work_type: number | null;
  crop: number | null;
}

/** The sortie columns the rule reads (its block's crop when it reported none). */
const SORTIE_FACTS = sql`s.sortie_id, s.drone_id, s.start_time, s.simulated,
  coalesce(s.county_code, s.city_code, s.province_code, s.country_code) AS region, s.work_type,
  coalesce(s.crop_id, (SELECT b.crop_id FROM blocks b WHERE b.block_id = s.block_id)) AS crop`;

async function trackPoints(db: Q, sortieId: number): Promise<TelemetryPoint[]> {
  const r = await db
    .selectFrom('sortie_tracks')
    .select('track')
    .where('sortie_id', '=', sortieId)
    .executeTakeFirst();
  return r ? decodeTrack(r.track) : [];
}

/** The verdicts of `sorties` for one task, written to task_sorties with their measures. */
async function judge(
  db: Q,
  task: TaskForRule,
  sorties: SortieDbRow[],
  enrolments: Map<string, EnrolmentTerms>,
  tz: string,
  pointsOf: (sortieId: number) => Promise<readonly TelemetryPoint[]>,
): Promise<void> {
  if (!sorties.length) return;
  const verdicts: Array<{ id: number; counted: boolean; reason: string | null }> = [];
  for (const s of sorties) {
    const id = Number(s.sortie_id);
    const facts: SortieFacts = {
      startMs: new Date(s.start_time).getTime(),
      simulated: s.simulated,
      regionCode: s.region == null ? null : Number(s.region),
      insideShare: task.polygon ? insideShare(await pointsOf(id), task.polygon) : null,
      workType: s.work_type,
      cropId: s.crop == null ? null : Number(s.crop),
    };
    const v = attributeSortie(task.terms, enrolments.get(s.drone_id) ?? null, facts);
    verdicts.push({ id, counted: v.counted, reason: v.counted ? null : v.reason });
  }
  await sql`
    INSERT INTO task_sorties (tftz_id, sortie_id, drone_id, start_time, counted, reason, day, region_code,
      pilot_id, mode, crop_id, zz_account_id, yy_account_id, model_id, area_mu, volume_l, duration_s,
      spray_time_s, distance_m)
    SELECT ${task.tftzId}, s.sortie_id, s.drone_id, s.start_time, v.counted, v.reason,
      (s.start_time AT TIME ZONE ${tz})::date, coalesce(s.county_code, s.city_code, s.province_code, s.country_code),
      coalesce(s.pilot_id, 0), coalesce(s.mode, ''), coalesce(s.crop_id, 0), s.zz_account_id,
      coalesce(s.yy_account_id, 0), s.model_id, s.area_mu, s.volume_l, s.duration_s, s.spray_time_s, s.distance_m
    FROM unnest(${verdicts.map((v) => v.id)}::bigint[], ${verdicts.map((v) => v.counted)}::boolean[],
                ${verdicts.map((v) => v.reason)}::text[]) AS v(id, counted, reason)
    JOIN sorties s ON s.sortie_id = v.id
    ON CONFLICT (tftz_id, sortie_id, drone_id) DO NOTHING`.execute(db);
  await addToDaily(
    db,
    task.tftzId,
    verdicts.filter((v) => v.counted).map((v) => v.id),
    1,
  );
}

/** Adds (sign 1) or takes out (-1) the counted task_sorties rows `ids` of a task in task_daily. */
async function addToDaily(db: Q, tftzId: number, ids: number[], sign: 1 | -1): Promise<void> {
  if (!ids.length) return;
  await sql`
    INSERT INTO task_daily (tftz_id, day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id,
      yy_account_id, model_id, sorties, area_mu, volume_l, duration_s, spray_time_s, distance_m)
    SELECT tftz_id, day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id, yy_account_id, model_id,
      ${sign} * count(*)::int, ${sign} * sum(area_mu), ${sign} * sum(volume_l), ${sign} * sum(duration_s),
      ${sign} * sum(spray_time_s), ${sign} * sum(distance_m)
    FROM task_sorties WHERE tftz_id = ${tftzId} AND sortie_id = ANY(${ids}::bigint[]) AND counted
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (tftz_id, day, drone_id, region_code, pilot_id, mode, crop_id, yy_account_id, zz_account_id, model_id)
    DO UPDATE SET sorties = task_daily.sorties + excluded.sorties, area_mu = task_daily.area_mu + excluded.area_mu,
      volume_l = task_daily.volume_l + excluded.volume_l, duration_s = task_daily.duration_s + excluded.duration_s,
      spray_time_s = task_daily.spray_time_s + excluded.spray_time_s,
      distance_m = task_daily.distance_m + excluded.distance_m`.execute(db);
  if (sign < 0) await sql`DELETE FROM task_daily WHERE tftz_id = ${tftzId} AND sorties <= 0`.execute(db);
}

/** Takes rows of task_sorties out (and what they added to task_daily). */
async function retract(db: Q, tftzId: number, where: ReturnType<typeof sql>): Promise<void> {
  const { rows } = await sql<{ sortie_id: string; counted: boolean }>`
    SELECT sortie_id, counted FROM task_sorties WHERE tftz_id = ${tftzId} AND ${where}`.execute(db);
  if (!rows.length) return;
  await addToDaily(
    db,
    tftzId,
    rows.filter((r) => r.counted).map((r) => Number(r.sortie_id)),
    -1,
  );
  await sql`DELETE FROM task_sorties WHERE tftz_id = ${tftzId} AND sortie_id = ANY(${rows.map((r) => Number(r.sortie_id))}::bigint[])`.execute(
    db,
  );
}

async function enrolmentsOf(db: Q, tftzId: number, droneIds: string[]): Promise<Map<string, EnrolmentTerms>> {
  const rows = await db
    .selectFrom('task_drones')
    .select(['drone_id', 'start_at', 'end_at'])
    .where('tftz_id', '=', tftzId)
    .where('drone_id', 'in', droneIds.length ? droneIds : [''])
    .execute();
  return new Map(
    rows.map((r) => [
      r.drone_id,
      { startMs: new Date(r.start_at).getTime(), endMs: new Date(r.end_at).getTime() },
    ]),
  );
}

/**
 * At landing (telemetry sortie hook, in the sortie's transaction): the tasks whose period holds the
 * take-off, locked FOR SHARE; those where the sortie is a candidate get its verdict. A sortie
 * replaced by its reopened whole is taken out of every task first.
 */
export async function attributeLanded(
  db: Q,
  sortieId: number,
  points: readonly TelemetryPoint[],
  tz: string,
  replaced: boolean,
): Promise<number> {
  const s = (
    await sql<SortieDbRow & { yy_account_id: number | null }>`
    SELECT ${SORTIE_FACTS}, s.yy_account_id FROM sorties s WHERE s.sortie_id = ${sortieId}`.execute(db)
  ).rows[0];
  if (!s) return 0;
  if (replaced) {
    const { rows } = await sql<{
      tftz_id: number;
    }>`SELECT tftz_id FROM task_sorties WHERE sortie_id = ${sortieId}`.execute(db);
    for (const r of rows) await retract(db, r.tftz_id, sql`sortie_id = ${sortieId}`);
  }
  const at = new Date(s.start_time);
  const { rows } = await sql<TaskDbRow>`
    SELECT ${TASK_COLUMNS} FROM unified_tasks t
     WHERE t.start_at <= ${at} AND t.end_at > ${at}
       AND (EXISTS (SELECT 1 FROM task_drones d WHERE d.tftz_id = t.tftz_id AND d.drone_id = ${s.drone_id})
         OR EXISTS (SELECT 1 FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id
                     WHERE d.tftz_id = t.tftz_id AND r.yy_account_id = ${s.yy_account_id}))
     ORDER BY t.tftz_id FOR SHARE OF t`.execute(db);
  let n = 0;
  for (const r of rows) {
    const task = toTask(r);
    const enrolments = await enrolmentsOf(db, task.tftzId, [s.drone_id]);
    // An operator's other drone counts as a candidate only where it flew in the task's region.
    if (!enrolments.has(s.drone_id) && !(s.region != null && inRegion(task, Number(s.region)))) continue;
    await judge(db, task, [s], enrolments, tz, async () => points);
    n++;
  }
  return n;
}

const inRegion = (task: TaskForRule, code: number) =>
  attributeSortie(
    { ...task.terms, hasPolygon: false, workType: null, cropId: null, closedAtMs: null },
    { startMs: task.terms.startMs, endMs: task.terms.endMs },
    {
      startMs: task.terms.startMs,
      simulated: false,
      regionCode: code,
      insideShare: null,
      workType: null,
      cropId: null,
    },
  ).counted;

/** Locks a task for an enrolment change; null when it does not exist. */
export async function lockTask(db: Q, tftzId: number): Promise<TaskForRule | null> {
  const r = (
    await sql<TaskDbRow>`SELECT ${TASK_COLUMNS} FROM unified_tasks t WHERE t.tftz_id = ${tftzId} FOR UPDATE`.execute(
      db,
    )
  ).rows[0];
  return r ? toTask(r) : null;
}

/**
 * Re-attributes the sorties of `droneIds` in a task's period (after their enrolments changed, or
 * the task's terms did): once, in the caller's transaction, with the task locked (lockTask).
 * `withdrawn`: drones just taken out, whose sorties in the region stay listed (notEnrolled).
 * Returns the number of sorties judged.
 */
export async function reattributeDrones(
  db: Q,
  task: TaskForRule,
  droneIds: string[],
  tz: string,
  withdrawn: readonly string[] = [],
): Promise<number> {
  if (!droneIds.length) return 0;
  await retract(db, task.tftzId, sql`drone_id = ANY(${droneIds}::text[])`);
  const enrolments = await enrolmentsOf(db, task.tftzId, droneIds);
  // An operator's other drones are candidates only in the task's region: filtered here, not after.
  const [lo, hi] = regionCodeRange(task.terms.regionCode);
  const { rows } = await sql<SortieDbRow>`
    SELECT ${SORTIE_FACTS} FROM sorties s
     WHERE s.drone_id = ANY(${droneIds}::text[])
       AND s.start_time >= ${new Date(task.terms.startMs)} AND s.start_time < ${new Date(task.terms.endMs)}
       AND (EXISTS (SELECT 1 FROM task_drones d WHERE d.tftz_id = ${task.tftzId} AND d.drone_id = s.drone_id)
         OR s.drone_id = ANY(${[...withdrawn]}::text[])
         OR (coalesce(s.county_code, s.city_code, s.province_code, s.country_code) BETWEEN ${lo} AND ${hi}
             AND EXISTS (SELECT 1 FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id
                          WHERE d.tftz_id = ${task.tftzId} AND r.yy_account_id = s.yy_account_id)))
     ORDER BY s.sortie_id`.execute(db);
  const candidates = rows.filter(
    (s) => enrolments.has(s.drone_id) || (s.region != null && inRegion(task, Number(s.region))),
  );
  const BATCH = 2000;
  for (let i = 0; i < candidates.length; i += BATCH)
    await judge(db, task, candidates.slice(i, i + BATCH), enrolments, tz, (id) => trackPoints(db, id));
  return candidates.length;
}

/** Re-attributes every sortie of a task (its terms changed): all drones that have rows or enrolments. */
export async function reattributeTask(db: Q, task: TaskForRule, tz: string): Promise<number> {
  const { rows } = await sql<{ drone_id: string }>`
    SELECT drone_id FROM task_drones WHERE tftz_id = ${task.tftzId}
    UNION SELECT DISTINCT drone_id FROM task_sorties WHERE tftz_id = ${task.tftzId}`.execute(db);
  const owners = await sql<{ drone_id: string }>`
    SELECT r2.drone_id FROM drones r2 WHERE r2.yy_account_id IN (
      SELECT r.yy_account_id FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id WHERE d.tftz_id = ${task.tftzId})`.execute(
    db,
  );
  const ids = [...new Set([...rows.map((r) => r.drone_id), ...owners.rows.map((r) => r.drone_id)])];
  return reattributeDrones(db, task, ids, tz);
}

/** How far back the sweeper looks for sorties of enrolled drones without a verdict. */
const SWEEP_BACK_MS = 2 * 86_400_000;

/**
 * Judges sorties the landing hook missed (it failed under its savepoint): sorties of the last two
 * days of enrolled drones, in a task's period, with no row for that task. Each task is locked as
 * an enrolment change locks it.
 */
export async function sweepUnattributed(db: Q, tz: string): Promise<number> {
  const since = new Date(Date.now() - SWEEP_BACK_MS);
  const { rows } = await sql<{ tftz_id: number; drone_id: string }>`
    SELECT DISTINCT d.tftz_id, s.drone_id FROM task_drones d
      JOIN unified_tasks t ON t.tftz_id = d.tftz_id
      JOIN sorties s ON s.drone_id = d.drone_id AND s.start_time >= greatest(t.start_at, ${since})
                    AND s.start_time < t.end_at
     WHERE t.end_at > ${since}
       AND NOT EXISTS (SELECT 1 FROM task_sorties ts WHERE ts.tftz_id = d.tftz_id AND ts.sortie_id = s.sortie_id)`.execute(
    db,
  );
  const byTask = new Map<number, string[]>();
  for (const r of rows) byTask.set(r.tftz_id, [...(byTask.get(r.tftz_id) ?? []), r.drone_id]);
  let n = 0;
  for (const [tftzId, droneIds] of byTask)
    n += await db.transaction().execute(async (trx) => {
      const task = await lockTask(trx, tftzId);
      return task ? reattributeDrones(trx, task, droneIds, tz) : 0;
    });
  return n;
}
