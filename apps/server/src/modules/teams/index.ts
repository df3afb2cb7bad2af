/** The teams module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createTeamsRepo } from './teams.repo.ts';
import { teamRoutes } from './teams.routes.ts';
import { createTeamsService } from './teams.service.ts';

export const teamsModule: Routes<OrgDeps> = async (app, deps) => {
  await app.register(teamRoutes, { teams: createTeamsService(createTeamsRepo(deps.db)) });
};
