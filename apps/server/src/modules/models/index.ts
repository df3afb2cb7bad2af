/** The models module's routes (001 §7), registered by app.ts with the fleet dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { createModelsRepo } from './models.repo.ts';
import { modelRoutes } from './models.routes.ts';
import { createModelsService } from './models.service.ts';

export const modelModule: Routes<FleetDeps> = async (app, deps) => {
  const models = createModelsService({ repo: createModelsRepo(deps.db), db: deps.db });
  await app.register(modelRoutes, { models });
};
