/**
 * The system log (issue 12, docs/api.md "System log"). One hook (platform/auditHook.ts) writes a row for every write call
 * the console answers: every /api route whose method is not GET, HEAD or OPTIONS, unless the route
 * says `config.audit: false` (device traffic and reads that travel as POST), and a GET route that
 * names a log type in `config.audit` (a GET that writes: firmware genkey). A route adds what only
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
 * A change and its row commit together or not at all (issue 20; auditHook.ts): the handler of every audited route
 * runs in one request transaction (platform/requestTx.ts) whose last statement is the row, so a
 * crash, an exhausted pool or a row the database refuses leaves neither. A deadlock or a
 * serialization failure runs the handler again (up to 5 times). A call that changed nothing (a
 * refusal before or inside its handler, a failure) gets its row through a queue that writes rows in
 * batches and retries until the database takes them; the answer waits for it up to 3 s.
 *
 * Every row carries `hash = sha256(prev_hash + "\n" + canonical(row))`, chained in id order under
 * an advisory lock (taken last in every transaction, so it is held only until the commit), over
 * the row exactly as stored: texts without NUL bytes or lone surrogates (U+FFFD in their place), the
 * detail as jsonb gives it back (platform/text.ts). `npm run syslog:check` (modules/syslog/check.ts)
 * walks the chain and names every break.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './db.ts';
import { outsideRequestTx } from './requestTx.ts';
import type { Database } from './schema.ts';
import { storableJson, storableText } from './text.ts';

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
    /**
     * false: this write route is not logged (say why beside it). 1: its rows are sign-in rows. On a
     * GET route a log type makes it logged, in a request transaction, like a write.
     */
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
/** A detail longer than this (as JSON) is replaced by its size: details are short notes, not bodies. */
const MAX_DETAIL_JSON = 4000;
const cut = (s: string | null | undefined) =>
  s == null ? null : storableText(s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s);

/** The detail exactly as jsonb will give it back (the hash covers what is stored). */
function storedDetail(detail: Record<string, unknown> | undefined): unknown {
  const v = storableJson(detail ?? {});
  const size = JSON.stringify(v).length;
  return size > MAX_DETAIL_JSON ? { truncated: true, size } : v;
}

/** Rows of refused calls waiting to be written (a batch a transaction; kept while the database is away). */
const QUEUE_LIMIT = 100_000;
const BATCH = 500;

export function createAudit(db: Db, logger?: Logger) {
  const queue: { entry: AuditEntry; done: () => void }[] = [];
  let flushing = false;
  let dropped = 0;

  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    let failures = 0;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, BATCH);
        try {
          await db.transaction().execute((trx) =>
            writeManyIn(
              trx,
              batch.map((q) => q.entry),
            ),
          );
          queue.splice(0, batch.length);
          for (const q of batch) q.done();
          failures = 0;
        } catch (err) {
          failures += 1;
          if (failures === 1 || failures % 20 === 0)
            logger?.error({ err, waiting: queue.length }, 'system log rows not written yet: retrying');
          await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** Math.min(failures, 6))));
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    /** Appends one row to the chain in a transaction of its own; returns its id. */
    async write(e: AuditEntry): Promise<number> {
      return db.transaction().execute((trx) => writeIn(trx, e));
    },
    /** Appends one row inside `trx`: it exists only if `trx` commits (a balance lock at landing). */
    writeIn: (trx: Kysely<Database>, e: AuditEntry) => writeIn(trx, e),
    /**
     * Appends the row of a call that changed nothing (refused, failed) outside any request
     * transaction, in batches, retried until the database takes them; resolves once written.
     */
    enqueue(e: AuditEntry): Promise<void> {
      if (queue.length >= QUEUE_LIMIT) {
        queue.shift()?.done();
        dropped += 1;
        if (dropped === 1 || dropped % 1000 === 0)
          logger?.error({ dropped }, 'system log queue full: oldest refused-call rows dropped');
      }
      return new Promise<void>((done) => {
        queue.push({ entry: e, done });
        void outsideRequestTx(flush);
      });
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;

async function writeIn(trx: Kysely<Database>, e: AuditEntry): Promise<number> {
  const [id] = await writeManyIn(trx, [e]);
  return id as number;
}

/**
 * Appends rows in `trx`, in order, in three statements whatever their number: the chain's lock; the
 * chain's head, the ids and the names the entries lack; one INSERT.
 */
async function writeManyIn(trx: Kysely<Database>, entries: AuditEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
  const accountIds = [
    ...new Set(entries.filter((e) => e.actor?.accountName == null).map((e) => e.actor?.accountId)),
  ].filter((id): id is number => id != null);
  const userIds = [
    ...new Set(entries.filter((e) => e.actor?.userName == null).map((e) => e.actor?.userId)),
  ].filter((id): id is number => id != null);
  const head = await sql<{
    prev: string | null;
    ids: string[];
    accounts: Record<string, string> | null;
    users: Record<string, string> | null;
  }>`
    SELECT (SELECT hash FROM system_logs WHERE hash IS NOT NULL ORDER BY id DESC LIMIT 1) AS prev,
           ARRAY(SELECT nextval(pg_get_serial_sequence('system_logs', 'id'))::text
                 FROM generate_series(1, ${entries.length}::int)) AS ids,
           (SELECT jsonb_object_agg(id, account_name) FROM accounts
             WHERE id = ANY(${accountIds}::int[])) AS accounts,
           (SELECT jsonb_object_agg(id, user_name) FROM users WHERE id = ANY(${userIds}::int[])) AS users`.execute(
    trx,
  );
  const h = head.rows[0];
  let prevHash = h?.prev ?? null;
  const ids = (h?.ids ?? []).map(Number).sort((a, b) => a - b);
  const createdAt = new Date();
  const values = entries.map((e, i) => {
    const accountId = e.actor?.accountId ?? null;
    const userId = e.actor?.userId ?? null;
    const accountName =
      e.actor?.accountName ?? (accountId == null ? null : (h?.accounts?.[accountId] ?? null));
    const userName = e.actor?.userName ?? (userId == null ? null : (h?.users?.[userId] ?? null));
    // Every text as PostgreSQL stores it: the hash covers exactly what a check reads back.
    const row: HashedRow = {
      id: ids[i] as number,
      createdAt,
      accountId,
      userId,
      accountName: cut(accountName),
      userName: cut(userName),
      logType: e.logType,
      action: cut(e.action) ?? '',
      method: cut(e.method),
      path: cut(e.path),
      target: cut(e.target),
      result: e.result,
      ip: cut(e.ip),
      detail: storedDetail(e.detail),
    };
    const hash = rowHash(prevHash, row);
    const value = {
      id: row.id as number,
      created_at: row.createdAt,
      account_id: accountId,
      user_id: userId,
      account_name: row.accountName,
      user_name: row.userName,
      log_type: row.logType,
      action: row.action,
      method: row.method,
      path: row.path,
      target: row.target,
      result: row.result,
      ip: row.ip,
      detail: JSON.stringify(row.detail),
      prev_hash: prevHash,
      hash,
    };
    prevHash = hash;
    return value;
  });
  await trx.insertInto('system_logs').values(values).execute();
  return ids;
}
