/**
 * The firmware module (issue 23; 002 §7 "Firmware"), registered by app.ts with the fleet
 * dependencies: its message catalogues handed in, its services composed, its routes, and the sweep of
 * files no row names (files.ts). The pure libraries it stands on are ./image and ./flightLog.
 */
import { registerMessages } from '../../platform/messages.ts';
import type { Routes } from '../../platform/routes.ts';
import { createSealer } from '../../platform/seal.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { createFilesRepo } from './files.repo.ts';
import { firmwareFileRoutes } from './files.routes.ts';
import { createFilesService } from './files.service.ts';
import { createFirmwareStore, SWEEP_EVERY_MS } from './files.ts';
import { FIRMWARE_MESSAGES } from './firmware.messages.ts';
import { firmwareKeyRoutes } from './firmware.routes.ts';
import { createKeysService } from './firmware.service.ts';
import { createFlightLogsRepo } from './flightLogs.repo.ts';
import { createKeysRepo } from './keys.repo.ts';
import { VERDICT_MESSAGES } from './verdicts.messages.ts';
import { createVerifyService } from './verify.service.ts';

export const firmwareModule: Routes<FleetDeps> = async (app, deps) => {
  registerMessages(FIRMWARE_MESSAGES);
  registerMessages(VERDICT_MESSAGES);
  const store = createFirmwareStore(deps.config.dataDir);
  const keysRepo = createKeysRepo(deps.db);
  const filesRepo = createFilesRepo(deps.db);
  const keys = createKeysService({ repo: keysRepo, sealer: createSealer(deps.config.jwtSecret) });
  const files = createFilesService({
    repo: filesRepo,
    keysRepo,
    keys,
    store,
    maxBytes: deps.config.firmwareMaxBytes,
  });
  const verify = createVerifyService({ keys, files: filesRepo, logs: createFlightLogsRepo(deps.db) });
  await app.register(firmwareKeyRoutes, { keys, verify });
  await app.register(firmwareFileRoutes, { files, verify, store, maxBytes: deps.config.firmwareMaxBytes });

  let timer: NodeJS.Timeout | null = null;
  // Once per cluster (the leader's; DATA_DIR is shared storage in a cluster). Two at once during a
  // hand-over remove the same unnamed files, an hour old, each once (rm with force).
  const sweep = () =>
    void deps.leader.run('firmware file sweep', () =>
      store.sweep(deps.db).catch((err) => deps.logger.warn({ err }, 'firmware file sweep failed')),
    );
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};
