/** What the fleet registry modules (drones, models, nofly, rtk) are given by app.ts. */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import type { Leader } from '../platform/leader.ts';
import type { Notifier } from '../platform/notify.ts';
import type { Commands } from '../telemetry/commands/types.ts';
import type { Telemetry } from '../telemetry/index.ts';

export interface FleetDeps {
  db: Db;
  config: Config;
  logger: Logger;
  telemetry: Telemetry;
  notifier: Notifier;
  commands: Commands;
  /** Runs the periodic jobs in one process of the cluster (platform/leader.ts). */
  leader: Leader;
}
