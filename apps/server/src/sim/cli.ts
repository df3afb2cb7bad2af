/**
 * npm run simulate -- --drones N [options]: flies N drones of a telemetry key's account in real
 * time and sends their points exactly as drones do, by HTTP batch (default) or MQTT.
 *
 *   --drones N        how many drones (default 10; at most the account's drones)
 *   --url URL         the console (default http://localhost:8080)
 *   --mqtt URL        send over MQTT to this broker instead (e.g. mqtt://localhost:1883)
 *   --key FILE        key file as downloaded from the console (default: data/demo-keys/*.key)
 *   --vid V --secret S  the key given directly
 *   --seed N --rate HZ  randomness seed (default 1) and points per second per drone (default 1)
 *   --commands URL    where the drones take commands (lock, settings, plans) over MQTT: default the --mqtt broker,
 *                     else the console's MQTT over WebSocket (ws://host:port/mqtt); "off": none
 *
 * The drones obey a lock as drones must (docs/api.md "Commands"): locked, a drone on the ground
 * does not take off, and one in the air lands at the end of its sortie and stays down. They fly
 * the plans the console sends them (start, pause, resume, return home: sim/fleet/mission.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../config.ts';
import { commandUrlFor, obeyCommands } from './fleet/commands.ts';
import { placeFor } from './fleet/demoFleet.ts';
import { lockable } from './fleet/lock.ts';
import { missionable } from './fleet/mission.ts';
import { runFleet } from './fleet/runner.ts';
import { httpSender, type KeyPair, mqttSender } from './fleet/senders.ts';
import { liveFleet } from './flight/index.ts';

const USAGE = `usage: npm run simulate -- [options]

Flies drones of a telemetry key's account in real time and sends their points as drones do.

  --drones N          how many drones (default 10; at most the account's drones)
  --url URL           the console (default http://localhost:8080)
  --mqtt URL          send over MQTT to this broker instead (e.g. mqtt://localhost:1883)
  --key FILE          key file as downloaded from the console (default: data/demo-keys/*.key)
  --vid V --secret S  the key given directly
  --seed N            randomness seed (default 1)
  --rate HZ           points per second per drone (default 1, at most 20)
  --commands URL      where the drones take commands over MQTT: default the --mqtt broker, else
                      the console's MQTT over WebSocket (ws://host:port/mqtt); "off": none
  -h, --help          this text
`;

const OPTIONS = {
  drones: { type: 'string', default: '10' },
  url: { type: 'string', default: 'http://localhost:8080' },
  mqtt: { type: 'string' },
  key: { type: 'string' },
  vid: { type: 'string' },
  secret: { type: 'string' },
  seed: { type: 'string', default: '1' },
  rate: { type: 'string', default: '1' },
  commands: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (err) {
    // An unknown or malformed option: say which, and how to call it (not a stack trace).
    process.stderr.write(`simulate: ${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}
const values = parse();
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

function readKey(file: string): KeyPair {
  const text = readFileSync(file, 'utf8');
  const vid = /^vid=(.+)$/m.exec(text)?.[1]?.trim();
  const secret = /^secret=(.+)$/m.exec(text)?.[1]?.trim();
  if (!vid || !secret) throw new Error(`${file} is not a telemetry key file (vid=..., secret=...)`);
  return { vid, secret };
}

function defaultKey(): KeyPair {
  const dir = join(REPO_ROOT, process.env.DATA_DIR ?? 'data', 'demo-keys');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.key'));
  } catch {}
  if (!files.length)
    throw new Error(
      `no key given and none in ${dir}: start the console once (npm start) or pass --key / --vid --secret`,
    );
  return readKey(join(dir, files[0] as string));
}

const fail = (msg: string): never => {
  process.stderr.write(`simulate: ${msg}\n`);
  process.exit(2);
};

const count = Number(values.drones);
const rateHz = Number(values.rate);
if (!Number.isInteger(count) || count < 1) fail('--drones must be a positive integer');
if (!(rateHz > 0 && rateHz <= 20)) fail('--rate must be between 0 and 20');
function keyFromArgs(): KeyPair {
  try {
    if (values.vid && values.secret) return { vid: values.vid, secret: values.secret };
    return values.key ? readKey(values.key) : defaultKey();
  } catch (err) {
    return fail((err as Error).message);
  }
}
const key = keyFromArgs();
const auth = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
const res = await fetch(new URL('/api/telemetry/drones', values.url), {
  headers: { authorization: auth },
}).catch((err) => fail(`cannot reach ${values.url}: ${err.message}`));
if (!res.ok) fail(`the console refused the key ${key.vid}: HTTP ${res.status}`);
const all = ((await res.json()) as { data: Array<{ droneId: string; regionCode: number | null }> }).data;
const mine = all.slice(0, count);
if (mine.length < count)
  process.stderr.write(`simulate: the account has ${all.length} drones; flying ${mine.length}\n`);
const fleet = liveFleet({
  count: mine.length,
  startTime: Date.now(),
  seed: Number(values.seed),
  rateHz,
  droneIds: mine.map((d) => d.droneId),
  places: mine.map((d) => placeFor(d.regionCode)),
}).map((d) => missionable(lockable(d)));
const sender = values.mqtt ? await mqttSender(values.mqtt, key) : httpSender(values.url, key);
const commandUrl = values.commands ?? values.mqtt ?? commandUrlFor(values.url);
const commands =
  commandUrl === 'off'
    ? undefined
    : obeyCommands(commandUrl, key, fleet, {
        onError: (err) => process.stderr.write(`simulate: commands: ${err.message}\n`),
      });
const run = runFleet([{ drones: fleet, sender, commands }], {
  onError: (err) => process.stderr.write(`simulate: ${err.message}\n`),
});
process.stdout.write(`simulate: ${fleet.length} drones of key ${key.vid} -> ${values.mqtt ?? values.url}\n`);
const report = setInterval(() => {
  const s = run.stats();
  const locked = fleet.filter((d) => d.locked).length;
  process.stdout.write(`simulate: ${s.points} points sent, ${s.failures} failed sends, ${locked} locked\n`);
}, 10_000);
const stop = async () => {
  clearInterval(report);
  await run.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
