/** The approvals module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createAppliesRepo } from './applies.repo.ts';
import { applyRoutes } from './applies.routes.ts';

export const approvalsModule: Routes<OrgDeps> = async (app, deps) => {
  await app.register(applyRoutes, { applies: createAppliesRepo(deps.db) });
};
