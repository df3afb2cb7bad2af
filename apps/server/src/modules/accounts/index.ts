/** The accounts module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createAccountsRepo } from './accounts.repo.ts';
import { accountRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';
import { createAccountsWrite } from './accounts.write.ts';

export const accountsModule: Routes<OrgDeps> = async (app, deps) => {
  const accounts = createAccountsService({
    db: deps.db,
    repo: createAccountsRepo(deps.db),
    write: createAccountsWrite(deps.db),
    messenger: deps.messenger,
    sessionEvents: deps.sessionEvents,
    logger: deps.logger,
  });
  await app.register(accountRoutes, { accounts });
};
