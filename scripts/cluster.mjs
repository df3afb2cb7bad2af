// `npm run cluster`: cluster mode on one machine (issue 24; docs/operations.md "Cluster mode").
//
// Starts, in this order, each once the one before is ready:
// 1. PostgreSQL: DATABASE_URL when given (one database for every process); else ONE embedded
//    PostgreSQL (apps/server/src/platform/embeddedPostgres.ts) in a process of its own, its data
//    under CLUSTER_DIR/db, which every console shares;
// 2. NATS with JetStream: CLUSTER_NATS_URL when given; else `nats-server -js` on CLUSTER_NATS_PORT,
//    its store under CLUSTER_DIR/nats;
// 3. console 1 (port CLUSTER_PORT+1): migrations, the demo data and the simulated fleet (SIM_DRONES;
//    it sends over HTTP to its own console, which forwards each drone's points to the drone's owner);
//    the others start once it answers /api/health/ready, so migrations and the demo seed never race;
// 4. consoles 2..CLUSTER_SIZE (ports CLUSTER_PORT+2...), in parallel, without demo data or fleet;
// 5. HAProxy on CLUSTER_PORT with config/haproxy.cfg, when `haproxy` is installed.
//
// Every console has its own PORT, MQTT_PORT (CLUSTER_MQTT_PORT+i-1) and DATA_DIR
// (CLUSTER_DIR/console<i>), whose uploads/ and firmware/ are links to CLUSTER_DIR/shared: the
// storage every process mounts in production. They share JWT_SECRET (JWT_SECRET, or one kept in
// CLUSTER_DIR/jwt-secret) so that a session signed by one is accepted by all.
//
// `node scripts/cluster.mjs --plan` prints what would be started (JSON) and exits; a bad setting
// (CLUSTER_SIZE=0, a port out of range) stops it before anything starts.
//
// Stopping: Ctrl-C (or one SIGTERM) stops HAProxy and the consoles (each drains DRAIN_SECONDS), then
// NATS and the embedded PostgreSQL, which run in process groups of their own so that the terminal's
// Ctrl-C does not stop them under the consoles. A console that ends by itself (kill -9) is reported
// and the others carry on: its partitions are taken over within seconds. The consoles write to this
// terminal directly (not through a pipe here): a console whose launcher was killed then still stops
// (AGRIFLEET_STOP_WITH_PARENT), where one writing into a pipe nobody reads hung on its last log
// line. NATS and HAProxy left by a killed launcher are stopped by the next run (pid files).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ensureWebBuilt, root, SERVER_NODE_ARGS } from './prepare.mjs';

/** The consoles bound their own stop well within this (apps/server/src/main.ts). */
const CONSOLE_WAIT_MS = 45_000;
const START_WAIT_MS = 180_000;

/** The settings, checked: throws a message for people on the first bad one. */
function clusterPlan(env) {
  const int = (name, dflt, min, max) => {
    const v = env[name];
    if (v === undefined || v === '') return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${v}"`);
    return n;
  };
  const size = int('CLUSTER_SIZE', 3, 1, 32);
  const front = int('CLUSTER_PORT', 8080, 1, 65535 - size);
  const mqtt = int('CLUSTER_MQTT_PORT', 1884, 1, 65536 - size);
  const dir = resolve(root, env.CLUSTER_DIR || join('data', 'cluster'));
  for (const name of ['DATABASE_URL', 'CLUSTER_NATS_URL']) {
    const v = env[name];
    if (v && !/^[a-z][a-z0-9+.-]*:\/\//i.test(v.split(',')[0].trim()))
      throw new Error(`${name} must be a URL (postgres://... or nats://...), got "${v}"`);
  }
  const natsPort = int('CLUSTER_NATS_PORT', 4223, 1, 65535);
  return {
    size,
    dir,
    front,
    database: env.DATABASE_URL || {
      embedded: join(dir, 'db'),
      port: int('CLUSTER_PG_PORT', 54339, 1, 65535),
    },
    nats: env.CLUSTER_NATS_URL || {
      port: natsPort,
      store: join(dir, 'nats'),
      url: `nats://127.0.0.1:${natsPort}`,
    },
    consoles: Array.from({ length: size }, (_, i) => ({
      name: `console${i + 1}`,
      port: front + i + 1,
      mqttPort: mqtt + i,
      dataDir: join(dir, `console${i + 1}`),
      seeds: i === 0,
    })),
  };
}

let plan;
try {
  plan = clusterPlan(process.env);
} catch (err) {
  console.error(`\nThe cluster did not start: ${err.message}\n`);
  process.exit(2);
}
if (process.argv.includes('--plan')) {
  console.log(JSON.stringify(plan, null, 2));
  process.exit(0);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const which = (bin, paths) => {
  for (const p of paths) if (existsSync(p)) return p;
  try {
    return execFileSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};
const listening = (port) =>
  new Promise((done) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      done(true);
    });
    s.once('error', () => done(false));
  });

/** Children to stop, in this order: consoles and HAProxy, then NATS, then PostgreSQL. */
const consoles = [];
let haproxy = null;
let nats = null;
let postgres = null;
let stopping = false;

function fail(message) {
  console.error(`\nThe cluster did not start: ${message}\n`);
  void stopAll(1);
}

/** Each line a child prints, behind its name (pino's JSON lines included). */
function prefixed(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${name} | ${line}\n`));
  }
}

/** A process left by a launcher that was killed: its pid file names it, its command line confirms it. */
async function stopLeft(pidFile, name) {
  let pid = 0;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim()) || 0;
  } catch {
    return;
  }
  try {
    if (pid > 0 && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(name)) {
      console.log(`Stopping the ${name} (pid ${pid}) a former run left behind`);
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 50 && existsSync(`/proc/${pid}`); i++) await sleep(100);
    }
  } catch {}
  rmSync(pidFile, { force: true });
}

async function startDatabase() {
  if (typeof plan.database === 'string') return plan.database;
  const { embedded, port } = plan.database;
  console.log(`Starting the embedded PostgreSQL (${embedded}, port ${port})...`);
  const module = pathToFileURL(join(root, 'apps/server/src/platform/embeddedPostgres.ts')).href;
  // One process for the whole cluster: it prints the URL once PostgreSQL answers, stops it on a
  // signal or when this launcher goes away. Its own process group: the terminal's Ctrl-C reaches
  // the consoles, not the database they are still writing to.
  const code = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(module)});
    const pg = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(embedded)}, port: ${port} });
    process.stdout.write(JSON.stringify({ url: pg.url }) + '\\n');
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await pg.stop();
      process.exit(0);
    };
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, stop);
    const parent = process.ppid;
    setInterval(() => { if (process.ppid !== parent) void stop(); }, 500);
  `;
  postgres = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, reject) => {
    let err = '';
    postgres.stderr.on('data', (b) => {
      err += b;
    });
    postgres.once('exit', (c) => reject(new Error(`the embedded PostgreSQL ended (${c}):\n${err}`)));
    createInterface({ input: postgres.stdout }).once('line', (line) => {
      try {
        done(JSON.parse(line).url);
      } catch {
        reject(new Error(`the embedded PostgreSQL said: ${line}`));
      }
    });
  });
}

async function startNats() {
  if (typeof plan.nats === 'string') return plan.nats;
  const bin = which('nats-server', [
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
    '/usr/local/bin/nats-server',
  ]);
  if (!bin)
    throw new Error(
      'nats-server is not installed (Debian: apt-get install -y nats-server; or https://nats.io/download), ' +
        'or name a running one with CLUSTER_NATS_URL=nats://host:4222',
    );
  const { port, store, url } = plan.nats;
  const pidFile = join(plan.dir, 'nats.pid');
  await stopLeft(pidFile, 'nats-server');
  if (await listening(port)) throw new Error(`port ${port} (CLUSTER_NATS_PORT) is taken`);
  mkdirSync(store, { recursive: true });
  console.log(`Starting NATS with JetStream on ${url} (${store})...`);
  // Its log to a file (CLUSTER_DIR/nats.log): its start banner alone is thirty lines.
  const log = join(plan.dir, 'nats.log');
  const args = [
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    '-js',
    '-sd',
    store,
    '-n',
    'agrifleet-local',
    '-l',
    log,
  ];
  nats = spawn(bin, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  writeFileSync(pidFile, `${nats.pid}\n`);
  prefixed(nats, 'nats');
  for (const deadline = Date.now() + 15_000; !(await listening(port)); await sleep(100))
    if (Date.now() > deadline || nats.exitCode !== null)
      throw new Error(`nats-server did not start on port ${port} (see ${log})`);
  return url;
}

/** The cluster's shared JWT secret: JWT_SECRET, or one made once in CLUSTER_DIR. */
function jwtSecret() {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = join(plan.dir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** A console's DATA_DIR, its uploads and firmware linked to the folder they all share. */
function consoleDir(c) {
  mkdirSync(c.dataDir, { recursive: true });
  for (const sub of ['uploads', 'firmware']) {
    const shared = join(plan.dir, 'shared', sub);
    mkdirSync(shared, { recursive: true });
    if (!existsSync(join(c.dataDir, sub))) symlinkSync(shared, join(c.dataDir, sub));
  }
}

function startConsole(c, env) {
  consoleDir(c);
  const first = c.seeds;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(c.port),
      MQTT_PORT: String(c.mqttPort),
      DATA_DIR: c.dataDir,
      CLUSTER_NODE_ID: process.env.CLUSTER_NODE_ID ? `${process.env.CLUSTER_NODE_ID}-${c.name}` : c.name,
      // Only the first seeds the demo data and flies the fleet; the others find the data there.
      DEMO_DATA: first ? (process.env.DEMO_DATA ?? '1') : '0',
      SIM_DRONES: first ? (process.env.SIM_DRONES ?? '24') : '0',
      AGRIFLEET_STOP_WITH_PARENT: '1',
    },
  });
  const entry = { ...c, proc: child, alive: true };
  consoles.push(entry);
  child.on('exit', (code, signal) => {
    entry.alive = false;
    if (stopping) return;
    const left = consoles.filter((x) => x.alive).length;
    console.error(
      `\n${c.name} (pid ${child.pid}) ended (${signal ?? code}); ${left} console(s) carry on` +
        (left ? ': its partitions are taken over within seconds.\n' : '.\n'),
    );
    if (!left) void stopAll(1);
  });
  return entry;
}

async function ready(c) {
  for (const deadline = Date.now() + START_WAIT_MS; Date.now() < deadline; await sleep(300)) {
    if (!c.alive) throw new Error(`${c.name} ended while starting (its lines above say why)`);
    try {
      if ((await fetch(`http://127.0.0.1:${c.port}/api/health/ready`)).ok) return;
    } catch {}
  }
  throw new Error(`${c.name} was not ready within ${START_WAIT_MS / 1000} s`);
}

async function startHaproxy() {
  const bin = which('haproxy', ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']);
  if (!bin) return null;
  const pidFile = join(plan.dir, 'haproxy.pid');
  await stopLeft(pidFile, 'haproxy');
  const env = {
    ...process.env,
    FRONT_BIND: `:${plan.front}`,
    STATS_BIND: process.env.STATS_BIND ?? `127.0.0.1:${plan.front + 324}`,
    HAPROXY_SOCKET: join(plan.dir, 'haproxy.sock'),
  };
  // config/haproxy.cfg names three consoles: a smaller cluster leaves the rest on ports nobody
  // listens on (HAProxy shows them DOWN); a larger one is reachable past three only directly.
  for (let i = 1; i <= 3; i++) env[`CONSOLE_${i}`] = `127.0.0.1:${plan.front + i}`;
  const log = join(plan.dir, 'haproxy.log');
  haproxy = spawn(bin, ['-db', '-f', join(root, 'config', 'haproxy.cfg')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  writeFileSync(pidFile, `${haproxy.pid}\n`);
  // Its access log (one line a request) to a file; its warnings here.
  writeFileSync(log, '');
  haproxy.stdout.on('data', (b) => {
    try {
      writeFileSync(log, b, { flag: 'a' });
    } catch {}
  });
  createInterface({ input: haproxy.stderr }).on('line', (l) => process.stdout.write(`haproxy | ${l}\n`));
  haproxy.on('exit', (code, signal) => {
    if (!stopping)
      console.error(`\nHAProxy ended (${signal ?? code}); the consoles are still reachable directly.\n`);
  });
  return log;
}

async function stopChild(child, signal, ms) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  try {
    child.kill(signal);
  } catch {}
  if (!(await Promise.race([gone.then(() => true), sleep(ms).then(() => false)]))) {
    console.error(`pid ${child.pid} did not stop within ${ms / 1000} s: killing it`);
    try {
      child.kill('SIGKILL');
    } catch {}
    await Promise.race([gone, sleep(2_000)]);
  }
}

async function stopAll(code, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster...');
  await Promise.all([
    stopChild(haproxy, 'SIGTERM', 5_000),
    ...consoles.map((c) => stopChild(c.proc, signal, CONSOLE_WAIT_MS)),
  ]);
  await stopChild(nats, 'SIGTERM', 10_000);
  await stopChild(postgres, 'SIGTERM', 30_000);
  for (const f of ['nats.pid', 'haproxy.pid']) rmSync(join(plan.dir, f), { force: true });
  console.log('Cluster stopped.');
  process.exit(code);
}

let firstSignal = 0;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(sig, () => {
    // A second Ctrl-C (not the terminal's copy of the first) hurries the consoles.
    if (stopping && Date.now() - firstSignal > 1_000) for (const c of consoles) if (c.alive) c.proc.kill(sig);
    if (!firstSignal) firstSignal = Date.now();
    void stopAll(0, sig);
  });
// npm 11 does not pass a SIGTERM on to its script: stop when our parent goes away.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stopAll(0);
  }, 500).unref();
}

async function main() {
  if (process.env.AGRIFLEET_NO_PREPARE !== '1') {
    ensureInstalled();
    if (!process.env.WEB_DIST) ensureWebBuilt();
  }
  mkdirSync(plan.dir, { recursive: true });
  for (const c of plan.consoles)
    if (await listening(c.port)) throw new Error(`port ${c.port} (${c.name}) is taken: set CLUSTER_PORT`);
  const databaseUrl = await startDatabase();
  if (stopping) return;
  const natsUrl = await startNats();
  if (stopping) return;
  const env = {
    DATABASE_URL: databaseUrl,
    CLUSTER_NATS_URL: natsUrl,
    JWT_SECRET: jwtSecret(),
    // Client addresses from HAProxy's X-Forwarded-For; the consoles listen on loopback only unless HOST says otherwise.
    TRUST_PROXY: process.env.TRUST_PROXY ?? '1',
    HOST: process.env.HOST ?? '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const [first, ...rest] = plan.consoles;
  console.log(`Starting ${first.name} on port ${first.port} (migrations, demo data, simulated fleet)...`);
  await ready(startConsole(first, env));
  if (stopping) return;
  if (rest.length) console.log(`Starting ${rest.map((c) => `${c.name} on port ${c.port}`).join(', ')}...`);
  await Promise.all(rest.map((c) => ready(startConsole(c, env))));
  if (stopping) return;
  const log = await startHaproxy();
  const direct = plan.consoles.map((c) => `  ${c.name}: http://localhost:${c.port}  (MQTT ${c.mqttPort})`);
  const lines = [
    '',
    `AgriFleet cluster: ${plan.size} console process(es), NATS ${natsUrl}, PostgreSQL ${
      typeof plan.database === 'string' ? 'DATABASE_URL' : `embedded (${plan.database.embedded})`
    }`,
    ...direct,
  ];
  if (log) {
    lines.push(
      `  HAProxy statistics: http://${process.env.STATS_BIND ?? `127.0.0.1:${plan.front + 324}`}/  (access log ${log})`,
      '',
      `Open http://localhost:${plan.front}  (HAProxy in front of the consoles)`,
    );
    if (plan.size > 3)
      lines.push(`config/haproxy.cfg names three consoles: console4 and later are reachable only directly.`);
  } else {
    lines.push(
      '',
      'HAProxy is not installed (Debian/Ubuntu: sudo apt-get install -y haproxy), so there is no single',
      `address: open any console above directly, e.g. http://localhost:${first.port}`,
    );
  }
  lines.push('Stop everything with Ctrl-C.', '');
  console.log(lines.join('\n'));
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
