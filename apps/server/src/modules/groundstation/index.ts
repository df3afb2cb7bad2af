/** The groundstation module (issue 23 point 3; README.md), registered by app.ts. */
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Routes } from '../../platform/routes.ts';
import { createSealer } from '../../platform/seal.ts';
import { createAccountsRepo } from '../accounts/accounts.repo.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import { groundStationRoutes } from './groundstation.routes.ts';
import { createGroundStationService } from './groundstation.service.ts';

export const groundStationModule: Routes<{ db: Db; config: Config; keys: KeysService }> = async (
  app,
  deps,
) => {
  const gs = createGroundStationService({ db: deps.db, sealer: createSealer(deps.config.jwtSecret) });
  await app.register(groundStationRoutes, { gs, keys: deps.keys, accounts: createAccountsRepo(deps.db) });
};
