/**
 * Unified tasks (001 §7 "Unified tasks"; contracts/unifiedTasks.ts), family /api/drone/tftz/manage.
 * Reads need one of the task screens (account types 1-4); writes also the manageTask ability, and
 * the service keeps them to the platform and governments inside their region. A task outside the
 * caller's scope answers 404.
 */
import {
  hasAbility,
  ok as okSchema,
  taskDroneListQuery,
  taskDronePage,
  taskDronesBody,
  taskDronesChange,
  taskDronesDeleteQuery,
  taskSortieListQuery,
  taskSortiePage,
  taskStatData,
  taskStatDronePage,
  taskStatDronesQuery,
  taskStatOverview,
  taskStatOwnerPage,
  taskStatQuery,
  taskStatus,
  tftzParams,
  UNIFIED_TASK_CALLS,
  UNIFIED_TASK_LIST_PATH,
  UNIFIED_TASK_PATH,
  type UserType,
  unifiedTaskCreateBody,
  unifiedTaskListQuery,
  unifiedTaskPage,
  unifiedTaskPatchBody,
  unifiedTaskRow,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import { notify } from '../../platform/notify.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Actor, TaskService } from './unifiedTasks.service.ts';
import type { TaskStats } from './unifiedTasks.stats.ts';

const tags = ['unifiedTasks'];
const screens = ['UnifiedTaskList', 'UnifiedTaskDroneList', 'UnifiedTaskChart'] as const;
const read = { access: { screens } } as const;
const write = { access: { screens, ability: 'manageTask' } } as const;
const one = `${UNIFIED_TASK_PATH}/:tftzId`;
const call = (c: keyof typeof UNIFIED_TASK_CALLS) => `${one}/${UNIFIED_TASK_CALLS[c]}`;

function actor(req: FastifyRequest): Actor {
  const c = callerOf(req);
  return {
    scope: scopeOf(c),
    accountId: c.account.id,
    canManage: hasAbility({ userType: c.user.user_type as UserType }, 'manageTask'),
    lang: req.lang,
  };
}

export const unifiedTaskRoutes: Routes<{ tasks: TaskService; stats: TaskStats; db: Db }> = async (
  app,
  { tasks, stats, db },
) => {
  /** The zfMonitor index and other processes hear of task and enrolment changes. */
  const changed = async (channel: 'unified_tasks' | 'task_drones', tftzId: number) =>
    notify(db, channel, String(tftzId));

  app.get(
    UNIFIED_TASK_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Unified tasks the caller sees (filters: name, region, type, status, crop, year), paged',
        querystring: unifiedTaskListQuery,
        response: { 200: okSchema(unifiedTaskPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await tasks.list(actor(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.post(
    UNIFIED_TASK_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Creates a unified task',
        body: unifiedTaskCreateBody,
        response: { 200: okSchema(unifiedTaskRow) },
      },
    },
    async (req) => {
      const r = await tasks.create(actor(req), req.body);
      auditOf(req).target = `tftzId=${r.tftzId}`;
      await changed('unified_tasks', r.tftzId);
      return ok(req, r);
    },
  );

  app.get(
    one,
    {
      config: read,
      schema: {
        tags,
        summary: 'One unified task',
        params: tftzParams,
        response: { 200: okSchema(unifiedTaskRow) },
      },
    },
    async (req) => ok(req, await tasks.one(actor(req), req.params.tftzId)),
  );

  app.patch(
    one,
    {
      config: write,
      schema: {
        tags,
        summary: 'Changes a task’s terms, or finishes (status 4) or cancels (status 6) it',
        params: tftzParams,
        body: unifiedTaskPatchBody,
        response: { 200: okSchema(unifiedTaskRow) },
      },
    },
    async (req) => {
      const r = await tasks.patch(actor(req), req.params.tftzId, req.body);
      auditOf(req).target = `tftzId=${r.tftzId}`;
      auditOf(req).detail = { status: r.status };
      await changed('unified_tasks', r.tftzId);
      return ok(req, r);
    },
  );

  app.get(
    call('drones'),
    {
      config: read,
      schema: {
        tags,
        summary: 'The task’s enrolled drones with their progress',
        params: tftzParams,
        querystring: taskDroneListQuery,
        response: { 200: okSchema(taskDronePage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await tasks.drones(actor(req), req.params.tftzId, q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  for (const [method, onlyEnrolled] of [
    ['post', false],
    ['put', true],
  ] as const) {
    app[method](
      call('drones'),
      {
        config: write,
        schema: {
          tags,
          summary: onlyEnrolled
            ? 'New dates for enrolled drones; their sorties are judged again'
            : 'Enrols drones (by ids or every drone of an operator); their sorties of the period are judged',
          params: tftzParams,
          body: taskDronesBody,
          response: { 200: okSchema(taskDronesChange) },
        },
      },
      async (req) => {
        const r = await tasks.enrol(actor(req), req.params.tftzId, req.body, onlyEnrolled);
        auditOf(req).target = `tftzId=${req.params.tftzId}`;
        auditOf(req).detail = { changed: r.changed, refused: r.refused.length, reattributed: r.reattributed };
        await changed('task_drones', req.params.tftzId);
        return ok(req, r);
      },
    );
  }

  app.delete(
    call('drones'),
    {
      config: write,
      schema: {
        tags,
        summary: 'Withdraws drones (their sorties no longer count: notEnrolled)',
        params: tftzParams,
        querystring: taskDronesDeleteQuery,
        response: { 200: okSchema(taskDronesChange) },
      },
    },
    async (req) => {
      const r = await tasks.withdraw(actor(req), req.params.tftzId, req.query.droneIds);
      auditOf(req).target = `tftzId=${req.params.tftzId}`;
      auditOf(req).detail = { withdrawn: r.changed };
      await changed('task_drones', req.params.tftzId);
      return ok(req, r);
    },
  );

  app.get(
    call('statDrones'),
    {
      config: read,
      schema: {
        tags,
        summary: 'Ranking of the task’s drones (by=drone) or pilots (by=pilot) by counted area',
        params: tftzParams,
        querystring: taskStatDronesQuery,
        response: { 200: okSchema(taskStatDronePage) },
      },
    },
    async (req) => {
      const a = actor(req);
      await tasks.visible(a, req.params.tftzId);
      const q = req.query;
      const r = await stats.ranking(a.scope, req.params.tftzId, q.by, q);
      return ok(req, { ...r, current: q.currentPage, size: q.pageSize });
    },
  );

  app.get(
    call('statOwners'),
    {
      config: read,
      schema: {
        tags,
        summary: 'The task’s operators: enrolled and active drones, counted figures',
        params: tftzParams,
        querystring: taskStatQuery,
        response: { 200: okSchema(taskStatOwnerPage) },
      },
    },
    async (req) => {
      const a = actor(req);
      await tasks.visible(a, req.params.tftzId);
      const q = req.query;
      const r = await stats.owners(a.scope, req.params.tftzId, q);
      return ok(req, { ...r, current: q.currentPage, size: q.pageSize });
    },
  );

  app.get(
    call('statData'),
    {
      config: read,
      schema: {
        tags,
        summary: 'Counted figures per day and per crop',
        params: tftzParams,
        response: { 200: okSchema(taskStatData) },
      },
    },
    async (req) => {
      const a = actor(req);
      await tasks.visible(a, req.params.tftzId);
      return ok(req, await stats.data(a.scope, req.params.tftzId));
    },
  );

  app.get(
    call('statOverview'),
    {
      config: read,
      schema: {
        tags,
        summary: 'The task’s totals and the sorties left out, by reason',
        params: tftzParams,
        response: { 200: okSchema(taskStatOverview) },
      },
    },
    async (req) => {
      const a = actor(req);
      const t = await tasks.visible(a, req.params.tftzId);
      const o = await stats.overview(a.scope, req.params.tftzId);
      const status = taskStatus(
        {
          startMs: new Date(t.start_at).getTime(),
          endMs: new Date(t.end_at).getTime(),
          closure: t.closure,
          closedAtMs: t.closed_at ? new Date(t.closed_at).getTime() : null,
        },
        Date.now(),
      );
      return ok(req, { tftzId: t.tftz_id, status, ...o });
    },
  );

  app.get(
    call('sorties'),
    {
      config: read,
      schema: {
        tags,
        summary: 'The sorties judged for the task: counted, or the reason they were left out',
        params: tftzParams,
        querystring: taskSortieListQuery,
        response: { 200: okSchema(taskSortiePage) },
      },
    },
    async (req) => {
      const a = actor(req);
      await tasks.visible(a, req.params.tftzId);
      const q = req.query;
      const r = await stats.sorties(a.scope, req.params.tftzId, q);
      return ok(req, { ...r, current: q.currentPage, size: q.pageSize });
    },
  );
};
