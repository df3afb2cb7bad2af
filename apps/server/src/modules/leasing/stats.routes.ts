/**
 * Leasing statistics (002 §2, §7; issue 13): LeaseDataStat (the lessor's figures, daily series,
 * client ranking, lease and client counts), ClientDataView (one client of the lessor: 404 for
 * another lessor's) and OperatorDataStat (the tenant's own figures; another side is 403). All GET,
 * read from the rollups kept at landing (stats.repo.ts). docs/api.md "Leasing statistics".
 */
import {
  LEASE_RANK_DEFAULT,
  leaseClientQuery,
  leaseClientRangeQuery,
  leaseClientRankRow,
  leaseCustomerStats,
  leaseDaySeries,
  leaseDronePilotRanking,
  leaseDroneRankRow,
  leaseJobStats,
  leaseRangeQuery,
  leaseRankingQuery,
  leaseRentalStats,
  ok as okSchema,
  RENTAL_PATHS,
  tenantRangeQuery,
  tenantRankingQuery,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { LeasingDeps } from './deps.ts';
import { clientFor, lessorOf, sideOf } from './side.ts';
import { createLeaseStatsService } from './stats.service.ts';

const tags = ['leasing'];
const lessorScreen = { access: { screens: ['LeaseDataStat'] } } as const;
const clientScreen = { access: { screens: ['ClientDataView'] } } as const;
const tenantScreen = { access: { screens: ['OperatorDataStat'] } } as const;

/** The tenant side, or 403. */
function tenantOf(req: FastifyRequest) {
  const side = sideOf(callerOf(req));
  if (side.kind !== 'tenant') throw errors.forbidden();
  return side;
}

export const statsRoutes: Routes<LeasingDeps> = async (app, deps) => {
  const svc = createLeaseStatsService(deps.db, deps.config.statTimeZone);
  const { db } = deps;
  /** The lessor's client named by accountId (404 when it is not the caller's). */
  const clientOf = (req: FastifyRequest, accountId: number) =>
    clientFor(db, lessorOf(callerOf(req)), { accountId });
  /** The tenant's scope: itself, and one of its lessors when zzAccountId names it (else 404). */
  const tenantScope = async (req: FastifyRequest, zzAccountId?: number) => {
    const side = tenantOf(req);
    if (zzAccountId === undefined) return { clientAccountId: side.accountId };
    const c = await clientFor(db, side, { zzAccountId });
    return { clientAccountId: side.accountId, lessorAccountId: c.lessorAccountId };
  };

  app.get(
    RENTAL_PATHS.jobStatistics,
    {
      config: lessorScreen,
      schema: {
        tags,
        summary: "The lessor's clients, leased drones, work and charges in the range and all time",
        querystring: leaseRangeQuery,
        response: { 200: okSchema(leaseJobStats) },
      },
    },
    async (req) =>
      ok(req, await svc.jobStats({ lessorAccountId: lessorOf(callerOf(req)).accountId }, req.query)),
  );

  app.get(
    RENTAL_PATHS.rentalStatistics,
    {
      config: lessorScreen,
      schema: {
        tags,
        summary: "The lessor's leases by status and (running ones) by lease model; clients by activation",
        response: { 200: okSchema(leaseRentalStats) },
      },
    },
    async (req) => ok(req, await svc.rentalStats(lessorOf(callerOf(req)).accountId)),
  );

  app.get(
    RENTAL_PATHS.jobAreaStatistics,
    {
      config: lessorScreen,
      schema: {
        tags,
        summary: "The lessor's area, sorties, flight time and charges per local day (every day of the range)",
        querystring: leaseRangeQuery,
        response: { 200: okSchema(leaseDaySeries) },
      },
    },
    async (req) =>
      ok(req, await svc.daySeries({ lessorAccountId: lessorOf(callerOf(req)).accountId }, req.query)),
  );

  app.get(
    RENTAL_PATHS.jobAreaRanking,
    {
      config: lessorScreen,
      schema: {
        tags,
        summary: "The lessor's clients by area in the range",
        querystring: leaseRankingQuery,
        response: { 200: okSchema(z.array(leaseClientRankRow)) },
      },
    },
    async (req) => ok(req, await svc.clientRanking(lessorOf(callerOf(req)).accountId, req.query)),
  );

  app.get(
    RENTAL_PATHS.customerDataStat,
    {
      config: clientScreen,
      schema: {
        tags,
        summary: "One client's work and charges (all time), balance and leased drones",
        querystring: leaseClientQuery,
        response: { 200: okSchema(leaseCustomerStats) },
      },
    },
    async (req) => ok(req, await svc.customerStats(await clientOf(req, req.query.accountId))),
  );

  app.get(
    RENTAL_PATHS.customerAreaAndRecord,
    {
      config: clientScreen,
      schema: {
        tags,
        summary: "One client's area, sorties, flight time and charges per local day",
        querystring: leaseClientRangeQuery,
        response: { 200: okSchema(leaseDaySeries) },
      },
    },
    async (req) => {
      const c = await clientOf(req, req.query.accountId);
      const scope = { lessorAccountId: c.lessorAccountId, clientAccountId: c.clientAccountId };
      return ok(req, await svc.daySeries(scope, req.query));
    },
  );

  app.get(
    RENTAL_PATHS.customerAreaRanking,
    {
      config: clientScreen,
      schema: {
        tags,
        summary: "One client's drones by area (all time), top 10",
        querystring: leaseClientQuery,
        response: { 200: okSchema(z.array(leaseDroneRankRow)) },
      },
    },
    async (req) => {
      const c = await clientOf(req, req.query.accountId);
      const scope = { lessorAccountId: c.lessorAccountId, clientAccountId: c.clientAccountId };
      return ok(req, await svc.droneRanking(scope, LEASE_RANK_DEFAULT));
    },
  );

  app.get(
    RENTAL_PATHS.customerDronePilotRanking,
    {
      config: clientScreen,
      schema: {
        tags,
        summary: "One client's drones and pilots by area (all time), top 10 each",
        querystring: leaseClientQuery,
        response: { 200: okSchema(leaseDronePilotRanking) },
      },
    },
    async (req) => {
      const c = await clientOf(req, req.query.accountId);
      const scope = { lessorAccountId: c.lessorAccountId, clientAccountId: c.clientAccountId };
      return ok(req, await svc.dronePilotRanking(scope, LEASE_RANK_DEFAULT));
    },
  );

  app.get(
    RENTAL_PATHS.yyJobStatistics,
    {
      config: tenantScreen,
      schema: {
        tags,
        summary: "The tenant's lessors, leased drones, work and charges in the range and all time",
        querystring: tenantRangeQuery,
        response: { 200: okSchema(leaseJobStats) },
      },
    },
    async (req) => ok(req, await svc.jobStats(await tenantScope(req, req.query.zzAccountId), req.query)),
  );

  app.get(
    RENTAL_PATHS.yyJobAreaStatistics,
    {
      config: tenantScreen,
      schema: {
        tags,
        summary: "The tenant's area, sorties, flight time and charges per local day",
        querystring: tenantRangeQuery,
        response: { 200: okSchema(leaseDaySeries) },
      },
    },
    async (req) => ok(req, await svc.daySeries(await tenantScope(req, req.query.zzAccountId), req.query)),
  );

  app.get(
    RENTAL_PATHS.yyJobAreaRanking,
    {
      config: tenantScreen,
      schema: {
        tags,
        summary: "The tenant's leased drones by area (all time)",
        querystring: tenantRankingQuery,
        response: { 200: okSchema(z.array(leaseDroneRankRow)) },
      },
    },
    async (req) =>
      ok(req, await svc.droneRanking(await tenantScope(req, req.query.zzAccountId), req.query.limit)),
  );
};
