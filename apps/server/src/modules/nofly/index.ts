/** The nofly module's routes (001 §7), registered by app.ts with the fleet dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { regionAt } from '../regions/geo/regionAt.ts';
import { noflyRoutes } from './nofly.routes.ts';
import { createNoflyService } from './nofly.service.ts';

export const noflyModule: Routes<FleetDeps> = async (app, deps) => {
  await app.register(noflyRoutes, { nofly: createNoflyService({ db: deps.db, locate: regionAt }) });
};
