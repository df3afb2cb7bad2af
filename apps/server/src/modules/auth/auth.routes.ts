/** The sign-in family of 000 §7, exactly as named: /api/user/baseaccount/... */

import {
  CODE_TYPES,
  type CodeType,
  checkVerifyCodeQuery,
  loginPdBody,
  loginResult,
  loginSmsBody,
  ok as okSchema,
  refreshTokenBody,
  regBody,
  resetPasswordBody,
  verifyCodeQuery,
} from '@agrifleet/domain';
import { z } from 'zod';
import { auditOf, LOG_TYPES } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { readCookie, setCookie } from '../../platform/cookies.ts';
import { ok } from '../../platform/http.ts';
import { originOf, type Routes } from '../../platform/routes.ts';
import type { AuthService } from './auth.service.ts';
import { CAPTCHA_COOKIE, type CaptchaService } from './captcha.ts';

const tags = ['auth'];
const empty = okSchema(z.null());

export const authRoutes: Routes<{ auth: AuthService; captcha: CaptchaService }> = async (app, { auth }) => {
  const base = '/api/user/baseaccount';

  app.get(
    `${base}/getVerify`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '4-digit image captcha (SVG), bound to the caller by cookie',
        querystring: z.object({}).passthrough(),
      },
    },
    async (req, reply) => {
      const c = await auth.issueCaptcha(originOf(req));
      setCookie(reply, CAPTCHA_COOKIE, c.id, c.ttlSeconds);
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(c.svg);
    },
  );

  app.get(
    `${base}/getVerifyCode`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send an SMS or e-mail code',
        querystring: verifyCodeQuery,
        response: { 200: empty },
      },
    },
    async (req) => {
      await auth.sendCode(req.query.phoneNum, req.query.codeType, originOf(req));
      return ok(req, null);
    },
  );

  app.get(
    `${base}/checkVerifyCode`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check a code without using it up',
        querystring: checkVerifyCodeQuery,
        response: { 200: empty },
      },
    },
    async (req) => {
      const { phoneNum, code, verifyCode, checkOpr } = req.query;
      const type: CodeType = (CODE_TYPES as readonly string[]).includes(checkOpr ?? '')
        ? (checkOpr as CodeType)
        : '3';
      await auth.checkCode(phoneNum, code ?? verifyCode ?? '', type, originOf(req));
      return ok(req, null);
    },
  );

  app.post(
    `${base}/loginPd`,
    {
      config: { access: 'public', audit: LOG_TYPES.signIn },
      schema: {
        tags,
        summary: 'Password sign-in',
        body: loginPdBody,
        response: { 200: okSchema(loginResult) },
      },
    },
    async (req) => {
      auditOf(req).target = `account=${maskAccount(req.body.phoneNum)}`;
      const r = await auth.loginWithPassword(req.body, readCookie(req, CAPTCHA_COOKIE), originOf(req));
      auditOf(req).actor = { accountId: r.accountId, userId: r.userId };
      return ok(req, r);
    },
  );

  app.post(
    `${base}/loginSmS`,
    {
      config: { access: 'public', audit: LOG_TYPES.signIn },
      schema: {
        tags,
        summary: 'SMS-code sign-in',
        body: loginSmsBody,
        response: { 200: okSchema(loginResult) },
      },
    },
    async (req) => {
      auditOf(req).target = `account=${maskAccount(req.body.phoneNum)}`;
      const r = await auth.loginWithCode(req.body, originOf(req));
      auditOf(req).actor = { accountId: r.accountId, userId: r.userId };
      return ok(req, r);
    },
  );

  app.post(
    `${base}/loginOut`,
    {
      config: { access: 'user', audit: LOG_TYPES.signIn },
      schema: { tags, summary: 'Sign out (revokes the session)', response: { 200: empty } },
    },
    async (req) => {
      await auth.logout(callerOf(req).sessionId);
      return ok(req, null);
    },
  );

  app.post(
    `${base}/reg`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Register an account (to be reviewed)',
        body: regBody,
        response: { 200: empty },
      },
    },
    async (req) => {
      auditOf(req).target = `accountName=${req.body.accountName}`;
      auditOf(req).actor = await auth.register(req.body, originOf(req));
      return ok(req, null);
    },
  );

  app.put(
    `${base}/resetPassword`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Reset the password with a code',
        body: resetPasswordBody,
        response: { 200: empty },
      },
    },
    async (req) => {
      auditOf(req).target = `account=${maskAccount(req.body.phoneNum)}`;
      await auth.resetPassword(req.body, originOf(req));
      return ok(req, null);
    },
  );

  app.post(
    `${base}/refreshToken`,
    {
      // Not logged: every session renews its token many times a day; a stolen token coming back
      // is logged by the service (refreshTokenReuse).
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary: 'New jToken for a refresh token',
        body: refreshTokenBody,
        response: { 200: okSchema(loginResult) },
      },
    },
    async (req) => ok(req, await auth.refresh(req.body.refreshToken, originOf(req))),
  );
};

/** An account as the log shows it before anyone is signed in: a phone's middle or an address's name hidden. */
function maskAccount(raw: string | null | undefined): string {
  if (!raw) return '';
  // By code points: a cut through a surrogate pair (an emoji) would leave text that is not stored as hashed.
  const chars = Array.from(raw);
  const at = chars.indexOf('@');
  if (at > 0) return `${chars[0]}***${chars.slice(at).join('')}`;
  return chars.length > 6 ? `${chars.slice(0, 3).join('')}****${chars.slice(-3).join('')}` : '***';
}
