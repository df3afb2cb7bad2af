/**
 * Loads, in the landing transaction, the unified tasks (migration 0034) a sortie's drone is
 * enrolled in that name a medicine (migration 0033 `medicines`), and raises the dose anomaly of
 * `doseRule.ts`. One indexed query per sortie of an enrolled drone: the enrolment (task_drones by
 * drone) is the first filter. Raw SQL: these tables belong to the unified-task and lookup modules.
 */
import type { PolygonGeometry } from '@agrifleet/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { NewSortie } from '../ingest/sortieRow.ts';
import { type DoseTask, doseRule } from './doseRule.ts';
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

/** The dose anomaly of a landing sortie, or null (also when it was raised already for its part). */
export async function doseAnomaly(
  trx: Transaction<Database>,
  sortie: NewSortie & { sortieId: number; replaced?: boolean },
): Promise<SortieAnomaly | null> {
  if (sortie.simulated) return null;
  const tasks = await doseTasks(trx, sortie.drone_id, sortie.start_time);
  if (!tasks.length) return null;
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
