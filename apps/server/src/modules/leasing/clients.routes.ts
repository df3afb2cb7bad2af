/**
 * Leasing routes: clients (issue 13, 002 §4). The lessor side only (a tenant is 403); another
 * lessor's client is 404. Registered by index.ts. docs/api.md "Leasing: clients and leases".
 */
import {
  accountIdQuery,
  activeCustomerBody,
  addCustomerBody,
  clientSign,
  customerByPhone,
  customerListQuery,
  customerPage,
  customerPhoneQuery,
  customerRecord,
  leaseVerifyCodeQuery,
  ok as okSchema,
  RENTAL_PATHS,
  setAccountSignBody,
  updateCustomerBody,
  verifiedCustomer,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import { createClientsRepo } from './clients.repo.ts';
import { createClientsService, type Lessor } from './clients.service.ts';
import type { LeasingDeps } from './deps.ts';
import { lessorOf } from './side.ts';

const tags = ['leasing'];
const screens = { access: { screens: ['ClientList', 'ClientDataView'] } } as const;
const codeScreen = { access: { screens: ['ClientList'] } } as const;

export function lessor(req: FastifyRequest): Lessor {
  const s = lessorOf(callerOf(req));
  return { accountId: s.accountId, userId: s.userId, lang: req.lang };
}

export const clientsRoutes: Routes<LeasingDeps> = async (app, deps) => {
  const svc = createClientsService({ ...deps, repo: createClientsRepo(deps.db) });

  app.get(
    RENTAL_PATHS.customerList,
    {
      config: screens,
      schema: {
        tags,
        summary: "The lessor's clients (accountName: part of the name) and the leasing figures",
        querystring: customerListQuery,
        response: { 200: okSchema(customerPage) },
      },
    },
    async (req) => ok(req, await svc.list(lessor(req), req.query)),
  );

  app.get(
    RENTAL_PATHS.customerByPhone,
    {
      config: screens,
      schema: {
        tags,
        summary:
          'The verified operator account whose admin user has this phone (names masked until it consents)',
        querystring: customerPhoneQuery,
        response: { 200: okSchema(customerByPhone) },
      },
    },
    async (req) => ok(req, await svc.byPhone(lessor(req), req.query.phone)),
  );

  app.get(
    RENTAL_PATHS.verifiedCustomers,
    {
      config: screens,
      schema: {
        tags,
        summary: "The lessor's activated clients (selects: the only ones leases and recharges may name)",
        response: { 200: okSchema(z.array(verifiedCustomer)) },
      },
    },
    async (req) => ok(req, await svc.verified(lessor(req))),
  );

  app.get(
    RENTAL_PATHS.zzCustomer,
    {
      config: screens,
      schema: {
        tags,
        summary: "The lessor's client whose admin phone is this, or null",
        querystring: customerPhoneQuery,
        response: { 200: okSchema(customerRecord.nullable()) },
      },
    },
    async (req) => ok(req, await svc.zzCustomer(lessor(req), req.query.phone)),
  );

  app.post(
    RENTAL_PATHS.addCustomer,
    {
      config: screens,
      schema: {
        tags,
        summary: 'Add a verified operator account as a client (prices in major units)',
        body: addCustomerBody,
        response: { 200: okSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const out = await svc.add(lessor(req), req.body);
      auditOf(req).target = `accountId=${req.body.accountId}`;
      auditOf(req).detail = { clientId: out.id, currency: req.body.currency };
      return ok(req, out);
    },
  );

  app.post(
    RENTAL_PATHS.updateCustomer,
    {
      config: screens,
      schema: {
        tags,
        summary: "A client's prices and credit limit (later leases; a limit change settles the locks)",
        body: updateCustomerBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      const out = await svc.update(lessor(req), req.body);
      auditOf(req).target = `accountId=${out.accountId}`;
      return ok(req, null);
    },
  );

  app.get(
    RENTAL_PATHS.verifyCode,
    {
      config: codeScreen,
      schema: {
        tags,
        summary: "Send the activation code to a client's admin phone",
        querystring: leaseVerifyCodeQuery,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await svc.sendCode(lessor(req), req.query.phoneNum);
      return ok(req, null);
    },
  );

  app.post(
    RENTAL_PATHS.activeCustomer,
    {
      config: screens,
      schema: {
        tags,
        summary: 'Activate a client with the code its admin phone received',
        body: activeCustomerBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await svc.activate(lessor(req), req.body, req.ip);
      auditOf(req).target = `accountId=${req.body.yyAccountId}`;
      return ok(req, null);
    },
  );

  app.get(
    RENTAL_PATHS.signByAccount,
    {
      config: screens,
      schema: {
        tags,
        summary: "A client's sign",
        querystring: accountIdQuery,
        response: { 200: okSchema(clientSign) },
      },
    },
    async (req) => ok(req, await svc.sign(lessor(req), req.query.accountId)),
  );

  app.get(
    RENTAL_PATHS.signs,
    {
      config: screens,
      schema: { tags, summary: "Every client's sign", response: { 200: okSchema(z.array(clientSign)) } },
    },
    async (req) => ok(req, await svc.signs(lessor(req))),
  );

  app.post(
    RENTAL_PATHS.setAccountSign,
    {
      config: screens,
      schema: {
        tags,
        summary: "Set a client's sign (1..50 characters)",
        body: setAccountSignBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await svc.setSign(lessor(req), req.body);
      auditOf(req).target = `accountId=${req.body.accountId}`;
      return ok(req, null);
    },
  );
};
