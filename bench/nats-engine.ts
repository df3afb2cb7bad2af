/**
 * The messaging engine's cost in cluster mode (issue 24 #7, docs/scaling.md): what forwarding a
 * drone's batch to its partition's owner costs, without the console around it. A nats-server with
 * JetStream of its own (test/natsServer.ts); the stream and consumer settings of
 * telemetry/cluster/clusterIngest.ts (work-queue stream, one durable consumer per partition,
 * explicit acks). Prints JSON:
 * - publish: batches/s and points/s stored by JetStream (publish with its ack, WINDOW in flight);
 * - consume: batches/s taken and acked by owners' consumers;
 * - node CPU µs per point on each side, nats-server CPU µs per point (from /proc).
 *
 *   npx tsx bench/nats-engine.ts   (BENCH_BATCHES=20000 BENCH_POINTS=25 BENCH_PARTITIONS=8)
 */
import { readFileSync } from 'node:fs';
import { AckPolicy, connect, DeliverPolicy, RetentionPolicy, StorageType } from 'nats';
import { startNatsServer } from '../apps/server/test/natsServer.ts';
import { generateSamples, pointAt } from './fleet-samples.ts';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 20_000);
const POINTS = Number(process.env.BENCH_POINTS ?? 25);
const PARTITIONS = Number(process.env.BENCH_PARTITIONS ?? 8);
const WINDOW = 256;

/** CPU seconds (user + system) of a process, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) / 100;
}
const selfCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const server = await startNatsServer();
const nc = await connect({ servers: server.url });
try {
  const jsm = await nc.jetstreamManager();
  const js = nc.jetstream();
  await jsm.streams.add({
    name: 'BENCH_TEL',
    subjects: ['bench.tel.>'],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
  });
  for (let p = 0; p < PARTITIONS; p++)
    await jsm.consumers.add('BENCH_TEL', {
      durable_name: `p${p}`,
      filter_subject: `bench.tel.${p}`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_ack_pending: 2_000,
    });
  // Realistic payloads: a drone's batch of POINTS points as the HTTP forwarder encodes them.
  const samples = generateSamples(64, POINTS);
  const payloads = Array.from({ length: 64 }, (_, d) =>
    new TextEncoder().encode(
      JSON.stringify(
        Array.from({ length: POINTS }, (_, j) => pointAt(samples, d, j, 1_780_000_000_000 + j * 200)),
      ),
    ),
  );
  const bytes = payloads.reduce((n, p) => n + p.byteLength, 0) / payloads.length;

  // Publish: WINDOW batches in flight, each resolved by JetStream's stored-ack.
  let cpu0 = selfCpu();
  let srv0 = cpuSeconds(server.proc.pid as number);
  let t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WINDOW }, async () => {
      while (next < BATCHES) {
        const i = next++;
        await js.publish(`bench.tel.${i % PARTITIONS}`, payloads[i % payloads.length] as Uint8Array);
      }
    }),
  );
  const pubS = (performance.now() - t0) / 1000;
  const pubCpu = selfCpu() - cpu0;
  const pubSrv = cpuSeconds(server.proc.pid as number) - srv0;

  // Consume: every partition's consumer, parse and ack each message (what an owner does before
  // its pipeline).
  cpu0 = selfCpu();
  srv0 = cpuSeconds(server.proc.pid as number);
  t0 = performance.now();
  let taken = 0;
  await Promise.all(
    Array.from({ length: PARTITIONS }, async (_, p) => {
      const c = await js.consumers.get('BENCH_TEL', `p${p}`);
      const want = Math.floor(BATCHES / PARTITIONS) + (p < BATCHES % PARTITIONS ? 1 : 0);
      let mine = 0;
      const messages = await c.consume({ max_messages: 500 });
      for await (const m of messages) {
        JSON.parse(new TextDecoder().decode(m.data));
        m.ack();
        taken++;
        if (++mine >= want) break;
      }
    }),
  );
  const conS = (performance.now() - t0) / 1000;
  const conCpu = selfCpu() - cpu0;
  const conSrv = cpuSeconds(server.proc.pid as number) - srv0;
  const points = BATCHES * POINTS;
  console.log(
    JSON.stringify(
      {
        batches: BATCHES,
        pointsPerBatch: POINTS,
        bytesPerBatch: Math.round(bytes),
        partitions: PARTITIONS,
        publish: {
          batchesPerS: Math.round(BATCHES / pubS),
          pointsPerS: Math.round(points / pubS),
          nodeCpuUsPerPoint: +((pubCpu * 1e6) / points).toFixed(2),
          natsCpuUsPerPoint: +((pubSrv * 1e6) / points).toFixed(2),
        },
        consume: {
          batchesPerS: Math.round(taken / conS),
          pointsPerS: Math.round((taken * POINTS) / conS),
          nodeCpuUsPerPoint: +((conCpu * 1e6) / points).toFixed(2),
          natsCpuUsPerPoint: +((conSrv * 1e6) / points).toFixed(2),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await nc.close();
  await server.stop();
}
