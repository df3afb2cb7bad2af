/** The approvals module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createAppliesRepo } from './applies.repo.ts';
import { applyRoutes } from './applies.routes.ts';
import { createAppliesService } from './applies.service.ts';
import { createUserAppliesRepo } from './userApplies.repo.ts';
import { userApplyRoutes } from './userApplies.routes.ts';
import { createUserAppliesService } from './userApplies.service.ts';

export const approvalsModule: Routes<OrgDeps> = async (app, deps) => {
  const { messenger, logger, codes } = deps;
  await app.register(applyRoutes, {
    applies: createAppliesService({ applies: createAppliesRepo(deps.db), messenger, logger }),
  });
  await app.register(userApplyRoutes, {
    userApplies: createUserAppliesService({ repo: createUserAppliesRepo(deps.db), codes, messenger, logger }),
  });
};
