/** The teams module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';

export const teamsModule: Routes<OrgDeps> = async (_app, _deps) => {};
