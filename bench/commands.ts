/**
 * Lock command latency, publish to acknowledgement, from simulated drones (issue 10 figure: p95 at
 * most 1 s on this machine). Prints JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/commands.ts
 *
 * A real console (its own database, MQTT over WebSocket at /mqtt, no TCP listener) and BENCH_DRONES
 * (default 10) simulated drones of maker-a: the simulator's lockable drones flying and reporting by
 * HTTP (sim/fleet runner), their command subscription over MQTT (sim/fleet/commands.ts) answering
 * each lock or unlock `done`. BENCH_COMMANDS (default 200) locks and unlocks are sent through the
 * command service as the lock route does (`commands.send` in a transaction), in two phases:
 *
 * - paced: one command every BENCH_GAP_MS (default 25 ms), round-robin over the drones, alternating
 *   lock and unlock per drone;
 * - burst: one command per drone at once, repeated until BENCH_COMMANDS are sent (waiting for each
 *   round's answers).
 *
 * Latency per command: created_at (the insert's transaction) to answered_at (the drone's `done`
 * stored), both from the console; `dispatch` is created_at to sent_at (the notice, the read and the
 * publish to the drone's subscription).
 */
import { performance } from 'node:perf_hooks';
import { commandUrlFor, obeyCommands } from '../apps/server/src/sim/fleet/commands.ts';
import { lockable } from '../apps/server/src/sim/fleet/lock.ts';
import { runFleet } from '../apps/server/src/sim/fleet/runner.ts';
import { httpSender } from '../apps/server/src/sim/fleet/senders.ts';
import { liveFleet } from '../apps/server/src/sim/flight/index.ts';
import type { CommandService } from '../apps/server/src/telemetry/commands/types.ts';
import { benchDroneId, startBenchConsole, summary, telemetryKey } from './telemetry-kit.ts';

const DRONES = Number(process.env.BENCH_DRONES ?? 10);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 200);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 25);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bench = await startBenchConsole({ drones: DRONES });
const { app, db } = bench;
const commands = (app as unknown as { commands: CommandService }).commands;
const key = await telemetryKey(db, bench.makerId, 'bench-commands');
const ids = Array.from({ length: DRONES }, (_, i) => benchDroneId(i));
const drones = liveFleet({ count: DRONES, startTime: Date.now(), droneIds: ids }).map((d) => lockable(d));
const link = obeyCommands(commandUrlFor(bench.baseUrl), key, drones);
await link.ready;
const fleet = runFleet([{ drones, sender: httpSender(bench.baseUrl, key), commands: link }]);

const send = (droneId: string, type: 'lock' | 'unlock') =>
  db.transaction().execute((trx) => commands.send({ droneId, type }, trx));

async function settle(sent: number[]) {
  for (;;) {
    const open = await db
      .selectFrom('drone_commands')
      .select('id')
      .where('id', 'in', sent)
      .where('state', 'in', ['pending', 'sent', 'acknowledged'])
      .execute();
    if (open.length === 0) return;
    await sleep(50);
  }
}

async function measure(sent: number[]) {
  const rows = await db
    .selectFrom('drone_commands')
    .select(['state', 'reason', 'created_at', 'sent_at', 'answered_at'])
    .where('id', 'in', sent)
    .execute();
  const done = rows.filter((r) => r.state === 'done' && r.sent_at && r.answered_at);
  return {
    commands: sent.length,
    done: done.length,
    superseded: rows.filter((r) => r.reason === 'superseded').length,
    latencyMs: summary(done.map((r) => (r.answered_at as Date).getTime() - r.created_at.getTime())),
    dispatchMs: summary(done.map((r) => (r.sent_at as Date).getTime() - r.created_at.getTime())),
  };
}

const lockedNext = new Map<string, boolean>();
const nextType = (droneId: string) => {
  const lock = !(lockedNext.get(droneId) ?? false);
  lockedNext.set(droneId, lock);
  return lock ? 'lock' : 'unlock';
};

// Paced.
const paced: number[] = [];
const started = performance.now();
for (let i = 0; i < COMMANDS; i++) {
  const droneId = ids[i % DRONES] as string;
  paced.push((await send(droneId, nextType(droneId))).id);
  const due = started + (i + 1) * GAP_MS;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
}
await settle(paced);
const pacedResult = await measure(paced);

// Bursts: every drone at once.
const burst: number[] = [];
while (burst.length < COMMANDS) {
  const round = await Promise.all(ids.map((d) => send(d, nextType(d))));
  const roundIds = round.map((c) => c.id);
  burst.push(...roundIds);
  await settle(roundIds);
}
const burstResult = await measure(burst);

await fleet.stop();
await bench.stop();

process.stdout.write(
  `${JSON.stringify(
    {
      bench: 'commands',
      postgres: bench.postgres,
      drones: DRONES,
      transport: 'embedded broker, MQTT over WebSocket',
      paced: { gapMs: GAP_MS, ...pacedResult },
      burst: { perRound: DRONES, ...burstResult },
      goal: { p95LatencyMs: 1000 },
    },
    null,
    2,
  )}\n`,
);
