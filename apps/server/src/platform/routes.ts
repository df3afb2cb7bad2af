import type { FastifyPluginOptions, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Every module exports its routes as a zod-typed Fastify plugin. */
export type Routes<Deps extends FastifyPluginOptions> = FastifyPluginAsyncZod<Deps>;

/** The request's origin as services need it. */
export function originOf(req: FastifyRequest) {
  return {
    ip: req.ip,
    lang: req.lang,
    dialCode: req.hostProfile.dialCode,
    userAgent: req.headers['user-agent'] ?? null,
  };
}
