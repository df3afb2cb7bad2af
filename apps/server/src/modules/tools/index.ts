/**
 * The tools module (issue 23 point 6, the Tools screen): the telemetry-key tester. Registered by
 * app.ts with the fleet dependencies and the account keys service; its messages handed in here.
 */
import { registerMessages } from '../../platform/messages.ts';
import type { Routes } from '../../platform/routes.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { TOOLS_MESSAGES } from './tools.messages.ts';
import { createToolsRepo } from './tools.repo.ts';
import { toolsRoutes } from './tools.routes.ts';
import { createToolsService } from './tools.service.ts';

export const toolsModule: Routes<Pick<FleetDeps, 'db' | 'telemetry'> & { keys: KeysService }> = async (
  app,
  deps,
) => {
  registerMessages(TOOLS_MESSAGES);
  const tools = createToolsService({
    repo: createToolsRepo(deps.db),
    keys: deps.keys,
    telemetry: deps.telemetry,
  });
  await app.register(toolsRoutes, { tools });
};
