/**
 * The system log (issue 12, docs/api.md "System log"). One hook writes a row for every write call
 * the console answers: every /api route whose method is not GET, HEAD or OPTIONS, unless the route
 * says `config.audit: false` (device traffic and reads that travel as POST). A route adds what only
 * it knows through `auditOf(req)`: the target, a short detail, the log type, or who acted when
 * nobody is signed in yet (sign-in). Rows that no request makes (a refused telemetry key) go
 * through `audit.write`.
 *
 * Who is logged: the signed-in caller, else the actor the route named. A call refused for want of
 * a session (401) has nobody to name and is not logged; any other answer is, with its HTTP status
 * as the result, so refused attempts (403, 409) are in the log too.
 *
 * Log types (the filter's logType; the list shows 1 and 2 by default, 001 §4):
 *   1 sign-in and sign-out, 2 changes, 3 refused device access (a disabled account's key).
 *
 * Every row carries `hash = sha256(prev_hash + "\n" + canonical(row))`, chained in id order under
 * an advisory lock; `npm run syslog:check` (modules/syslog/check.ts) walks the chain.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';

export const LOG_TYPES = { signIn: 1, change: 2, device: 3 } as const;
export type LogType = (typeof LOG_TYPES)[keyof typeof LOG_TYPES];

/** What a route may add to (or change in) its request's row. */
export interface AuditNote {
  logType?: LogType;
  /** What was acted on, e.g. "accountId=12" (default: the path parameters, else the body's ids). */
  target?: string;
  /** A small JSON detail; never secrets or whole bodies. */
  detail?: Record<string, unknown>;
  /** Who acted when the caller is not signed in (sign-in names the user it signed in). */
  actor?: AuditActor;
  /** Do not log this request after all (a route that decides per call). */
  skip?: boolean;
}

export interface AuditActor {
  accountId: number | null;
  userId: number | null;
  accountName?: string | null;
  userName?: string | null;
}

export interface AuditEntry {
  actor: AuditActor | null;
  logType: LogType;
  /** "METHOD /api/pattern" for requests; a name for rows no request makes. */
  action: string;
  method: string | null;
  path: string | null;
  target: string | null;
  result: number;
  ip: string | null;
  detail: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this write route is not logged (say why beside it). 1: its rows are sign-in rows. */
    audit?: false | LogType;
  }
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
}

/** The note of this request's log row, created on first use. */
export function auditOf(req: FastifyRequest): AuditNote {
  if (!req.auditNote) req.auditNote = {};
  return req.auditNote;
}

/** The fields a row's hash covers, in a fixed order. */
export interface HashedRow {
  id: number | string;
  createdAt: Date;
  accountId: number | null;
  userId: number | null;
  accountName: string | null;
  userName: string | null;
  logType: number;
  action: string;
  method: string | null;
  path: string | null;
  target: string | null;
  result: number | null;
  ip: string | null;
  detail: unknown;
}

/** A JSON value with every object's keys in sorted order (jsonb gives keys back in its own order). */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

export function canonicalRow(r: HashedRow): string {
  return JSON.stringify([
    String(r.id),
    r.createdAt.toISOString(),
    r.accountId,
    r.userId,
    r.accountName,
    r.userName,
    r.logType,
    r.action,
    r.method,
    r.path,
    r.target,
    r.result,
    r.ip,
    sortedKeys(r.detail ?? {}),
  ]);
}

export function rowHash(prevHash: string | null, r: HashedRow): string {
  return createHash('sha256')
    .update(`${prevHash ?? ''}\n${canonicalRow(r)}`)
    .digest('hex');
}

/** The advisory lock that orders the chain (any constant the application uses nowhere else). */
const CHAIN_LOCK = 7_411_012;
const MAX_TEXT = 500;
const cut = (s: string | null | undefined) =>
  s == null ? null : s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s;

export function createAudit(db: Db) {
  return {
    /** Appends one row to the chain; returns its id. */
    async write(e: AuditEntry): Promise<number> {
      return db.transaction().execute((trx) => writeIn(trx, e));
    },
    /** Appends one row inside `trx`: it exists only if `trx` commits (a balance lock at landing). */
    writeIn: (trx: Kysely<Database>, e: AuditEntry) => writeIn(trx, e),
  };
}
export type Audit = ReturnType<typeof createAudit>;

async function writeIn(trx: Kysely<Database>, e: AuditEntry): Promise<number> {
  {
    await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
    let { accountName = null, userName = null } = e.actor ?? {};
    const accountId = e.actor?.accountId ?? null;
    const userId = e.actor?.userId ?? null;
    if ((accountName == null && accountId != null) || (userName == null && userId != null)) {
      const names = await sql<{ a: string | null; u: string | null }>`
            SELECT (SELECT account_name FROM accounts WHERE id = ${accountId}) AS a,
                   (SELECT user_name FROM users WHERE id = ${userId}) AS u`.execute(trx);
      accountName ??= names.rows[0]?.a ?? null;
      userName ??= names.rows[0]?.u ?? null;
    }
    const prev = await trx
      .selectFrom('system_logs')
      .select('hash')
      .where('hash', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const idRow = await sql<{ id: string }>`
          SELECT nextval(pg_get_serial_sequence('system_logs', 'id'))::text AS id`.execute(trx);
    const id = Number(idRow.rows[0]?.id);
    const row: HashedRow = {
      id,
      createdAt: new Date(),
      accountId,
      userId,
      accountName,
      userName,
      logType: e.logType,
      action: cut(e.action) ?? '',
      method: e.method,
      path: cut(e.path),
      target: cut(e.target),
      result: e.result,
      ip: e.ip,
      detail: e.detail,
    };
    const prevHash = prev?.hash ?? null;
    await trx
      .insertInto('system_logs')
      .values({
        id,
        created_at: row.createdAt,
        account_id: accountId,
        user_id: userId,
        account_name: accountName,
        user_name: userName,
        log_type: row.logType,
        action: row.action,
        method: row.method,
        path: row.path,
        target: row.target,
        result: row.result,
        ip: row.ip,
        detail: JSON.stringify(row.detail ?? {}),
        prev_hash: prevHash,
        hash: rowHash(prevHash, row),
      })
      .execute();
    return id;
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

/** True when a route of this method and config is logged by the hook. */
export function isAudited(method: string, url: string, audit: false | LogType | undefined): boolean {
  return url.startsWith('/api') && !READ_METHODS.has(method) && audit !== false;
}

/** The hook: one row per answered write call (see the file's head). */
export const auditHook = fp(
  async (app: FastifyInstance, opts: { audit: Audit; logger: Logger }) => {
    app.decorateRequest('auditNote', null);
    app.addHook('onSend', async (req, reply, payload) => {
      const route = req.routeOptions;
      if (!route.url || !isAudited(req.method, route.url, route.config?.audit)) return payload;
      const note = req.auditNote ?? {};
      if (note.skip) return payload;
      const caller = req.caller;
      const actor: AuditActor | null = caller
        ? {
            accountId: caller.account.id,
            userId: caller.user.id,
            accountName: caller.account.account_name,
            userName: caller.user.user_name,
          }
        : (note.actor ?? null);
      const access = route.config?.access;
      if (!actor && reply.statusCode === 401 && access !== 'public') return payload;
      try {
        await opts.audit.write({
          actor,
          logType: note.logType ?? (route.config?.audit || LOG_TYPES.change),
          action: `${req.method} ${route.url}`,
          method: req.method,
          path: req.url.split('?')[0] ?? req.url,
          target: note.target ?? defaultTarget(req),
          result: reply.statusCode,
          ip: req.ip,
          detail: note.detail ?? {},
        });
      } catch (err) {
        // The write itself is done (or refused); a log row that cannot be stored is reported.
        opts.logger.error({ err, url: route.url }, 'system log row not written');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['auth-guard'] },
);
