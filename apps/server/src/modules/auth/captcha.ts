/** 4-digit image captchas, bound to the caller by an HttpOnly cookie and usable once. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../platform/db.ts';

const TTL_SECONDS = 300;
export const CAPTCHA_COOKIE = 'agrifleet_captcha';

export function createCaptchaService(db: Db) {
  return {
    async issue(): Promise<{ id: string; svg: string; ttlSeconds: number }> {
      const c = svgCaptcha.create({
        size: 4,
        charPreset: '0123456789',
        noise: 2,
        color: true,
        width: 120,
        height: 40,
      });
      const id = randomUUID();
      await db
        .insertInto('captchas')
        .values({ id, answer: c.text, expires_at: new Date(Date.now() + TTL_SECONDS * 1000) })
        .execute();
      // Expired captchas are swept as new ones are made.
      await db.deleteFrom('captchas').where('expires_at', '<', sql<Date>`now()`).execute();
      return { id, svg: c.data, ttlSeconds: TTL_SECONDS };
    },

    /** Checks and deletes the captcha: a second try with the same id fails. */
    async take(id: string | null, answer: string): Promise<boolean> {
      if (!id) return false;
      const row = await db
        .deleteFrom('captchas')
        .where('id', '=', id)
        .returning(['answer', 'expires_at'])
        .executeTakeFirst();
      return !!row && row.expires_at.getTime() > Date.now() && row.answer === answer.trim();
    },

    /** Test mode only: the answer of a live captcha. */
    async peek(id: string): Promise<string | null> {
      const row = await db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirst();
      return row?.answer ?? null;
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
