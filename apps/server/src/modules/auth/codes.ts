/** SMS / e-mail verification codes: 4 digits, 5 minutes, single use, a few attempts. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodeType, LIMITS } from '@agrifleet/domain';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';

export function createCodeService(db: Db, secret: string) {
  const hash = (target: string, code: string) =>
    createHmac('sha256', secret).update(`${target}:${code}`).digest('hex');

  return {
    /** Makes a new code for target; earlier codes of the same type stop counting. */
    async issue(target: string, type: CodeType): Promise<string> {
      const code = String(randomInt(0, 10 ** LIMITS.codeLength)).padStart(LIMITS.codeLength, '0');
      await db.transaction().execute(async (trx) => {
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
     * Checks code for target. A wrong code costs an attempt (and calls onWrongGuess: only a guess at
     * a live code does); with `consume` a right one is used up.
     * Throws codeExpired, codeAttempts or codeWrong.
     */
    async verify(
      target: string,
      type: CodeType,
      code: string,
      consume: boolean,
      onWrongGuess?: () => void,
    ): Promise<void> {
      const row = await db
        .selectFrom('verify_codes')
        .selectAll()
        .where('target', '=', target)
        .where('code_type', '=', type)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row || row.expires_at.getTime() <= Date.now()) throw errors.codeExpired();
      if (row.attempts >= LIMITS.codeMaxAttempts) throw errors.codeAttempts();
      const given = Buffer.from(hash(target, code.trim()), 'hex');
      const stored = Buffer.from(row.code_hash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
        const attempts = row.attempts + 1;
        await db.updateTable('verify_codes').set({ attempts }).where('id', '=', row.id).execute();
        onWrongGuess?.();
        throw attempts >= LIMITS.codeMaxAttempts ? errors.codeAttempts() : errors.codeWrong();
      }
      if (consume) {
        const used = await db
          .updateTable('verify_codes')
          .set({ consumed_at: new Date() })
          .where('id', '=', row.id)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw errors.codeExpired();
      }
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
