/**
 * A no-fly zone created through the API reaches the live detector (issue 10 figure, goal <= 2 s):
 * two consoles on one database (A takes the API call and the telemetry, B is a second server
 * process with its own pool, notice connection and detector), telemetry flowing into A (200 drones
 * at 1 Hz over HTTP batch), and ROUNDS times:
 *
 * 1. POST /api/drone/nofly/manage on A (a 600 m square at a fresh place);
 * 2. from that call's 200, the time until A's and B's detectors hold the new zone (their no-fly
 *    index reloads, watchNoflyIndex) — negative when the notice was in before the answer;
 * 3. right after the 200, one drone's 10 s incursion (5 Hz, from the 200's time on) posted to A:
 *    the alert must be timed at the FIRST of those points ("the first point inside it published
 *    after the creation is flagged").
 *
 * Prints JSON: p50 / p95 / max of both delays (ms) and how many incursions were flagged from their
 * first point.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/nofly.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOFLY_BASE, type TelemetryPoint } from '@agrifleet/domain';
import { createDb } from '../apps/server/src/platform/db.ts';
import { localFrame } from '../apps/server/src/sim/flight/geo.ts';
import { watchNoflyIndex } from '../apps/server/src/telemetry/anomalies/stream.ts';
import {
  benchDroneId,
  listenConsole,
  signIn,
  startBenchConsole,
  summary,
  telemetryKey,
} from './telemetry-kit.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const FLEET = 200;

const a = await startBenchConsole({ drones: FLEET + ROUNDS });
const dbB = createDb(a.databaseUrl, 4);
const b = await listenConsole(dbB, a.databaseUrl, {
  dataDir: mkdtempSync(join(tmpdir(), 'agrifleet-bench-b-')),
});
const token = await signIn(a.baseUrl, '13800000001');
const key = await telemetryKey(a.db, a.makerId, 'bench-nofly');
const basic = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;

const post = (path: string, body: unknown, authorization: string) =>
  fetch(`${a.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const point = (lng: number, lat: number, recordTime: number, height = 10): TelemetryPoint => ({
  recordTime,
  lng,
  lat,
  height,
  speed: 3,
  heading: 90,
  battery: 80,
  flow: 0,
  pump: false,
  swath: 5,
  tank: 10,
  mode: 'auto',
});

// Background traffic: the fleet flies small circles in Henan, one point per drone per second.
let flowing = true;
const traffic = (async () => {
  let sent = 0;
  while (flowing) {
    const now = Date.now();
    const drones = Array.from({ length: FLEET }, (_, i) => ({
      droneId: benchDroneId(i),
      points: [
        point(113 + (i % 20) * 0.01 + Math.cos(now / 10_000) * 0.001, 34 + Math.floor(i / 20) * 0.01, now),
      ],
    }));
    await post('/api/telemetry/batch', { drones }, basic).then((r) => r.arrayBuffer());
    sent += FLEET;
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() - now)));
  }
  return sent;
})();

const delaysA: number[] = [];
const delaysB: number[] = [];
let firstPointFlagged = 0;

for (let i = 0; i < ROUNDS; i++) {
  // Rounds spread over the traffic (not in step with its 1 s beat).
  await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
  const origin = { lng: 110 + i * 0.05, lat: 28 };
  const f = localFrame(origin);
  const ring = [
    [-300, -300],
    [300, -300],
    [300, 300],
    [-300, 300],
    [-300, -300],
  ].map(([x, y]) => {
    const p = f.toLngLat({ x: x as number, y: y as number });
    return [p.lng, p.lat];
  });
  const name = `bench-${i}`;
  // Ids are unknown before the answer: note every load time, match the id after.
  const loadsA: Array<[number, ReadonlyMap<number, number>]> = [];
  const loadsB: Array<[number, ReadonlyMap<number, number>]> = [];
  const stops = [
    watchNoflyIndex(a.db, (l) => loadsA.push([performance.now(), l.zones])),
    watchNoflyIndex(dbB, (l) => loadsB.push([performance.now(), l.zones])),
  ];
  loadsA.length = 0;
  loadsB.length = 0;
  const res = await post(
    NOFLY_BASE,
    { name, noflyType: 1, shape: 'polygon', geometry: { type: 'Polygon', coordinates: [ring] } },
    `Bearer ${token}`,
  );
  const answered = performance.now();
  const t0 = Date.now();
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const created = ((await res.json()) as { data: { noflyId: number } }).data.noflyId;
  // The incursion, from the answer's time on: 50 points over 10 s, 10 m up, at the zone's centre.
  const droneId = benchDroneId(FLEET + i);
  const points = Array.from({ length: 50 }, (_, k) => point(origin.lng + k * 1e-6, origin.lat, t0 + k * 200));
  await post('/api/telemetry/batch', { drones: [{ droneId, points }] }, basic).then((r) => r.arrayBuffer());

  const until = Date.now() + 10_000;
  const has = (loads: typeof loadsA) => loads.find(([, z]) => z.has(created))?.[0];
  while (Date.now() < until && (has(loadsA) === undefined || has(loadsB) === undefined))
    await new Promise((r) => setTimeout(r, 5));
  for (const s of stops) s();
  delaysA.push((has(loadsA) ?? Number.NaN) - answered);
  delaysB.push((has(loadsB) ?? Number.NaN) - answered);

  // The alert of that incursion, timed at its first point?
  let alertTime: number | null = null;
  for (const deadline = Date.now() + 5_000; Date.now() < deadline && alertTime === null; ) {
    await a.app.telemetry.writer.drain();
    const row = await a.db
      .selectFrom('anomalies')
      .select('time')
      .where('nofly_id', '=', created)
      .executeTakeFirst();
    if (row) alertTime = row.time.getTime();
    else await new Promise((r) => setTimeout(r, 20));
  }
  if (alertTime === t0) firstPointFlagged++;
}

flowing = false;
const trafficPoints = await traffic;
console.log(
  JSON.stringify(
    {
      rounds: ROUNDS,
      postgres: a.postgres,
      trafficPointsSent: trafficPoints,
      createToDetectorSameProcessMs: summary(delaysA),
      createToDetectorOtherProcessMs: summary(delaysB),
      incursionsFlaggedFromFirstPoint: `${firstPointFlagged}/${ROUNDS}`,
      goalMs: 2000,
    },
    null,
    2,
  ),
);
await b.app.close();
await dbB.destroy();
await a.stop();
