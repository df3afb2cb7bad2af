/**
 * A task's statistics (stat drones, owners, data, overview) and its sorties, in the caller's
 * scope: task_daily for the counted figures, task_sorties for the verdicts. One task's rows only,
 * through indexes led by tftz_id; the totals come from the rollups of migrations 0037 and 0039 (one
 * row per drone, per day and crop, per reason, per day and reason: kept by triggers), so a task of
 * millions of sorties answers like a small one (bench/unified-tasks.ts).
 */
import {
  EXCLUSION_REASONS,
  type ExclusionReason,
  type TaskSortieListQuery,
  type TaskSortieRow,
  type TaskStatData,
} from '@agrifleet/domain';
import { type RawBuilder, sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { ownRows } from './unifiedTasks.scope.ts';

interface PageQ {
  currentPage: number;
  pageSize: number;
}
const limit = (q: PageQ) => sql`LIMIT ${q.pageSize} OFFSET ${(q.currentPage - 1) * q.pageSize}`;
const num = (v: unknown) => Number(v ?? 0);

/**
 * ORDER BY and LIMIT of a page of one drone's sorties in a task, newest first. A page in the back
 * half is read from the oldest end (the index is walked from whichever end is nearer: the last page
 * costs what the first does, the middle one the most). A page of the whole task: seekPage.
 */
function pageOrder(q: PageQ, total: number) {
  const offset = (q.currentPage - 1) * q.pageSize;
  const fromOldest = total - offset - q.pageSize;
  if (offset <= total / 2 || fromOldest + q.pageSize <= 0)
    return sql`ORDER BY ts.start_time DESC, ts.sortie_id DESC LIMIT ${q.pageSize} OFFSET ${offset}`;
  return sql`ORDER BY ts.start_time, ts.sortie_id
    LIMIT ${Math.min(q.pageSize, q.pageSize + fromOldest)} OFFSET ${Math.max(0, fromOldest)}`;
}

export function createTaskStats(db: Db, timeZone: string) {
  return {
    async ranking(scope: DataScope, tftzId: number, by: 'drone' | 'pilot', q: PageQ) {
      const key = by === 'drone' ? sql`x.drone_id` : sql`x.pilot_id::text`;
      const base =
        by === 'drone'
          ? sql`FROM task_drone_totals x WHERE x.tftz_id = ${tftzId} AND x.sorties > 0 AND ${ownRows(scope, 'x')}`
          : sql`FROM task_daily x WHERE x.tftz_id = ${tftzId} AND ${ownRows(scope, 'x')} AND x.pilot_id <> 0`;
      const total = await sql<{ n: number }>`SELECT count(DISTINCT ${key})::int AS n ${base}`.execute(db);
      const { rows } = await sql<{
        key: string;
        sorties: number;
        area_mu: number;
        volume_l: number;
        duration_s: number;
        yy: number;
      }>`
        SELECT ${key} AS key, sum(x.sorties)::int AS sorties, sum(x.area_mu) AS area_mu, sum(x.volume_l) AS volume_l,
          sum(x.duration_s) AS duration_s, max(x.yy_account_id) AS yy
        ${base} GROUP BY 1 ORDER BY area_mu DESC, key ${limit(q)}`.execute(db);
      const names =
        by === 'drone'
          ? await sql<{ k: string; name: string }>`SELECT drone_id AS k, drone_name AS name FROM drones
              WHERE drone_id = ANY(${rows.map((r) => r.key)}::text[])`.execute(db)
          : await sql<{ k: string; name: string }>`SELECT id::text AS k, user_name AS name FROM users
              WHERE id = ANY(${rows.map((r) => Number(r.key))}::int[])`.execute(db);
      const owners = await sql<{ id: number; name: string }>`SELECT id, account_name AS name FROM accounts
        WHERE id = ANY(${rows.map((r) => r.yy)}::int[])`.execute(db);
      const nameOf = new Map(names.rows.map((r) => [r.k, r.name]));
      const ownerOf = new Map(owners.rows.map((r) => [r.id, r.name]));
      return {
        total: total.rows[0]?.n ?? 0,
        records: rows.map((r) => ({
          key: r.key,
          name: nameOf.get(r.key) ?? r.key,
          yyAccountName: ownerOf.get(r.yy) ?? null,
          sortieCount: r.sorties,
          areaMu: num(r.area_mu),
          volumeL: num(r.volume_l),
          durationS: num(r.duration_s),
        })),
      };
    },

    async owners(scope: DataScope, tftzId: number, q: PageQ) {
      const own = ownRows(scope, 'r');
      const total = await sql<{ n: number }>`
        SELECT count(DISTINCT r.yy_account_id)::int AS n FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id
         WHERE d.tftz_id = ${tftzId} AND r.yy_account_id IS NOT NULL AND ${own}`.execute(db);
      const { rows } = await sql<{
        yy: number;
        name: string;
        drones: number;
        active: number;
        sorties: number;
        area_mu: number;
        volume_l: number;
        duration_s: number;
      }>`
        WITH e AS (SELECT r.yy_account_id AS yy, count(*)::int AS drones FROM task_drones d
                    JOIN drones r ON r.drone_id = d.drone_id
                   WHERE d.tftz_id = ${tftzId} AND r.yy_account_id IS NOT NULL AND ${own} GROUP BY 1),
             f AS (SELECT x.yy_account_id AS yy, count(DISTINCT x.drone_id)::int AS active, sum(x.sorties)::int AS sorties,
                     sum(x.area_mu) AS area_mu, sum(x.volume_l) AS volume_l, sum(x.duration_s) AS duration_s
                    FROM task_drone_totals x WHERE x.tftz_id = ${tftzId} AND x.sorties > 0 GROUP BY 1)
        SELECT e.yy, a.account_name AS name, e.drones, coalesce(f.active, 0) AS active, coalesce(f.sorties, 0) AS sorties,
          coalesce(f.area_mu, 0) AS area_mu, coalesce(f.volume_l, 0) AS volume_l, coalesce(f.duration_s, 0) AS duration_s
        FROM e JOIN accounts a ON a.id = e.yy LEFT JOIN f ON f.yy = e.yy
        ORDER BY area_mu DESC, e.yy ${limit(q)}`.execute(db);
      return {
        total: total.rows[0]?.n ?? 0,
        records: rows.map((r) => ({
          yyAccountId: r.yy,
          yyAccountName: r.name,
          droneCount: r.drones,
          activeDrones: r.active,
          sortieCount: r.sorties,
          areaMu: num(r.area_mu),
          volumeL: num(r.volume_l),
          durationS: num(r.duration_s),
        })),
      };
    },

    async data(scope: DataScope, tftzId: number): Promise<TaskStatData> {
      const own = ownRows(scope, 'x');
      const days = await sql<{ day: string; sorties: number; area_mu: number; volume_l: number }>`
        SELECT to_char(x.day, 'YYYY-MM-DD') AS day, sum(x.sorties)::int AS sorties, sum(x.area_mu) AS area_mu,
          sum(x.volume_l) AS volume_l
        FROM task_day_totals x WHERE x.tftz_id = ${tftzId} AND x.sorties > 0 AND ${own}
        GROUP BY x.day ORDER BY x.day`.execute(db);
      const crops = await sql<{ crop: number; sorties: number; area_mu: number }>`
        SELECT x.crop_id AS crop, sum(x.sorties)::int AS sorties, sum(x.area_mu) AS area_mu
        FROM task_day_totals x WHERE x.tftz_id = ${tftzId} AND x.sorties > 0 AND ${own}
        GROUP BY 1 ORDER BY 3 DESC`.execute(db);
      return {
        days: days.rows.map((r) => ({
          day: r.day,
          sortieCount: r.sorties,
          areaMu: num(r.area_mu),
          volumeL: num(r.volume_l),
        })),
        crops: crops.rows.map((r) => ({
          cropId: r.crop || null,
          sortieCount: r.sorties,
          areaMu: num(r.area_mu),
        })),
      };
    },

    async overview(scope: DataScope, tftzId: number) {
      const totals = (
        await sql<{ sorties: number; area_mu: number; volume_l: number; duration_s: number; active: number }>`
          SELECT coalesce(sum(x.sorties), 0)::int AS sorties, coalesce(sum(x.area_mu), 0) AS area_mu,
            coalesce(sum(x.volume_l), 0) AS volume_l, coalesce(sum(x.duration_s), 0) AS duration_s,
            count(DISTINCT x.drone_id)::int AS active
          FROM task_drone_totals x WHERE x.tftz_id = ${tftzId} AND x.sorties > 0 AND ${ownRows(scope, 'x')}`.execute(
          db,
        )
      ).rows[0];
      const enrolled = (
        await sql<{ drones: number; owners: number }>`
          SELECT count(*)::int AS drones, count(DISTINCT r.yy_account_id)::int AS owners
          FROM task_drones d JOIN drones r ON r.drone_id = d.drone_id
          WHERE d.tftz_id = ${tftzId} AND ${ownRows(scope, 'r')}`.execute(db)
      ).rows[0];
      const ex = await sql<{ reason: string; n: number; last: Date | null }>`
        SELECT ts.reason, sum(ts.n)::int AS n, max(ts.last) FILTER (WHERE ts.n > 0) AS last
        FROM task_reason_totals ts WHERE ts.tftz_id = ${tftzId} AND ${ownRows(scope, 'ts')} GROUP BY 1`.execute(
        db,
      );
      const excluded = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as Record<
        ExclusionReason,
        number
      >;
      let updatedAt: number | null = null;
      for (const r of ex.rows) {
        if (r.reason && r.n > 0) excluded[r.reason as ExclusionReason] = r.n;
        if (r.last) updatedAt = Math.max(updatedAt ?? 0, new Date(r.last).getTime());
      }
      return {
        droneCount: enrolled?.drones ?? 0,
        ownerCount: enrolled?.owners ?? 0,
        activeDrones: totals?.active ?? 0,
        sortieCount: totals?.sorties ?? 0,
        areaMu: num(totals?.area_mu),
        volumeL: num(totals?.volume_l),
        durationS: num(totals?.duration_s),
        excluded,
        updatedAt,
      };
    },

    async sorties(scope: DataScope, tftzId: number, q: TaskSortieListQuery) {
      const parts: RawBuilder<unknown>[] = [sql`ts.tftz_id = ${tftzId}`, sql`${ownRows(scope, 'ts')}`];
      if (q.droneId) parts.push(sql`ts.drone_id = ${q.droneId}`);
      if (q.counted != null) parts.push(sql`ts.counted = ${q.counted === 1}`);
      if (q.reason) parts.push(sql`ts.reason = ${q.reason}`);
      const where = sql.join(parts, sql` AND `);
      // Without a drone, the total is the reasons' rollup (one row per reason and owner).
      const byReason = [sql`ts.tftz_id = ${tftzId}`, sql`${ownRows(scope, 'ts')}`];
      if (q.counted != null) byReason.push(q.counted === 1 ? sql`ts.reason = ''` : sql`ts.reason <> ''`);
      if (q.reason) byReason.push(sql`ts.reason = ${q.reason}`);
      const total = q.droneId
        ? await sql<{ n: number }>`SELECT count(*)::int AS n FROM task_sorties ts WHERE ${where}`.execute(db)
        : await sql<{ n: number }>`SELECT coalesce(sum(ts.n), 0)::int AS n FROM task_reason_totals ts
            WHERE ${sql.join(byReason, sql` AND `)}`.execute(db);
      const count = total.rows[0]?.n ?? 0;
      const skip = (q.currentPage - 1) * q.pageSize;
      if (skip >= count) return { records: [], total: count };
      const page = q.droneId
        ? pageOrder(q, count)
        : await seekPage(sql.join(byReason, sql` AND `), skip, q.pageSize);
      const { rows } = await sql<{
        sortie_id: string;
        drone_id: string;
        drone_name: string;
        yy_name: string | null;
        pilot_name: string | null;
        start_time: Date;
        end_time: Date;
        area_mu: number;
        volume_l: number;
        crop_id: number | null;
        work_type: number | null;
        lng: number;
        lat: number;
        counted: boolean;
        reason: string | null;
      }>`
        SELECT ts.sortie_id, ts.drone_id, r.drone_name, ya.account_name AS yy_name, u.user_name AS pilot_name,
          s.start_time, s.end_time, s.area_mu, s.volume_l, s.crop_id, s.work_type, s.lng, s.lat, ts.counted, ts.reason
        FROM (SELECT ts.sortie_id, ts.drone_id, ts.start_time, ts.counted, ts.reason FROM task_sorties ts
               WHERE ${where} ${page}) ts
        JOIN sorties s ON s.sortie_id = ts.sortie_id
        JOIN drones r ON r.drone_id = ts.drone_id
        LEFT JOIN accounts ya ON ya.id = s.yy_account_id
        LEFT JOIN users u ON u.id = s.pilot_id
        ORDER BY ts.start_time DESC, ts.sortie_id DESC`.execute(db);
      const records: TaskSortieRow[] = rows.map((r) => ({
        sortieId: Number(r.sortie_id),
        droneId: r.drone_id,
        droneName: r.drone_name,
        yyAccountName: r.yy_name,
        pilotName: r.pilot_name,
        startTime: new Date(r.start_time).getTime(),
        endTime: new Date(r.end_time).getTime(),
        areaMu: num(r.area_mu),
        volumeL: num(r.volume_l),
        cropId: r.crop_id,
        workType: r.work_type,
        lng: r.lng,
        lat: r.lat,
        counted: r.counted,
        reason: (r.reason as ExclusionReason | null) ?? null,
      }));
      return { records, total: count };
    },
  };

  /**
   * A page of the whole task (no drone chosen), newest first: the task's sorties per day (the
   * rollup of migration 0039, at most a row per day, reason and owner) tell the day the page starts
   * in; the page index is entered at that day's end, so a deep page skips at most one day's rows.
   * The days are local days of STAT_TIMEZONE, as attribution wrote them.
   */
  async function seekPage(byReason: RawBuilder<unknown>, skip: number, size: number) {
    const days = await sql<{ day: string; n: number }>`
      SELECT ts.day::text AS day, sum(ts.n)::int AS n FROM task_sortie_days ts WHERE ${byReason}
      GROUP BY ts.day HAVING sum(ts.n) > 0 ORDER BY ts.day DESC`.execute(db);
    let before = 0;
    for (const d of days.rows) {
      if (before + d.n > skip)
        return sql`AND ts.start_time < ((${d.day}::date + 1)::timestamp AT TIME ZONE ${timeZone})
          ORDER BY ts.start_time DESC, ts.sortie_id DESC LIMIT ${size} OFFSET ${skip - before}`;
      before += d.n;
    }
    return sql`ORDER BY ts.start_time DESC, ts.sortie_id DESC LIMIT ${size} OFFSET ${skip}`;
  }
}
export type TaskStats = ReturnType<typeof createTaskStats>;
