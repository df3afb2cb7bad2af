/** The blocks module's routes (001 §7 "Blocks", the monitor's blocks in the map range), registered by app.ts. */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';

export const blocksModule: Routes<FleetDeps> = async (_app, _deps) => {};
