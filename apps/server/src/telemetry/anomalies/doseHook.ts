/**
 * Loads, in the landing transaction, the unified tasks (migration 0034) a sortie's drone is
 * enrolled in that name a medicine (migration 0033 `medicines`) and the medicine of the block its
 * spraying centre lies in (0038), and raises the dose anomaly of `doseRule.ts`. Two indexed
 * queries per sortie: the enrolment (task_drones by drone), the block (GiST on its box). Raw SQL: these tables belong to the unified-task and lookup modules.
 */
import type { PolygonGeometry } from '@agrifleet/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { NewSortie } from '../ingest/sortieRow.ts';
import { type DoseBlock, type DoseTask, doseRule } from './doseRule.ts';
import type { SortieAnomaly } from './sortieRules.ts';

interface Row {
  tftz_id: number;
  med_id: number;
  min_l_per_mu: number;
  max_l_per_mu: number;
  region_code: number;
  polygon: PolygonGeometry | null;
  task_start: Date;
  task_end: Date;
  closed_at: Date | null;
  enrol_start: Date;
  enrol_end: Date;
}

/** The tasks naming a medicine whose enrolment of `droneId` and period contain `startMs`. */
export async function doseTasks(
  trx: Kysely<Database>,
  droneId: string,
  startMs: number,
): Promise<DoseTask[]> {
  const at = new Date(startMs);
  const { rows } = await sql<Row>`
    SELECT t.tftz_id, t.med_id, m.min_l_per_mu, m.max_l_per_mu, t.region_code, t.polygon,
           t.start_at AS task_start, t.end_at AS task_end, t.closed_at,
           d.start_at AS enrol_start, d.end_at AS enrol_end
      FROM task_drones d
      JOIN unified_tasks t ON t.tftz_id = d.tftz_id
      JOIN medicines m ON m.med_id = t.med_id
     WHERE d.drone_id = ${droneId} AND t.med_id IS NOT NULL
       AND d.start_at <= ${at} AND d.end_at > ${at} AND t.start_at <= ${at} AND t.end_at > ${at}`.execute(
    trx,
  );
  return rows.map((r) => ({
    tftzId: Number(r.tftz_id),
    medId: Number(r.med_id),
    minLPerMu: Number(r.min_l_per_mu),
    maxLPerMu: Number(r.max_l_per_mu),
    task: {
      startMs: r.task_start.getTime(),
      endMs: r.task_end.getTime(),
      closedAtMs: r.closed_at ? r.closed_at.getTime() : null,
      regionCode: Number(r.region_code),
      polygon: r.polygon?.type === 'Polygon' ? r.polygon : null,
    },
    enrolment: { startMs: r.enrol_start.getTime(), endMs: r.enrol_end.getTime() },
  }));
}

/**
 * The block a spraying centre lies in (the smallest, as rollups/rollupSql.ts assigns blocks), when
 * it names a medicine: that medicine's range. One GiST-indexed lookup.
 */
export async function doseBlock(trx: Kysely<Database>, lng: number, lat: number): Promise<DoseBlock | null> {
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  const { rows } = await sql<{ block_id: number; med_id: number; min: number; max: number }>`
    SELECT b.block_id, b.med_id, m.min_l_per_mu AS min, m.max_l_per_mu AS max
      FROM (SELECT b.block_id, b.med_id FROM blocks b
             WHERE b.shape && polygon(box(point(${lng}, ${lat}), point(${lng}, ${lat})))
               AND b.shape @> point(${lng}, ${lat})
             ORDER BY b.area_mu, b.block_id LIMIT 1) b
      JOIN medicines m ON m.med_id = b.med_id`.execute(trx);
  const r = rows[0];
  return r
    ? {
        blockId: Number(r.block_id),
        medId: Number(r.med_id),
        minLPerMu: Number(r.min),
        maxLPerMu: Number(r.max),
      }
    : null;
}

/** The dose anomaly of a landing sortie, or null (also when it was raised already for its part). */
export async function doseAnomaly(
  trx: Transaction<Database>,
  sortie: NewSortie & { sortieId: number; replaced?: boolean },
): Promise<SortieAnomaly | null> {
  if (sortie.simulated) return null;
  const tasks = await doseTasks(trx, sortie.drone_id, sortie.start_time);
  const block = await doseBlock(trx, sortie.lng, sortie.lat);
  if (!tasks.length && !block) return null;
  const found = doseRule(
    {
      startMs: sortie.start_time,
      simulated: sortie.simulated,
      regionCode:
        sortie.county_code ?? sortie.city_code ?? sortie.province_code ?? sortie.country_code ?? null,
      volumeL: sortie.volume_l,
      areaMu: sortie.area_mu,
      centre: [sortie.lng, sortie.lat],
      end: { time: sortie.end_time, lng: sortie.lng, lat: sortie.lat },
    },
    tasks,
    block,
  );
  if (!found || !sortie.replaced) return found;
  const had = await trx
    .selectFrom('anomalies')
    .select('id')
    .where('sortie_id', '=', sortie.sortieId)
    .where(sql`detail->>'rule'`, '=', 'dose')
    .executeTakeFirst();
  return had ? null : found;
}
