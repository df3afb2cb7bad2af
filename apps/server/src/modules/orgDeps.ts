/** What the organisation modules (accounts, approvals, members, teams, syslog, bulletins, orders) get from app.ts. */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Audit } from '../platform/audit.ts';
import type { SessionEvents } from '../platform/auth/sessionEvents.ts';
import type { Db } from '../platform/db.ts';
import type { Leader } from '../platform/leader.ts';
import type { Messenger } from '../platform/messaging.ts';
import type { Notifier } from '../platform/notify.ts';
import type { RateLimiter } from '../platform/rateLimit.ts';
import type { Telemetry } from '../telemetry/index.ts';
import type { CodeService } from './auth/codes.ts';

export interface OrgDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** SMS / e-mail through the configured provider (outbox by default). */
  messenger: Messenger;
  /** Verification codes (the same service sign-in uses). */
  codes: CodeService;
  notifier: Notifier;
  /** Tells the monitor socket and others that a user's sessions ended. */
  sessionEvents: SessionEvents;
  /** The system log's writer, for rows that no request makes (platform/audit.ts). */
  audit: Audit;
  telemetry: Telemetry;
  /** The app's rate limiter (shared with sign-in, so code limits count together). */
  limiter: RateLimiter;
  /** Runs the periodic jobs in one process of the cluster (platform/leader.ts). */
  leader: Leader;
}
