/**
 * The cost of "one live picture" in cluster mode (issue 24 #3, docs/scaling.md): every process
 * applies the positions the owners publish on `agrifleet.live` to its own live state. Measures, on
 * one thread, the owner's side (encoding a batch of positions with liveCodec.ts, as clusterIngest.ts
 * does) and each receiving process's side (decoding it and LiveState.update per drone, region
 * lookup included),
 * for a fleet of BENCH_DRONES drones each sending one position a second. Prints JSON: µs of CPU
 * per position on each side and the share of one core per 1,000 drones.
 *
 *   npx tsx bench/live-fanout.ts   (BENCH_DRONES=20000 BENCH_SECONDS=20)
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { regionAt } from '../apps/server/src/modules/regions/geo/regionAt.ts';
import { FARM_PLACES, mulberry32 } from '../apps/server/src/sim/flight/index.ts';
import { decodeLive, encodeLive, type LivePosition } from '../apps/server/src/telemetry/cluster/liveCodec.ts';
import type { DroneMeta } from '../apps/server/src/telemetry/ingest/droneDirectory.ts';
import { LiveState } from '../apps/server/src/telemetry/ingest/liveState.ts';

const N = Number(process.env.BENCH_DRONES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Positions per published batch: what 250 ms of a busy owner gathers. */
const BATCH = 500;

const rng = mulberry32(24);
const metas: DroneMeta[] = Array.from({ length: N }, (_, i) => ({
  droneId: `FAN${String(i).padStart(6, '0')}`,
  droneName: `fan ${i}`,
  modelId: 1,
  modelName: 'M',
  zz: 1,
  yy: 2,
  deviceType: 1,
  regionCode: null,
}));
const byId = new Map(metas.map((m) => [m.droneId, m]));
const start = metas.map((_, i) => {
  const place = FARM_PLACES[i % FARM_PLACES.length] as (typeof FARM_PLACES)[number];
  return { lng: place.lng + rng.range(-0.5, 0.5), lat: place.lat + rng.range(-0.5, 0.5) };
});
const point = (i: number, s: number): TelemetryPoint => ({
  recordTime: 1_780_000_000_000 + s * 1000,
  lng: (start[i] as { lng: number }).lng + s * 0.00005,
  lat: (start[i] as { lat: number }).lat,
  height: 3,
  speed: 6,
  heading: 90,
  battery: 80,
  flow: 1.2,
  pump: true,
  swath: 6,
  tank: 10,
  mode: 'auto',
});

const live = new LiveState(regionAt);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
let encodeCpu = 0;
let applyCpu = 0;
let positions = 0;
for (let s = 0; s < SECONDS; s++) {
  for (let from = 0; from < N; from += BATCH) {
    const t0 = cpu();
    const batch: LivePosition[] = [];
    for (let i = from; i < Math.min(N, from + BATCH); i++)
      batch.push({
        droneId: (metas[i] as DroneMeta).droneId,
        point: point(i, s),
        airborne: true,
        sortieStart: null,
      });
    const wire = encodeLive(batch);
    const t1 = cpu();
    const now = Date.now();
    decodeLive(wire, (e) => {
      const meta = byId.get(e.droneId);
      if (meta) live.update(meta, e.point, e.airborne, e.sortieStart, now);
    });
    const t2 = cpu();
    encodeCpu += t1 - t0;
    applyCpu += t2 - t1;
    positions += batch.length;
  }
}
const us = (sec: number) => +((sec * 1e6) / positions).toFixed(2);
console.log(
  JSON.stringify(
    {
      drones: N,
      seconds: SECONDS,
      positions,
      ownerEncodeUsPerPosition: us(encodeCpu),
      receiverApplyUsPerPosition: us(applyCpu),
      // At 1 position a second per drone: the share of one core per 1,000 drones.
      receiverCorePer1000Drones: +((us(applyCpu) * 1000) / 1e6).toFixed(4),
    },
    null,
    2,
  ),
);
