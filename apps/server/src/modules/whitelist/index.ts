/** The whitelist module (issue 23 point 4; README.md), registered by app.ts: messages, repo, routes. */
import type { Db } from '../../platform/db.ts';
import { registerMessages } from '../../platform/messages.ts';
import type { Routes } from '../../platform/routes.ts';
import type { DroneDirectory } from '../../telemetry/ingest/droneDirectory.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import { WHITELIST_MESSAGES } from './whitelist.messages.ts';
import { createWhitelistRepo } from './whitelist.repo.ts';
import { whitelistRoutes } from './whitelist.routes.ts';

export const whitelistModule: Routes<{
  db: Db;
  keys: KeysService;
  directory: Pick<DroneDirectory, 'mayPublish'>;
}> = async (app, deps) => {
  registerMessages(WHITELIST_MESSAGES);
  await app.register(whitelistRoutes, {
    repo: createWhitelistRepo(deps.db),
    db: deps.db,
    keys: deps.keys,
    directory: deps.directory,
  });
};
