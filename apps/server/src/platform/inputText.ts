/**
 * Every request's text is storable or refused (issue 20, finding 5): a string anywhere in the
 * body, the query or the path parameters (values and keys) with a NUL byte or a lone surrogate is a
 * 400 naming the field, in the caller's language, before any handler or contract runs. PostgreSQL
 * cannot store either as given, so such a value would otherwise be changed on its way in (U+FFFD)
 * or refused by the database in the middle of a write.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from './errors.ts';
import { unstorableTextPath } from './text.ts';

export const inputText = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (req) => {
      for (const [part, value] of [
        ['params', req.params],
        ['query', req.query],
        ['body', Buffer.isBuffer(req.body) ? null : req.body],
      ] as const) {
        const at = unstorableTextPath(value);
        if (at) throw errors.badRequest('invalidField', { field: at === '(value)' ? part : at });
      }
    });
  },
  { name: 'input-text' },
);
