/**
 * Start: config -> embedded PostgreSQL (when DATABASE_URL is unset) -> migrations -> demo data -> listen.
 * Stop: one SIGINT or SIGTERM (or, under `npm start`, its launcher going away) closes the simulated
 * fleet, HTTP and MQTT, the telemetry writer, the pool, then the embedded PostgreSQL, and exits 0.
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
import { createKeysService } from './modules/accounts/keys.service.ts';
import { createDb, type Db } from './platform/db.ts';
import { type EmbeddedDb, startEmbeddedPostgres } from './platform/embeddedPostgres.ts';
import { createLogger } from './platform/logRedact.ts';
import { migrateToLatest } from './platform/migrate.ts';
import { createSealer } from './platform/seal.ts';
import { commandUrlFor, obeyCommands } from './sim/fleet/commands.ts';
import { demoFleet } from './sim/fleet/demoFleet.ts';
import { type FleetRun, runFleet } from './sim/fleet/runner.ts';
import { httpSender } from './sim/fleet/senders.ts';
import { demoHistory } from './sim/historyGen.ts';

/** A stop that takes longer than this (a database that never answers) is cut short. */
const STOP_DEADLINE_MS = 30_000;

const started = Date.now();
let logger = createLogger(process.env.LOG_LEVEL ?? 'info');
let config: Config | undefined;
let embedded: EmbeddedDb | null = null;
let db: Db | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let fleet: FleetRun | undefined;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

let stopping = false;
async function stop(why: string, code = 0) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal: why }, 'stopping');
  setTimeout(() => {
    logger.error('stopping took too long; exiting');
    process.exit(code || 1);
  }, STOP_DEADLINE_MS).unref();
  const step = async (what: string, fn: (() => Promise<unknown>) | undefined) => {
    await fn?.().catch((err) => logger.warn({ err: reason(err) }, `stopping: ${what}`));
  };
  await step('the simulated fleet', fleet && (() => (fleet as FleetRun).stop()));
  await step('HTTP and MQTT', app && (() => (app as NonNullable<typeof app>).close()));
  await step('the database pool', db && (() => (db as Db).destroy()));
  await step('the embedded PostgreSQL', embedded ? (embedded as EmbeddedDb).stop : undefined);
  logger.info('stopped');
  logger.flush?.();
  process.exit(code);
}

/** Says why the start failed, in a line a person reads, then stops what had started. */
function startFailed(err: unknown) {
  logger.fatal({ err }, 'start failed');
  process.stderr.write(`\nAgriFleet did not start: ${reason(err)}\n\n`);
  void stop('start failed', 1);
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGHUP', () => void stop('SIGHUP'));
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
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: logger,
    });
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
  if (demoCreated) {
    // What the screens show besides the organisations (orders, applications, teams, stat items).
    const activity = await seedDemoActivity(db, {
      timeZone: config.statTimeZone,
      jwtSecret: config.jwtSecret,
      origin: `http://localhost:${config.port}`,
    });
    logger.info({ ms: Date.now() - seedStarted, ...activity }, 'demo data created');
  }
  app = await buildApp({ config, db, logger, version, databaseUrl: embedded?.url });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    `AgriFleet console: ${url}  (API docs ${url}/api/docs)  ready in ${Date.now() - started} ms`,
  ];
  if (config.demoData) lines.push(demoCredentialsText());
  if (config.demoData && config.simDrones > 0) {
    const keys = createKeysService(db, createSealer(config.jwtSecret));
    const groups = await demoFleet(db, keys, config.simDrones, config.dataDir, 1, logger);
    const local = `http://127.0.0.1:${config.port}`;
    const commandUrl = config.mqttUrl ?? commandUrlFor(local);
    fleet = runFleet(
      groups.map((g) => ({
        drones: g.drones,
        sender: httpSender(local, g.key),
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
    (withHistory
      ? demoHistory(historyDb, config.demoHistorySorties, logger, { timeZone })
          // Then the demo client's past leases of the drones it leases now, billed (leasing screens).
          .then(() => seedDemoLeasingHistory(historyDb, timeZone))
          .then((r) => logger.info(r, 'demo leasing history generated'))
      : Promise.resolve()
    )
      // Then yesterday's faulty flights, judged by the anomaly rules (the anomaly tab, the alerts).
      .then(() => seedDemoAnomalies(historyDb, { timeZone }))
      .then((r) => logger.info(r, 'demo anomalies raised'))
      .catch((err) => logger.error({ err }, 'demo history not generated'));
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch(startFailed);
