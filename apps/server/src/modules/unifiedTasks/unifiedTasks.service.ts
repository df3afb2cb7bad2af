/**
 * Unified tasks: reads in the caller's scope (unifiedTasks.scope.ts) and the writes of the platform
 * and, inside its region, a government (create, PATCH, enrolments). Writes run in the request's
 * transaction with its system-log row; an enrolment change locks its task and re-attributes the
 * drones' sorties once (unifiedTasks.attribution.ts).
 */
import {
  checkZoneGeometry,
  dayStartIn,
  ErrorCode,
  type Language,
  shiftDay,
  TASK_STATUS,
  type TaskDronesBody,
  type TaskPeriod,
  taskEditable,
  taskStatus,
  type UnifiedTaskCreateBody,
  type UnifiedTaskPatchBody,
  type UnifiedTaskRow,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { GEOMETRY_KEYS } from '../nofly/nofly.service.ts';
import { regionName } from '../regions/regions.service.ts';
import { lockTask, reattributeDrones, reattributeTask } from './unifiedTasks.attribution.ts';
import type { TaskDbRow, TaskRepo } from './unifiedTasks.repo.ts';
import { mayRun } from './unifiedTasks.scope.ts';

export interface Actor {
  scope: DataScope;
  accountId: number;
  /** Holds the manageTask ability (writes need it; `editable` shows it). */
  canManage: boolean;
  lang: Language;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'taskNotFound');
const outside = () => new AppError(403, ErrorCode.forbidden, 'taskOutsideRegion');
const closed = () => new AppError(409, ErrorCode.conflict, 'taskClosed');

const periodOf = (r: Pick<TaskDbRow, 'start_at' | 'end_at' | 'closure' | 'closed_at'>): TaskPeriod => ({
  startMs: new Date(r.start_at).getTime(),
  endMs: new Date(r.end_at).getTime(),
  closure: r.closure,
  closedAtMs: r.closed_at ? new Date(r.closed_at).getTime() : null,
});

export function createTaskService(d: { db: Db; repo: TaskRepo; timeZone: string }) {
  const { db, repo, timeZone: tz } = d;
  const instants = (start: string, end: string) => ({
    start_at: new Date(dayStartIn(start, tz)),
    end_at: new Date(dayStartIn(shiftDay(end, 1), tz)),
  });

  const toRow = (a: Actor, r: TaskDbRow): UnifiedTaskRow => {
    const status = taskStatus(periodOf(r), Date.now());
    return {
      tftzId: r.tftz_id,
      tftzName: r.tftz_name,
      region: r.region_code,
      regionName: regionName(r.region_code, a.lang) ?? String(r.region_code),
      polygon: r.polygon,
      startDate: r.start_date,
      endDate: r.end_date,
      tftzType: r.tftz_type,
      workType: r.work_type,
      cropId: r.crop_id,
      medId: r.med_id,
      zfMonitor: r.zf_monitor ? 1 : 0,
      remark: r.remark,
      status,
      closedAt: r.closed_at ? new Date(r.closed_at).getTime() : null,
      accountId: r.account_id,
      accountName: r.account_name,
      editable: a.canManage && mayRun(a.scope, r.region_code) && taskEditable(status),
      droneCount: r.drone_count,
      sortieCount: r.sortie_count,
      areaMu: Number(r.area_mu),
      createdAt: new Date(r.created_at).getTime(),
    };
  };

  const polygonOf = (p: UnifiedTaskCreateBody['polygon']) => {
    if (!p) return null;
    const checked = checkZoneGeometry({ shape: 'polygon', geometry: p });
    if (!checked.ok)
      throw new AppError(
        400,
        ErrorCode.badRequest,
        GEOMETRY_KEYS[checked.issue.code] ?? 'badRequest',
        checked.issue.params,
      );
    return checked.value.geometry;
  };

  /** The task, visible to the caller and writable by it (lock: FOR UPDATE for enrolments). */
  async function writable(a: Actor, tftzId: number): Promise<TaskDbRow> {
    if (!a.canManage || (a.scope.kind !== 'all' && a.scope.kind !== 'region')) throw errors.forbidden();
    const r = await repo.one(a.scope, tftzId);
    if (!r) throw notFound();
    if (!mayRun(a.scope, r.region_code)) throw outside();
    if (!taskEditable(taskStatus(periodOf(r), Date.now()))) throw closed();
    return r;
  }

  return {
    toRow,
    async list(a: Actor, q: Parameters<TaskRepo['list']>[1]) {
      const { rows, total } = await repo.list(a.scope, q);
      return { records: rows.map((r) => toRow(a, r)), total };
    },
    async one(a: Actor, tftzId: number): Promise<UnifiedTaskRow> {
      const r = await repo.one(a.scope, tftzId);
      if (!r) throw notFound();
      return toRow(a, r);
    },
    /** The task as the caller sees it (for the stat and sortie reads), or 404. */
    async visible(a: Actor, tftzId: number): Promise<TaskDbRow> {
      const r = await repo.one(a.scope, tftzId);
      if (!r) throw notFound();
      return r;
    },

    async drones(a: Actor, tftzId: number, q: Parameters<TaskRepo['drones']>[2]) {
      await this.visible(a, tftzId);
      const { rows, total } = await repo.drones(a.scope, tftzId, q);
      const records = rows.map((r) => ({
        droneId: r.drone_id,
        droneName: r.drone_name,
        modelName: r.model_name,
        yyAccountId: r.yy_account_id,
        yyAccountName: r.yy_account_name,
        dataStartDate: r.data_start_date,
        dataEndDate: r.data_end_date,
        sortieCount: r.sortie_count,
        areaMu: Number(r.area_mu),
        volumeL: Number(r.volume_l),
        durationS: Number(r.duration_s),
        excludedCount: r.excluded,
        lastWorkTime: r.last_work ? new Date(r.last_work).getTime() : null,
        online: r.online,
      }));
      return { records, total };
    },

    async create(a: Actor, b: UnifiedTaskCreateBody): Promise<UnifiedTaskRow> {
      if (!a.canManage || (a.scope.kind !== 'all' && a.scope.kind !== 'region')) throw errors.forbidden();
      if (!mayRun(a.scope, b.region)) throw outside();
      const polygon = polygonOf(b.polygon);
      const r = await db
        .insertInto('unified_tasks')
        .values({
          account_id: a.accountId,
          tftz_name: b.tftzName,
          region_code: b.region,
          polygon: polygon ? JSON.stringify(polygon) : null,
          start_date: b.startDate,
          end_date: b.endDate,
          ...instants(b.startDate, b.endDate),
          tftz_type: b.tftzType,
          work_type: b.workType ?? null,
          crop_id: b.cropId ?? null,
          med_id: b.medId ?? null,
          zf_monitor: b.zfMonitor === 1,
          remark: b.remark ?? '',
        })
        .returning('tftz_id')
        .executeTakeFirstOrThrow();
      return this.one(a, r.tftz_id);
    },

    async patch(a: Actor, tftzId: number, b: UnifiedTaskPatchBody): Promise<UnifiedTaskRow> {
      const r = await writable(a, tftzId);
      await lockTask(db, tftzId);
      if (b.region != null && !mayRun(a.scope, b.region)) throw outside();
      const start = b.startDate ?? r.start_date;
      const end = b.endDate ?? r.end_date;
      if (start > end) throw errors.badRequest();
      const values: Record<string, unknown> = { updated_at: new Date() };
      if (b.tftzName != null) values.tftz_name = b.tftzName;
      if (b.region != null) values.region_code = b.region;
      if (b.polygon !== undefined) values.polygon = b.polygon ? JSON.stringify(polygonOf(b.polygon)) : null;
      if (b.startDate || b.endDate)
        Object.assign(values, { start_date: start, end_date: end, ...instants(start, end) });
      if (b.tftzType != null) values.tftz_type = b.tftzType;
      if (b.workType !== undefined) values.work_type = b.workType;
      if (b.cropId !== undefined) values.crop_id = b.cropId;
      if (b.medId !== undefined) values.med_id = b.medId;
      if (b.zfMonitor != null) values.zf_monitor = b.zfMonitor === 1;
      if (b.remark != null) values.remark = b.remark;
      if (b.status === TASK_STATUS.finished || b.status === TASK_STATUS.cancelled) {
        values.closure = b.status === TASK_STATUS.finished ? 'finished' : 'cancelled';
        values.closed_at = new Date();
      }
      await db.updateTable('unified_tasks').set(values).where('tftz_id', '=', tftzId).execute();
      // Terms that decide what counts: judge the task's sorties again, once.
      const terms = ['region', 'polygon', 'startDate', 'endDate', 'workType', 'cropId', 'status'] as const;
      if (terms.some((k) => b[k] !== undefined)) {
        const task = await lockTask(db, tftzId);
        if (task) await reattributeTask(db, task, tz);
      }
      return this.one(a, tftzId);
    },

    /** POST (enrol or new dates) and PUT (new dates of enrolled drones). */
    async enrol(a: Actor, tftzId: number, b: TaskDronesBody, onlyEnrolled: boolean) {
      const r = await writable(a, tftzId);
      const task = await lockTask(db, tftzId);
      if (!task) throw notFound();
      if (b.dataStartDate < r.start_date || b.dataEndDate > r.end_date)
        throw new AppError(400, ErrorCode.badRequest, 'taskDatesOutsidePeriod', {
          start: r.start_date,
          end: r.end_date,
        });
      const named = [...new Set(b.droneIds ?? [])];
      const inScope = await sql<{ drone_id: string; yy: number | null }>`
        SELECT d.drone_id, d.yy_account_id AS yy FROM drones d
         WHERE ${b.yyAccountId != null ? sql`d.yy_account_id = ${b.yyAccountId}` : sql`d.drone_id = ANY(${named}::text[])`}
           AND ${droneScopeCondition(a.scope, { zz: 'd.zz_account_id', yy: 'd.yy_account_id', region: 'd.region_code' })}
           ${onlyEnrolled ? sql`AND EXISTS (SELECT 1 FROM task_drones t WHERE t.tftz_id = ${tftzId} AND t.drone_id = d.drone_id)` : sql``}
         ORDER BY d.drone_id`.execute(db);
      const ok = inScope.rows.map((x) => x.drone_id);
      if (b.yyAccountId != null && !ok.length)
        throw new AppError(400, ErrorCode.badRequest, 'taskNoOperatorDrones');
      const okSet = new Set(ok);
      const refused = named.filter((id) => !okSet.has(id));
      if (ok.length)
        await sql`
          INSERT INTO task_drones (tftz_id, drone_id, data_start_date, data_end_date, start_at, end_at)
          SELECT ${tftzId}, unnest(${ok}::text[]), ${b.dataStartDate}::date, ${b.dataEndDate}::date,
                 ${instants(b.dataStartDate, b.dataEndDate).start_at}, ${instants(b.dataStartDate, b.dataEndDate).end_at}
          ON CONFLICT (tftz_id, drone_id) DO UPDATE SET data_start_date = excluded.data_start_date,
            data_end_date = excluded.data_end_date, start_at = excluded.start_at, end_at = excluded.end_at`.execute(
          db,
        );
      const reattributed = await reattributeDrones(db, task, await withOperatorsDrones(ok), tz);
      return { changed: ok.length, refused, reattributed };
    },

    async withdraw(a: Actor, tftzId: number, droneIds: string[]) {
      await writable(a, tftzId);
      const task = await lockTask(db, tftzId);
      if (!task) throw notFound();
      const gone = await db
        .deleteFrom('task_drones')
        .where('tftz_id', '=', tftzId)
        .where('drone_id', 'in', droneIds)
        .returning('drone_id')
        .execute();
      const ids = gone.map((g) => g.drone_id);
      const reattributed = await reattributeDrones(db, task, await withOperatorsDrones(ids), tz, ids);
      return { changed: ids.length, refused: droneIds.filter((id) => !ids.includes(id)), reattributed };
    },
  };

  /** The drones and the other drones of their operators (candidates where they fly in the region). */
  async function withOperatorsDrones(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const { rows } = await sql<{ drone_id: string }>`
      SELECT o.drone_id FROM drones o WHERE o.yy_account_id IN (
        SELECT d.yy_account_id FROM drones d WHERE d.drone_id = ANY(${ids}::text[]) AND d.yy_account_id IS NOT NULL)`.execute(
      db,
    );
    return [...new Set([...ids, ...rows.map((r) => r.drone_id)])];
  }
}
export type TaskService = ReturnType<typeof createTaskService>;
