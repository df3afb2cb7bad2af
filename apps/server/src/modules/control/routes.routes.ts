/**
 * Group routes (001 §7 "Blocks": Group route), family /api/drone/block/route: PUT "" plans a block
 * and stores the route, GET list, GET /{routeId}, PATCH /{droneId} a drone's status in a plan.
 * Screens BlockList or GroupControl; the route's block decides the rest (routes.service.ts).
 */
import {
  hasAbility,
  ok as okSchema,
  ROUTE_BASE,
  routeCreateBody,
  routeDroneParams,
  routeDroneStatusBody,
  routeIdParams,
  routeListQuery,
  routePage,
  routeRecord,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/auth/guard.ts';
import { regionRange, scopeOf } from '../../platform/auth/scope.ts';
import { accessSubject } from '../../platform/auth/subject.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Acting, RoutesService } from './routes.service.ts';

const tags = ['routes'];
const access = { access: { screens: ['BlockList', 'GroupControl'] } } as const;

export function routeActing(req: FastifyRequest): Acting {
  const c = callerOf(req);
  const scope = scopeOf(c);
  return {
    accountId: c.account.id,
    accountType: c.account.account_type,
    userId: c.user.id,
    region: scope.kind === 'region' ? regionRange(scope.code) : null,
    canManage: hasAbility(accessSubject(c, req.hostProfile), 'manageEquipment'),
  };
}

export const routeRoutes: Routes<{ routes: RoutesService }> = async (app, { routes }) => {
  app.put(
    ROUTE_BASE,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Plans the block (alignEdgeIndex, home, droneCount, width) with planGroupRoute and stores the route',
        body: routeCreateBody,
        response: { 200: okSchema(routeRecord) },
      },
    },
    async (req) => ok(req, await routes.create(routeActing(req), req.body)),
  );

  app.get(
    `${ROUTE_BASE}/list`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Routes the caller sees (of one block with blockId), newest first',
        querystring: routeListQuery,
        response: { 200: okSchema(routePage) },
      },
    },
    async (req) => ok(req, await routes.list(routeActing(req), req.query)),
  );

  app.get(
    `${ROUTE_BASE}/:routeId`,
    {
      config: access,
      schema: {
        tags,
        summary: "A route: the block's geometry, the plan, and each drone's status, progress and command",
        params: routeIdParams,
        response: { 200: okSchema(routeRecord) },
      },
    },
    async (req) => ok(req, await routes.record(routeActing(req), req.params.routeId)),
  );

  app.patch(
    `${ROUTE_BASE}/:droneId`,
    {
      config: access,
      schema: {
        tags,
        summary: "Sets the drone's status (droneStatus 0-6) in plan `plan` (a route id); answers the route",
        params: routeDroneParams,
        body: routeDroneStatusBody,
        response: { 200: okSchema(routeRecord) },
      },
    },
    async (req) => ok(req, await routes.setDroneStatus(routeActing(req), req.params.droneId, req.body)),
  );
};
