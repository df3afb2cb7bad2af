/**
 * Start: config -> embedded PostgreSQL (when DATABASE_URL is unset) -> migrations -> demo data -> listen.
 * Stop: one SIGINT or SIGTERM (or, under `npm start`, its launcher going away) turns readiness to 503,
 * keeps serving DRAIN_SECONDS (default 0; 5 in cluster mode, for the load balancer), closes the simulated
 * fleet, HTTP and MQTT (connections still open after a short grace are ended), the telemetry
 * writer, the pool, then the embedded PostgreSQL, and exits 0. Each step is bounded in time, so a
 * stop takes seconds whatever is open or running; the embedded PostgreSQL is stopped on every path
 * (killed if the stop outlives its deadline). A second signal (not a copy of the first: Ctrl-C
 * reaches the launcher and the console together) stops the database at once and exits.
 * A start that fails says why in one plain line on stderr and exits 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { type Config, loadConfig, REPO_ROOT } from './config.ts';
import { seedDemoActivity } from './demo/activity.ts';
import { seedDemoAnomalies } from './demo/anomalies.ts';
import { seedDemoLeasingHistory } from './demo/leasingHistory.ts';
import { demoCredentialsText, seedDemo } from './demo/seed.ts';
import { seedDemoSubsidies } from './demo/subsidies.ts';
import { refreshDemoTasks, seedDemoTasks } from './demo/unifiedTasks.ts';
import { createKeysService } from './modules/accounts/keys.service.ts';
import { createDb, type Db } from './platform/db.ts';
import { type EmbeddedDb, startEmbeddedPostgres } from './platform/embeddedPostgres.ts';
import { createLogger } from './platform/logRedact.ts';
import { migrateToLatest } from './platform/migrate.ts';
import { createSealer } from './platform/seal.ts';
import { type SocketTracker, signalGate, trackSockets, within } from './platform/shutdown.ts';
import { commandUrlFor, obeyCommands } from './sim/fleet/commands.ts';
import { demoFleet } from './sim/fleet/demoFleet.ts';
import { type FleetRun, runFleet } from './sim/fleet/runner.ts';
import { httpSender } from './sim/fleet/senders.ts';
import { demoHistory } from './sim/historyGen.ts';

/** How long each step of a stop may take before the stop goes on without it (logged). */
const STEP_MS = { fleet: 3_000, http: 8_000, pool: 3_000 } as const;
/** Connections still open this long after the listener closed are ended (WebSockets, keep-alive). */
const GRACE_MS = 1_500;
/**
 * A stop that outlives this is cut short: the embedded PostgreSQL is killed and the console exits.
 * The steps' bounds and the database's own (pgServer.ts) add up to less.
 */
const STOP_DEADLINE_MS = 30_000;

const started = Date.now();
let logger = createLogger(process.env.LOG_LEVEL ?? 'info');
let config: Config | undefined;
let embedded: EmbeddedDb | null = null;
let db: Db | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let fleet: FleetRun | undefined;
let sockets: SocketTracker | undefined;
/** The embedded PostgreSQL while it starts (a stop then waits for it, to stop it too). */
let embeddedStarting: Promise<EmbeddedDb> | undefined;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

function exitNow(code: number): never {
  logger.flush?.();
  process.exit(code);
}

/** HTTP and MQTT: the listener closes; connections still open after GRACE_MS are ended. */
async function closeApp(a: NonNullable<typeof app>) {
  const closing = a.close();
  if (await within(GRACE_MS, closing)) return closing;
  const ended = sockets?.destroyAll() ?? 0;
  logger.info({ connections: ended }, 'stopping: open connections ended');
  return closing;
}

/** Stops the embedded PostgreSQL (one that is still starting once it has started); bounded in time. */
async function stopDatabase(immediate: boolean) {
  if (!embedded && embeddedStarting) await within(STOP_DEADLINE_MS / 2, embeddedStarting);
  const pg = embedded;
  if (!pg) return;
  const t = Date.now();
  await pg
    .stop({ immediate })
    .catch((err) => logger.warn({ err: reason(err) }, 'stopping: embedded PostgreSQL'));
  logger.info({ ms: Date.now() - t, immediate }, 'embedded PostgreSQL stopped');
}

let stopping = false;
let exitCode = 0;
async function stop(why: string, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  const began = Date.now();
  logger.info({ signal: why }, 'stopping');
  // Draining: readiness answers 503 at once; the load balancer stops sending new work while this
  // process still serves for DRAIN_SECONDS (0 alone, docs/operations.md "Metrics and health").
  app?.readiness.drain();
  const drainMs = app ? (config?.drainSeconds ?? 0) * 1000 : 0;
  if (drainMs > 0) {
    logger.info({ ms: drainMs }, 'draining: readiness answers 503');
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  setTimeout(() => {
    logger.error({ ms: STOP_DEADLINE_MS }, 'stopping took too long; PostgreSQL killed; exiting');
    embedded?.kill();
    exitNow(code || 1);
  }, STOP_DEADLINE_MS).unref();
  const step = async (what: string, ms: number, fn: (() => Promise<unknown>) | undefined) => {
    if (!fn) return;
    const t = Date.now();
    const work = fn().catch((err) => logger.warn({ err: reason(err) }, `stopping: ${what}`));
    if (await within(ms, work)) logger.debug({ ms: Date.now() - t }, `stopped: ${what}`);
    else logger.warn({ ms }, `stopping: ${what} did not finish in time; going on`);
  };
  await step('the simulated fleet', STEP_MS.fleet, fleet && (() => (fleet as FleetRun).stop()));
  await step('HTTP and MQTT', STEP_MS.http, app && (() => closeApp(app as NonNullable<typeof app>)));
  await step('the database pool', STEP_MS.pool, db && (() => (db as Db).destroy()));
  await stopDatabase(false);
  logger.info({ ms: Date.now() - began }, 'stopped');
  exitNow(code);
}

/** A second signal: the database stops at once (immediate shutdown), then the console exits. */
let hurrying = false;
async function hurry(why: string) {
  if (hurrying) return;
  hurrying = true;
  logger.warn({ signal: why }, 'stopping at once');
  await stopDatabase(true);
  exitNow(exitCode);
}

const signalled = signalGate();
function onSignal(signal: string) {
  const what = signalled();
  if (what === 'stop') void stop(signal);
  else if (what === 'hurry') void (stopping ? hurry(signal) : stop(signal));
}

/** Says why the start failed, in a line a person reads, then stops what had started. */
function startFailed(err: unknown) {
  // A stop during the start ends what the start was doing: that is no failure to report.
  if (stopping) return;
  logger.fatal({ err }, 'start failed');
  process.stderr.write(`\nAgriFleet did not start: ${reason(err)}\n\n`);
  void stop('start failed', 1);
}

process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGHUP', () => onSignal('SIGHUP'));
// No database event (nor any other stray rejection) ends a running console: it is logged.
process.on('unhandledRejection', (err) =>
  logger.error({ err }, 'unhandled rejection (the console keeps running)'),
);
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  process.stderr.write(`\nAgriFleet stopped on an unexpected error: ${reason(err)}\n\n`);
  void stop('uncaught exception', 1);
});
// Under `npm start` the launcher (scripts/start.mjs) may be killed without a word: stop with it.
if (process.env.AGRIFLEET_STOP_WITH_PARENT === '1') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop('launcher exited');
  }, 500).unref();
}

async function main() {
  config = loadConfig();
  logger = createLogger(config.logLevel);
  const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version ?? '0.1.0';
  if (!config.databaseUrl) {
    embeddedStarting = startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: logger,
    });
    embedded = await embeddedStarting;
    logger.info(
      { port: config.embeddedPgPort, created: embedded.created, cluster: embedded.clusterDir },
      'embedded PostgreSQL started',
    );
  }
  if (stopping) return;
  db = createDb(config.databaseUrl ?? (embedded?.url as string), 10, (err) =>
    logger.warn({ err: err.message }, 'PostgreSQL dropped a connection'),
  );
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const seedStarted = Date.now();
  const demoCreated = config.demoData && (await seedDemo(db));
  if (demoCreated) logger.info({ ms: Date.now() - seedStarted }, 'demo data created');
  app = await buildApp({ config, db, logger, version, databaseUrl: embedded?.url });
  sockets = trackSockets(app.server);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    `AgriFleet console: ${url}  (API docs ${url}/api/docs)  ready in ${Date.now() - started} ms`,
  ];
  if (config.demoData) lines.push(demoCredentialsText());
  if (config.demoData && config.simDrones > 0) {
    const keys = createKeysService(db, createSealer(config.jwtSecret));
    const groups = await demoFleet(db, keys, config.simDrones, config.dataDir, 1, logger);
    if (stopping) return;
    const local = `http://127.0.0.1:${config.port}`;
    const commandUrl = config.mqttUrl ?? commandUrlFor(local);
    fleet = runFleet(
      groups.map((g) => ({
        drones: g.drones,
        sender: httpSender(local, g.key),
        logKeys: g.logKeys,
        // The demo drones take commands (a lock) over the console's MQTT-over-WebSocket endpoint.
        commands: obeyCommands(commandUrl, g.key, g.drones, {
          onError: (err) => logger.warn({ err: err.message }, 'simulated fleet: commands'),
        }),
      })),
      { onError: (err) => logger.warn({ err: err.message }, 'simulated fleet: send failed') },
    );
    const n = groups.reduce((sum, g) => sum + g.drones.length, 0);
    lines.push(`Simulated fleet: ${n} demo drones flying and reporting (SIM_DRONES=0 turns it off).`);
  }
  if (demoCreated) {
    const historyDb = db;
    const timeZone = config.statTimeZone;
    const withHistory = config.demoHistorySorties > 0;
    if (withHistory)
      lines.push(`Demo history: ${config.demoHistorySorties} sorties of the last year are being generated.`);
    // What the screens show besides the organisations (orders, applications, teams, stat items),
    // in the background with the history: a few seconds that the start does not wait for.
    const sorties = config.demoHistorySorties;
    const activity = { timeZone, jwtSecret: config.jwtSecret, origin: `http://localhost:${config.port}` };
    seedDemoActivity(historyDb, activity)
      .then((r) => logger.info(r, 'demo activity created'))
      // The demo government's unified tasks, its operators' Jiangsu drones enrolled: live sorties
      // count into them as they land.
      .then(() => seedDemoTasks(historyDb, { timeZone }))
      .then((r) => logger.info(r, 'demo unified tasks created'))
      .then(() =>
        withHistory
          ? demoHistory(historyDb, sorties, logger, { timeZone })
              // Then the demo client's past leases of the drones it leases now, billed (leasing screens).
              .then(() => seedDemoLeasingHistory(historyDb, timeZone))
              .then((r) => logger.info(r, 'demo leasing history generated'))
              // Then yesterday's faulty flights, judged by the anomaly rules (the anomaly tab, the
              // alerts): flown history too, so DEMO_HISTORY_SORTIES=0 flies none (the kill tests
              // count the sorties of demo drones).
              .then(() => seedDemoAnomalies(historyDb, { timeZone }))
              .then((r) => logger.info(r, 'demo anomalies raised'))
              // The history does not pass the landing hook: the tasks judge it now, once.
              .then(() => refreshDemoTasks(historyDb, { timeZone }))
              .then((r) => logger.info(r, 'demo unified tasks judged the history'))
              .then(() => seedDemoSubsidies(historyDb, { timeZone }))
              .then((r) => logger.info(r, 'demo subsidies computed'))
          : undefined,
      )
      .catch((err) => logger.error({ err }, 'demo history not generated'));
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch(startFailed);
