/** The drones module's routes (001 §7), registered by app.ts with the fleet dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { createDroneListRepo } from './droneList.repo.ts';
import { createDronesRepo } from './drones.repo.ts';
import { droneRoutes } from './drones.routes.ts';
import { createDronesService } from './drones.service.ts';

export const droneModule: Routes<FleetDeps> = async (app, deps) => {
  const drones = createDronesService({
    db: deps.db,
    list: createDroneListRepo(deps.db),
    drones: createDronesRepo(deps.db),
    commands: deps.commands,
    timeZone: deps.config.statTimeZone,
  });
  await app.register(droneRoutes, { drones });
};
