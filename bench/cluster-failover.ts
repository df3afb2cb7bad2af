/**
 * Cluster mode under repeated kill -9 (issue 24, "Figures: failover"). Prints JSON; asserts nothing
 * with a timer (the pass/fail lines compare counts, not times, except the issue's 10 s goals,
 * which are printed beside their measurement).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster-failover.ts
 *
 * BENCH_MINUTES (10), BENCH_DRONES (500), BENCH_KILL_EVERY_S (60), BENCH_RESTART_AFTER_S (10),
 * BENCH_PROCESSES (3), BENCH_PARTITIONS (16), BENCH_SEND_EVERY_S (2).
 *
 * - The cluster: a nats-server with JetStream (apps/server/test/natsServer.ts), one fresh database
 *   (migrated, demo data, BENCH_DRONES drones of maker-a, a tenth of them leased per mu, a
 *   telemetry key), BENCH_PROCESSES real consoles (`node --import tsx apps/server/src/main.ts`,
 *   CLUSTER_NATS_URL, CLUSTER_NODE_ID, CLUSTER_PARTITIONS, each its own PORT and MQTT_PORT).
 * - The drones: deterministic flights at 1 Hz (sim/flight runMission over a small field each, whole
 *   sorties back to back; one drone in 50 flies instead incursions 100 m into the demo airport zone
 *   of apps/server/test/anomalyFlights.ts, each one sortie that lands). Record times are live: a
 *   drone sends, every BENCH_SEND_EVERY_S, the points it has "flown" since its last acknowledged
 *   batch. Half send by MQTT (QoS 1, one connection per drone to a random process's broker;
 *   when it dies, or a PUBACK does not come, to another, sending the batch again), half by
 *   POST /api/telemetry/batch to a random live process (on failure again to another, as behind a
 *   load balancer). A batch counts as acknowledged on PUBACK / 200 with accepted + duplicates =
 *   its points.
 * - The kills: every BENCH_KILL_EVERY_S one process (in turn) gets SIGKILL and is started again
 *   BENCH_RESTART_AFTER_S later. After each kill pg_locks is polled (as cluster.failover.test.ts)
 *   until the survivors hold every partition: the take-over time; after each restart until all
 *   processes hold some again: the rebalance time.
 * - The monitor: a WebSocket to every live process, subscribed to the whole world; for each drone
 *   and socket, the longest wall time between two pushes that advanced the drone's recordTime while
 *   it was in the air (both record times inside one airborne stretch of its flight).
 * - The reference: the same flights (the same points) sent into ONE console (no cluster) on a
 *   fresh database set up alike, as fast as it takes them; sorties (count, per drone, total area),
 *   no-fly alerts and lease charges compared.
 *
 * Lost points: acknowledged points in a stored sortie's time range missing from its track, and
 * acknowledged airborne points in no stored sortie. Duplicated: a recordTime twice among a drone's
 * stored tracks, or two sorties of a drone overlapping.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type MonitorPush, mapDroneRows, TELEMETRY_TOPIC, type TelemetryPoint } from '@agrifleet/domain';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { DEMO_AIRPORTS } from '../apps/server/src/demo/nofly.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../apps/server/src/sim/flight/index.ts';
import { track } from '../apps/server/src/telemetry/anomalies/testkit.ts';
import { decodeTrack } from '../apps/server/src/telemetry/codec/trackCodec.ts';
import { startChildConsole } from '../apps/server/test/childConsole.ts';
import { freePort } from '../apps/server/test/freePort.ts';
import { type NatsServer, startNatsServer } from '../apps/server/test/natsServer.ts';
import { query } from './childSite.ts';
import {
  benchDatabase,
  benchDroneId,
  registerBenchDrones,
  signIn,
  summary,
  telemetryKey,
} from './telemetry-kit.ts';

/** The JWT secret of telemetry-kit.ts (its sealer made the telemetry key the consoles unseal). */
export const BENCH_JWT = 'bench-secret-bench-secret-bench-secret';
const PRICE_MINOR = 500;
const RECHARGE_MINOR = 500_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// ------------------------------------------------------------------------------------------------
// Shared with cluster-throughput.ts: a database, consoles, the cluster's partition locks.

export interface BenchDb {
  databaseUrl: string;
  makerId: number;
  key: { vid: string; secret: string };
  authorization: string;
  leased: string[];
  stop(): Promise<void>;
}

/** A fresh database: schema, demo data, `drones` bench drones, a telemetry key, `leased` of them leased per mu. */
export async function prepareDatabase(drones: number, leased: string[] = []): Promise<BenchDb> {
  const base = await benchDatabase(2);
  const makerId = await registerBenchDrones(base.db, drones);
  const key = await telemetryKey(base.db, makerId, 'cluster-bench');
  const url = base.databaseUrl;
  if (leased.length) {
    // As bench/leasing-crash.ts: leases per mu from before the flights, a recharge that covers them.
    const client = (
      await query<{ id: number; account: number }>(
        url,
        `SELECT id, client_account_id AS account FROM lease_clients WHERE manufacturer_account_id = $1 ORDER BY id LIMIT 1`,
        [makerId],
      )
    )[0] as { id: number; account: number };
    await query(
      url,
      `UPDATE lease_clients SET mu_price_minor = ${PRICE_MINOR}, active_status = 2 WHERE id = $1`,
      [client.id],
    );
    await query(
      url,
      `INSERT INTO leases (lessor_account_id, client_id, client_account_id, drone_id, lease_model, mu_price_minor,
         hour_price_minor, currency, start_time, previous_yy_account_id)
       SELECT $1, $2, $3, d, 1, ${PRICE_MINOR}, 0, 'CNY', now() - interval '1 hour', $1 FROM unnest($4::text[]) AS d`,
      [makerId, client.id, client.account, leased],
    );
    await query(url, `UPDATE drones SET yy_account_id = $1, locked = false WHERE drone_id = ANY($2)`, [
      client.account,
      leased,
    ]);
    await query(
      url,
      `WITH t AS (SELECT nextval('lease_txn_seq') AS id)
       INSERT INTO lease_ledger (txn_id, book, client_id, amount_minor, currency, kind, ref)
       SELECT t.id, v.book, v.client, v.amount, 'CNY', 1, 'recharge:bench' FROM t,
         (VALUES ('client:' || $1::text, $1::int, ${RECHARGE_MINOR}::bigint), ('provider:bench', NULL, -${RECHARGE_MINOR}::bigint)) AS v(book, client, amount)`,
      [client.id],
    );
  }
  await base.db.destroy();
  return {
    databaseUrl: url,
    makerId,
    key,
    authorization: `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`,
    leased,
    async stop() {
      const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
      const name = new URL(url).pathname.slice(1);
      if (adminUrl)
        await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      rmSync(base.dir, { recursive: true, force: true });
    },
  };
}

export interface Slot {
  index: number;
  port: number;
  mqttPort: number;
  dataDir: string;
  proc: ChildProcess | null;
  alive: boolean;
  output: () => string;
}

/** A console slot (port, broker port, folder); `startSlot` (re)starts its process. */
export async function makeSlot(index: number): Promise<Slot> {
  return {
    index,
    port: await freePort(),
    mqttPort: await freePort(),
    dataDir: mkdtempSync(join(tmpdir(), `agrifleet-cluster-bench-${index}-`)),
    proc: null,
    alive: false,
    output: () => '',
  };
}

export async function startSlot(s: Slot, databaseUrl: string, cluster: Record<string, string> | null) {
  const c = await startChildConsole({
    databaseUrl,
    port: s.port,
    dataDir: s.dataDir,
    jwtSecret: BENCH_JWT,
    env: {
      DEMO_DATA: '0',
      MQTT_PORT: String(s.mqttPort),
      ...(cluster ? { ...cluster, CLUSTER_NODE_ID: `bench${s.index}` } : {}),
      ...(process.env.BENCH_CPU_PROF ? { DRAIN_SECONDS: '0' } : {}),
    },
    // BENCH_NODE_ARGS: node options for each console (e.g. "--max-semi-space-size=32");
    // BENCH_CPU_PROF=<dir>: each console writes a V8 CPU profile there when it is stopped.
    nodeArgs: [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
  });
  s.proc = c.proc;
  s.output = c.output;
  s.alive = true;
}

export async function stopSlot(s: Slot) {
  s.alive = false;
  const p = s.proc;
  if (p && p.exitCode === null && p.signalCode === null) {
    const gone = new Promise((r) => p.once('exit', r));
    // A profiled console stops by itself (its profile is written at exit).
    p.kill(process.env.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL');
    await gone;
  }
}

/** Partition locks held, per PostgreSQL backend (platform/cluster/ownership.ts). */
export async function partitionHolders(databaseUrl: string): Promise<number[]> {
  const rows = await query<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint = ${0x41470102}
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      GROUP BY pid ORDER BY n DESC`,
  );
  return rows.map((r) => r.n);
}

/** Partitions owned and ready per process (agrifleet_cluster_partitions_owned of its /metrics; loopback needs no token). */
export async function partitionsReady(s: Slot): Promise<number | null> {
  try {
    const text = await (
      await fetch(`http://127.0.0.1:${s.port}/metrics`, { signal: AbortSignal.timeout(2_000) })
    ).text();
    const m = /^agrifleet_cluster_partitions_owned(?:\{[^}]*\})? (\d+)/m.exec(text);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The warnings and errors a console logged (pino JSON lines), counted by message; `samples` keeps the first lines of each. */
export function warnings(output: string, into = new Map<string, number>(), samples?: Map<string, string[]>) {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const l = JSON.parse(line) as { level?: number; msg?: string };
      if ((l.level ?? 0) < 40) continue;
      const msg = l.msg ?? '?';
      into.set(msg, (into.get(msg) ?? 0) + 1);
      const kept = samples?.get(msg) ?? [];
      if (samples && kept.length < 2) samples.set(msg, [...kept, line.slice(0, 1200)]);
    } catch {
      // not a log line
    }
  }
  return into;
}

export const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

// ------------------------------------------------------------------------------------------------
// The flights.

interface Flight {
  index: number;
  droneId: string;
  transport: 'http' | 'mqtt';
  kind: 'field' | 'incursion';
  points: TelemetryPoint[];
  /** Airborne stretches [first, last] recordTime. */
  air: Array<[number, number]>;
  sorties: number;
  acked: number;
  batches: number;
  resent: number;
  longestBatchMs: number;
}

/**
 * The incursion of apps/server/test/anomalyFlights.ts (not imported: it pulls in the vitest
 * helpers), shorter and at 1 Hz: ground 5 s, 100 m into the demo airport zone near Yancheng
 * (4,000 m) for about 80 s, out, ground 6 s: 145 s. One sortie, one no-fly alert.
 */
function incursion(start: number): TelemetryPoint[] {
  const airport = DEMO_AIRPORTS[0] as (typeof DEMO_AIRPORTS)[number];
  const noSpray = { pump: false, flow: 0 } as const;
  const air = track(
    { lng: airport.lng, lat: airport.lat },
    [
      { from: [4_150, 0], to: [3_900, 0], speed: 6, with: noSpray },
      { from: [3_900, 0], to: [3_900, 150], speed: 6, with: noSpray },
      { from: [3_900, 150], to: [3_900, 0], speed: 6, with: noSpray },
      { from: [3_900, 0], to: [4_150, 0], speed: 6, with: noSpray },
    ],
    { start: start + 5_000, rateHz: 1 },
  );
  const ground = (p: TelemetryPoint, recordTime: number): TelemetryPoint => ({
    ...p,
    recordTime,
    height: 0,
    speed: 0,
    pump: false,
    flow: 0,
  });
  const first = air[0] as TelemetryPoint;
  const last = air.at(-1) as TelemetryPoint;
  return [
    ...Array.from({ length: 5 }, (_, i) => ground(first, start + i * 1_000)),
    ...air,
    ...Array.from({ length: 6 }, (_, i) => ground(last, last.recordTime + (i + 1) * 1_000)),
  ];
}

function airStretches(points: TelemetryPoint[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from: number | null = null;
  let last = 0;
  for (const p of points) {
    const up = p.height > 0.5;
    if (up && from === null) from = p.recordTime;
    if (!up && from !== null) {
      out.push([from, last]);
      from = null;
    }
    if (up) last = p.recordTime;
  }
  if (from !== null) out.push([from, last]);
  return out;
}

/** Drone i's flights from t0 to `end`: whole sorties only (each lands). */
function planFlight(i: number, t0: number, end: number): Flight {
  const droneId = benchDroneId(i);
  const kind = i % 50 === 7 ? 'incursion' : 'field';
  const points: TelemetryPoint[] = [];
  let sorties = 0;
  let start = t0 + ((i * 7919) % 20_000);
  if (kind === 'incursion') {
    for (;;) {
      const s = incursion(start);
      if ((s.at(-1) as TelemetryPoint).recordTime > end) break;
      points.push(...s);
      sorties++;
      start = (s.at(-1) as TelemetryPoint).recordTime + 20_000;
    }
  } else {
    const field = rectangleField({
      center: { lng: 114.5 + (i % 25) * 0.004, lat: 33.45 + Math.floor(i / 25) * 0.004 },
      widthM: 30,
      lengthM: 80,
      angleDeg: (i * 17) % 180,
    });
    outer: for (let m = 0; ; m++) {
      const mission = runMission(DEFAULT_DRONE, field, {
        startTime: start,
        seed: i * 100 + m,
        rateHz: 1,
        refillS: 20,
      });
      for (const s of mission.sorties) {
        if ((s.points.at(-1) as TelemetryPoint).recordTime > end) break outer;
        points.push(...s.points);
        sorties++;
      }
      start = (points.at(-1) as TelemetryPoint).recordTime + 20_000;
    }
  }
  return {
    index: i,
    droneId,
    transport: i % 2 ? 'mqtt' : 'http',
    kind,
    points,
    air: airStretches(points),
    sorties,
    acked: 0,
    batches: 0,
    resent: 0,
    longestBatchMs: 0,
  };
}

// ------------------------------------------------------------------------------------------------
// What a database holds after the flights.

interface Stored {
  sorties: number;
  areaM2: number;
  perDrone: Map<string, number>;
  lostPoints: number;
  lostExamples: Array<{ drone: string; first: string; last: string; n: number }>;
  duplicatedPoints: number;
  overlappingSorties: number;
  airbornePointsInNoSortie: number;
  noflyAlerts: Map<string, number>;
  /** No-fly alerts never closed, and each drone's alerts (start-end). */
  openNoflyAlerts: number;
  alertTimes: Map<string, string[]>;
  leasedSorties: number;
  charges: number;
  sortiesChargedTwice: number;
  sortiesNotCharged: number;
}

async function stored(url: string, flights: Flight[], leased: string[]): Promise<Stored> {
  const ids = flights.map((f) => f.droneId);
  const rows = await query<{
    drone_id: string;
    start_time: Date;
    end_time: Date;
    area_m2: number;
    track: Buffer;
  }>(
    url,
    `SELECT s.drone_id, s.start_time, s.end_time, s.area_m2, t.track FROM sorties s
       JOIN sortie_tracks t ON t.sortie_id = s.sortie_id
      WHERE s.drone_id = ANY($1) ORDER BY s.drone_id, s.start_time`,
    [ids],
  );
  const byDrone = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byDrone.get(r.drone_id) ?? [];
    list.push(r);
    byDrone.set(r.drone_id, list);
  }
  let lost = 0;
  let dup = 0;
  const lostExamples: Array<{ drone: string; first: string; last: string; n: number }> = [];
  let overlap = 0;
  let orphan = 0;
  for (const f of flights) {
    const mine = byDrone.get(f.droneId) ?? [];
    const seen = new Set<number>();
    const ranges: Array<[number, number]> = [];
    let prevEnd = Number.NEGATIVE_INFINITY;
    for (const s of mine) {
      const a = s.start_time.getTime();
      const b = s.end_time.getTime();
      if (a <= prevEnd) overlap++;
      prevEnd = b;
      ranges.push([a, b]);
      for (const p of decodeTrack(s.track)) {
        if (seen.has(p.recordTime)) dup++;
        seen.add(p.recordTime);
      }
    }
    const missing: number[] = [];
    for (const p of f.points.slice(0, f.acked)) {
      const inSortie = ranges.some(([a, b]) => p.recordTime >= a && p.recordTime <= b);
      if (inSortie && !seen.has(p.recordTime)) {
        lost++;
        missing.push(p.recordTime);
      }
      if (!inSortie && p.height > 0.5) orphan++;
    }
    if (missing.length)
      lostExamples.push({
        drone: `${f.droneId} (${f.transport})`,
        first: new Date(missing[0] as number).toISOString().slice(11, 23),
        last: new Date(missing.at(-1) as number).toISOString().slice(11, 23),
        n: missing.length,
      });
  }
  const alerts = await query<{ drone_id: string; n: number; open: number; times: string[] }>(
    url,
    `SELECT drone_id, count(*)::int AS n, count(*) FILTER (WHERE end_time IS NULL)::int AS open,
        array_agg(to_char(time, 'HH24:MI:SS') || '-' || coalesce(to_char(end_time, 'HH24:MI:SS'), 'open') ORDER BY time) AS times
       FROM anomalies WHERE odd_type = 1 AND drone_id = ANY($1) GROUP BY drone_id`,
    [ids],
  );
  const charge = (
    await query<{ sorties: number; charges: number; doubled: number; uncharged: number }>(
      url,
      `SELECT
        (SELECT count(*)::int FROM sorties WHERE drone_id = ANY($1)) AS sorties,
        (SELECT count(*)::int FROM lease_charges WHERE kind = 2 AND drone_id = ANY($1)) AS charges,
        (SELECT count(*)::int FROM (SELECT sortie_id FROM lease_charges WHERE kind = 2 AND drone_id = ANY($1)
           GROUP BY sortie_id HAVING count(*) > 1) x) AS doubled,
        (SELECT count(*)::int FROM sorties s WHERE s.drone_id = ANY($1)
           AND NOT EXISTS (SELECT 1 FROM lease_charges c WHERE c.sortie_id = s.sortie_id AND c.kind = 2)) AS uncharged`,
      [leased],
    )
  )[0] as { sorties: number; charges: number; doubled: number; uncharged: number };
  return {
    sorties: rows.length,
    areaM2: rows.reduce((a, r) => a + r.area_m2, 0),
    perDrone: new Map([...byDrone].map(([d, l]) => [d, l.length])),
    lostPoints: lost,
    lostExamples: lostExamples.slice(0, 10),
    duplicatedPoints: dup,
    overlappingSorties: overlap,
    airbornePointsInNoSortie: orphan,
    noflyAlerts: new Map(alerts.map((a) => [a.drone_id, a.n])),
    openNoflyAlerts: alerts.reduce((n, a) => n + a.open, 0),
    alertTimes: new Map(alerts.map((a) => [a.drone_id, a.times])),
    leasedSorties: charge.sorties,
    charges: charge.charges,
    sortiesChargedTwice: charge.doubled,
    sortiesNotCharged: charge.uncharged,
  };
}

/** Waits until the database has `expected` sorties of the flights' drones (or stops growing for 30 s). */
async function settle(url: string, ids: string[], expected: number, maxMs = 120_000) {
  let n = -1;
  let since = Date.now();
  for (const deadline = Date.now() + maxMs; Date.now() < deadline; ) {
    const now = Number(
      (
        await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM sorties WHERE drone_id = ANY($1)', [
          ids,
        ])
      )[0]?.n,
    );
    if (now >= expected) return now;
    if (now !== n) {
      n = now;
      since = Date.now();
    } else if (Date.now() - since > 30_000) return now;
    await sleep(1000);
  }
  return n;
}

// ------------------------------------------------------------------------------------------------
// The failover run.

async function main() {
  const env = process.env;
  const MINUTES = Number(env.BENCH_MINUTES ?? 10);
  const DRONES = Number(env.BENCH_DRONES ?? 500);
  const KILL_EVERY_S = Number(env.BENCH_KILL_EVERY_S ?? 60);
  const RESTART_AFTER_S = Number(env.BENCH_RESTART_AFTER_S ?? 10);
  const PROCESSES = Number(env.BENCH_PROCESSES ?? 3);
  const PARTITIONS = Number(env.BENCH_PARTITIONS ?? 16);
  const SEND_EVERY_MS = Number(env.BENCH_SEND_EVERY_S ?? 2) * 1000;
  const out: Record<string, unknown> = {
    bench: 'cluster-failover',
    settings: { MINUTES, DRONES, KILL_EVERY_S, RESTART_AFTER_S, PROCESSES, PARTITIONS, SEND_EVERY_MS },
    loadBefore: uptime(),
  };
  const leased = Array.from({ length: DRONES }, (_, i) => i)
    .filter((i) => i % 10 === 3)
    .map(benchDroneId);
  const t = { setup: Date.now() };
  const nats: NatsServer = await startNatsServer();
  const bdb = await prepareDatabase(DRONES, leased);
  const slots: Slot[] = [];
  for (let i = 0; i < PROCESSES; i++) slots.push(await makeSlot(i));
  const cluster = { CLUSTER_NATS_URL: nats.url, CLUSTER_PARTITIONS: String(PARTITIONS) };
  const live = () => slots.filter((s) => s.alive);
  const pick = (not?: Slot) => {
    const pool = live().filter((s) => s !== not);
    const list = pool.length ? pool : live();
    return list[Math.floor(Math.random() * list.length)];
  };
  let ref: BenchDb | null = null;
  let refSlot: Slot | null = null;
  try {
    await Promise.all(slots.map((s) => startSlot(s, bdb.databaseUrl, cluster)));
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const h = await partitionHolders(bdb.databaseUrl);
      if (h.length === PROCESSES && h.reduce((a, b) => a + b, 0) === PARTITIONS) break;
      await sleep(250);
    }
    out.setupS = Math.round((Date.now() - t.setup) / 1000);

    const t0 = Date.now() + 3_000;
    const end = t0 + MINUTES * 60_000;
    const flights = Array.from({ length: DRONES }, (_, i) => planFlight(i, t0, end));
    const expectedSorties = flights.reduce((n, f) => n + f.sorties, 0);
    const planned = flights.reduce((n, f) => n + f.points.length, 0);
    const byId = new Map(flights.map((f) => [f.droneId, f]));

    // ---- the monitors ----
    const token = await signIn(`http://127.0.0.1:${(slots[0] as Slot).port}`, '13800000001');
    const gaps = new Map<string, number>();
    /** Drones some monitor showed advancing in the air. */
    const seenFlying = new Set<string>();
    let pushes = 0;
    const sockets = new Set<WebSocket>();
    function monitor(s: Slot) {
      const ws = new WebSocket(
        `ws://127.0.0.1:${s.port}/api/drone/mointor/manage/socket?access_token=${token}`,
      );
      const last = new Map<string, [number, number]>();
      sockets.add(ws);
      ws.on('open', () =>
        ws.send(
          JSON.stringify({
            type: 'subscribe',
            query: { minLng: -180, maxLng: 180, minLat: -90, maxLat: 90 },
          }),
        ),
      );
      ws.on('message', (raw: Buffer) => {
        const w = Date.now();
        pushes++;
        const push = JSON.parse(raw.toString('utf8')) as MonitorPush;
        if (!push.drones) return;
        for (const d of mapDroneRows(push.drones)) {
          const f = byId.get(d.droneId);
          if (!f) continue;
          const prev = last.get(d.droneId);
          if (prev && d.recordTime <= prev[1]) continue;
          if (prev) {
            const r1 = prev[1];
            const inAir = f.air.some(([a, b]) => r1 >= a && d.recordTime <= b);
            if (inAir) seenFlying.add(d.droneId);
            if (inAir) gaps.set(d.droneId, Math.max(gaps.get(d.droneId) ?? 0, w - prev[0]));
          }
          last.set(d.droneId, [w, d.recordTime]);
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', () => sockets.delete(ws));
    }
    for (const s of slots) monitor(s);

    // ---- the kills ----
    const kills: Array<{
      at: number;
      slot: number;
      takeOverMs: number | null;
      readyMs: number | null;
      restartS: number;
      rebalanceMs: number | null;
      readyAfterRestartMs: number | null;
    }> = [];
    let sending = true;
    const logged = new Map<string, number>();
    const samples = new Map<string, string[]>();
    const killer = (async () => {
      for (let k = 1; ; k++) {
        await sleep(t0 + k * KILL_EVERY_S * 1000 - Date.now());
        if (!sending || Date.now() > end - 5_000) return;
        const victim = slots[(k - 1) % PROCESSES] as Slot;
        victim.alive = false;
        victim.proc?.kill('SIGKILL');
        const at = Date.now();
        warnings(victim.output(), logged, samples);
        const rec = {
          at: Math.round((at - t0) / 1000),
          slot: victim.index,
          takeOverMs: null as number | null,
          readyMs: null as number | null,
          restartS: 0,
          rebalanceMs: null as number | null,
          readyAfterRestartMs: null as number | null,
        };
        kills.push(rec);
        // Every partition owned and ready (recovered, consuming) on the survivors.
        const ready = (async () => {
          while (Date.now() - at < 60_000) {
            const r = await Promise.all(live().map(partitionsReady));
            if (r.every((x) => x !== null) && r.reduce<number>((a, b) => a + (b ?? 0), 0) === PARTITIONS) {
              rec.readyMs = Date.now() - at;
              return;
            }
            await sleep(250);
          }
        })();
        const watch = (async () => {
          while (Date.now() - at < 30_000) {
            const h = await partitionHolders(bdb.databaseUrl).catch(() => []);
            if (h.length === live().length && h.reduce((a, b) => a + b, 0) === PARTITIONS) {
              rec.takeOverMs = Date.now() - at;
              return;
            }
            await sleep(100);
          }
        })();
        await sleep(RESTART_AFTER_S * 1000);
        await watch;
        await ready;
        const r0 = Date.now();
        try {
          await startSlot(victim, bdb.databaseUrl, cluster);
        } catch (err) {
          console.error(
            `console ${victim.index} did not start again: ${(err as Error).message.slice(0, 2000)}`,
          );
          continue;
        }
        rec.restartS = Math.round((Date.now() - r0) / 100) / 10;
        monitor(victim);
        for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
          const h = await partitionHolders(bdb.databaseUrl).catch(() => []);
          if (h.length === PROCESSES && h.reduce((a, b) => a + b, 0) === PARTITIONS) {
            rec.rebalanceMs = Date.now() - r0;
            break;
          }
          await sleep(100);
        }
        for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
          const r = await Promise.all(live().map(partitionsReady));
          if (
            r.length === PROCESSES &&
            r.every((x) => x) &&
            r.reduce<number>((a, b) => a + (b ?? 0), 0) === PARTITIONS
          ) {
            rec.readyAfterRestartMs = Date.now() - r0;
            break;
          }
          await sleep(250);
        }
      }
    })();

    // ---- the drones ----
    const ackMs: number[] = [];
    const slow: Array<{ at: number; ms: number; transport: string; drone: string }> = [];
    let refused = 0;
    async function sendHttp(f: Flight, batch: TelemetryPoint[]) {
      const began = Date.now();
      let target = pick();
      for (;;) {
        if (!target) throw new Error('no console alive');
        try {
          const res = await fetch(`http://127.0.0.1:${target.port}/api/telemetry/batch`, {
            method: 'POST',
            headers: { authorization: bdb.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ drones: [{ droneId: f.droneId, points: batch }] }),
            signal: AbortSignal.timeout(40_000),
          });
          if (res.ok) {
            const r = (
              (await res.json()) as {
                data: { drones: Array<{ accepted: number; duplicates: number; error?: string }> };
              }
            ).data.drones[0];
            if (r?.error || (r?.accepted ?? 0) + (r?.duplicates ?? 0) !== batch.length) refused++;
            break;
          }
          await res.arrayBuffer().catch(() => undefined);
        } catch {
          // the console died under the request, or did not answer: another one gets it
        }
        f.resent++;
        await sleep(200);
        target = pick(target);
      }
      return Date.now() - began;
    }

    const mqttClients = new Map<Flight, { c: mqtt.MqttClient; slot: Slot; closed: Promise<void> } | null>();
    async function mqttConnect(f: Flight, not?: Slot) {
      for (;;) {
        const slot = pick(not);
        if (!slot) throw new Error('no console alive');
        try {
          const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${slot.mqttPort}`, {
            username: bdb.key.vid,
            password: bdb.key.secret,
            reconnectPeriod: 0,
            connectTimeout: 5_000,
            clientId: `${f.droneId}-${Date.now()}`,
          });
          const closed = new Promise<void>((r) => c.once('close', () => r()));
          const conn = { c, slot, closed };
          mqttClients.set(f, conn);
          return conn;
        } catch {
          await sleep(500);
        }
      }
    }
    async function sendMqtt(f: Flight, batch: TelemetryPoint[]) {
      const began = Date.now();
      let conn = mqttClients.get(f) ?? (await mqttConnect(f));
      const payload = JSON.stringify({ points: batch });
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const ok = await Promise.race([
          conn.c.publishAsync(TELEMETRY_TOPIC(f.droneId), payload, { qos: 1 }).then(
            () => true,
            () => false,
          ),
          conn.closed.then(() => false),
          new Promise<boolean>((r) => {
            timer = setTimeout(() => r(false), 40_000);
          }),
        ]);
        clearTimeout(timer);
        if (ok) break;
        f.resent++;
        conn.c.end(true);
        conn = await mqttConnect(f, conn.slot);
      }
      return Date.now() - began;
    }

    async function drive(f: Flight) {
      await sleep((f.points[0]?.recordTime ?? end) - Date.now() + Math.random() * SEND_EVERY_MS);
      while (f.acked < f.points.length) {
        const now = Date.now();
        let upTo = f.acked;
        while (upTo < f.points.length && (f.points[upTo] as TelemetryPoint).recordTime <= now) upTo++;
        upTo = Math.min(upTo, f.acked + (f.transport === 'mqtt' ? 50 : 500));
        if (upTo > f.acked) {
          const batch = f.points.slice(f.acked, upTo);
          const ms = f.transport === 'http' ? await sendHttp(f, batch) : await sendMqtt(f, batch);
          f.acked = upTo;
          f.batches++;
          ackMs.push(ms);
          if (ms > 10_000)
            slow.push({ at: Math.round((now - t0) / 1000), ms, transport: f.transport, drone: f.droneId });
          f.longestBatchMs = Math.max(f.longestBatchMs, ms);
          if (f.acked < f.points.length && (f.points[f.acked] as TelemetryPoint).recordTime <= Date.now()) {
            await sleep(SEND_EVERY_MS - (Date.now() - now));
            continue;
          }
        }
        const next = f.points[f.acked];
        if (next) await sleep(Math.max(next.recordTime - Date.now(), SEND_EVERY_MS - (Date.now() - now)));
      }
      const conn = mqttClients.get(f);
      if (conn) await conn.c.endAsync().catch(() => undefined);
    }
    const progress = setInterval(() => {
      const acked = flights.reduce((n, f) => n + f.acked, 0);
      console.error(
        `[${Math.round((Date.now() - t0) / 1000)} s] acked ${acked}/${planned} points, ${kills.length} kills, live ${live()
          .map((s) => s.index)
          .join(',')}; ${uptime()}`,
      );
    }, 30_000);
    await Promise.all(flights.map(drive));
    sending = false;
    clearInterval(progress);
    const sendS = (Date.now() - t0) / 1000;
    await killer;
    for (const ws of sockets) ws.close();
    const ids = flights.map((f) => f.droneId);
    const settled = await settle(bdb.databaseUrl, ids, expectedSorties);
    out.loadAfterFlights = uptime();
    const got = await stored(bdb.databaseUrl, flights, leased);
    for (const s of slots) warnings(s.output(), logged, samples);
    for (const s of slots) await stopSlot(s);

    // ---- the same flights into one process ----
    ref = await prepareDatabase(DRONES, leased);
    refSlot = await makeSlot(99);
    await startSlot(refSlot, ref.databaseUrl, null);
    const r0 = Date.now();
    const queue = [...flights];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let f = queue.shift(); f; f = queue.shift())
          for (let i = 0; i < f.points.length; i += 500) {
            const res = await fetch(`http://127.0.0.1:${(refSlot as Slot).port}/api/telemetry/batch`, {
              method: 'POST',
              headers: { authorization: (ref as BenchDb).authorization, 'content-type': 'application/json' },
              body: JSON.stringify({ drones: [{ droneId: f.droneId, points: f.points.slice(i, i + 500) }] }),
            });
            if (!res.ok) throw new Error(`reference: ${res.status} ${await res.text()}`);
            await res.arrayBuffer().catch(() => undefined);
          }
      }),
    );
    const refSendS = (Date.now() - r0) / 1000;
    await settle(ref.databaseUrl, ids, expectedSorties);
    const one = await stored(
      ref.databaseUrl,
      flights.map((f) => ({ ...f, acked: f.points.length })),
      leased,
    );
    await stopSlot(refSlot);

    // ---- the figures ----
    const incursionFlights = flights.filter((f) => f.kind === 'incursion');
    const alertsPer = (s: Stored) =>
      incursionFlights.map((f) => (s.noflyAlerts.get(f.droneId) ?? 0) / f.sorties);
    const splitOrMissing = flights.filter(
      (f) => (got.perDrone.get(f.droneId) ?? 0) !== (one.perDrone.get(f.droneId) ?? 0),
    );
    const gapValues = flights.map((f) => gaps.get(f.droneId) ?? 0);
    const acked = flights.reduce((n, f) => n + f.acked, 0);
    Object.assign(out, {
      flights: {
        drones: DRONES,
        http: flights.filter((f) => f.transport === 'http').length,
        mqtt: flights.filter((f) => f.transport === 'mqtt').length,
        incursionDrones: incursionFlights.length,
        leasedDrones: leased.length,
        plannedPoints: planned,
        plannedSorties: expectedSorties,
        sendS: Math.round(sendS),
        pointsPerS: Math.round(acked / sendS),
      },
      acknowledgedPoints: acked,
      batches: flights.reduce((n, f) => n + f.batches, 0),
      batchesSentAgain: flights.reduce((n, f) => n + f.resent, 0),
      batchesNotWhollyTaken: refused,
      batchAckMs: summary(ackMs),
      kills,
      takeOverMs: summary(kills.flatMap((k) => (k.takeOverMs === null ? [] : [k.takeOverMs]))),
      readyAfterKillMs: summary(kills.flatMap((k) => (k.readyMs === null ? [] : [k.readyMs]))),
      batchesOver10s: { n: slow.length, first: slow.slice(0, 12) },
      consoleWarnings: Object.fromEntries(logged),
      consoleWarningSamples: Object.fromEntries(
        [...samples].filter(([m]) => !/telemetry batch not stored|MQTT publish check failed/.test(m) || true),
      ),
      lostAcknowledgedPoints: got.lostPoints,
      lostExamples: got.lostExamples,
      killTimes: kills.map((k) => new Date(t0 + k.at * 1000).toISOString().slice(11, 19)),
      airbornePointsInNoSortie: got.airbornePointsInNoSortie,
      duplicatedPoints: got.duplicatedPoints,
      overlappingSorties: got.overlappingSorties,
      sorties: {
        cluster: got.sorties,
        oneProcess: one.sorties,
        planned: expectedSorties,
        settledAt: settled,
        dronesWithAnotherCount: splitOrMissing.length,
        examples: splitOrMissing.slice(0, 5).map((f) => ({
          drone: f.droneId,
          cluster: got.perDrone.get(f.droneId) ?? 0,
          one: one.perDrone.get(f.droneId) ?? 0,
        })),
      },
      areaM2: {
        cluster: Math.round(got.areaM2),
        oneProcess: Math.round(one.areaM2),
        relativeDifference: Number(
          (Math.abs(got.areaM2 - one.areaM2) / Math.max(1, one.areaM2)).toExponential(2),
        ),
      },
      noflyAlertsPerIncursion: {
        incursions: incursionFlights.reduce((n, f) => n + f.sorties, 0),
        cluster: summary(alertsPer(got), 2),
        oneProcess: summary(alertsPer(one), 2),
        openAlerts: { cluster: got.openNoflyAlerts, oneProcess: one.openNoflyAlerts },
        /** Incursion drones whose alerts are not one per incursion: incursion start times and the alerts. */
        notOnePerIncursion: incursionFlights
          .filter((f) => (got.noflyAlerts.get(f.droneId) ?? 0) !== f.sorties)
          .map((f) => ({
            drone: f.droneId,
            incursions: f.sorties,
            airborne: f.air.map(
              ([a, b]) =>
                `${new Date(a).toISOString().slice(11, 19)}-${new Date(b).toISOString().slice(11, 19)}`,
            ),
            alerts: got.alertTimes.get(f.droneId) ?? [],
            killsAt: kills.map((k) => new Date(t0 + k.at * 1000).toISOString().slice(11, 19)),
          }))
          .slice(0, 5),
        alertsOfOtherDrones: {
          cluster: [...got.noflyAlerts].filter(([d]) => byId.get(d)?.kind !== 'incursion').length,
          oneProcess: [...one.noflyAlerts].filter(([d]) => byId.get(d)?.kind !== 'incursion').length,
        },
      },
      leaseCharges: {
        cluster: {
          sorties: got.leasedSorties,
          charges: got.charges,
          chargedTwice: got.sortiesChargedTwice,
          notCharged: got.sortiesNotCharged,
        },
        oneProcess: {
          sorties: one.leasedSorties,
          charges: one.charges,
          chargedTwice: one.sortiesChargedTwice,
          notCharged: one.sortiesNotCharged,
        },
      },
      monitorGapMs: {
        pushes,
        perDroneMax: summary(gapValues, 0),
        dronesSeenFlying: seenFlying.size,
        dronesOver10s: gapValues.filter((g) => g > 10_000).length,
        worst: flights
          .map((f) => [f.droneId, gaps.get(f.droneId) ?? 0, f.transport] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5),
      },
      referenceSendS: Math.round(refSendS),
      loadAfter: uptime(),
    });
    const a = out.areaM2 as { relativeDifference: number };
    const verdict = {
      noAcknowledgedPointLost: got.lostPoints === 0 && got.airbornePointsInNoSortie === 0,
      noPointDuplicated: got.duplicatedPoints === 0 && got.overlappingSorties === 0,
      sortiesAsOneProcess: got.sorties > 0 && got.sorties === one.sorties && splitOrMissing.length === 0,
      areaWithin0_1Percent: a.relativeDifference <= 0.001,
      // In the cluster and in the one-process reference (whose points are minutes old when sent).
      oneAlertPerIncursion:
        incursionFlights.some((f) => f.sorties) &&
        alertsPer(got).every((x) => x === 1) &&
        alertsPer(one).every((x) => x === 1),
      oneChargePerLeasedSortie:
        got.charges === got.leasedSorties && !got.sortiesChargedTwice && !got.sortiesNotCharged,
      monitorGapAtMost10s: seenFlying.size > 0 && gapValues.every((g) => g <= 10_000),
      takeOverWithin10s: kills.every((k) => k.takeOverMs !== null && k.takeOverMs <= 10_000),
    };
    out.verdict = verdict;
    console.log(JSON.stringify(out, null, 2));
  } catch (err) {
    console.error(err);
    for (const s of slots) console.error(`--- console ${s.index}:\n${s.output().slice(-3000)}`);
    process.exitCode = 1;
  } finally {
    for (const s of slots) {
      await stopSlot(s);
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    if (refSlot) {
      await stopSlot(refSlot);
      rmSync(refSlot.dataDir, { recursive: true, force: true });
    }
    await ref?.stop();
    await bdb.stop();
    await nats.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
