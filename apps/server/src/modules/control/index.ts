/**
 * The control module's routes (group routes: PUT create route, PATCH /{droneId}; flight and group
 * control of drones over the command path), registered by app.ts; and the listener that follows
 * each drone's plan from its answers (progress.ts).
 */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { createControlRepo } from './control.repo.ts';
import { controlRoutes } from './control.routes.ts';
import { createControlService } from './control.service.ts';
import { followAnswers } from './progress.ts';
import { createRoutesRepo } from './routes.repo.ts';
import { routeRoutes } from './routes.routes.ts';
import { createRoutesService } from './routes.service.ts';

export const controlModule: Routes<FleetDeps> = async (app, deps) => {
  const routes = createRoutesRepo(deps.db);
  const control = createControlRepo(deps.db);
  const off = deps.commands.onAnswer(followAnswers({ control, routes }));
  app.addHook('onClose', async () => off());
  await app.register(routeRoutes, {
    routes: createRoutesService({ db: deps.db, routes, commands: deps.commands }),
  });
  await app.register(controlRoutes, {
    control: createControlService({
      db: deps.db,
      control,
      routes,
      commands: deps.commands,
      live: deps.telemetry.live,
    }),
  });
};
