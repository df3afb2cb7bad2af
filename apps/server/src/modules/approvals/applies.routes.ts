/**
 * Review of account applications (001 §7 "Accounts and approvals": apply list, apply detail, apply
 * status), platform side: the AccountApplyList screen and the manageAccount ability. Plus
 * GET /api/user/account/apply/mine: any signed-in user's own account's applications.
 */
import {
  applyDetail,
  applyIdParams,
  applyListQuery,
  applyPage,
  applyStatusBody,
  myApply,
  ok as okSchema,
} from '@agrifleet/domain';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { AppliesService } from './applies.service.ts';

const tags = ['approvals'];
const access = { screens: ['AccountApplyList'], ability: 'manageAccount' } as const;

export const applyRoutes: Routes<{ applies: AppliesService }> = async (app, { applies }) => {
  app.get(
    '/api/user/account/apply/list',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Account applications with the unaudited counts (zfNotCheckNum, zzqyCheckNum, yyqyCheckNum)',
        querystring: applyListQuery,
        response: { 200: okSchema(applyPage) },
      },
    },
    async (req) => ok(req, await applies.list(req.query)),
  );

  app.get(
    '/api/user/account/apply/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's own account's applications (status and reason), newest first",
        response: { 200: okSchema(z.array(myApply)) },
      },
    },
    async (req) => ok(req, await applies.mine(callerOf(req).account.id)),
  );

  app.get(
    '/api/user/account/apply/:applyId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One application: what was submitted (content) beside the account now (current)',
        params: applyIdParams,
        response: { 200: okSchema(applyDetail) },
      },
    },
    async (req) => ok(req, await applies.detail(req.params.applyId)),
  );

  app.put(
    '/api/user/account/apply/status',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Pass (2) or reject (3, reason required) an unaudited application; the applicant is told',
        body: applyStatusBody,
        response: { 200: okSchema(z.object({ notified: z.boolean() })) },
      },
    },
    async (req) => {
      auditOf(req).detail = { applyStatus: req.body.applyStatus };
      return ok(req, await applies.decide(req.body, callerOf(req).user.id));
    },
  );
};
