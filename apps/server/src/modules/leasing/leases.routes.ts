/**
 * Leasing routes: leases (issue 13, 002 §5). The lessor side only (a tenant is 403); another
 * lessor's lease or client is 404. Registered by index.ts. docs/api.md "Leasing: clients and leases".
 */
import {
  accountIdQuery,
  addRentalBody,
  CLIENT_STATUSES,
  LEASE_MODELS,
  LEASE_STATUSES,
  leasedDrone,
  leaseEvent,
  leaseIdBody,
  leaseIdQuery,
  ok as okSchema,
  RENTAL_PATHS,
  rentalDict,
  rentalDrone,
  rentalListQuery,
  rentalPage,
  returnDroneBody,
  updateAccountRentalBody,
  updateDroneRentalBody,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import { type MessageKey, translate } from '../../platform/messages.ts';
import type { Routes } from '../../platform/routes.ts';
import { createClientsRepo } from './clients.repo.ts';
import { lessor } from './clients.routes.ts';
import type { LeasingDeps } from './deps.ts';
import { createLeasesRepo } from './leases.repo.ts';
import { createLeasesService, type LeaseLessor } from './leases.service.ts';

const tags = ['leasing'];
const leases = { access: { screens: ['LeaseList'] } } as const;
const withData = { access: { screens: ['LeaseList', 'ClientDataView'] } } as const;
const withClients = { access: { screens: ['LeaseList', 'ClientList'] } } as const;

function leaseLessor(req: FastifyRequest): LeaseLessor {
  return { ...lessor(req), leaseModel: callerOf(req).account.lease_model };
}

export const leasesRoutes: Routes<LeasingDeps> = async (app, deps) => {
  const svc = createLeasesService({
    db: deps.db,
    repo: createLeasesRepo(deps.db),
    clients: createClientsRepo(deps.db),
    commands: deps.commands,
    audit: deps.audit,
    onlineWindowMs: deps.config.onlineWindowMs,
    timeZone: deps.config.statTimeZone,
  });

  app.get(
    RENTAL_PATHS.rentalList,
    {
      config: leases,
      schema: {
        tags,
        summary:
          "The lessor's leases (filters: accountName part, accountId, status, droneId part) and the figures",
        querystring: rentalListQuery,
        response: { 200: okSchema(rentalPage) },
      },
    },
    async (req) => ok(req, await svc.list(lessor(req), req.query)),
  );

  app.get(
    RENTAL_PATHS.rentalDrones,
    {
      config: leases,
      schema: {
        tags,
        summary: "The lessor's drones that can be leased now (online first)",
        response: { 200: okSchema(z.array(rentalDrone)) },
      },
    },
    async (req) => ok(req, await svc.leasable(lessor(req))),
  );

  app.post(
    RENTAL_PATHS.addRental,
    {
      config: leases,
      schema: {
        tags,
        summary: 'Lease drones to a client (one transaction; prices default to the client’s)',
        body: addRentalBody,
        response: { 200: okSchema(z.object({ ids: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const out = await svc.add(leaseLessor(req), req.body);
      auditOf(req).target = `accountId=${req.body.accountId}`;
      auditOf(req).detail = {
        leaseIds: out.ids,
        droneIds: req.body.droneIds,
        leaseModel: req.body.leaseModel,
      };
      return ok(req, { ids: out.ids });
    },
  );

  app.post(
    RENTAL_PATHS.returnDrone,
    {
      config: leases,
      schema: {
        tags,
        summary: 'Return a leased drone (the drone goes back to its previous operator)',
        body: returnDroneBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      const lease = await svc.returnDrone(lessor(req), req.body);
      auditOf(req).target = `leaseId=${lease.id}`;
      auditOf(req).detail = { droneId: lease.drone_id };
      return ok(req, null);
    },
  );

  app.post(
    RENTAL_PATHS.cancelRental,
    {
      config: leases,
      schema: {
        tags,
        summary: 'Cancel a lease that billed no sortie (daily fees are reversed)',
        body: leaseIdBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      const lease = await svc.cancel(lessor(req), req.body.id);
      auditOf(req).target = `leaseId=${lease.id}`;
      auditOf(req).detail = { droneId: lease.drone_id };
      return ok(req, null);
    },
  );

  app.post(
    RENTAL_PATHS.updateDroneRental,
    {
      config: leases,
      schema: {
        tags,
        summary: "A lease's model and prices for its later sorties",
        body: updateDroneRentalBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      const lease = await svc.updateLease(leaseLessor(req), req.body);
      auditOf(req).target = `leaseId=${lease.id}`;
      return ok(req, null);
    },
  );

  app.post(
    RENTAL_PATHS.updateAccountRental,
    {
      config: leases,
      schema: {
        tags,
        summary: "Prices of all the client's active leases",
        body: updateAccountRentalBody,
        response: { 200: okSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (req) => {
      const out = await svc.updateClientLeases(lessor(req), req.body);
      auditOf(req).target = `accountId=${req.body.accountId}`;
      auditOf(req).detail = out;
      return ok(req, out);
    },
  );

  app.get(
    RENTAL_PATHS.dronesByAccount,
    {
      config: withData,
      schema: {
        tags,
        summary: "The drones on a client's active leases",
        querystring: accountIdQuery,
        response: { 200: okSchema(z.array(leasedDrone)) },
      },
    },
    async (req) => ok(req, await svc.dronesOf(lessor(req), req.query.accountId)),
  );

  app.get(
    RENTAL_PATHS.rentalDict,
    {
      config: withClients,
      schema: {
        tags,
        summary: 'Lease models, lease states and client states with their names in the request language',
        response: { 200: okSchema(rentalDict) },
      },
    },
    async (req) => {
      lessor(req);
      const t = (key: string) => translate(key as MessageKey, req.lang);
      return ok(req, {
        leaseModels: LEASE_MODELS.map((code) => ({ code, DictValue: t(`leaseDict_model_${code}`) })),
        leaseStatus: LEASE_STATUSES.map((code) => ({ code, DictValue: t(`leaseDict_status_${code}`) })),
        activeStatus: CLIENT_STATUSES.map((code) => ({ code, DictValue: t(`leaseDict_active_${code}`) })),
      });
    },
  );

  app.get(
    RENTAL_PATHS.rentalHistory,
    {
      config: leases,
      schema: {
        tags,
        summary: "A lease's history (created, priceChanged, returned, cancelled)",
        querystring: leaseIdQuery,
        response: { 200: okSchema(z.array(leaseEvent)) },
      },
    },
    async (req) => ok(req, await svc.history(lessor(req), req.query.id)),
  );
};
