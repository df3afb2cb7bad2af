/** Environment -> typed configuration. Every variable is listed in the README with its default. */

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRMWARE_MAX_BYTES } from '@agrifleet/domain';
import { paymentSandboxesInUse } from './platform/payments/fromEnv.ts';
import {
  MAIL_OUTBOX,
  refuseSandboxes,
  type SandboxInUse,
  SMS_OUTBOX,
  sandboxesAllowedBy,
} from './platform/sandboxes.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: start embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  embeddedPgPort: number;
  demoData: boolean;
  jwtSecret: string;
  tokenTtlSeconds: number;
  rememberTtlSeconds: number;
  refreshTtlSeconds: number;
  hostProfilesFile: string;
  webDist: string;
  logLevel: string;
  uploadMaxBytes: number;
  /** A plain firmware upload's limit (FIRMWARE_MAX_BYTES; images and verifyfw uploads get 1 MiB more). */
  firmwareMaxBytes: number;
  /** App logs older than this many days are deleted (APP_LOG_RETENTION_DAYS, default 90; modules/applogs). */
  appLogRetentionDays: number;
  /** App-log batches one telemetry key may send a minute (APP_LOG_BATCHES_PER_MINUTE, default 1200). */
  appLogBatchesPerMinute: number;
  trustProxy: boolean;
  sms: {
    provider: 'outbox' | 'twilio';
    twilioUrl: string;
    twilioSid: string;
    twilioToken: string;
    from: string;
  };
  mail: { provider: 'outbox' | 'smtp'; smtpUrl: string; from: string };
  /** A drone is online while its last point arrived within this window (ms). */
  onlineWindowMs: number;
  /** Telemetry points older than this (ms before the server's clock) are dropped (TELEMETRY_MAX_PAST_HOURS). */
  telemetryMaxPastMs: number;
  /** Telemetry points newer than this (ms after the server's clock) are dropped (TELEMETRY_MAX_FUTURE_SECONDS). */
  telemetryMaxFutureMs: number;
  /** Time zone of the statistics' days, months and years (STAT_TIMEZONE, IANA name). */
  statTimeZone: string;
  /** Embedded MQTT broker's TCP port (0: off). Ignored when mqttUrl is set. */
  mqttPort: number;
  /** External MQTT broker to consume telemetry from instead of the embedded one. */
  mqttUrl: string | null;
  /** Connections consuming the external broker's shared subscription (MQTT_URL only). */
  mqttConsumers: number;
  /** Stable id of this process among the broker's consumers (default: host name). */
  mqttClientId: string;
  /** Shared-subscription group of the consumers. */
  mqttGroup: string;
  /** Drones of the built-in simulated fleet flown at start (0: off). */
  simDrones: number;
  /** Sorties of history generated on the first start with demo data (DEMO_HISTORY_SORTIES; 0: none). */
  demoHistorySorties: number;
  /** Exposes captchas and codes to tests. Refused unless NODE_ENV is 'test'. */
  testMode: boolean;
  production: boolean;
  /** ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1: sandbox providers may run under NODE_ENV=production (platform/sandboxes.ts). */
  allowSandboxProviders: boolean;
  /**
   * Cluster mode (issue 24, docs/operations.md "Cluster mode"): set by CLUSTER_NATS_URL. Null: the
   * single process of `npm start`, which keeps every live state and job in itself.
   */
  cluster: ClusterConfig | null;
  /** Bearer token of GET /metrics (METRICS_TOKEN); without it only loopback callers get it (platform/metrics.ts). */
  metricsToken: string | null;
  /** Seconds a stop keeps serving while readiness answers 503 (DRAIN_SECONDS, 0-30; default 0, 5 in cluster mode). */
  drainSeconds: number;
}

export interface ClusterConfig {
  /** The NATS (JetStream) servers, comma-separated URLs. */
  natsUrl: string;
  /** This process among the cluster's (CLUSTER_NODE_ID; default host name and pid). */
  nodeId: string;
  /** Partitions the drones are spread over (CLUSTER_PARTITIONS, 1-1024, default 64); the same on every process. */
  partitions: number;
  /** Copies of the telemetry stream in a NATS cluster (CLUSTER_STREAM_REPLICAS, 1-5, default 1; 3 for a 3-server NATS cluster). */
  streamReplicas?: number;
  /**
   * How often an owner sends the other processes its drones' newest positions, ms (CLUSTER_LIVE_MS,
   * 250-10000, default DEFAULT_LIVE_MS). Their maps lag by this much more; a very large fleet sets
   * more (docs/scaling.md: 5000 at 1,000,000 drones).
   */
  liveMs?: number;
}

/**
 * Cluster live positions go to the other processes at most this often, the newest of each drone:
 * the monitor pushes once a second (monitor.socket.ts), so a drone's map position there is at most
 * 500 ms + 1 s + transit old (the goal: 2 s at p99), and a drone sending faster costs no more.
 */
export const DEFAULT_LIVE_MS = 500;

type Env = Record<string, string | undefined>;

const int = (v: string | undefined, d: number, name: string) => {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};
const timeZone = (v: string | undefined, d: string) => {
  if (v === undefined || v === '') return d;
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
  } catch {
    throw new Error(`STAT_TIMEZONE must be an IANA time zone such as Asia/Shanghai, got "${v}"`);
  }
  return v;
};
const bool = (v: string | undefined, d: boolean) =>
  v === undefined || v === '' ? d : /^(1|true|yes|on)$/i.test(v);

function secretFor(dataDir: string, env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set in production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The sandbox providers (platform/sandboxes.ts) the environment leaves in use. */
export function sandboxesInUse(env: Env): SandboxInUse[] {
  const inUse: SandboxInUse[] = [];
  if ((env.SMS_PROVIDER ?? 'outbox') === 'outbox') inUse.push(SMS_OUTBOX);
  if ((env.MAIL_PROVIDER ?? 'outbox') === 'outbox') inUse.push(MAIL_OUTBOX);
  return [...inUse, ...paymentSandboxesInUse(env)];
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const testMode = bool(env.AGRIFLEET_TEST_MODE, false);
  if (testMode && env.NODE_ENV !== 'test') {
    throw new Error('AGRIFLEET_TEST_MODE is only accepted with NODE_ENV=test');
  }
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL || null;
  const smsProvider = env.SMS_PROVIDER ?? 'outbox';
  const mailProvider = env.MAIL_PROVIDER ?? 'outbox';
  if (smsProvider !== 'outbox' && smsProvider !== 'twilio')
    throw new Error(`Unknown SMS_PROVIDER "${smsProvider}"`);
  if (mailProvider !== 'outbox' && mailProvider !== 'smtp')
    throw new Error(`Unknown MAIL_PROVIDER "${mailProvider}"`);
  const config: Config = {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    embeddedPgPort: int(env.EMBEDDED_PG_PORT, 54329, 'EMBEDDED_PG_PORT'),
    demoData: bool(env.DEMO_DATA, databaseUrl === null),
    jwtSecret: secretFor(dataDir, env),
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 24 * 3600, 'TOKEN_TTL_SECONDS'),
    rememberTtlSeconds: int(env.REMEMBER_TTL_SECONDS, 7 * 24 * 3600, 'REMEMBER_TTL_SECONDS'),
    refreshTtlSeconds: int(env.REFRESH_TTL_SECONDS, 30 * 24 * 3600, 'REFRESH_TTL_SECONDS'),
    hostProfilesFile: resolve(REPO_ROOT, env.HOST_PROFILES_FILE ?? 'config/hosts.json'),
    webDist: resolve(REPO_ROOT, env.WEB_DIST ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 5 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
    firmwareMaxBytes: int(env.FIRMWARE_MAX_BYTES, FIRMWARE_MAX_BYTES, 'FIRMWARE_MAX_BYTES'),
    appLogRetentionDays: Math.max(1, int(env.APP_LOG_RETENTION_DAYS, 90, 'APP_LOG_RETENTION_DAYS')),
    appLogBatchesPerMinute: Math.max(
      1,
      int(env.APP_LOG_BATCHES_PER_MINUTE, 1200, 'APP_LOG_BATCHES_PER_MINUTE'),
    ),
    trustProxy: bool(env.TRUST_PROXY, false),
    sms: {
      provider: smsProvider,
      twilioUrl: env.TWILIO_API_URL ?? 'https://api.twilio.com',
      twilioSid: env.TWILIO_ACCOUNT_SID ?? '',
      twilioToken: env.TWILIO_AUTH_TOKEN ?? '',
      from: env.SMS_FROM ?? '',
    },
    mail: {
      provider: mailProvider,
      smtpUrl: env.SMTP_URL ?? '',
      from: env.MAIL_FROM ?? 'AgriFleet <no-reply@localhost>',
    },
    testMode,
    onlineWindowMs: int(env.ONLINE_WINDOW_SECONDS, 60, 'ONLINE_WINDOW_SECONDS') * 1000,
    telemetryMaxPastMs: int(env.TELEMETRY_MAX_PAST_HOURS, 720, 'TELEMETRY_MAX_PAST_HOURS') * 3_600_000,
    telemetryMaxFutureMs: int(env.TELEMETRY_MAX_FUTURE_SECONDS, 600, 'TELEMETRY_MAX_FUTURE_SECONDS') * 1000,
    statTimeZone: timeZone(env.STAT_TIMEZONE, 'Asia/Shanghai'),
    mqttPort: int(env.MQTT_PORT, 1883, 'MQTT_PORT'),
    mqttUrl: env.MQTT_URL || null,
    mqttConsumers: Math.max(1, int(env.MQTT_CONSUMERS, 1, 'MQTT_CONSUMERS')),
    mqttClientId: env.MQTT_CLIENT_ID || hostname(),
    mqttGroup: env.MQTT_GROUP || 'agrifleet',
    simDrones: int(env.SIM_DRONES, 24, 'SIM_DRONES'),
    demoHistorySorties: int(env.DEMO_HISTORY_SORTIES, 3000, 'DEMO_HISTORY_SORTIES'),
    production,
    allowSandboxProviders: sandboxesAllowedBy(env),
    cluster: env.CLUSTER_NATS_URL
      ? {
          natsUrl: env.CLUSTER_NATS_URL,
          nodeId: env.CLUSTER_NODE_ID || `${hostname()}-${process.pid}`,
          partitions: Math.min(1024, Math.max(1, int(env.CLUSTER_PARTITIONS, 64, 'CLUSTER_PARTITIONS'))),
          streamReplicas: Math.min(
            5,
            Math.max(1, int(env.CLUSTER_STREAM_REPLICAS, 1, 'CLUSTER_STREAM_REPLICAS')),
          ),
          liveMs: Math.min(
            10_000,
            Math.max(250, int(env.CLUSTER_LIVE_MS, DEFAULT_LIVE_MS, 'CLUSTER_LIVE_MS')),
          ),
        }
      : null,
    metricsToken: env.METRICS_TOKEN || null,
    drainSeconds: Math.min(30, int(env.DRAIN_SECONDS, env.CLUSTER_NATS_URL ? 5 : 0, 'DRAIN_SECONDS')),
  };
  // Production never runs a sandbox unless ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1 says so.
  refuseSandboxes(config, sandboxesInUse(env));
  return config;
}
