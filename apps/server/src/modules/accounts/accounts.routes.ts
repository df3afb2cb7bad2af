/**
 * Account administration calls (001 §7 "Accounts and approvals", "Members, own account, logs";
 * docs/api.md "Accounts"). Every route needs a session; writes need the manageAccount ability
 * (user types 1, 4, 5); the service decides per account (accounts.service.ts).
 */
import {
  accountCreateBody,
  accountEnableBody,
  accountIdParams,
  accountInfoBody,
  accountListQuery,
  accountPage,
  accountRecord,
  accountRental,
  accountRentalBody,
  accountRentalQuery,
  accountUpdateBody,
  mergeManufacturerBody,
  mergeResult,
  ok as okSchema,
  ownApply,
  ownApplyResult,
  ACCOUNT_PATHS as P,
  subCompanyBody,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { accessSubject } from '../../platform/auth/subject.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { AccountsService, Acting } from './accounts.service.ts';

const tags = ['accounts'];
const manage = { access: { ability: 'manageAccount' } } as const;
const created = z.object({ accountId: z.number().int(), userId: z.number().int(), noticeSent: z.boolean() });

function acting(req: FastifyRequest): Acting {
  const caller = callerOf(req);
  return {
    caller,
    subject: accessSubject(caller, req.hostProfile),
    lang: req.lang,
    dialCode: req.hostProfile.dialCode,
  };
}

export const accountRoutes: Routes<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.get(
    P.list,
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Accounts in the caller's scope with the 001 §3 filters, and the stats zfNum, zzqyNum, yyqyNum of the filtered set",
        querystring: accountListQuery,
        response: { 200: okSchema(accountPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const r = await accounts.list(acting(req), q);
      return ok(req, { ...r, current: q.currentPage, size: q.pageSize });
    },
  );

  app.get(
    `${P.detail}/:accountId`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One account the caller sees (else 404)',
        params: accountIdParams,
        response: { 200: okSchema(accountRecord) },
      },
    },
    async (req) => ok(req, await accounts.detail(callerOf(req), req.params.accountId, req.lang)),
  );

  app.post(
    P.create,
    {
      config: { access: { screens: ['AccountList'], ability: 'manageAccount' } },
      schema: {
        tags,
        summary:
          'Platform: create an account (reviewed) and its first administrator (user type 4), who receives a sign-in notice with a one-time initial password',
        body: accountCreateBody,
        response: { 200: okSchema(created) },
      },
    },
    async (req) => {
      const r = await accounts.create(acting(req), req.body);
      auditOf(req).target = `accountId=${r.accountId}`;
      auditOf(req).detail = { accountName: req.body.accountName, accountType: req.body.accountType };
      return ok(req, r);
    },
  );

  for (const [path, viaSubPlatform] of [
    [P.subCompany, false],
    [P.subPlatformSubCompany, true],
  ] as const)
    app.post(
      path,
      {
        config: { access: { screens: ['SubCompanyList'], ability: 'manageAccount' } },
        schema: {
          tags,
          summary: viaSubPlatform
            ? 'Sub-platform accounts (tag 1, type 1): create a sub-company (type 3 or 4) and its administrator'
            : "Create a sub-company of the caller's account (001 §6 sub-account rule) and its administrator",
          body: subCompanyBody,
          response: { 200: okSchema(created) },
        },
      },
      async (req) => {
        const r = await accounts.createSub(acting(req), req.body, viaSubPlatform);
        auditOf(req).target = `accountId=${r.accountId}`;
        auditOf(req).detail = { accountName: req.body.accountName };
        return ok(req, r);
      },
    );

  app.put(
    P.update,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update an account the caller manages',
        body: accountUpdateBody,
        response: { 200: okSchema(accountRecord) },
      },
    },
    async (req) => ok(req, await accounts.update(callerOf(req), req.body)),
  );

  app.put(
    P.enable,
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Enable (opr 1) or disable (opr 0) an account; a disable signs its users out at once and refuses their drones' keys",
        body: accountEnableBody,
        response: { 200: okSchema(z.object({ accountId: z.number().int(), enabled: z.number().int() })) },
      },
    },
    async (req) => {
      auditOf(req).detail = { opr: req.body.opr };
      return ok(req, await accounts.enable(callerOf(req), req.body.accountId, req.body.opr));
    },
  );

  app.delete(
    `${P.remove}/:accountId`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an account without drones or sub-accounts (409 says what to do first)',
        params: accountIdParams,
        response: { 200: okSchema(z.object({ accountId: z.number().int() })) },
      },
    },
    async (req) => ok(req, await accounts.remove(callerOf(req), req.params.accountId)),
  );

  app.get(
    P.rental,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "An account's rental option (lease model): the caller's own, or one it manages",
        querystring: accountRentalQuery,
        response: { 200: okSchema(accountRental) },
      },
    },
    async (req) => ok(req, await accounts.rental(callerOf(req), req.query.accountId)),
  );

  app.post(
    P.rental,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set the rental option of an account the caller manages',
        body: accountRentalBody,
        response: { 200: okSchema(accountRental) },
      },
    },
    async (req) => {
      auditOf(req).detail = { leaseModel: req.body.leaseModel };
      return ok(req, await accounts.setRental(callerOf(req), req.body.accountId, req.body.leaseModel));
    },
  );

  app.put(
    P.merge,
    {
      config: { access: { screens: ['AccountList'], ability: 'manageAccount' } },
      schema: {
        tags,
        summary:
          'Platform: move the models, drones and history of manufacturer mergeAccountId into accountId (one transaction); the merged account is disabled',
        body: mergeManufacturerBody,
        response: { 200: okSchema(mergeResult) },
      },
    },
    async (req) => {
      const r = await accounts.merge(callerOf(req), req.body.accountId, req.body.mergeAccountId);
      auditOf(req).target = `accountId=${r.accountId},mergeAccountId=${r.mergeAccountId}`;
      auditOf(req).detail = { models: r.models, drones: r.drones, sorties: r.sorties };
      return ok(req, r);
    },
  );

  app.get(
    P.own,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's account record",
        response: { 200: okSchema(accountRecord) },
      },
    },
    async (req) => ok(req, await accounts.own(callerOf(req))),
  );

  app.get(
    P.ownApplies,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in account's applications (registration, modification) with status and reason",
        response: { 200: okSchema(z.array(ownApply)) },
      },
    },
    async (req) => ok(req, await accounts.ownApplies(callerOf(req))),
  );

  app.post(
    P.info,
    {
      config: { access: { screens: ['AccountDetail'], ability: 'manageAccount' } },
      schema: {
        tags,
        summary:
          'Update own account info: a reviewed account applies for a modification (apply type 2); an unreviewed one corrects its registration',
        body: accountInfoBody,
        response: { 200: okSchema(ownApplyResult) },
      },
    },
    async (req) => {
      const r = await accounts.submitInfo(acting(req), req.body);
      auditOf(req).target = `applyId=${r.applyId}`;
      return ok(req, r);
    },
  );
};
