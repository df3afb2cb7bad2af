/** The bulletins module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createBulletinsRepo } from './bulletins.repo.ts';
import { bulletinRoutes } from './bulletins.routes.ts';
import { createBulletinsService } from './bulletins.service.ts';
import { createLevel1Sender, registerLevel1Sender } from './level1.ts';

export const bulletinsModule: Routes<OrgDeps> = async (app, deps) => {
  const bulletins = createBulletinsService({ repo: createBulletinsRepo(deps.db) });
  await app.register(bulletinRoutes, { bulletins });
  // No-fly entries raised by this app's telemetry stream text the operator's admins (level1.ts).
  const unregister = registerLevel1Sender(
    deps.db,
    createLevel1Sender({ db: deps.db, messenger: deps.messenger, logger: deps.logger }),
  );
  app.addHook('onClose', async () => unregister());
};
