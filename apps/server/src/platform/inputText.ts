/**
 * Every request's text is storable or refused (issue 20, finding 5): a string anywhere in the
 * body, the query or the path parameters (values and keys) with a NUL byte or a lone surrogate is a
 * 400 naming the field, in the caller's language, before any handler or contract runs. PostgreSQL
 * cannot store either as given, so such a value would otherwise be changed on its way in (U+FFFD)
 * or refused by the database in the middle of a write.
 *
 * A JSON body is judged on its text first: JSON allows neither a raw control character in a string
 * nor one between tokens, and the text is decoded UTF-8 (an invalid sequence becomes U+FFFD, never
 * a lone surrogate), so a parsed body can hold a NUL or a lone surrogate only through a `\u` escape.
 * A body without one needs no walk over its values: a telemetry batch is thousands of keys and
 * numbers, and the walk was 3.7 % of the ingest thread over HTTP (profile of 2026-11-29).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from './errors.ts';
import { unstorableTextPath } from './text.ts';

/** Requests whose JSON text held no `\u` escape: their parsed body is storable text throughout. */
const plainJson = new WeakSet<FastifyRequest>();

export const inputText = fp(
  async (app: FastifyInstance) => {
    // Fastify's own JSON parser (its prototype-poisoning checks included), given the text after a look at it.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
      if (!(text as string).includes('\\u')) plainJson.add(req);
      parseJson(req, text as string, done);
    });

    app.addHook('preValidation', async (req) => {
      for (const [part, value] of [
        ['params', req.params],
        ['query', req.query],
        ['body', Buffer.isBuffer(req.body) || plainJson.has(req) ? null : req.body],
      ] as const) {
        const at = unstorableTextPath(value);
        if (at) throw errors.badRequest('invalidField', { field: at === '(value)' ? part : at });
      }
    });
  },
  { name: 'input-text' },
);
