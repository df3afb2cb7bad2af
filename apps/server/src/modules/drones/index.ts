/** The drones module's routes (001 §7), registered by app.ts with the fleet dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';

export const droneModule: Routes<FleetDeps> = async (_app, _deps) => {};
