/** The members module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import { createRateLimiter, type RateLimiter } from '../../platform/rateLimit.ts';
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createMembersRepo } from './members.repo.ts';
import { memberRoutes } from './members.routes.ts';
import { createMembersService } from './members.service.ts';

export const membersModule: Routes<OrgDeps> = async (app, deps) => {
  const members = createMembersService({
    repo: createMembersRepo(deps.db),
    codes: deps.codes,
    messenger: deps.messenger,
    // The app's limiter once OrgDeps carries it (asked of the lead); until then a limiter of its own.
    limiter: (deps as OrgDeps & { limiter?: RateLimiter }).limiter ?? createRateLimiter(),
    sessionEvents: deps.sessionEvents,
  });
  await app.register(memberRoutes, { members });
};
