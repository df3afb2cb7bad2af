/** The blocks module's routes (001 §7 "Blocks", the monitor's blocks in the map range), registered by app.ts. */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { regionAt } from '../regions/geo/regionAt.ts';
import { blockRoutes } from './blocks.routes.ts';
import { createBlocksService } from './blocks.service.ts';

export const blocksModule: Routes<FleetDeps> = async (app, deps) => {
  await app.register(blockRoutes, { blocks: createBlocksService({ db: deps.db, locate: regionAt }) });
};
