/**
 * Group routes (001 §7 "Blocks": Group route PUT, PATCH /{droneId}; README.md): a route is the
 * plan `planGroupRoute` (packages/domain planning/) computes for a block the caller may edit, stored
 * with one part per drone; its drones' statuses follow the control calls and the drones' answers.
 */

import type { routeSummary } from '@agrifleet/domain';
import {
  ErrorCode,
  type PlanIssue,
  type PolygonGeometry,
  planGroupRoute,
  planSprayedOutsideM2,
  type RouteCreateBody,
  type RoutePlan,
  type RouteRecord,
} from '@agrifleet/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MessageKey } from '../../platform/messages.ts';
import type { Commands, CommandType, DroneCommand } from '../../telemetry/commands/types.ts';
import type { RouteActor, RouteDroneRow, RouteRow, RoutesRepo } from './routes.repo.ts';

/** The commands that belong to a drone's part in a plan (a route drone's lastCommand). */
export const PLAN_COMMANDS: readonly CommandType[] = ['plan', 'start', 'pause', 'resume', 'returnHome'];

const ISSUE_KEYS: Record<PlanIssue['code'], MessageKey> = {
  geometry: 'routePlanGeometry',
  edgeIndex: 'routePlanEdgeIndex',
  droneCount: 'routePlanDroneCount',
  width: 'routePlanWidth',
  speed: 'routePlanSpeed',
  height: 'routePlanHeight',
  dosage: 'routePlanDosage',
  homeFar: 'routePlanHomeFar',
  tooSmall: 'routePlanTooSmall',
  tooManyPasses: 'routePlanTooManyPasses',
  tooLarge: 'routePlanTooLarge',
  tooManyHoles: 'routePlanTooManyHoles',
};

export const routeErrors = {
  notFound: () => new AppError(404, ErrorCode.notFound, 'routeNotFound'),
  blockNotFound: () => new AppError(404, ErrorCode.notFound, 'routeBlockNotFound'),
  readOnly: () => new AppError(403, ErrorCode.forbidden, 'routeReadOnly'),
  planIssue: (issue: PlanIssue) =>
    new AppError(400, ErrorCode.badRequest, ISSUE_KEYS[issue.code] ?? 'badRequest', issue.params),
};

export interface Acting extends RouteActor {
  /** The user holds 'manageEquipment'? (not needed to plan; the control calls need it). */
  canManage: boolean;
}

type Summary = z.infer<typeof routeSummary>;

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** A plan stored before issue 20 lacks `sprayedOutsideM2`: measured from its legs when read. */
function withOutside(geometry: RouteRow['blockGeometry'], plan: RoutePlan): RoutePlan {
  if (typeof plan.sprayedOutsideM2 === 'number') return plan;
  try {
    const m2 = planSprayedOutsideM2(geometry as PolygonGeometry, plan);
    return Number.isFinite(m2) ? { ...plan, sprayedOutsideM2: Number(m2.toFixed(2)) } : plan;
  } catch {
    return plan;
  }
}

function droneOut(d: RouteDroneRow, last: Map<string, DroneCommand>): RouteRecord['drones'][number] {
  const c = d.droneId ? last.get(d.droneId) : undefined;
  return {
    index: d.idx,
    droneId: d.droneId,
    droneStatus: d.droneStatus,
    progress: d.progress,
    startedAt: ms(d.startedAt),
    finishedAt: ms(d.finishedAt),
    lastCommand: c ? { id: c.id, type: c.type, state: c.state, reason: c.reason } : null,
  };
}

export function createRoutesService(d: { db: Db; routes: RoutesRepo; commands: Commands }) {
  /**
   * The parts of the routes and each drone's newest plan command. An operator (data scope of its
   * own drones) sees only commands of its own ownership periods: a drone since handed to another
   * owner does not show that owner's commands on the old route (issue 20 item 7).
   */
  async function dronesOf(a: RouteActor, routeIds: number[]) {
    const rows = await d.routes.drones(routeIds);
    const ids = [...new Set(rows.map((r) => r.droneId).filter((x): x is string => x !== null))];
    const operator = ![1, 2, 3].includes(a.accountType);
    const last = await d.commands.latest(ids, PLAN_COMMANDS, operator ? a.accountId : undefined);
    return { rows, last };
  }

  function head(r: RouteRow) {
    return {
      routeId: r.routeId,
      name: r.name,
      blockId: r.blockId,
      blockName: r.blockName,
      createTime: r.createdAt.toISOString(),
      createdByName: r.createdByName,
      editable: r.editable,
    };
  }

  async function record(a: RouteActor, routeId: number): Promise<RouteRecord> {
    const r = await d.routes.byId(a, routeId);
    if (!r) throw routeErrors.notFound();
    const { rows, last } = await dronesOf(a, [routeId]);
    return {
      ...head(r),
      blockGeometry: r.blockGeometry,
      plan: withOutside(r.blockGeometry, r.plan as unknown as RoutePlan),
      drones: rows.map((x) => droneOut(x, last)),
    };
  }

  return {
    record,

    /** PUT: plans the block (as stored now) and stores the route with droneCount parts. */
    async create(a: Acting, b: RouteCreateBody): Promise<RouteRecord> {
      const block = await d.routes.block(a, b.block);
      if (!block) throw routeErrors.blockNotFound();
      if (!block.editable) throw routeErrors.readOnly();
      const params = {
        alignEdgeIndex: b.alignEdgeIndex,
        home: b.home,
        droneCount: b.droneCount,
        width: b.width,
        ...(b.speed !== undefined ? { speed: b.speed } : {}),
        ...(b.height !== undefined ? { height: b.height } : {}),
        ...(b.dosage !== undefined ? { dosage: b.dosage } : {}),
      };
      const planned = planGroupRoute(block.geometry as PolygonGeometry, params);
      if (!planned.ok) throw routeErrors.planIssue(planned.issue);
      const routeId = await d.db.transaction().execute((trx) =>
        d.routes.insert(trx, {
          blockId: block.blockId,
          ownerAccountId: block.ownerAccountId,
          name: b.name || null,
          geometry: block.geometry,
          params,
          plan: planned.plan as unknown as Record<string, unknown>,
          parts: planned.plan.routes.length,
          createdBy: a.userId,
        }),
      );
      return record(a, routeId);
    },

    async list(a: RouteActor, q: { blockId?: number; pageIndex: number; size: number }) {
      if (q.blockId !== undefined && !(await d.routes.block(a, q.blockId))) throw routeErrors.blockNotFound();
      const { rows, total } = await d.routes.page(a, q);
      const { rows: drones, last } = await dronesOf(
        a,
        rows.map((r) => r.routeId),
      );
      const records: Summary[] = rows.map((r) => {
        const plan = r.plan as Partial<RoutePlan>;
        const area = plan.blockAreaM2 ?? 0;
        return {
          ...head(r),
          drones: drones.filter((x) => x.routeId === r.routeId).map((x) => droneOut(x, last)),
          droneCount: Number(r.params.droneCount ?? plan.routes?.length ?? 0),
          width: Number(r.params.width ?? plan.width ?? 0),
          coverageShare: area > 0 ? Math.min(1, (plan.coverageAreaM2 ?? 0) / area) : 0,
        };
      });
      return { records, total, current: q.pageIndex, size: q.size };
    },

    /**
     * PATCH /{droneId}: the drone's status in plan `plan` (a ground station's report, or a
     * correction). started_at is set on 2, finished_at on 4, 5 and 6.
     */
    async setDroneStatus(a: RouteActor, droneId: string, b: { droneStatus: number; plan: number }) {
      await d.db.transaction().execute(async (trx) => {
        const r = await d.routes.lock(trx, a, b.plan);
        if (!r) throw routeErrors.notFound();
        if (!r.editable) throw routeErrors.readOnly();
        const progress = b.droneStatus === 5 ? 1 : undefined;
        if (!(await d.routes.setStatus(trx, b.plan, droneId, b.droneStatus, progress)))
          throw new AppError(404, ErrorCode.notFound, 'routeDroneNotInRoute', { droneId });
      });
      return record(a, b.plan);
    },
  };
}
export type RoutesService = ReturnType<typeof createRoutesService>;
