/** The lookups module's routes (002 §7 oper/crops, oper/worktypes; medicines), registered by app.ts. */
import type { Db } from '../../platform/db.ts';
import type { Routes } from '../../platform/routes.ts';
import { createLookupsRepo } from './lookups.repo.ts';
import { lookupsRoutes } from './lookups.routes.ts';
import { createLookupsService } from './lookups.service.ts';

export const lookupsModule: Routes<{ db: Db }> = async (app, deps) => {
  const lookups = createLookupsService({ repo: createLookupsRepo(deps.db) });
  await app.register(lookupsRoutes, { lookups });
};
