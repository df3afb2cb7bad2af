/**
 * SMS / e-mail verification codes: 4 digits, 5 minutes, single use, a few attempts. Every route that
 * compares a code comes through `verify`, which counts the comparison before it is made (README.md,
 * "Guessing a code").
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodeType, LIMITS } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { type CountedHit, RATE_RULES, type SharedLimiter } from '../../platform/rateLimit.ts';

/** A burst the pool cannot serve in time is refused (429), not answered as an outage. */
async function busyAsTooMany<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof Error && err.message.includes('timeout exceeded when trying to connect'))
      throw errors.tooMany(5);
    throw err;
  }
}

/** The shared-limit keys of code guesses (tests read them). */
export const guessKeys = {
  target: (target: string) => `code-guess:${target}`,
  from: (from: string) => `code-guess-from:${from}`,
};

export function createCodeService(db: Db, secret: string, limits: SharedLimiter) {
  const hash = (target: string, code: string) =>
    createHmac('sha256', secret).update(`${target}:${code}`).digest('hex');
  /** Gives back an attempt counted for a guess that was then refused before being compared. */
  const uncount = (id: number) =>
    db
      .updateTable('verify_codes')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', id)
      .execute();

  /**
   * Counts an attempt at the newest live code when it has one left, in one statement (the UPDATE
   * holds the row's lock and re-checks `attempts < max` on its newest version, so parallel guesses
   * never pass the limit): the code's hash and its attempts now. Throws codeExpired when there is
   * no live code, codeAttempts when its attempts are spent.
   */
  async function countAttempt(target: string, type: CodeType) {
    const r = await sql<{
      id: number | null;
      code_hash: string | null;
      attempts: number | null;
      seen_id: number;
      seen_attempts: number;
      seen_expires: Date;
    }>`
      WITH newest AS (
        SELECT id, attempts, expires_at FROM verify_codes
        WHERE target = ${target} AND code_type = ${type} AND consumed_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 1),
      counted AS (
        UPDATE verify_codes v SET attempts = v.attempts + 1
        FROM newest
        WHERE v.id = newest.id AND v.consumed_at IS NULL
          AND v.attempts < ${LIMITS.codeMaxAttempts} AND v.expires_at > ${new Date()}::timestamptz
        RETURNING v.id, v.code_hash, v.attempts)
      SELECT c.id, c.code_hash, c.attempts,
             n.id AS seen_id, n.attempts AS seen_attempts, n.expires_at AS seen_expires
      FROM newest n LEFT JOIN counted c ON true`.execute(db);
    const row = r.rows[0];
    if (row?.id != null && row.code_hash != null && row.attempts != null)
      return { id: row.id, codeHash: row.code_hash, attempts: row.attempts };
    if (!row || row.seen_expires.getTime() <= Date.now()) throw errors.codeExpired();
    if (row.seen_attempts >= LIMITS.codeMaxAttempts) throw errors.codeAttempts();
    // Parallel guesses changed the code after this statement looked (its snapshot): spent, or used.
    const now = await db
      .selectFrom('verify_codes')
      .select('consumed_at')
      .where('id', '=', row.seen_id)
      .executeTakeFirst();
    throw now && !now.consumed_at ? errors.codeAttempts() : errors.codeExpired();
  }

  return {
    /** Makes a new code for target; earlier codes of the same type stop counting. */
    async issue(target: string, type: CodeType): Promise<string> {
      const code = String(randomInt(0, 10 ** LIMITS.codeLength)).padStart(LIMITS.codeLength, '0');
      await db.transaction().execute(async (trx) => {
        // One issue at a time per target and purpose (sign-in, members and leasing all issue codes):
        // otherwise two parallel issues each retire the codes they see and both insert a live one.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`verify-code:${target}:${type}`}))`.execute(trx);
        await trx
          .updateTable('verify_codes')
          .set({ consumed_at: new Date() })
          .where('target', '=', target)
          .where('code_type', '=', type)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .insertInto('verify_codes')
          .values({
            target,
            code_type: type,
            code_hash: hash(target, code),
            expires_at: new Date(Date.now() + LIMITS.codeTtlSeconds * 1000),
          })
          .execute();
      });
      return code;
    },

    /**
     * Checks code for target; with `consume` a right one is used up. `from` (the caller's address,
     * where there is one) is limited too. Each comparison is counted before it is made, each count
     * one atomic statement: an attempt of the newest live code (codeExpired / codeAttempts when
     * there is none or none is left), then a hit against the target's and the address's shared
     * budgets (RATE_RULES.codeGuessPer*: 429 when spent). Only when all three are counted is the
     * guess compared. Counts of a guess that was refused, or right, are given back.
     * Throws codeExpired, codeAttempts, tooMany or codeWrong.
     */
    async verify(
      target: string,
      type: CodeType,
      code: string,
      consume: boolean,
      from?: string,
    ): Promise<void> {
      // Once a code's attempts are spent a burst stops here: one statement per guess.
      const attempt = await busyAsTooMany(countAttempt(target, type));
      const counted: CountedHit[] = [];
      // A give-back that fails leaves a guess counted that was not made: too strict, never too lax.
      const giveBack = () => Promise.all(counted.map((h) => limits.giveBack(h).catch(() => undefined)));
      try {
        counted.push(await limits.take(guessKeys.target(target), RATE_RULES.codeGuessPerTarget));
        if (from) counted.push(await limits.take(guessKeys.from(from), RATE_RULES.codeGuessPerAddress));
      } catch (err) {
        await Promise.all([giveBack(), uncount(attempt.id).catch(() => undefined)]);
        throw err;
      }
      const given = Buffer.from(hash(target, code.trim()), 'hex');
      const stored = Buffer.from(attempt.codeHash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored))
        throw attempt.attempts >= LIMITS.codeMaxAttempts ? errors.codeAttempts() : errors.codeWrong();
      // Right: the owner's own checks (checkVerifyCode, then the form) cost nothing.
      await giveBack();
      const used = await db
        .updateTable('verify_codes')
        .set((eb) => ({
          attempts: eb('attempts', '-', 1),
          ...(consume ? { consumed_at: new Date() } : {}),
        }))
        .where('id', '=', attempt.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      // A parallel request used it first.
      if (consume && Number(used.numUpdatedRows) !== 1) throw errors.codeExpired();
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
