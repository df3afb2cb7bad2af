/**
 * Three kinds of limits.
 *
 * - `createRateLimiter`: fixed-window counters kept in memory, for throttles where one process is
 *   the whole console (requests per address, code requests, uploads, the refused-key log): the
 *   single process of `npm start`. Each hit is counted synchronously, so parallel requests in one
 *   process cannot slip past it.
 * - `createStoredRateLimiter`: the same fixed-window counters kept in PostgreSQL (table
 *   rate_windows), which `buildApp` chooses in cluster mode (config.cluster): every process counts
 *   into the same row, by one atomic statement, so a limit holds across the cluster.
 * - `createSharedLimiter`: rolling-window limits kept in PostgreSQL (table rate_hits), for the limits
 *   security rests on (guesses at a verification code, sign-in attempts per account): every process
 *   sees them, and a hit is counted by one atomic statement before the guarded work is done.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Db } from './db.ts';
import { errors } from './errors.ts';
import type { Database } from './schema.ts';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts a hit on key; rejects with 429 and the wait when the rule's limit is passed. */
  hit(key: string, rule: RateRule): Promise<void>;
  /** Rejects with 429 when key has used up the rule's limit, without counting a hit. */
  check(key: string, rule: RateRule): Promise<void>;
  /** Forgets a key (after a successful login, say). */
  reset(key: string): Promise<void>;
  /** The limiter's clock in ms (tests move it forward); the shared limits use it too. */
  now?: () => number;
}

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  const sweep = (t: number) => {
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  };
  const wait = (resetAt: number, t: number) => errors.tooMany(Math.max(1, Math.ceil((resetAt - t) / 1000)));
  // The methods are async for the interface's sake: their bodies run, and count, synchronously.
  return {
    async hit(key, rule) {
      const t = now();
      sweep(t);
      const mapKey = `${key}|${rule.windowSeconds}`;
      let w = windows.get(mapKey);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.windowSeconds * 1000 };
        windows.set(mapKey, w);
      }
      w.count += 1;
      if (w.count > rule.limit) throw wait(w.resetAt, t);
    },
    async check(key, rule) {
      const t = now();
      const w = windows.get(`${key}|${rule.windowSeconds}`);
      if (w && w.resetAt > t && w.count >= rule.limit) throw wait(w.resetAt, t);
    },
    async reset(key) {
      for (const k of windows.keys()) if (k.startsWith(`${key}|`)) windows.delete(k);
    },
    now,
  };
}

/**
 * The fixed-window counters of `createRateLimiter` in PostgreSQL (table rate_windows, migration
 * 0048), for cluster mode: a hit is one INSERT ... ON CONFLICT DO UPDATE that holds the key's row
 * lock while it counts (or opens a new window), so parallel hits of every process are counted one
 * after another and none slips past the limit. A refused key is refused again from memory until its
 * window ends (counts only grow within a window), so a flood at one key costs the database nothing
 * more. `db` should be the limits pool (createLimitsDb): a hit commits at once, outside the request's
 * transaction, so a refused request does not uncount it.
 */
export function createStoredRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  /** Windows the database refused, until when. */
  const refused = new Map<string, number>();
  let lastSweep = 0;
  const tooMany = (resetAt: number, t: number) =>
    errors.tooMany(Math.max(1, Math.ceil((resetAt - t) / 1000)));
  const busy = (err: unknown) => {
    if (err instanceof Error && err.message.includes('timeout exceeded when trying to connect'))
      return errors.tooMany(DB_BUSY_SECONDS);
    return err;
  };

  return {
    async hit(key, rule) {
      const t = now();
      const mapKey = `${key}|${rule.windowSeconds}`;
      const known = refused.get(mapKey);
      if (known !== undefined && known > t) throw tooMany(known, t);
      const at = new Date(t);
      if (t - lastSweep > 60_000) {
        lastSweep = t;
        for (const [k, u] of refused) if (u <= t) refused.delete(k);
        await sql`DELETE FROM rate_windows WHERE reset_at < ${at}::timestamptz`
          .execute(db)
          .catch(() => undefined);
      }
      const r = await sql<{ count: number; reset_at: Date }>`
        INSERT INTO rate_windows AS w (key, window_s, count, reset_at)
        VALUES (${key}, ${rule.windowSeconds}, 1, ${new Date(t + rule.windowSeconds * 1000)}::timestamptz)
        ON CONFLICT (key, window_s) DO UPDATE
          SET count = CASE WHEN w.reset_at <= ${at}::timestamptz THEN 1 ELSE w.count + 1 END,
              reset_at = CASE WHEN w.reset_at <= ${at}::timestamptz THEN EXCLUDED.reset_at ELSE w.reset_at END
        RETURNING count, reset_at`
        .execute(db)
        .catch((err: unknown) => {
          throw busy(err);
        });
      const row = r.rows[0];
      if (row && row.count > rule.limit) {
        const until = row.reset_at.getTime();
        refused.set(mapKey, until);
        throw tooMany(until, t);
      }
    },

    async check(key, rule) {
      const t = now();
      const r = await sql<{ reset_at: Date }>`
        SELECT reset_at FROM rate_windows
        WHERE key = ${key} AND window_s = ${rule.windowSeconds}
          AND reset_at > ${new Date(t)}::timestamptz AND count >= ${rule.limit}`.execute(db);
      const row = r.rows[0];
      if (row) throw tooMany(row.reset_at.getTime(), t);
    },

    async reset(key) {
      for (const k of refused.keys()) if (k.startsWith(`${key}|`)) refused.delete(k);
      await sql`DELETE FROM rate_windows WHERE key = ${key}`.execute(db);
    },
    now,
  };
}

/**
 * The connections that the shared limits, and the codes and captchas they guard, write through: a
 * pool of their own whose statements commit at once, outside any request transaction. A write
 * request runs in one transaction that its refusal rolls back (platform/requestTx.ts): a guess
 * counted there would be uncounted by its own "wrong code", a captcha taken there would come back
 * with "wrong password". And a statement that waited for a second connection of the request pool,
 * while its request holds one, could starve that pool. Nothing written here waits for a lock that a
 * request transaction holds (no request transaction writes these tables).
 */
export function createLimitsDb(
  connectionString: string,
  max = 3,
  onConnectionError: (err: Error) => void = (err) =>
    process.emitWarning(`PostgreSQL connection (limits): ${err.message}`),
): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, keepAlive: true });
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** A hit the shared limiter counted: give it back when the guarded work did not happen after all. */
export interface CountedHit {
  key: string;
  at: Date;
}

export interface SharedLimiter {
  /**
   * Counts a hit on key when fewer than rule.limit hits lie in the window that ends now (rolling,
   * so at most rule.limit in ANY window of that length); otherwise throws 429 with the wait until
   * the oldest hit leaves the window. Atomic: one statement, under the key's row lock.
   */
  take(key: string, rule: RateRule): Promise<CountedHit>;
  /** Removes one counted hit (exactly that one, even if another has the same time). */
  giveBack(hit: CountedHit): Promise<void>;
  /** Forgets a key's hits. */
  reset(key: string): Promise<void>;
}

export function createSharedLimiter(db: Db, now: () => number = Date.now): SharedLimiter {
  let lastSweep = 0;
  /** Per key, the last take of this process: a key's takes go to the database one at a time. */
  const queues = new Map<string, Promise<unknown>>();
  /** Keys the database refused, until when: refused again here, without a round trip. */
  const refused = new Map<string, number>();

  const refuseUntil = (until: number, t: number) =>
    errors.tooMany(Math.max(1, Math.ceil((until - t) / 1000)));

  async function takeNow(key: string, rule: RateRule): Promise<CountedHit> {
    const t = now();
    const known = refused.get(key);
    if (known !== undefined && known > t) throw refuseUntil(known, t);
    const at = new Date(t);
    const from = new Date(t - rule.windowSeconds * 1000);
    const until = new Date(t + rule.windowSeconds * 1000);
    if (t - lastSweep > 60_000) {
      lastSweep = t;
      for (const [k, u] of refused) if (u <= t) refused.delete(k);
      await sql`DELETE FROM rate_hits WHERE expires_at < ${at}::timestamptz`.execute(db);
    }
    // ON CONFLICT DO UPDATE locks the key's row and evaluates its WHERE on the newest version:
    // parallel takes (of every process) queue on the row, and each sees the hits of those before.
    // The refused get the wait in the same round trip: the oldest hit as the statement began (a
    // data-modifying WITH's outer SELECT sees the rows as they were before it).
    const r = await sql<{ counted: boolean; oldest: Date | null }>`
      WITH hit AS (
        INSERT INTO rate_hits AS w (key, hits, expires_at)
        VALUES (${key}, ARRAY[${at}::timestamptz], ${until}::timestamptz)
        ON CONFLICT (key) DO UPDATE
          SET hits = ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > ${from}::timestamptz) || ${at}::timestamptz,
              expires_at = GREATEST(w.expires_at, ${until}::timestamptz)
          WHERE (SELECT count(*) FROM unnest(w.hits) h WHERE h > ${from}::timestamptz) < ${rule.limit}
        RETURNING key)
      SELECT EXISTS (SELECT 1 FROM hit) AS counted,
             (SELECT min(h) FROM rate_hits, unnest(hits) h
              WHERE key = ${key} AND h > ${from}::timestamptz) AS oldest`.execute(db);
    if (r.rows[0]?.counted) return { key, at };
    const first = r.rows[0]?.oldest;
    const freeAt = first ? first.getTime() + rule.windowSeconds * 1000 : t + 1000;
    refused.set(key, freeAt);
    throw refuseUntil(freeAt, t);
  }

  return {
    /**
     * A burst at one key (10,000 guesses at one phone) costs the database about `limit` statements:
     * this process sends one take of a key at a time, and once one is refused the rest are refused
     * from memory until the window frees a place. Only refusals are remembered; every hit counted
     * is counted by the database. A burst the pool cannot serve in time is refused (429), not
     * answered as an outage: the guarded work is not done either way.
     */
    take(key, rule) {
      const prev = queues.get(key) ?? Promise.resolve();
      const mine = prev
        .catch(() => undefined)
        .then(() => takeNow(key, rule))
        .catch((err: unknown) => {
          if (err instanceof Error && err.message.includes('timeout exceeded when trying to connect'))
            throw errors.tooMany(DB_BUSY_SECONDS);
          throw err;
        });
      queues.set(key, mine);
      const forget = () => {
        if (queues.get(key) === mine) queues.delete(key);
      };
      mine.then(forget, forget);
      return mine;
    },

    async giveBack(hit) {
      refused.delete(hit.key);
      await sql`
        UPDATE rate_hits
        SET hits = hits[:array_position(hits, ${hit.at}::timestamptz) - 1]
                   || hits[array_position(hits, ${hit.at}::timestamptz) + 1:]
        WHERE key = ${hit.key} AND ${hit.at}::timestamptz = ANY (hits)`.execute(db);
    },

    async reset(key) {
      refused.delete(key);
      await sql`DELETE FROM rate_hits WHERE key = ${key}`.execute(db);
    },
  };
}

/** The wait asked of a caller whose hit could not be counted in time (the pool was busy). */
const DB_BUSY_SECONDS = 5;

/**
 * The limits the auth calls use. The per-account sign-in rules count only attempts that cost the
 * caller something (a solved captcha, a guess at a live code), so nobody can lock an account out
 * with free requests. The code-guess and per-account sign-in rules are shared (createSharedLimiter);
 * modules/auth/README.md gives the arithmetic behind codeGuessPerTarget.
 */
export const RATE_RULES = {
  codePerTarget: { limit: 1, windowSeconds: 60 },
  codePerTargetHour: { limit: 10, windowSeconds: 3600 },
  codePerIp: { limit: 30, windowSeconds: 3600 },
  loginPerAccount: { limit: 10, windowSeconds: 900 },
  /**
   * Comparisons with a live verification code of one target (phone or e-mail), over all its codes
   * and purposes, in any 24 hours: 10 guesses at a 4-digit code succeed with p <= 10 / 10,000.
   */
  codeGuessPerTarget: { limit: 10, windowSeconds: 86_400 },
  /** Comparisons with live verification codes asked for from one address, over all targets. */
  codeGuessPerAddress: { limit: 30, windowSeconds: 3600 },
  /** Old-password checks of the profile update, per user. */
  oldPasswordPerUser: { limit: 10, windowSeconds: 900 },
  loginPerIp: { limit: 60, windowSeconds: 900 },
  captchaPerIp: { limit: 120, windowSeconds: 60 },
  registerPerIp: { limit: 20, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;
