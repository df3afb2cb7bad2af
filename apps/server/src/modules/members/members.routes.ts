/**
 * Members (001 §7 "Members"), family /api/user/member. Every call serves MemberList (user types 1
 * and 4; hidden, and refused, for personal operators by the access tables); writes and the code
 * calls need the ability manageStaff as well.
 */
import {
  MEMBER_CHECK_CODE_PATH,
  MEMBER_CODE_PATH,
  MEMBER_ENABLE_PATH,
  MEMBER_LIST_PATH,
  MEMBER_PATH,
  memberCheckCodeQuery,
  memberCodeQuery,
  memberCreateBody,
  memberCreated,
  memberEnableBody,
  memberListQuery,
  memberPage,
  memberParams,
  memberUpdateBody,
  ok as okSchema,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { MemberActor, MembersService } from './members.service.ts';

const tags = ['members'];
const read = { access: { screens: ['MemberList'] } } as const;
const write = { access: { screens: ['MemberList'], ability: 'manageStaff' } } as const;

function actor(req: FastifyRequest): MemberActor {
  const c = callerOf(req);
  return { user: c.user, account: c.account, lang: req.lang, dialCode: req.hostProfile.dialCode };
}

export const memberRoutes: Routes<{ members: MembersService }> = async (app, { members }) => {
  app.get(
    MEMBER_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: "Members of the caller's account (the platform: all, or one accountId), filtered",
        querystring: memberListQuery,
        response: { 200: okSchema(memberPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const done = await members.list(actor(req), q);
      return ok(req, { ...done, current: q.currentPage, size: q.pageSize });
    },
  );

  app.get(
    MEMBER_CODE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: "Sends a verification code by SMS to a new member's phone",
        querystring: memberCodeQuery,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await members.sendCode(actor(req), req.query.phoneNum);
      return ok(req, null);
    },
  );

  app.get(
    MEMBER_CHECK_CODE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: "Checks the code of a new member's phone without using it up",
        querystring: memberCheckCodeQuery,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await members.checkCode(actor(req), req.query.phoneNum, req.query.code);
      return ok(req, null);
    },
  );

  app.post(
    MEMBER_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: "Creates a member of the caller's account; the phone is verified by its code",
        body: memberCreateBody,
        response: { 200: okSchema(memberCreated) },
      },
    },
    async (req) => {
      auditOf(req).detail = { userName: req.body.userName, userType: req.body.userType };
      const userId = await members.create(actor(req), req.body);
      auditOf(req).target = `userId=${userId}`;
      return ok(req, { userId });
    },
  );

  app.put(
    MEMBER_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: "Updates a member's name, user type or team type",
        body: memberUpdateBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      auditOf(req).target = `userId=${req.body.userId}`;
      await members.update(actor(req), req.body);
      return ok(req, null);
    },
  );

  app.delete(
    `${MEMBER_PATH}/:userId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Removes a member (not yourself, not the last administrator); its sessions end',
        params: memberParams,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await members.remove(actor(req), req.params.userId);
      return ok(req, null);
    },
  );

  app.put(
    MEMBER_ENABLE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Enables (opr 1) or disables (opr 0) a member; disabling ends its sessions at once',
        body: memberEnableBody,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      auditOf(req).target = `userId=${req.body.userId}`;
      auditOf(req).detail = { opr: req.body.opr };
      await members.enable(actor(req), req.body.userId, req.body.opr);
      return ok(req, null);
    },
  );
};
