/**
 * Telemetry ingest into PostgreSQL through the real pipeline, against a raw COPY of the same rows,
 * and point-to-map latency. Prints JSON. Figures of issue 3: at least 20,000 points/s sustained on
 * the 2-core machine, at least 25 % of a raw COPY (one row per point) measured in the same run,
 * point-to-map p99 at most 2 s.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ingest.ts
 *
 * Without TEST_DATABASE_URL (or BENCH_DATABASE_URL) it starts embedded PostgreSQL. Phases (all by
 * default, BENCH_PHASES=inproc,http-max,http-paced,copy):
 *
 * - inproc: `telemetry.ingest.ingestBatch` called directly (what the HTTP batch calls after parsing),
 *   shaped like the HTTP gateways below: G gateways of D/G drones, one point per drone per call,
 *   each gateway sending its next round as soon as the previous one is acknowledged (stored).
 * - http-max: the same through POST /api/telemetry/batch (JSON parse + zod validation + key check),
 *   G gateways on keep-alive connections, each posting its next batch when the last one is answered.
 * - http-paced: D drones at BENCH_HZ (default 4,000 drones at 5 Hz = 20,000 points/s), open-loop (a
 *   gateway posts every 1/HZ s whatever is outstanding), recordTime = the send wall time, while a
 *   monitor WebSocket of the platform user subscribed to the whole world measures point-to-map
 *   latency.
 * - copy: the rows of the inproc phase (one per point: drone_id, record_time, lng, lat, height,
 *   speed, heading, battery, flow, pump, swath, tank, mode) COPYed FROM STDIN into a plain
 *   (logged, unindexed) table over one connection, text pre-formatted before timing;
 *   BENCH_COPY_RUNS times (3), the median run is the yardstick of the ratios.
 *
 * Points come from the simulator (sim/flight endlessFlights at 5 Hz, from each drone's first
 * take-off), generated before any timing and reused cyclically with fresh record times. The
 * client is a child process (the same 2 cores; its CPU is not counted as the server's).
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { type MapDrones, mapDroneRows } from '@agrifleet/domain';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { generateSamples, pointAt, type Samples } from './fleet-samples.ts';

/** A point's JSON with the record time left out as a NUL placeholder: `{"recordTime":\0,...}`. */
function pointTemplate(s: Samples, drone: number, j: number): string {
  const p = pointAt(s, drone, j, 0);
  const { recordTime: _, ...rest } = p;
  return `{"recordTime":\0,${JSON.stringify(rest).slice(1)}`;
}

const droneIdOf = (i: number) => `BEN${String(i).padStart(5, '0')}`;

// ------------------------------------------------------------------------------------------------
// Client (worker thread): HTTP gateways and the monitor socket.

interface ClientJob {
  mode: 'max' | 'paced';
  host: string;
  port: number;
  authorization: string;
  token: string;
  drones: number;
  gateways: number;
  hz: number;
  warmupMs: number;
  measureMs: number;
  /** Template ticks to build per gateway (cycled); the client generates the same samples. */
  ticks: number;
  /** Samples are whole sorties that land (BENCH_CYCLE=sortie). */
  sortieMode: boolean;
}

export interface ClientResult {
  mode: string;
  measuredS: number;
  /** Points acknowledged (2xx, accepted) with the answer inside the measured window. */
  ackedPoints: number;
  /** Points sent inside the measured window. */
  sentPoints: number;
  ackedPointsPerS: number;
  offeredPointsPerS: number;
  perSecondAcked: { min: number; max: number };
  requests: number;
  pointsPerRequest: number;
  requestBytes: number;
  failures: number;
  refusedDrones: number;
  maxOutstandingRequests: number;
  ackMs: ReturnType<typeof summaryOf>;
  latency?: {
    pushes: number;
    /** Each drone entry of a push: receipt time - its recordTime (= send time). */
    pushedPointMs: ReturnType<typeof summaryOf>;
    /** Every sent point: first push showing it or a newer point of its drone, minus its send time. */
    everyPointMs: ReturnType<typeof summaryOf>;
    unseenPoints: number;
    pushBytes: ReturnType<typeof summaryOf>;
    pushDrones: ReturnType<typeof summaryOf>;
  };
}

function summaryOf(values: number[] | Float64Array, digits = 1) {
  const s = Float64Array.from(values).sort();
  const at = (p: number) =>
    s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
  const r = (v: number) => Number(v.toFixed(digits));
  let sum = 0;
  for (const v of s) sum += v;
  return {
    n: s.length,
    p50: r(at(50)),
    p95: r(at(95)),
    p99: r(at(99)),
    max: r(s[s.length - 1] ?? NaN),
    mean: r(sum / Math.max(1, s.length)),
  };
}

/** Builds the request bodies; the returned function runs the phase. */
async function prepareClient(job: ClientJob): Promise<() => Promise<ClientResult>> {
  const { gateways: G, drones: D } = job;
  const samples = generateSamples(D, job.ticks, job.sortieMode);
  const per = Math.ceil(D / G);
  // Pre-serialised bodies: for each gateway and tick, the parts around the record times.
  const templates: string[][][] = [];
  let requestBytes = 0;
  for (let g = 0; g < G; g++) {
    const mine: string[][] = [];
    for (let j = 0; j < job.ticks; j++) {
      const items: string[] = [];
      for (let d = g * per; d < Math.min(D, (g + 1) * per); d++)
        items.push(`{"droneId":"${droneIdOf(d)}","points":[${pointTemplate(samples, d, j)}]}`);
      const body = `{"drones":[${items.join(',')}]}`;
      if (g === 0 && j === 0) requestBytes = Buffer.byteLength(body);
      mine.push(body.split('\0'));
    }
    templates.push(mine);
  }

  const agents = Array.from({ length: G }, () => new http.Agent({ keepAlive: true, maxSockets: 32 }));
  function post(g: number, body: string): Promise<{ status: number; accepted: number; refused: number }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: job.host,
          port: job.port,
          path: '/api/telemetry/batch',
          method: 'POST',
          agent: agents[g],
          headers: {
            authorization: job.authorization,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let accepted = 0;
            let refused = 0;
            if (res.statusCode === 200) {
              const parsed = JSON.parse(text) as {
                data: { drones: Array<{ accepted: number; error?: string }> };
              };
              for (const d of parsed.data.drones) {
                accepted += d.accepted;
                if (d.error) refused++;
              }
            }
            resolve({ status: res.statusCode ?? 0, accepted, refused });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  return () => runClient(job, templates, post, requestBytes);
}

async function runClient(
  job: ClientJob,
  templates: string[][][],
  post: (g: number, body: string) => Promise<{ status: number; accepted: number; refused: number }>,
  requestBytes: number,
): Promise<ClientResult> {
  const { gateways: G, drones: D } = job;
  const per = Math.ceil(D / G);
  // Monitor socket (paced mode): what the map receives.
  const pushes: Array<{ at: number; bytes: number; drones: Array<[number, number]> }> = [];
  let ws: WebSocket | null = null;
  if (job.mode === 'paced') {
    ws = new WebSocket(
      `ws://${job.host}:${job.port}/api/drone/mointor/manage/socket?access_token=${job.token}`,
    );
    await new Promise<void>((resolve, reject) => {
      ws?.once('open', () => resolve());
      ws?.once('error', reject);
    });
    ws.on('message', (raw: Buffer) => {
      const at = Date.now();
      const push = JSON.parse(raw.toString('utf8')) as { drones: MapDrones };
      pushes.push({
        at,
        bytes: raw.length,
        drones: mapDroneRows(push.drones)
          .filter((d) => d.droneId.startsWith('BEN'))
          .map((d) => [Number(d.droneId.slice(3)), d.recordTime]),
      });
    });
    ws.send(
      JSON.stringify({ type: 'subscribe', query: { minLng: -180, maxLng: 180, minLat: -90, maxLat: 90 } }),
    );
  }

  const t0 = Date.now() + 200;
  const from = t0 + job.warmupMs;
  const until = from + job.measureMs;
  const seconds = new Float64Array(Math.ceil(job.measureMs / 1000));
  const ackMs: number[] = [];
  /** Per gateway, the record (= send) times of its rounds. */
  const sentTimes: number[][] = Array.from({ length: G }, () => []);
  const lastRt = new Float64Array(G);
  let ackedPoints = 0;
  let sentPoints = 0;
  let requests = 0;
  let failures = 0;
  let refusedDrones = 0;
  let outstanding = 0;
  let maxOutstanding = 0;
  const tick = new Int32Array(G);

  async function sendRound(g: number) {
    const mine = templates[g] as string[][];
    const parts = mine[(tick[g] as number) % mine.length] as string[];
    tick[g] = (tick[g] as number) + 1;
    const sent = Date.now();
    const rt = Math.max(sent, (lastRt[g] as number) + 1);
    lastRt[g] = rt;
    const n = parts.length - 1;
    const inWindow = sent >= from && sent < until;
    if (inWindow) sentPoints += n;
    (sentTimes[g] as number[]).push(rt);
    outstanding++;
    maxOutstanding = Math.max(maxOutstanding, outstanding);
    try {
      const r = await post(g, parts.join(String(rt)));
      const done = Date.now();
      requests++;
      refusedDrones += r.refused;
      if (r.status !== 200) failures++;
      else if (done >= from && done < until) {
        ackedPoints += r.accepted;
        const s = Math.floor((done - from) / 1000);
        seconds[s] = (seconds[s] as number) + r.accepted;
      }
      if (inWindow) ackMs.push(done - sent);
    } catch {
      failures++;
    } finally {
      outstanding--;
    }
  }

  await new Promise((r) => setTimeout(r, t0 - Date.now()));
  if (job.mode === 'max') {
    await Promise.all(
      Array.from({ length: G }, async (_, g) => {
        while (Date.now() < until) await sendRound(g);
      }),
    );
  } else {
    const period = 1000 / job.hz;
    const inflight: Promise<void>[] = [];
    await Promise.all(
      Array.from(
        { length: G },
        (_, g) =>
          new Promise<void>((resolve) => {
            let n = 0;
            const step = () => {
              const due = t0 + (g * period) / G + n * period;
              if (due >= until) return resolve();
              if (Date.now() >= due) {
                inflight.push(sendRound(g));
                n++;
              }
              setTimeout(step, Math.max(0, t0 + (g * period) / G + n * period - Date.now()));
            };
            step();
          }),
      ),
    );
    await Promise.all(inflight);
    // Pushes come once a second: let the last points reach the map.
    await new Promise((r) => setTimeout(r, 2500));
  }
  ws?.close();

  const measuredS = job.measureMs / 1000;
  const result: ClientResult = {
    mode: job.mode,
    measuredS,
    ackedPoints,
    sentPoints,
    ackedPointsPerS: Math.round(ackedPoints / measuredS),
    offeredPointsPerS: Math.round(sentPoints / measuredS),
    perSecondAcked: { min: Math.min(...seconds), max: Math.max(...seconds) },
    requests,
    pointsPerRequest: per,
    requestBytes,
    failures,
    refusedDrones,
    maxOutstandingRequests: maxOutstanding,
    ackMs: summaryOf(ackMs),
  };
  if (job.mode === 'paced') {
    const pushed: number[] = [];
    const every: number[] = [];
    let unseen = 0;
    // Per drone: the pushes that carried it, in order of arrival.
    const seenBy: Array<Array<[number, number]>> = Array.from({ length: D }, () => []);
    for (const p of pushes)
      for (const [d, rt] of p.drones) {
        (seenBy[d] as Array<[number, number]>).push([p.at, rt]);
        if (rt >= from && rt < until) pushed.push(p.at - rt);
      }
    for (let g = 0; g < G; g++) {
      const times = sentTimes[g] as number[];
      for (let d = g * per; d < Math.min(D, (g + 1) * per); d++) {
        const seen = seenBy[d] as Array<[number, number]>;
        let i = 0;
        for (const s of times) {
          if (s < from || s >= until) continue;
          while (i < seen.length && (seen[i] as [number, number])[1] < s) i++;
          if (i < seen.length) every.push((seen[i] as [number, number])[0] - s);
          else unseen++;
        }
      }
    }
    result.latency = {
      pushes: pushes.length,
      pushedPointMs: summaryOf(pushed),
      everyPointMs: summaryOf(every),
      unseenPoints: unseen,
      pushBytes: summaryOf(pushes.map((p) => p.bytes)),
      pushDrones: summaryOf(pushes.map((p) => p.drones.length)),
    };
  }
  return result;
}

// ------------------------------------------------------------------------------------------------
// Main thread: the console, the in-process pipeline runs, the COPY baseline.

async function main() {
  const kit = await import('./telemetry-kit.ts');
  const env = process.env;
  const D = Number(env.BENCH_DRONES ?? 4000);
  const G = Number(env.BENCH_GATEWAYS ?? 8);
  const HZ = Number(env.BENCH_HZ ?? 5);
  const measureMs = Number(env.BENCH_SECONDS ?? 30) * 1000;
  const warmupMs = Number(env.BENCH_WARMUP_SECONDS ?? 5) * 1000;
  const K = Number(env.BENCH_SAMPLES ?? 600);
  const phases = new Set((env.BENCH_PHASES ?? 'inproc,http-max,http-paced,copy').split(','));

  // Simulated samples, before any timing.
  const g0 = performance.now();
  const sortieMode = env.BENCH_CYCLE === 'sortie';
  const samples = generateSamples(D, K, sortieMode);
  const generationS = (performance.now() - g0) / 1000;

  const con = await kit.startBenchConsole({ drones: D });
  // The region index is built on first use (about a second): not inside a phase.
  (await import('../apps/server/src/modules/regions/geo/regionAt.ts')).regionAt(120, 33);
  const tel = con.app.telemetry;
  const key = await kit.telemetryKey(con.db, con.makerId, 'bench-gateway');
  const authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  const url = new URL(con.baseUrl);
  const out: Record<string, unknown> = {
    bench: 'ingest',
    targets: { pointsPerS: 20_000, ratioToCopy: 0.25, pointToMapP99Ms: 2000 },
    machine: { cores: (await import('node:os')).availableParallelism(), node: process.version },
    postgres: con.postgres,
    drones: D,
    gateways: G,
    samplesGeneratedS: Number(generationS.toFixed(1)),
  };

  /**
   * Runs a phase and adds what the server saw meanwhile (writer flushes, CPU, event loop). With
   * BENCH_PROFILE=dir, the server's main thread is CPU-profiled during the phase (dir/phase.cpuprofile);
   * with BENCH_ALLOC_PROFILE=dir, its allocations are sampled, those the GC already took included
   * (dir/phase.heapprofile: what makes the garbage, not what stays).
   */
  async function measured<T extends object>(name: string, fn: () => Promise<T>) {
    await tel.writer.drain();
    const profiler = env.BENCH_PROFILE ? new inspector.Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const sampler = env.BENCH_ALLOC_PROFILE ? new inspector.Session() : null;
    if (sampler) {
      sampler.connect();
      await sampler.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    const w0 = tel.writer.stats();
    const elu0 = performance.eventLoopUtilization();
    const cpu = kit.cpuMeter();
    const r = await fn();
    const used = cpu();
    const elu = performance.eventLoopUtilization(elu0);
    const w1 = tel.writer.stats();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      mkdirSync(env.BENCH_PROFILE as string, { recursive: true });
      writeFileSync(join(env.BENCH_PROFILE as string, `${name}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    if (sampler) {
      const { profile } = await sampler.post('HeapProfiler.stopSampling');
      mkdirSync(env.BENCH_ALLOC_PROFILE as string, { recursive: true });
      writeFileSync(join(env.BENCH_ALLOC_PROFILE as string, `${name}.heapprofile`), JSON.stringify(profile));
      sampler.disconnect();
    }
    const flushes = w1.flushes - w0.flushes;
    const stored = w1.points - w0.points;
    const usPer = (cores: number) => Number(((cores * used.seconds * 1e6) / Math.max(1, stored)).toFixed(1));
    return {
      ...r,
      server: {
        flushes,
        pointsPerFlush: Math.round((w1.points - w0.points) / Math.max(1, flushes)),
        chunksPerFlush: Math.round((w1.chunks - w0.chunks) / Math.max(1, flushes)),
        sortiesClosed: w1.sorties - w0.sorties,
        flushFailures: w1.failures - w0.failures,
        mainThreadEventLoopUtilisation: Number(elu.utilization.toFixed(2)),
        cpuCores: used,
        /** CPU per stored point over the whole phase (warm-up included). */
        cpuUsPerPoint: { server: usPer(used.node), postgres: usPer(used.postgres) },
      },
    };
  }

  /** In-process gateways: each calls ingest for its drones (one point each) and waits for all. */
  const seq = new Int32Array(D);
  const lastRt = new Float64Array(D);
  async function inproc() {
    const per = Math.ceil(D / G);
    const t0 = performance.now();
    const from = t0 + warmupMs;
    const until = from + measureMs;
    let acked = 0;
    const seconds = new Float64Array(Math.ceil(measureMs / 1000));
    const ackMs: number[] = [];
    await Promise.all(
      Array.from({ length: G }, async (_, g) => {
        const mine = Array.from({ length: Math.min(D, (g + 1) * per) - g * per }, (_, i) => g * per + i);
        while (performance.now() < until) {
          const sent = performance.now();
          // As POST /api/telemetry/batch takes a batch (ingestBatch: at once where it can, waiting
          // once per commit).
          const outcomes = await tel.ingest.ingestBatch(
            mine.map((d) => {
              const j = seq[d] as number;
              seq[d] = j + 1;
              const rt = Math.max(Date.now(), (lastRt[d] as number) + 1);
              lastRt[d] = rt;
              return { droneId: droneIdOf(d), points: [pointAt(samples, d, j, rt)] };
            }),
            con.makerId,
          );
          const done = performance.now();
          if (done >= from && done < until) {
            let n = 0;
            for (const r of outcomes) if (!(r instanceof Error)) n += r.accepted;
            acked += n;
            const s = Math.floor((done - from) / 1000);
            seconds[s] = (seconds[s] as number) + n;
            ackMs.push(done - sent);
          }
        }
      }),
    );
    return {
      measuredS: measureMs / 1000,
      ackedPoints: acked,
      ackedPointsPerS: Math.round(acked / (measureMs / 1000)),
      perSecondAcked: { min: Math.min(...seconds), max: Math.max(...seconds) },
      pointsPerCall: 1,
      callsPerRound: per,
      roundAckMs: kit.summary(ackMs),
    };
  }

  async function client(mode: 'max' | 'paced') {
    const token = mode === 'paced' ? await kit.signIn(con.baseUrl, '13800000001') : '';
    const job: ClientJob = {
      mode,
      host: url.hostname,
      port: Number(url.port),
      authorization,
      token,
      drones: D,
      gateways: G,
      hz: HZ,
      warmupMs,
      measureMs,
      // Sortie mode needs every sample of the cycle (the landings); otherwise 200 ticks cycled.
      ticks: sortieMode ? K : Math.min(K, 200),
      sortieMode,
    };
    // The client is its own process (as senders are): the server's CPU figures are its own. It
    // builds its request bodies first, says so, and starts on 'go'.
    const child = fork(fileURLToPath(import.meta.url), ['--client'], { stdio: 'inherit' });
    const next = () =>
      new Promise<unknown>((resolve, reject) => {
        child.once('message', resolve);
        child.once('error', reject);
      });
    child.send(job);
    await next();
    const res = (await measured(`http-${mode}`, async () => {
      child.send('go');
      return (await next()) as ClientResult;
    })) as ClientResult;
    child.kill();
    return res;
  }

  try {
    if (phases.has('inproc')) out.inproc = await measured('inproc', inproc);
    if (phases.has('http-max')) out.httpMax = await client('max');
    if (phases.has('http-paced')) out.httpPaced = await client('paced');
    await tel.writer.drain();
    const sizes = await con.db
      .selectNoFrom((eb) => [
        eb
          .fn<string>('pg_size_pretty', [eb.fn('pg_total_relation_size', [eb.val('track_chunks')])])
          .as('chunks'),
      ])
      .executeTakeFirst();
    out.stored = { ...tel.writer.stats(), trackChunksSize: sizes?.chunks, counters: tel.ingest.counters };
    if (sortieMode) {
      // Every landed sortie is in the rollups (they are written in the same transaction).
      const { rows } = await sql<{ sorties: number; rolled: number }>`
        SELECT (SELECT count(*) FROM sorties WHERE NOT simulated)::int AS sorties,
          (SELECT coalesce(sum(sorties), 0) FROM stat_day WHERE sk = 0)::int AS rolled`.execute(con.db);
      out.rollups = { sortiesStored: rows[0]?.sorties, sortiesInRollups: rows[0]?.rolled };
    }

    if (phases.has('copy')) {
      // The same rows as the inproc phase (or 1,000,000 when it did not run): drone d's j-th point
      // (record times 200 ms apart instead of the wall times they were sent at).
      const base = Date.now() - 3600_000;
      const rows = Math.max(1, phases.has('inproc') ? Array.from(seq).reduce((a, b) => a + b, 0) : 1_000_000);
      const f0 = performance.now();
      const chunks: Buffer[] = [];
      let lines: string[] = [];
      const counts = phases.has('inproc') ? seq : new Int32Array(D).fill(Math.ceil(rows / D));
      for (let d = 0; d < D; d++) {
        const id = droneIdOf(d);
        for (let j = 0; j < (counts[d] as number); j++) {
          const p = pointAt(samples, d, j, base + j * 200);
          lines.push(
            `${id}\t${new Date(p.recordTime).toISOString()}\t${p.lng}\t${p.lat}\t${p.height}\t${p.speed}\t${p.heading}\t${p.battery}\t${p.flow}\t${p.pump ? 't' : 'f'}\t${p.swath}\t${p.tank}\t${p.mode}\n`,
          );
          if (lines.length === 2000) {
            chunks.push(Buffer.from(lines.join('')));
            lines = [];
          }
        }
      }
      if (lines.length) chunks.push(Buffer.from(lines.join('')));
      const copyRows = Array.from(counts).reduce((a, b) => a + b, 0);
      const formatS = (performance.now() - f0) / 1000;
      const { default: pg } = await import('pg');
      const { from: copyFrom } = await import('pg-copy-streams');
      const c = new pg.Client({ connectionString: con.databaseUrl });
      await c.connect();
      await c.query(`CREATE TABLE copy_points (
        drone_id text NOT NULL, record_time timestamptz NOT NULL, lng double precision NOT NULL,
        lat double precision NOT NULL, height real, speed real, heading real, battery real, flow real,
        pump boolean, swath real, tank real, mode text)`);
      // COPY's own rate swings with the machine's load: BENCH_COPY_RUNS runs (3), the median is
      // the yardstick, every run printed.
      const runs: Array<{
        copyS: number;
        rowsPerS: number;
        cpuCores: ReturnType<ReturnType<typeof kit.cpuMeter>>;
      }> = [];
      let size = '';
      for (let run = 0; run < Math.max(1, Number(env.BENCH_COPY_RUNS ?? 3)); run++) {
        await c.query('TRUNCATE copy_points');
        await c.query('CHECKPOINT');
        const cpu = kit.cpuMeter();
        const c0 = performance.now();
        await pipeline(Readable.from(chunks), c.query(copyFrom('COPY copy_points FROM STDIN')));
        const copyS = (performance.now() - c0) / 1000;
        runs.push({
          copyS: Number(copyS.toFixed(2)),
          rowsPerS: Math.round(copyRows / copyS),
          cpuCores: cpu(),
        });
        size = (await c.query("SELECT pg_size_pretty(pg_total_relation_size('copy_points')) AS s")).rows[0]
          ?.s;
      }
      await c.end();
      const median = [...runs].sort((a, b) => a.rowsPerS - b.rowsPerS)[
        runs.length >> 1
      ] as (typeof runs)[number];
      const copyPerS = median.rowsPerS;
      out.copy = {
        rows: copyRows,
        bytes: chunks.reduce((a, b) => a + b.length, 0),
        formatS: Number(formatS.toFixed(2)),
        copyS: median.copyS,
        rowsPerS: copyPerS,
        runsRowsPerS: runs.map((r) => r.rowsPerS),
        tableSize: size,
        cpuCores: median.cpuCores,
      };
      const ratio = (x: unknown) =>
        x && typeof x === 'object' && 'ackedPointsPerS' in x
          ? Number(((x as { ackedPointsPerS: number }).ackedPointsPerS / copyPerS).toFixed(3))
          : undefined;
      out.ratioToCopy = {
        inproc: ratio(out.inproc),
        httpMax: ratio(out.httpMax),
        httpPaced: ratio(out.httpPaced),
      };
    }
  } finally {
    await con.stop();
  }
  console.log(JSON.stringify(out, null, 2));
}

if (process.argv.includes('--client'))
  process.once('message', async (job) => {
    const run = await prepareClient(job as ClientJob);
    process.send?.('ready');
    process.once('message', async () => process.send?.(await run(), () => process.exit(0)));
  });
else await main();
