/** Request context (language, host profile), the response envelope and the error handler. */
import { ErrorCode, type Language, type PublicHostProfile } from '@agrifleet/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, fromDatabase } from './errors.ts';
import type { HostProfiles } from './hostProfiles.ts';
import { pickLanguage, translate } from './messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    hostProfile: PublicHostProfile;
  }
}

/** The success envelope { code: 0, message, data }. */
export function ok<T>(req: FastifyRequest, data: T) {
  return { code: 0 as const, message: translate('ok', req.lang), data };
}

function send(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.status(status).send({ code, message });
}

export const requestContext = fp(
  async (app: FastifyInstance, opts: { hosts: HostProfiles }) => {
    app.decorateRequest('lang', 'zh');
    app.decorateRequest('hostProfile', null as unknown as PublicHostProfile);
    app.addHook('onRequest', async (req) => {
      req.lang = pickLanguage(req.headers['accept-language']);
      req.hostProfile = opts.hosts.resolve(req.hostname);
    });

    app.setErrorHandler((err: FastifyError, req, reply) => {
      const lang = req.lang ?? 'zh';
      const known = err instanceof AppError ? err : fromDatabase(err);
      if (known) {
        if (known !== (err as unknown))
          req.log.warn(
            { err },
            known.status === 503 ? 'database unavailable' : 'database refused a request value',
          );
        err = known as unknown as FastifyError;
      }
      if (err instanceof AppError) {
        if (err.status === 429 || err.status === 503)
          reply.header('retry-after', String(err.params.seconds ?? 60));
        return send(reply, err.status, err.code, translate(err.key, lang, err.params));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const first = err.validation[0];
        const field =
          first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
          String(first?.params?.missingProperty ?? '');
        const message = field ? translate('invalidField', lang, { field }) : translate('badRequest', lang);
        return send(reply, 400, ErrorCode.badRequest, message);
      }
      const status = err.statusCode ?? 500;
      if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
        return send(reply, 413, ErrorCode.payloadTooLarge, translate('badRequest', lang));
      }
      if (status === 415) return send(reply, 415, ErrorCode.unsupportedMedia, translate('badRequest', lang));
      if (status >= 400 && status < 500) return send(reply, status, status, translate('badRequest', lang));
      req.log.error({ err }, 'unhandled error');
      return send(reply, 500, ErrorCode.internal, translate('internal', lang));
    });
  },
  { name: 'request-context' },
);
