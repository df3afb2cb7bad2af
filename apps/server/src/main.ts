/** Start: config -> embedded PostgreSQL (when DATABASE_URL is unset) -> migrations -> demo data -> listen. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig, REPO_ROOT } from './config.ts';
import { demoCredentialsText, seedDemo } from './demo/seed.ts';
import { createKeysService } from './modules/accounts/keys.service.ts';
import { createDb } from './platform/db.ts';
import { startEmbeddedPostgres } from './platform/embeddedPostgres.ts';
import { migrateToLatest } from './platform/migrate.ts';
import { createSealer } from './platform/seal.ts';
import { demoFleet } from './sim/fleet/demoFleet.ts';
import { type FleetRun, runFleet } from './sim/fleet/runner.ts';
import { httpSender } from './sim/fleet/senders.ts';
import { demoHistory } from './sim/historyGen.ts';

const started = Date.now();
const config = loadConfig();
const logger = pino({ level: config.logLevel });
const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version ?? '0.1.0';

const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log: logger });
if (embedded)
  logger.info({ port: config.embeddedPgPort, created: embedded.created }, 'embedded PostgreSQL started');
const db = createDb(config.databaseUrl ?? (embedded?.url as string), 10, (err) =>
  logger.warn({ err }, 'PostgreSQL dropped an idle connection'),
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await fleet?.stop().catch((err) => logger.error({ err }, 'stopping the simulated fleet'));
  await app?.close().catch((err) => logger.error({ err }, 'closing http'));
  await db.destroy().catch((err) => logger.error({ err }, 'closing db pool'));
  await embedded?.stop().catch((err) => logger.error({ err }, 'stopping embedded PostgreSQL'));
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let fleet: FleetRun | undefined;
try {
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const demoCreated = config.demoData && (await seedDemo(db));
  if (demoCreated) logger.info('demo data created');
  app = await buildApp({ config, db, logger, version });
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
    fleet = runFleet(
      groups.map((g) => ({ drones: g.drones, sender: httpSender(local, g.key) })),
      { onError: (err) => logger.warn({ err: err.message }, 'simulated fleet: send failed') },
    );
    const n = groups.reduce((sum, g) => sum + g.drones.length, 0);
    lines.push(`Simulated fleet: ${n} demo drones flying and reporting (SIM_DRONES=0 turns it off).`);
  }
  if (demoCreated && config.demoHistorySorties > 0) {
    lines.push(`Demo history: ${config.demoHistorySorties} sorties of the last year are being generated.`);
    void demoHistory(db, config.demoHistorySorties, logger, { timeZone: config.statTimeZone });
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
} catch (err) {
  logger.fatal({ err }, 'start failed');
  await stop('start-failure');
}
