/** Region reference data under oper/regions (000 §7, 002 §7): public, registration uses it. */
import { ok as okSchema, regionNode } from '@agrifleet/domain';
import { z } from 'zod';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import { countries, regionTree } from './regions.service.ts';

const tags = ['regions'];
const cacheFor = 'public, max-age=86400';

export const regionRoutes: Routes<Record<never, never>> = async (app) => {
  app.get(
    '/api/oper/regions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Countries, with China down to counties',
        response: { 200: okSchema(z.array(regionNode)) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', cacheFor).header('vary', 'accept-language');
      return ok(req, regionTree(req.lang));
    },
  );

  for (const path of ['/api/oper/regions/countries', '/api/oper/regions/allCountries']) {
    app.get(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Countries (no children)',
          response: { 200: okSchema(z.array(regionNode)) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', cacheFor).header('vary', 'accept-language');
        return ok(req, countries(req.lang));
      },
    );
  }
};
