/**
 * The audit hook (platform/audit.ts has the log's rows and chain): which calls are logged, and the
 * request transaction every logged write route runs in (platform/requestTx.ts), whose last
 * statement is the request's row. A refused call's row goes through the writer's queue.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { type Audit, type AuditActor, type AuditEntry, LOG_TYPES, type LogType } from './audit.ts';
import { currentScope, runInRequestTx, type TxScope } from './requestTx.ts';
import { isTransient, retryDelayMs, TRANSIENT_ATTEMPTS } from './retryTx.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's row was written in its transaction (the onSend hook adds none). */
    auditWritten: boolean;
    /** The request transaction's end (row and commit), once started. */
    auditFinish: Promise<void> | null;
  }
}

const ID_KEYS = [
  'id',
  'accountId',
  'userId',
  'droneId',
  'droneIds',
  'groupId',
  'teamId',
  'userIds',
  'noflyId',
  'blockId',
  'applyId',
  'bulletinIds',
  'orderSn',
  'orderIds',
  'ticketId',
  'devId',
  'flyModelId',
  'routeId',
  'statId',
] as const;

/** The default target: the path parameters, else the body's id fields ("accountId=3 opr=0"). */
export function defaultTarget(req: FastifyRequest): string | null {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') parts.push(`${k}=${String(v)}`);
  if (parts.length === 0)
    for (const k of ID_KEYS) {
      const v = body[k];
      if (v === undefined || v === null) continue;
      parts.push(`${k}=${Array.isArray(v) ? v.slice(0, 20).join(',') : String(v)}`);
    }
  return parts.length ? parts.join(' ') : null;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a route of this method and config is logged by the hook: every write method unless the
 * route says `audit: false`, and a GET only when its route names a log type (a GET that writes:
 * firmware genkey registers the key it hands out; such a route sets `exposeHeadRoute: false`).
 */
export function isAudited(method: string, url: string, audit: false | LogType | undefined): boolean {
  if (!url.startsWith('/api') || audit === false) return false;
  if (READ_METHODS.has(method)) return method === 'GET' && typeof audit === 'number';
  return true;
}

/** The row of this request as answered now (null: nobody to name, or the route said skip). */
function entryOf(req: FastifyRequest, status: number): AuditEntry | null {
  const route = req.routeOptions;
  const note = req.auditNote ?? {};
  if (note.skip) return null;
  const caller = req.caller;
  const actor: AuditActor | null = caller
    ? {
        accountId: caller.account.id,
        userId: caller.user.id,
        accountName: caller.account.account_name,
        userName: caller.user.user_name,
      }
    : (note.actor ?? null);
  if (!actor && status === 401 && route.config?.access !== 'public') return null;
  return {
    actor,
    logType: note.logType ?? (route.config?.audit || LOG_TYPES.change),
    action: `${req.method} ${route.url}`,
    method: req.method,
    path: req.url.split('?')[0] ?? req.url,
    target: note.target ?? defaultTarget(req),
    result: status,
    ip: req.ip,
    detail: note.detail ?? {},
  };
}

/** A deadlock or serialization failure aborted the request's transaction: it runs again (at most). */
const REQUEST_ATTEMPTS = TRANSIENT_ATTEMPTS;
/** How long an answer waits for its refused-call row before it is sent anyway (the row follows). */
const ENQUEUE_WAIT_MS = 3000;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** Requests whose handler sent the answer itself (not run again after a deadlock). */
const sentInScope = new WeakSet<FastifyRequest>();

type Handler = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The handler of an audited route, run in one request transaction (platform/requestTx.ts): the
 * handler's changes and the request's log row commit together. A handler that throws changes
 * nothing (rolled back); its refused row is written by the onSend hook. A deadlock or a
 * serialization failure runs the whole handler again, so callers never see it as an outage.
 */
function transactional(handler: Handler, audit: Audit): Handler {
  return async function (this: FastifyInstance, req, reply) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await runInRequestTx(async (scope) => {
          try {
            const result = await handler.call(this, req, reply);
            // A handler that sent its answer itself had it finished by onSend, before a byte left.
            await finishInScope(req, reply, scope, audit);
            return result;
          } catch (err) {
            await scope.rollback();
            throw err;
          }
        });
      } catch (err) {
        const replayable = !reply.sent && !req.isMultipart?.() && !sentInScope.has(req);
        if (!isTransient(err) || attempt >= REQUEST_ATTEMPTS || !replayable) throw err;
        req.auditNote = null;
        req.auditFinish = null;
        await delay(retryDelayMs(attempt));
      }
    }
  };
}

/**
 * Writes the request's row in its transaction and commits, once: called when the handler returns
 * and by onSend when the handler sends its answer itself (the QR code of a recharge must not reach
 * the payer before the recharge exists), whichever comes first.
 */
function finishInScope(req: FastifyRequest, reply: FastifyReply, scope: TxScope, audit: Audit) {
  req.auditFinish ??= (async () => {
    try {
      const entry = entryOf(req, reply.statusCode);
      if (entry) await audit.write(entry);
      await scope.commit();
      req.auditWritten = true;
    } catch (err) {
      await scope.rollback();
      throw err;
    }
  })();
  return req.auditFinish;
}

/** The hook: one row per answered write call (see the file's head). */
export const auditHook = fp(
  async (app: FastifyInstance, opts: { audit: Audit; logger: Logger }) => {
    app.decorateRequest('auditNote', null);
    app.decorateRequest('auditWritten', false);
    app.decorateRequest('auditFinish', null);
    // Routes registered after this plugin: audited ones run in a request transaction.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const audited = methods.some((m) => isAudited(m, route.url, route.config?.audit));
      if (audited)
        route.handler = transactional(route.handler as Handler, opts.audit) as typeof route.handler;
    });
    app.addHook('onSend', async (req, reply, payload) => {
      const route = req.routeOptions;
      if (req.auditWritten) return payload;
      if (!route.url || !isAudited(req.method, route.url, route.config?.audit)) return payload;
      const scope = currentScope();
      if (scope) {
        sentInScope.add(req);
        // Sent by the handler itself, inside its request transaction: the row joins it, and the
        // answer leaves only once both are committed (a failed commit becomes the error answer).
        await finishInScope(req, reply, scope, opts.audit);
        return payload;
      }
      const entry = entryOf(req, reply.statusCode);
      if (!entry) return payload;
      // A refused or failed call changed nothing: its row goes through the retrying queue.
      const written = opts.audit.enqueue(entry);
      await Promise.race([written, delay(ENQUEUE_WAIT_MS)]);
      return payload;
    });
  },
  { name: 'audit', dependencies: ['auth-guard'] },
);
