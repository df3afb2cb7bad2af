/**
 * Review of account applications (001 §7 "Accounts and approvals": apply list, apply detail, apply
 * status). Platform side only: the AccountApplyList screen and the manageAccount ability.
 */
import {
  applyDetail,
  applyIdParams,
  applyListQuery,
  applyRecord,
  applyStatusBody,
  ok as okSchema,
  page,
} from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { AppliesRepo } from './applies.repo.ts';

const tags = ['accounts'];
const access = { screens: ['AccountApplyList'], ability: 'manageAccount' } as const;

export const applyRoutes: Routes<{ applies: AppliesRepo }> = async (app, { applies }) => {
  app.get(
    '/api/user/account/apply/list',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Account applications',
        querystring: applyListQuery,
        response: { 200: okSchema(page(applyRecord)) },
      },
    },
    async (req) => ok(req, await applies.list(req.query)),
  );

  app.get(
    '/api/user/account/apply/:applyId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One application with what was submitted',
        params: applyIdParams,
        response: { 200: okSchema(applyDetail) },
      },
    },
    async (req) => {
      const found = await applies.detail(req.params.applyId);
      if (!found) throw errors.notFound();
      return ok(req, { ...found, content: (found.content ?? {}) as Record<string, unknown> });
    },
  );

  app.put(
    '/api/user/account/apply/status',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Pass (2) or reject (3) an unaudited application',
        body: applyStatusBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      const { applyId, applyStatus } = req.body;
      if (!(await applies.decide(applyId, applyStatus, callerOf(req).user.id))) {
        if (!(await applies.detail(applyId))) throw errors.notFound();
        throw errors.applyDecided();
      }
      return ok(req, null);
    },
  );
};
