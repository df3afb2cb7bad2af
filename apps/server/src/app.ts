/** Builds the Fastify app from its dependencies; main.ts listens, tests inject. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { keyRoutes } from './modules/accounts/keys.routes.ts';
import { createKeysService } from './modules/accounts/keys.service.ts';
import { rentalLookupRoutes } from './modules/accounts/rental.routes.ts';
import { createAnomaliesRepo } from './modules/anomalies/anomalies.repo.ts';
import { appLogsModule } from './modules/applogs/index.ts';
import { approvalsModule } from './modules/approvals/index.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCaptchaService } from './modules/auth/captcha.ts';
import { createCodeService } from './modules/auth/codes.ts';
import { profileRoutes } from './modules/auth/profile.routes.ts';
import { createProfileService } from './modules/auth/profile.service.ts';
import { blocksModule } from './modules/blocks/index.ts';
import { bulletinsModule } from './modules/bulletins/index.ts';
import { controlModule } from './modules/control/index.ts';
import { createDatastatCube } from './modules/datastat/datastat.cube.ts';
import { createDetailBuilder } from './modules/datastat/datastat.detail.ts';
import { createDatastatRepo } from './modules/datastat/datastat.repo.ts';
import { datastatRoutes } from './modules/datastat/datastat.routes.ts';
import { createDatastatService } from './modules/datastat/datastat.service.ts';
import { createDronesRepo } from './modules/drones/drones.repo.ts';
import { droneModule } from './modules/drones/index.ts';
import { flightLogRoutes } from './modules/firmware/flightLogs.routes.ts';
import { firmwareModule } from './modules/firmware/index.ts';
import { groundStationModule } from './modules/groundstation/index.ts';
import { leasingModule } from './modules/leasing/index.ts';
import { lookupsModule } from './modules/lookups/index.ts';
import { membersModule } from './modules/members/index.ts';
import { modelModule } from './modules/models/index.ts';
import { monitorRoutes } from './modules/monitor/monitor.routes.ts';
import { createMonitorService } from './modules/monitor/monitor.service.ts';
import { monitorSocket } from './modules/monitor/monitor.socket.ts';
import { createZfMonitor } from './modules/monitor/zfMonitor.ts';
import { noflyModule } from './modules/nofly/index.ts';
import { createNoflyRepo } from './modules/nofly/nofly.repo.ts';
import { ordersModule } from './modules/orders/index.ts';
import { regionAt } from './modules/regions/geo/regionAt.ts';
import { regionRoutes } from './modules/regions/regions.routes.ts';
import { rtkModule } from './modules/rtk/index.ts';
import { createSortiesRepo } from './modules/sorties/sorties.repo.ts';
import { sortieRoutes } from './modules/sorties/sorties.routes.ts';
import { createDroneStatsRepo } from './modules/stats/droneStats.repo.ts';
import { droneStatsRoutes } from './modules/stats/droneStats.routes.ts';
import { createDroneStatsService } from './modules/stats/droneStats.service.ts';
import { createStatsRepo } from './modules/stats/stats.repo.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { subsidiesModule } from './modules/subsidies/index.ts';
import { syslogModule } from './modules/syslog/index.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { teamsModule } from './modules/teams/index.ts';
import { commandRoutes } from './modules/telemetry/commands.routes.ts';
import { registerMqtt } from './modules/telemetry/mqtt.ts';
import { pictureRoutes } from './modules/telemetry/pictures.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { testingRoutes } from './modules/testing/testing.routes.ts';
import { toolsModule } from './modules/tools/index.ts';
import { unifiedTasksModule } from './modules/unifiedTasks/index.ts';
import { whitelistModule } from './modules/whitelist/index.ts';
import { createAudit } from './platform/audit.ts';
import { auditHook } from './platform/auditHook.ts';
import { authGuard } from './platform/auth/guard.ts';
import { createSessionEvents, shareSessionEvents } from './platform/auth/sessionEvents.ts';
import { createTokenSigner } from './platform/auth/tokens.ts';
import { connectBus } from './platform/cluster/nats.ts';
import { helmetOptions } from './platform/csp.ts';
import { type Db, poolCounts } from './platform/db.ts';
import { frameworkError } from './platform/errors.ts';
import { createReadiness, type Readiness } from './platform/health.ts';
import { loadHostProfiles } from './platform/hostProfiles.ts';
import { requestContext } from './platform/http.ts';
import { inputText } from './platform/inputText.ts';
import { createLeader, type Leader } from './platform/leader.ts';
import { translate } from './platform/messages.ts';
import { createMessenger, type Transport, transportsFromConfig } from './platform/messaging.ts';
import { createMetrics, type Metrics, metricsRoute } from './platform/metrics.ts';
import { createNotifier, type Notifier, notify } from './platform/notify.ts';
import { sandboxPayPage } from './platform/payments/page.ts';
import {
  createLimitsDb,
  createRateLimiter,
  createSharedLimiter,
  createStoredRateLimiter,
  type RateLimiter,
} from './platform/rateLimit.ts';
import { createSealer } from './platform/seal.ts';
import { createStorage } from './platform/storage.ts';
import { createCommands } from './telemetry/commands/index.ts';
import { createTelemetry, type Telemetry } from './telemetry/index.ts';
import { DEFAULT_ROLLUP_SETTINGS } from './telemetry/rollups/index.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Replace the SMS / e-mail transports (tests use local fakes of the real protocols). */
  transports?: { sms: Transport; email: Transport };
  limiter?: RateLimiter;
  version?: string;
  /** Sees every route as it is registered, the first included (tests check their declared access). */
  onRoute?: (route: RouteOptions) => void;
  /** The telemetry service (default: one over `db`, started when the app is ready). */
  telemetry?: Telemetry;
  /**
   * The database's URL for the change-notice connection (platform/notify.ts), when `config` has
   * none (embedded PostgreSQL). Without either, notices reach no one and caches keep their timers.
   */
  databaseUrl?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: Telemetry;
    /** Whether this process runs the cluster's periodic jobs now (platform/leader.ts). */
    leader: Leader;
    /** This process's Prometheus metrics (platform/metrics.ts): cluster code sets partitionsOwned. */
    metrics: Metrics;
    /** Whether this process can serve (platform/health.ts): main.ts drains it, cluster code adds checks. */
    readiness: Readiness;
  }
}

/** Cluster mode: the bus (NATS) and the database the partition locks are taken on. */
async function clusterOf(config: Config, deps: AppDeps, onOwned: (n: number) => void) {
  if (!config.cluster) return undefined;
  const databaseUrl = deps.databaseUrl ?? config.databaseUrl;
  if (!databaseUrl) throw new Error('cluster mode needs DATABASE_URL (one PostgreSQL for every process)');
  const bus = await connectBus({
    url: config.cluster.natsUrl,
    name: `agrifleet-${config.cluster.nodeId}`,
    logger: deps.logger,
    replicas: config.cluster.streamReplicas,
  });
  return { config: config.cluster, bus, databaseUrl, onOwned };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  const hosts = loadHostProfiles(config.hostProfilesFile, { production: config.production });
  await app.register(helmet, helmetOptions(hosts.all(), config.trustProxy));
  await app.register(websocket, { options: { maxPayload: 8 * 1024 * 1024 } });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: 'AgriFleet API', version: deps.version ?? '0.1.0' }, servers: [] },
    transform: jsonSchemaTransform,
  });
  // The documentation pages themselves are public. The hook must exist before swagger-ui adds them:
  // onRoute only sees routes registered after it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  const tokens = createTokenSigner(config.jwtSecret);
  const messenger = createMessenger(db, deps.transports ?? transportsFromConfig(config, deps.logger));
  // Captchas, codes and the shared limits commit at once, outside any request transaction.
  const limitsUrl = deps.databaseUrl ?? config.databaseUrl;
  // In cluster mode every request's throttles count there too (rate_windows): a larger pool.
  const limitsDb = limitsUrl ? createLimitsDb(limitsUrl, config.cluster ? 10 : 3) : db;
  if (limitsDb !== db) app.addHook('onClose', () => limitsDb.destroy());
  // One process counts its throttles in memory (no round trip); a cluster's processes count them
  // together in PostgreSQL (platform/rateLimit.ts, docs/operations.md "Once per cluster").
  const limiter = deps.limiter ?? (config.cluster ? createStoredRateLimiter(limitsDb) : createRateLimiter());
  // The periodic jobs run in one process of the cluster (platform/leader.ts); alone, it always leads.
  // A cluster process without the database's URL would lead alone, beside every other: refused.
  if (config.cluster && !limitsUrl)
    throw new Error('cluster mode needs DATABASE_URL (the leader and the limits)');
  const leader = createLeader(config.cluster ? limitsUrl : null, 'jobs', deps.logger);
  app.decorate('leader', leader);
  app.addHook('onReady', () => leader.start());
  app.addHook('onClose', () => leader.stop());
  const captcha = createCaptchaService(limitsDb);
  const notifier: Notifier = createNotifier(deps.databaseUrl ?? config.databaseUrl, deps.logger);
  app.addHook('onReady', () => notifier.start());
  app.addHook('onClose', () => notifier.stop());
  // Cluster mode: an ended session closes its sockets on every process (issue 24 #3).
  const sessionEvents = config.cluster
    ? shareSessionEvents(createSessionEvents(), {
        node: config.cluster.nodeId,
        send: (channel, payload) => notify(db, channel, payload),
        on: (channel, handler) => notifier.on(channel, handler),
      })
    : createSessionEvents();
  const sharedLimits = createSharedLimiter(limitsDb, limiter.now);
  const codes = createCodeService(limitsDb, config.jwtSecret, sharedLimits);
  const audit = createAudit(db, deps.logger);
  const authRepo = createAuthRepo(db, sessionEvents);
  const auth = createAuthService({
    repo: authRepo,
    codes,
    captcha,
    messenger,
    limiter,
    shared: sharedLimits,
    tokens,
    audit,
    ttl: {
      token: config.tokenTtlSeconds,
      remember: config.rememberTtlSeconds,
      refresh: config.refreshTtlSeconds,
    },
  });

  const storage = createStorage(db, config.dataDir, config.jwtSecret);
  app.addHook('onReady', async () => storage.start(deps.logger, leader));
  app.addHook('onClose', async () => storage.stop());
  await app.register(requestContext, { hosts });
  await app.register(inputText);
  await app.register(authGuard, { db, tokens });
  await app.register(auditHook, { audit, logger: deps.logger });

  const metrics = createMetrics();
  metrics.pool(() => poolCounts(db));
  const readiness = createReadiness(db);
  app.decorate('metrics', metrics);
  app.decorate('readiness', readiness);
  await app.register(metricsRoute, { metrics, token: config.metricsToken });
  await app.register(systemRoutes, {
    db,
    version: deps.version ?? '0.1.0',
    statTimeZone: config.statTimeZone,
    readiness,
  });
  await app.register(authRoutes, { auth, captcha });
  await app.register(profileRoutes, {
    profile: createProfileService(db, authRepo, limiter),
    storage,
    limiter,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  await app.register(regionRoutes);
  await app.register(rentalLookupRoutes, { accounts: createAccountsRepo(db) });
  const keys = createKeysService(db, createSealer(config.jwtSecret), audit, limiter.now, limiter);
  await app.register(keyRoutes, { keys });

  const telemetry =
    deps.telemetry ??
    createTelemetry({
      db,
      locate: regionAt,
      logger: deps.logger,
      onlineWindowMs: config.onlineWindowMs,
      window: { pastMs: config.telemetryMaxPastMs, futureMs: config.telemetryMaxFutureMs },
      rollups: { ...DEFAULT_ROLLUP_SETTINGS, timeZone: config.statTimeZone },
      notifier,
      cluster: await clusterOf(config, deps, (n) => metrics.partitionsOwned.set(n)),
      leader,
    });
  app.decorate('telemetry', telemetry);
  // Cluster mode: not ready for the load balancer while the bus is away.
  const bus = telemetry.cluster?.bus;
  if (bus) readiness.add('nats', () => bus.connected());
  metrics.writerQueue.from(() => telemetry.writer.stats().pendingPoints);
  metrics.writerFlushes(() => telemetry.writer.stats().flushes);
  const cluster = telemetry.cluster;
  if (cluster) metrics.forwardMessages(() => cluster.stats().messages);
  app.addHook('onReady', () => telemetry.start());
  app.addHook('onClose', () => telemetry.stop());
  await app.register(telemetryRoutes, { keys, ingest: telemetry.ingest, db, metrics });
  const mqtt = await registerMqtt(app, { config, telemetry, keys, logger: deps.logger, metrics });
  const commands = createCommands({ db, notifier, logger: deps.logger, downlink: mqtt.downlink });
  app.decorate('commands', commands);
  app.addHook('onReady', () => commands.start());
  app.addHook('onClose', () => commands.stop());
  await app.register(commandRoutes, {
    commands,
    sorties: createSortiesRepo(db),
    drones: createDronesRepo(db),
  });
  const fleet = { db, config, logger: deps.logger, telemetry, notifier, commands, leader };
  await app.register(droneModule, fleet);
  await app.register(modelModule, fleet);
  await app.register(noflyModule, fleet);
  await app.register(rtkModule, fleet);
  await app.register(lookupsModule, fleet);
  await app.register(unifiedTasksModule, fleet);
  await app.register(subsidiesModule, fleet);
  await app.register(blocksModule, fleet);
  await app.register(controlModule, fleet);
  await app.register(firmwareModule, fleet);
  await app.register(toolsModule, { db, telemetry, keys });
  await app.register(whitelistModule, { db, keys, directory: telemetry.directory });
  await app.register(appLogsModule, { db, config, logger: deps.logger, keys, limiter, leader });
  await app.register(groundStationModule, { db, config, keys });
  const org = {
    db,
    config,
    logger: deps.logger,
    messenger,
    codes,
    notifier,
    sessionEvents,
    audit,
    telemetry,
    limiter,
    leader,
  };
  await app.register(accountsModule, org);
  await app.register(approvalsModule, org);
  await app.register(membersModule, org);
  await app.register(teamsModule, org);
  await app.register(syslogModule, org);
  await app.register(bulletinsModule, org);
  await app.register(ordersModule, org);
  await app.register(leasingModule, { ...org, commands });
  await app.register(sandboxPayPage, { env: process.env });
  const sorties = createSortiesRepo(db);
  const stats = createStatsService(createStatsRepo(db, config.statTimeZone), {
    timeZone: config.statTimeZone,
  });
  const zfMonitor = createZfMonitor({ db, notifier, logger: deps.logger });
  app.addHook('onReady', () => zfMonitor.start());
  app.addHook('onClose', async () => zfMonitor.stop());
  const monitor = createMonitorService({
    live: telemetry.live,
    sorties,
    stats,
    timeZone: config.statTimeZone,
    zf: zfMonitor.monitored,
  });
  const anomalies = createAnomaliesRepo(db);
  await app.register(monitorRoutes, { monitor, sorties, nofly: createNoflyRepo(db), anomalies });
  await app.register(monitorSocket, {
    live: telemetry.live,
    db,
    sessions: sessionEvents,
    zf: zfMonitor.monitored,
    metrics,
  });
  await app.register(sortieRoutes, { sorties, anomalies });
  await app.register(statsRoutes, { stats });
  const datastatRepo = createDatastatRepo(db);
  const datastat = createDatastatService({
    repo: datastatRepo,
    detail: createDetailBuilder({
      cube: createDatastatCube(db),
      repo: datastatRepo,
      timeZone: config.statTimeZone,
      now: Date.now,
    }),
    stats: createStatsRepo(db, config.statTimeZone),
    timeZone: config.statTimeZone,
  });
  await app.register(datastatRoutes, { datastat });
  await app.register(droneStatsRoutes, {
    droneStats: createDroneStatsService(createDroneStatsRepo(db)),
    sorties,
    timeZone: config.statTimeZone,
  });
  await app.register(pictureRoutes, {
    db,
    keys,
    directory: telemetry.directory,
    storage,
    sorties,
    maxBytes: config.uploadMaxBytes,
  });
  await app.register(flightLogRoutes, {
    db,
    keys,
    directory: telemetry.directory,
    sorties,
    dataDir: config.dataDir,
  });
  if (config.testMode) await app.register(testingRoutes, { db, captcha });

  await registerWeb(app, config.webDist);
  return app;
}

/** The built web app from the same port, with SPA fallback; unknown /api paths answer 404 JSON. */
async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Hashed build assets never change; everything else is revalidated.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ code: 404, message: translate('notFound', req.lang ?? 'zh') });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
