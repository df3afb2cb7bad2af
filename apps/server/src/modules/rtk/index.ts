/** The rtk module's routes (001 §7), registered by app.ts with the fleet dependencies. */
import type { Routes } from '../../platform/routes.ts';
import { createSealer } from '../../platform/seal.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { createRtkRepo } from './rtk.repo.ts';
import { rtkRoutes } from './rtk.routes.ts';
import { createRtkService } from './rtk.service.ts';

export const rtkModule: Routes<FleetDeps> = async (app, deps) => {
  const rtk = createRtkService({
    repo: createRtkRepo(deps.db, deps.config.statTimeZone),
    sealer: createSealer(deps.config.jwtSecret),
    secret: deps.config.jwtSecret,
  });
  await app.register(rtkRoutes, { rtk });
};
