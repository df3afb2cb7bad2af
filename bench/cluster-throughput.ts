/**
 * Ingest throughput per process in cluster mode against one process (issue 24, "Figures: throughput
 * per process in cluster mode within 15 % of the single-process figure"). Prints JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster-throughput.ts
 *
 * BENCH_NODE_ARGS: node options for each console ("--max-semi-space-size=32"); BENCH_CPU_PROF=<dir>:
 * each console's CPU profile.
 *
 * BENCH_AFFINE=1 (cluster mode only): each gateway sends only drones its process owns, as if the
 * load balancer knew the owners; nothing is forwarded, so the run shows what N consoles on this
 * machine cost beside each other apart from the forwarding.
 *
 * BENCH_PROCESSES ("1,2,3": 1 is the plain single process, no cluster; "1c" one process in cluster
 * mode, owning every partition, so nothing is forwarded; more are cluster mode on a
 * nats-server with JetStream this bench starts), BENCH_DRONES (2000), BENCH_GATEWAYS (8),
 * BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (5), BENCH_PARTITIONS (16).
 *
 * Each configuration gets a fresh database (bench/cluster-failover.ts prepareDatabase) and real
 * consoles in child processes. The load is bench/ingest.ts's http-max shape: G gateways, each
 * with D/G drones, each POST /api/telemetry/batch carrying one point per drone (simulated flights,
 * bench/fleet-samples.ts), the next posted as soon as the last is answered (saturating: the
 * answer comes once the points are stored). Gateway g posts to process g mod N, as a load balancer
 * spreads connections; a gateway's drones belong to every partition, so in cluster mode about
 * (N-1)/N of each batch is forwarded to its owners through JetStream.
 *
 * Figures per configuration: points/s acknowledged in total and per process, and the CPU the
 * consoles, nats-server and PostgreSQL used meanwhile (from /proc), hence points per console
 * CPU-second. On a machine with fewer cores than processes the per-process rate falls with N
 * whatever the code does; the CPU-normalised figure is the one that compares the work per point.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { partitionOf } from '../apps/server/src/platform/cluster/partition.ts';
import { startNatsServer } from '../apps/server/test/natsServer.ts';
import { query } from './childSite.ts';
import {
  makeSlot,
  partitionHolders,
  prepareDatabase,
  type Slot,
  startSlot,
  stopSlot,
  uptime,
} from './cluster-failover.ts';
import { generateSamples, pointAt, type Samples } from './fleet-samples.ts';
import { benchDroneId, postgresCpuSeconds } from './telemetry-kit.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** CPU seconds (user + system) of one process, from /proc (0 once it is gone). */
function pidCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** The TCP ports each process has sockets on (its fds' socket inodes, matched in /proc/net/tcp*). */
function localPortsOf(pids: number[]): Map<number, number> {
  const inodeToPid = new Map<string, number>();
  for (const pid of pids)
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m?.[1]) inodeToPid.set(m[1], pid);
      } catch {}
    }
  const portToPid = new Map<number, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      const pid = inodeToPid.get(f[9] ?? '');
      if (pid !== undefined) portToPid.set(Number.parseInt(f[1]?.split(':')[1] ?? '', 16), pid);
    }
  return portToPid;
}

/** Which slot owns each partition: the advisory lock's backend, its client port, the process on it. */
async function partitionOwners(databaseUrl: string, slots: Slot[]): Promise<Map<number, number>> {
  const rows = await query<{ p: number; port: number }>(
    databaseUrl,
    `SELECT l.objid::int AS p, a.client_port AS port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid::bigint = ${0x41470102}
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  const pids = slots.map((s) => s.proc?.pid ?? 0);
  const portToPid = localPortsOf(pids);
  const owners = new Map<number, number>();
  for (const r of rows) {
    const slot = pids.indexOf(portToPid.get(r.port) ?? -1);
    if (slot >= 0) owners.set(r.p, slot);
  }
  return owners;
}

/** Counters of one console's /metrics (loopback needs no token): writer flushes, forwarded messages. */
async function counters(port: number): Promise<{ flushes: number; messages: number }> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    return {
      flushes: read('agrifleet_writer_flushes_total'),
      messages: read('agrifleet_cluster_forward_messages_total'),
    };
  } catch {
    return { flushes: 0, messages: 0 };
  }
}

function pointTemplate(s: Samples, drone: number, j: number): string {
  const { recordTime: _, ...rest } = pointAt(s, drone, j, 0);
  return `{"recordTime":\0,${JSON.stringify(rest).slice(1)}`;
}

async function run(
  n: number,
  clustered: boolean,
  o: {
    drones: number;
    gateways: number;
    seconds: number;
    warmup: number;
    partitions: number;
    affine: boolean;
  },
) {
  const nats = clustered ? await startNatsServer() : null;
  const bdb = await prepareDatabase(o.drones);
  const slots: Slot[] = [];
  try {
    for (let i = 0; i < n; i++) slots.push(await makeSlot(i));
    const cluster = nats ? { CLUSTER_NATS_URL: nats.url, CLUSTER_PARTITIONS: String(o.partitions) } : null;
    await Promise.all(slots.map((s) => startSlot(s, bdb.databaseUrl, cluster)));
    if (cluster)
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        const h = await partitionHolders(bdb.databaseUrl);
        if (h.length === n && h.reduce((a, b) => a + b, 0) === o.partitions) break;
        await sleep(250);
      }

    // Request bodies, built before any timing: gateway g, tick j -> the parts around the record times.
    const G = o.gateways;
    const ticks = 200;
    const samples = generateSamples(o.drones, ticks);
    const dronesOf = await gatewayDrones(o, n, cluster && o.affine ? bdb.databaseUrl : null, slots);
    const templates: string[][][] = [];
    for (let g = 0; g < G; g++) {
      const mine: string[][] = [];
      for (let j = 0; j < ticks; j++) {
        const items: string[] = [];
        for (const d of dronesOf[g] ?? [])
          items.push(`{"droneId":"${benchDroneId(d)}","points":[${pointTemplate(samples, d, j)}]}`);
        mine.push(`{"drones":[${items.join(',')}]}`.split('\0'));
      }
      templates.push(mine);
    }
    const agents = Array.from({ length: G }, () => new http.Agent({ keepAlive: true, maxSockets: 4 }));
    const post = (g: number, body: string) =>
      new Promise<number>((resolve) => {
        const slot = slots[g % n] as Slot;
        const req = http.request(
          {
            host: '127.0.0.1',
            port: slot.port,
            path: '/api/telemetry/batch',
            method: 'POST',
            agent: agents[g],
            headers: {
              authorization: bdb.authorization,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              if (res.statusCode !== 200) return resolve(-1);
              let accepted = 0;
              for (const d of (
                JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                  data: { drones: Array<{ accepted: number }> };
                }
              ).data.drones)
                accepted += d.accepted;
              resolve(accepted);
            });
            res.on('error', () => resolve(-1));
          },
        );
        req.on('error', () => resolve(-1));
        req.end(body);
      });

    const t0 = Date.now() + 200;
    const from = t0 + o.warmup * 1000;
    const until = from + o.seconds * 1000;
    const perSlot = new Float64Array(n);
    let acked = 0;
    let failures = 0;
    let requests = 0;
    let cpu0: number[] = [];
    let cpu1: number[] = [];
    let count0: Array<{ flushes: number; messages: number }> = [];
    let count1: typeof count0 = [];
    const pids = () => slots.map((s) => s.proc?.pid);
    const natsCpu = () => (nats?.proc.pid ? pidCpuSeconds(nats.proc.pid) : 0);
    const lastRt = new Float64Array(G);
    const snap = () => [...pids().map(pidCpuSeconds), natsCpu(), postgresCpuSeconds()];
    const window = (async () => {
      await sleep(from - Date.now());
      cpu0 = snap();
      count0 = await Promise.all(slots.map((s) => counters(s.port)));
      await sleep(until - Date.now());
      cpu1 = snap();
      count1 = await Promise.all(slots.map((s) => counters(s.port)));
    })();
    await sleep(t0 - Date.now());
    await Promise.all(
      Array.from({ length: G }, async (_, g) => {
        for (let j = 0; Date.now() < until; j++) {
          const parts = (templates[g] as string[][])[j % ticks] as string[];
          const rt = Math.max(Date.now(), (lastRt[g] as number) + 1);
          lastRt[g] = rt;
          const r = await post(g, parts.join(String(rt)));
          const done = Date.now();
          requests++;
          if (r < 0) failures++;
          else if (done >= from && done < until) {
            acked += r;
            perSlot[g % n] = (perSlot[g % n] as number) + r;
          }
        }
      }),
    );
    await window;
    for (const a of agents) a.destroy();
    // A console that exited under the load: what it said last.
    const exited = slots.filter((s) => s.proc && (s.proc.exitCode !== null || s.proc.signalCode !== null));
    for (const s of exited)
      console.error(
        `console ${s.index} exited (${s.proc?.exitCode ?? s.proc?.signalCode}):\n${s.output().slice(-3000)}`,
      );
    const used = cpu1.map((v, i) => v - (cpu0[i] as number));
    const consoleCpu = used.slice(0, n).reduce((a, b) => a + b, 0);
    const pointsPerS = acked / o.seconds;
    return {
      processes: n,
      mode: clustered ? (o.affine ? 'cluster, affine' : 'cluster') : 'single process',
      pointsPerS: Math.round(pointsPerS),
      perProcessPointsPerS: Math.round(pointsPerS / n),
      receivedByProcess: [...perSlot].map((v) => Math.round(v / o.seconds)),
      requests,
      failures,
      consolesExited: exited.length,
      cpuCores: {
        consoles: Number((consoleCpu / o.seconds).toFixed(2)),
        perConsole: used.slice(0, n).map((v) => Number((v / o.seconds).toFixed(2))),
        natsServer: Number(((used[n] ?? 0) / o.seconds).toFixed(2)),
        postgres: Number(((used[n + 1] ?? 0) / o.seconds).toFixed(2)),
      },
      pointsPerConsoleCpuSecond: Math.round(acked / Math.max(0.01, consoleCpu)),
      // Writer transactions and stream messages per second, per process.
      flushesPerS: count1.map((c, i) => Math.round((c.flushes - (count0[i]?.flushes ?? 0)) / o.seconds)),
      forwardMessagesPerS: count1.map((c, i) =>
        Math.round((c.messages - (count0[i]?.messages ?? 0)) / o.seconds),
      ),
      load: uptime(),
    };
  } finally {
    for (const s of slots) await stopSlot(s);
    await bdb.stop();
    await nats?.stop();
  }
}

/**
 * The drones of each gateway: a block of D/G each, or with `affineDb` (BENCH_AFFINE) the drones
 * owned by the process the gateway posts to (g mod n), shared among that process's gateways.
 */
async function gatewayDrones(
  o: { drones: number; gateways: number; partitions: number },
  n: number,
  affineDb: string | null,
  slots: Slot[],
): Promise<number[][]> {
  const G = o.gateways;
  const all = Array.from({ length: o.drones }, (_, d) => d);
  if (!affineDb) {
    const per = Math.ceil(o.drones / G);
    return Array.from({ length: G }, (_, g) => all.slice(g * per, (g + 1) * per));
  }
  const owners = await partitionOwners(affineDb, slots);
  const out: number[][] = Array.from({ length: G }, () => []);
  const next = new Array<number>(n).fill(0);
  for (const d of all) {
    const slot = owners.get(partitionOf(benchDroneId(d), o.partitions));
    if (slot === undefined) throw new Error(`no owner known for drone ${d}'s partition`);
    const gateways = Array.from({ length: G }, (_, g) => g).filter((g) => g % n === slot);
    const k = next[slot] ?? 0;
    next[slot] = k + 1;
    out[gateways[k % gateways.length] as number]?.push(d);
  }
  return out;
}

async function main() {
  const env = process.env;
  const o = {
    drones: Number(env.BENCH_DRONES ?? 2000),
    gateways: Number(env.BENCH_GATEWAYS ?? 8),
    seconds: Number(env.BENCH_SECONDS ?? 20),
    warmup: Number(env.BENCH_WARMUP_SECONDS ?? 5),
    partitions: Number(env.BENCH_PARTITIONS ?? 16),
    affine: env.BENCH_AFFINE === '1',
  };
  const ns = (env.BENCH_PROCESSES ?? '1,2,3').split(',');
  const out: Record<string, unknown> = {
    bench: 'cluster-throughput',
    settings: o,
    cores: availableParallelism(),
    loadBefore: uptime(),
  };
  const runs: Array<Awaited<ReturnType<typeof run>>> = [];
  for (const n of ns) {
    const r = await run(Number.parseInt(n, 10), n !== '1', o);
    runs.push(r);
    console.error(JSON.stringify(r));
  }
  const single = runs.find((r) => r.mode === 'single process');
  out.runs = runs;
  if (single)
    out.ratioToSingleProcess = runs
      .filter((r) => r !== single)
      .map((r) => ({
        processes: r.processes,
        mode: r.mode,
        perProcess: Number((r.perProcessPointsPerS / single.perProcessPointsPerS).toFixed(2)),
        total: Number((r.pointsPerS / single.pointsPerS).toFixed(2)),
        perConsoleCpuSecond: Number(
          (r.pointsPerConsoleCpuSecond / single.pointsPerConsoleCpuSecond).toFixed(2),
        ),
      }));
  console.log(JSON.stringify(out, null, 2));
}

await main();
