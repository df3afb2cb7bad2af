/** The subsidies module's routes (001 §7 "Subsidies"), registered by app.ts with the fleet dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { regionAt } from '../regions/geo/regionAt.ts';
import { createSubsidyRepo } from './subsidies.repo.ts';
import { subsidyRoutes } from './subsidies.routes.ts';
import { createSubsidyService } from './subsidies.service.ts';

export const subsidiesModule: Routes<FleetDeps> = async (app, deps) => {
  const subsidies = createSubsidyService({
    db: deps.db,
    repo: createSubsidyRepo(deps.db),
    compute: { timeZone: deps.config.statTimeZone, locate: regionAt },
  });
  await app.register(subsidyRoutes, { subsidies });
};
