/**
 * Every /api route declares `config.access`: 'public', 'optional' (public, but a valid token
 * identifies the caller), 'user' (any signed-in caller), or the screens / ability it serves.
 * The guard refuses callers outside it: 401 without a valid session,
 * 403 when the access tables of packages/domain say no, whatever the menu shows.
 */
import { type Ability, canAccessScreen, hasAbility, type Screen } from '@agrifleet/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db.ts';
import { errors } from '../errors.ts';
import { accessSubject, type Caller, loadCaller } from './subject.ts';
import type { TokenSigner } from './tokens.ts';

export type Access = 'public' | 'optional' | 'user' | { screens?: readonly Screen[]; ability?: Ability };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The signed-in caller of a route whose access is not 'public'. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw errors.unauthorized();
  return req.caller;
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || null;
  // Browsers cannot set headers on a WebSocket: the monitor socket sends its token in the query.
  if (req.headers.upgrade?.toLowerCase() === 'websocket') {
    const token = (req.query as Record<string, unknown> | undefined)?.access_token;
    return typeof token === 'string' && token ? token : null;
  }
  return null;
}

/** Whether the user, or its account, is disabled (the guard's reason for a refused token). */
async function isDisabled(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['u.enabled as user', 'a.enabled as account'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return !!row && (!row.user || !row.account);
}

export const authGuard = fp(
  async (app: FastifyInstance, opts: { db: Db; tokens: TokenSigner }) => {
    app.decorateRequest('caller', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
      if (route.config?.access === undefined) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      }
    });

    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.access;
      if (access === undefined || access === 'public') return;
      const token = bearer(req);
      const claims = token ? await opts.tokens.verify(token) : null;
      const caller = claims ? await loadCaller(opts.db, claims.sessionId, claims.userId) : null;
      const valid = !!caller?.user.enabled && caller.account.enabled;
      if (access === 'optional') {
        if (valid) req.caller = caller;
        return;
      }
      if (!valid || !caller) {
        // A disabled account's (or user's) sessions are revoked: say why instead of a plain 401.
        if (claims && (await isDisabled(opts.db, claims.userId))) throw errors.accountDisabled();
        throw errors.unauthorized();
      }
      req.caller = caller;
      if (access === 'user') return;
      const subject = accessSubject(caller, req.hostProfile);
      if (access.screens && !access.screens.some((s) => canAccessScreen(subject, s)))
        throw errors.forbidden();
      if (access.ability && !hasAbility(subject, access.ability)) throw errors.forbidden();
    });
  },
  { name: 'auth-guard', dependencies: ['request-context'] },
);
