/**
 * Reads of unified tasks: the list, one task, its drones with their progress. Figures come from
 * task_daily (kept at landing; read through its per-drone rollup task_drone_totals, migration 0037),
 * never from the sorties. The statistics are in unifiedTasks.stats.ts.
 */
import type { UnifiedTaskListQuery } from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import { regionRange } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { ownRows, taskVisible } from './unifiedTasks.scope.ts';

export interface TaskDbRow {
  tftz_id: number;
  account_id: number;
  account_name: string;
  tftz_name: string;
  region_code: number;
  polygon: { type: 'Polygon'; coordinates: number[][][] } | null;
  start_date: string;
  end_date: string;
  start_at: Date;
  end_at: Date;
  tftz_type: number;
  work_type: number | null;
  crop_id: number | null;
  med_id: number | null;
  zf_monitor: boolean;
  remark: string;
  closure: 'finished' | 'cancelled' | null;
  closed_at: Date | null;
  created_at: Date;
  drone_count: number;
  sortie_count: number;
  area_mu: number;
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The task columns and its figures in the caller's scope (an owner: its own drones only). */
const rowSelect = (scope: DataScope) => sql`
  t.tftz_id, t.account_id, a.account_name, t.tftz_name, t.region_code, t.polygon,
  to_char(t.start_date, 'YYYY-MM-DD') AS start_date, to_char(t.end_date, 'YYYY-MM-DD') AS end_date,
  t.start_at, t.end_at, t.tftz_type, t.work_type, t.crop_id, t.med_id, t.zf_monitor, t.remark, t.closure,
  t.closed_at, t.created_at,
  (SELECT count(*)::int FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id
    WHERE d.tftz_id = t.tftz_id AND ${ownRows(scope, 'r')}) AS drone_count,
  coalesce((SELECT sum(x.sorties)::int FROM task_drone_totals x WHERE x.tftz_id = t.tftz_id AND ${ownRows(scope, 'x')}), 0) AS sortie_count,
  coalesce((SELECT sum(x.area_mu) FROM task_drone_totals x WHERE x.tftz_id = t.tftz_id AND ${ownRows(scope, 'x')}), 0) AS area_mu`;

const STATUS_SQL: Record<number, RawBuilder<unknown>> = {
  1: sql`t.closure IS NULL AND now() < t.start_at`,
  2: sql`t.closure IS NULL AND now() >= t.start_at AND now() < t.end_at`,
  4: sql`(t.closure = 'finished' OR (t.closure IS NULL AND now() >= t.end_at))`,
  6: sql`t.closure = 'cancelled'`,
};

export function createTaskRepo(db: Db) {
  return {
    async list(scope: DataScope, q: UnifiedTaskListQuery): Promise<{ rows: TaskDbRow[]; total: number }> {
      const parts: RawBuilder<unknown>[] = [sql`${taskVisible(scope)}`];
      if (q.tftzName) parts.push(sql`t.tftz_name ILIKE ${contains(q.tftzName)}`);
      if (q.region) {
        const [lo, hi] = regionRange(q.region);
        parts.push(sql`t.region_code BETWEEN ${lo} AND ${hi}`);
      }
      if (q.tftzType) parts.push(sql`t.tftz_type = ${q.tftzType}`);
      if (q.cropId) parts.push(sql`t.crop_id = ${q.cropId}`);
      if (q.status) parts.push(STATUS_SQL[q.status] ?? sql`false`);
      if (q.year)
        parts.push(
          sql`t.start_date <= make_date(${q.year}::int, 12, 31) AND t.end_date >= make_date(${q.year}::int, 1, 1)`,
        );
      const where = sql.join(parts, sql` AND `);
      const total = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM unified_tasks t WHERE ${where}`.execute(db);
      const { rows } = await sql<TaskDbRow>`
        SELECT ${rowSelect(scope)} FROM unified_tasks t JOIN accounts a ON a.id = t.account_id
         WHERE ${where} ORDER BY t.start_date DESC, t.tftz_id DESC
         LIMIT ${q.pageSize} OFFSET ${(q.currentPage - 1) * q.pageSize}`.execute(db);
      return { rows, total: total.rows[0]?.n ?? 0 };
    },

    async one(scope: DataScope, tftzId: number): Promise<TaskDbRow | null> {
      const { rows } = await sql<TaskDbRow>`
        SELECT ${rowSelect(scope)} FROM unified_tasks t JOIN accounts a ON a.id = t.account_id
         WHERE t.tftz_id = ${tftzId} AND ${taskVisible(scope)}`.execute(db);
      return rows[0] ?? null;
    },

    async drones(
      scope: DataScope,
      tftzId: number,
      q: { currentPage: number; pageSize: number; search?: string; yyAccountId?: number },
    ) {
      const parts: RawBuilder<unknown>[] = [sql`d.tftz_id = ${tftzId}`, sql`${ownRows(scope, 'r')}`];
      if (q.search)
        parts.push(sql`(r.drone_id ILIKE ${contains(q.search)} OR r.drone_name ILIKE ${contains(q.search)})`);
      if (q.yyAccountId) parts.push(sql`r.yy_account_id = ${q.yyAccountId}`);
      const where = sql.join(parts, sql` AND `);
      const total = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id WHERE ${where}`.execute(
        db,
      );
      const { rows } = await sql<{
        drone_id: string;
        drone_name: string;
        model_name: string;
        yy_account_id: number | null;
        yy_account_name: string | null;
        data_start_date: string;
        data_end_date: string;
        sortie_count: number;
        area_mu: number;
        volume_l: number;
        duration_s: number;
        excluded: number;
        last_work: Date | null;
        online: boolean;
      }>`
        SELECT r.drone_id, r.drone_name, m.model_name, r.yy_account_id, ya.account_name AS yy_account_name,
          to_char(d.data_start_date, 'YYYY-MM-DD') AS data_start_date, to_char(d.data_end_date, 'YYYY-MM-DD') AS data_end_date,
          coalesce(f.sorties, 0)::int AS sortie_count, coalesce(f.area_mu, 0) AS area_mu,
          coalesce(f.volume_l, 0) AS volume_l, coalesce(f.duration_s, 0) AS duration_s,
          (SELECT count(*)::int FROM task_sorties ts WHERE ts.tftz_id = d.tftz_id AND ts.drone_id = d.drone_id AND NOT ts.counted) AS excluded,
          (SELECT max(ts.start_time) FROM task_sorties ts WHERE ts.tftz_id = d.tftz_id AND ts.drone_id = d.drone_id AND ts.counted) AS last_work,
          coalesce(r.last_time > now() - interval '2 minutes', false) AS online
        FROM task_drones d
        JOIN drones r ON r.drone_id = d.drone_id
        JOIN drone_models m ON m.id = r.model_id
        LEFT JOIN accounts ya ON ya.id = r.yy_account_id
        LEFT JOIN LATERAL (SELECT sum(x.sorties) AS sorties, sum(x.area_mu) AS area_mu, sum(x.volume_l) AS volume_l,
            sum(x.duration_s) AS duration_s FROM task_drone_totals x WHERE x.tftz_id = d.tftz_id AND x.drone_id = d.drone_id) f ON true
        WHERE ${where}
        ORDER BY coalesce(f.area_mu, 0) DESC, r.drone_id
        LIMIT ${q.pageSize} OFFSET ${(q.currentPage - 1) * q.pageSize}`.execute(db);
      return { rows, total: total.rows[0]?.n ?? 0 };
    },
  };
}
export type TaskRepo = ReturnType<typeof createTaskRepo>;
