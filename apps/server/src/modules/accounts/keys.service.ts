/**
 * The spec's "secret key" (001 §7: PUT create secret key with vid; GET secret key as a file): the
 * credential an account's drones or ground stations use to send telemetry. One live key per
 * account; creating a new one revokes the old.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Audit, createAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { createRateLimiter, type RateLimiter } from '../../platform/rateLimit.ts';
import { type Sealer, sameHash, sha256 } from '../../platform/seal.ts';
import { createKeyIngestStats } from './keys.stats.ts';

/** At most one system-log row per refused key per this many ms (a retrying drone cannot flood the log). */
export const REFUSED_LOG_INTERVAL_MS = 60_000;

/**
 * `limiter` counts the refusals logged per key: the app's (in cluster mode shared by every process,
 * so a key refused on three processes is still logged once a minute); by default one of its own.
 */
export function createKeysService(
  db: Db,
  sealer: Sealer,
  audit: Pick<Audit, 'write'> = createAudit(db),
  now: () => number = Date.now,
  limiter: RateLimiter = createRateLimiter(now),
) {
  const ingestStats = createKeyIngestStats();
  const refusedLogRule = { limit: 1, windowSeconds: REFUSED_LOG_INTERVAL_MS / 1000 };

  /** A system-log row (log type 3, refused device access) for a disabled account's key, rate-limited per key. */
  async function logRefused(vid: string, accountId: number) {
    try {
      await limiter.hit(`key-refused-log:${vid}`, refusedLogRule);
    } catch {
      return; // logged within the minute already (or the count could not be made: no row either)
    }
    await audit.write({
      actor: { accountId, userId: null },
      logType: 3,
      action: 'telemetry key refused: account disabled',
      method: null,
      path: null,
      target: `vid=${vid}`,
      result: 403,
      ip: null,
      detail: { reason: 'accountDisabled' },
    });
  }
  return {
    /** What each account's key sent became (keys.stats.ts); the transports report to it. */
    ingestStats,

    async create(accountId: number, vid: string): Promise<{ vid: string; createTime: string }> {
      const secret = randomBytes(24).toString('base64url');
      // The account's row is locked first (lock order: accounts, then account_keys): parallel
      // creations for one account queue up, so it never holds two live keys; a vid taken by a
      // parallel creation of another account is the primary key's 23505, answered as vidTaken.
      const created = await db
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
          const taken = await trx
            .selectFrom('account_keys')
            .select('account_id')
            .where('vid', '=', vid)
            .executeTakeFirst();
          if (taken) throw errors.vidTaken();
          await trx
            .updateTable('account_keys')
            .set({ revoked_at: new Date() })
            .where('account_id', '=', accountId)
            .where('revoked_at', 'is', null)
            .execute();
          const row = await trx
            .insertInto('account_keys')
            .values({
              vid,
              account_id: accountId,
              secret_hash: sha256(secret),
              secret_sealed: sealer.seal(secret),
            })
            .returning(
              sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
                'createTime',
              ),
            )
            .executeTakeFirstOrThrow();
          return { vid, createTime: row.createTime };
        })
        .catch((err: { code?: string }) => {
          if (err.code === '23505') throw errors.vidTaken();
          throw err;
        });
      ingestStats.reset(accountId);
      return created;
    },

    /** The live key of the account, secret included, for the download. */
    async current(accountId: number): Promise<{ vid: string; secret: string } | null> {
      const row = await db
        .selectFrom('account_keys')
        .select(['vid', 'secret_sealed'])
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? { vid: row.vid, secret: sealer.open(row.secret_sealed) } : null;
    },

    /** The account of a live key's vid (MQTT ACL hooks carry the username only), or null. */
    async accountOfVid(vid: string): Promise<number | null> {
      const row = await db
        .selectFrom('account_keys')
        .select('account_id')
        .where('vid', '=', vid)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row?.account_id ?? null;
    },

    /**
     * The account a (vid, secret) pair belongs to, or null. A key of an account whose review was
     * withdrawn (not platform or government, checkStatus not 2) no longer verifies. A right key of a
     * disabled account is refused with the reason (AppError accountDisabled, code 1006) and logged
     * in the system log (log type 3, at most once per key per minute).
     */
    async verify(vid: string, secret: string): Promise<number | null> {
      const row = await db
        .selectFrom('account_keys as k')
        .innerJoin('accounts as a', 'a.id', 'k.account_id')
        .select(['k.account_id', 'k.secret_hash', 'a.enabled'])
        .where('k.vid', '=', vid)
        .where('k.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('a.account_type', 'in', [1, 2]), eb('a.check_status', '=', 2)]))
        .executeTakeFirst();
      if (!row || !sameHash(row.secret_hash, sha256(secret))) return null;
      if (!row.enabled) {
        await logRefused(vid, row.account_id);
        throw errors.accountDisabled();
      }
      return row.account_id;
    },
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
