/**
 * The two lookups the route guard makes once per session (000 §4): the caller's rental models and
 * the manufacturers that lease to it (a tenant is an account for which this is not empty).
 * Paths follow the rental family of 002 §7.
 */
import { manufacturerRef, ok as okSchema, rentalModelsResult } from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { AccountsRepo } from './accounts.repo.ts';

const tags = ['accounts'];

export const rentalLookupRoutes: Routes<{ accounts: AccountsRepo }> = async (app, { accounts }) => {
  app.get(
    '/api/rental/rental/getRentalModelByAccount',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's account rental models",
        response: { 200: okSchema(rentalModelsResult) },
      },
    },
    async (req) => {
      const model = await accounts.leaseModelOf(callerOf(req).account.id);
      return ok(req, model === null ? [] : [model]);
    },
  );

  app.get(
    '/api/rental/rental/getZzAccountByUser',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Manufacturers leasing to the caller',
        response: { 200: okSchema(z.array(manufacturerRef)) },
      },
    },
    async (req) => ok(req, await accounts.lessorsOf(callerOf(req).account.id)),
  );
};
