/**
 * User applications (001 §7: user apply list, detail, status) and the public submission
 * POST /api/user/user/apply. Reviewers: the platform (UserApplyList + manageAccount) sees all; an
 * account's enterprise admin (manageStaff, through MemberList) its own account's; another
 * account's application answers 404.
 */
import {
  applyIdParams,
  canAccessScreen,
  hasAbility,
  ok as okSchema,
  userApplyBody,
  userApplyListQuery,
  userApplyPage,
  userApplyRecord,
  userApplyStatusBody,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { accessSubject } from '../../platform/auth/subject.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { originOf, type Routes } from '../../platform/routes.ts';
import type { ApplyScope } from './userApplies.repo.ts';
import type { UserAppliesService } from './userApplies.service.ts';

const tags = ['approvals'];
const access = { screens: ['UserApplyList', 'MemberList'] } as const;

/** The platform's reviewers see every account's applications; an enterprise admin its own. */
export function reviewScope(req: FastifyRequest): ApplyScope {
  const caller = callerOf(req);
  const subject = accessSubject(caller, req.hostProfile);
  if (canAccessScreen(subject, 'UserApplyList') && hasAbility(subject, 'manageAccount'))
    return { accountId: null };
  if (hasAbility(subject, 'manageStaff')) return { accountId: caller.account.id };
  throw errors.forbidden();
}

export const userApplyRoutes: Routes<{ userApplies: UserAppliesService }> = async (app, { userApplies }) => {
  app.post(
    '/api/user/user/apply',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Ask to join an account (accountId or exact accountName), phone verified by a register code',
        body: userApplyBody,
        response: { 200: okSchema(z.object({ applyId: z.number().int() })) },
      },
    },
    async (req) => {
      const result = await userApplies.submit(req.body, originOf(req));
      auditOf(req).target = `applyId=${result.applyId}`;
      return ok(req, result);
    },
  );

  app.get(
    '/api/user/user/apply/list',
    {
      config: { access },
      schema: {
        tags,
        summary: 'User applications (the platform: all; an enterprise admin: its account)',
        querystring: userApplyListQuery,
        response: { 200: okSchema(userApplyPage) },
      },
    },
    async (req) => ok(req, await userApplies.list(reviewScope(req), req.query)),
  );

  app.get(
    '/api/user/user/apply/:applyId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One user application',
        params: applyIdParams,
        response: { 200: okSchema(userApplyRecord) },
      },
    },
    async (req) => ok(req, await userApplies.detail(reviewScope(req), req.params.applyId)),
  );

  app.put(
    '/api/user/user/apply/status',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Pass (2: the user is created as staff) or reject (3, reason required); the applicant is told',
        body: userApplyStatusBody,
        response: { 200: okSchema(z.object({ notified: z.boolean() })) },
      },
    },
    async (req) => {
      auditOf(req).detail = { applyStatus: req.body.applyStatus };
      return ok(req, await userApplies.decide(reviewScope(req), req.body, callerOf(req).user.id));
    },
  );
};
