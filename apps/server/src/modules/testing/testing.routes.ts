/**
 * Test mode only (AGRIFLEET_TEST_MODE=1 with NODE_ENV=test; config.ts refuses it otherwise):
 * lets browser tests read the captcha bound to their cookie and the last code sent to an account.
 */
import { z } from 'zod';
import { readCookie } from '../../platform/cookies.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import type { Routes } from '../../platform/routes.ts';
import { CAPTCHA_COOKIE, type CaptchaService } from '../auth/captcha.ts';

export const testingRoutes: Routes<{ db: Db; captcha: CaptchaService }> = async (app, { db, captcha }) => {
  const hide = { hide: true };
  app.get('/api/__test/captcha', { config: { access: 'public' }, schema: hide }, async (req) => {
    const id = readCookie(req, CAPTCHA_COOKIE);
    const answer = id ? await captcha.peek(id) : null;
    if (!answer) throw errors.notFound();
    return { answer };
  });

  app.get(
    '/api/__test/code',
    { config: { access: 'public' }, schema: { ...hide, querystring: z.object({ target: z.string() }) } },
    async (req) => {
      const row = await db
        .selectFrom('outbox_messages')
        .select('body')
        .where('target', '=', req.query.target)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const code = row?.body.match(/\b\d{4}\b/)?.[0];
      if (!code) throw errors.notFound();
      return { code };
    },
  );
};
