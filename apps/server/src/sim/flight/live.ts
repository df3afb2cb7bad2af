/**
 * The server's built-in live fleet: each drone sprays field after field near its home area, for
 * ever. A drone is a lazy generator (one mission's plan in memory at a time), so memory stays
 * constant however long the server runs. The caller asks for the points due at a wall time.
 *
 * Between two fields the crew packs up and drives to the next one (15-45 min, no samples). Each
 * drone starts its first field up to 40 min before `startTime`, so at start some drones are
 * already in the air; their first batch (`join`) carries the sortie under way from take-off.
 */
import { MAX_POINTS_PER_DRONE, SQUARE_METRES_PER_MU, type TelemetryPoint } from '@agrifleet/domain';
import { convexField, type Field, isConvex, localFrame, offsetLngLat, type XY } from './geo.ts';
import { type Crop, FARM_PLACES, type FarmPlace } from './places.ts';
import { hashSeed, mulberry32, type Rng } from './prng.ts';
import { type DroneProfile, randomDrone } from './profile.ts';
import { type SimSample, simulateMission } from './simulate.ts';

/**
 * A field 2-10 km from `near`: 10-150 mu, 1.5-4 times as long as wide, any orientation; one in
 * three is an irregular convex quadrilateral rather than a rectangle.
 */
export function randomField(rng: Rng, near: { lng: number; lat: number }): Field {
  const bearing = rng.range(0, 2 * Math.PI);
  const distance = rng.range(2000, 10_000);
  const center = offsetLngLat(near, distance * Math.sin(bearing), distance * Math.cos(bearing));
  const areaM2 = Math.exp(rng.range(Math.log(10), Math.log(150))) * SQUARE_METRES_PER_MU;
  const aspect = rng.range(1.5, 4);
  const width = Math.sqrt(areaM2 / aspect);
  const length = width * aspect;
  const angle = rng.range(0, Math.PI);
  const along = { x: Math.sin(angle), y: Math.cos(angle) };
  const across = { x: Math.cos(angle), y: -Math.sin(angle) };
  const irregular = rng.next() < 1 / 3;
  const rectangle: XY[] = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([a = 0, c = 0]) => ({
    x: (a * length * along.x + c * width * across.x) / 2,
    y: (a * length * along.y + c * width * across.y) / 2,
  }));
  const moved = rectangle.map((p) => ({
    x: p.x + rng.normal(width * 0.06),
    y: p.y + rng.normal(width * 0.06),
  }));
  const ring = irregular && isConvex(moved) ? moved : rectangle;
  const frame = localFrame(center);
  return convexField(ring.map(frame.toLngLat));
}

export interface EndlessSpec {
  place: FarmPlace;
  drone: DroneProfile;
  seed: number;
  /** Time of the first sample, ms. */
  startTime: number;
  rateHz?: number;
  pilotId?: number;
  cropId?: number;
  /** Called with each new field as the drone starts on it (the demo registers it as a block). */
  onField?: (field: Field) => void;
}

/** Field after field, for ever. `sortieIndex` counts within each field's mission. */
export function* endlessFlights(spec: EndlessSpec): Generator<SimSample, never> {
  let t = spec.startTime;
  for (let n = 0; ; n++) {
    const rng = mulberry32(hashSeed(`${spec.seed}/${n}`));
    const field = randomField(rng, spec.place);
    spec.onField?.(field);
    const mission = simulateMission(spec.drone, field, {
      startTime: t,
      seed: rng.int(1, 2 ** 31),
      rateHz: spec.rateHz,
      pilotId: spec.pilotId,
      cropId: spec.cropId,
    });
    let last = t;
    for (const sample of mission) {
      last = sample.point.recordTime;
      yield sample;
    }
    t = last + Math.round(rng.range(15, 45) * 60_000);
  }
}

export interface LiveDrone {
  droneId: string;
  place: FarmPlace;
  drone: DroneProfile;
  /** recordTime of the next point the drone will send. */
  peekTime(): number;
  /**
   * The points with recordTime <= wallTime not yet returned, oldest first. Points older than
   * wallTime - maxLagMs (default 10 s) are skipped: a caller that slept does not get a flood.
   */
  pointsUntil(wallTime: number, maxLagMs?: number): TelemetryPoint[];
  /**
   * The drone's first batch as it joins a console mid-flight: pointsUntil, but the sortie under
   * way is sent whole from its first point (its newest MAX_POINTS_PER_DRONE points), as a drone
   * uploads what it flew since take-off. Without it, every start of the console would record a
   * cut sortie (a landing without its work) for each drone in the air.
   */
  join(wallTime: number, maxLagMs?: number): TelemetryPoint[];
}

export interface LiveFleetOptions {
  count: number;
  /** Wall time the fleet starts at, ms. */
  startTime: number;
  seed?: number;
  rateHz?: number;
  /** Drone ids; default sim-001, sim-002, ... */
  droneIds?: readonly string[];
  /** Pilots, assigned round-robin. */
  pilotIds?: readonly number[];
  /** oper/crops ids of the places' crops. */
  cropIds?: Partial<Record<Crop, number>>;
  places?: readonly FarmPlace[];
  onField?: (droneId: string, field: Field) => void;
}

export function liveDrone(droneId: string, spec: EndlessSpec): LiveDrone {
  const stream = endlessFlights(spec);
  let next = stream.next().value;
  const take = (wallTime: number, maxLagMs: number, wholeSortie: boolean) => {
    const out: TelemetryPoint[] = [];
    // The skipped points of the sortie under way (emptied at each sortie's last sample).
    let under: TelemetryPoint[] = [];
    while (next.point.recordTime <= wallTime) {
      if (next.point.recordTime >= wallTime - maxLagMs) out.push(next.point);
      else if (wholeSortie) {
        if (next.sortieTruth) under = [];
        else under.push(next.point);
      }
      next = stream.next().value;
    }
    if (!wholeSortie || !under.length) return out;
    return [...under.slice(-Math.max(0, MAX_POINTS_PER_DRONE - out.length)), ...out];
  };
  return {
    droneId,
    place: spec.place,
    drone: spec.drone,
    peekTime: () => next.point.recordTime,
    pointsUntil: (wallTime, maxLagMs = 10_000) => take(wallTime, maxLagMs, false),
    join: (wallTime, maxLagMs = 10_000) => take(wallTime, maxLagMs, true),
  };
}

/** `count` drones spread over the places (round-robin), each with its own profile and seed. */
export function liveFleet(opts: LiveFleetOptions): LiveDrone[] {
  const places = opts.places ?? FARM_PLACES;
  const seed = opts.seed ?? 1;
  return Array.from({ length: opts.count }, (_, i) => {
    const droneId = opts.droneIds?.[i] ?? `sim-${String(i + 1).padStart(3, '0')}`;
    const rng = mulberry32(hashSeed(`${seed}/${droneId}`));
    const place = places[i % places.length] as FarmPlace;
    const drone = randomDrone(rng);
    const pilotId = opts.pilotIds?.length ? opts.pilotIds[i % opts.pilotIds.length] : undefined;
    return liveDrone(droneId, {
      place,
      drone,
      seed: rng.int(1, 2 ** 31),
      startTime: opts.startTime - Math.round(rng.range(0, 40) * 60_000),
      rateHz: opts.rateHz,
      pilotId,
      cropId: opts.cropIds?.[place.crop],
      onField: opts.onField ? (field) => opts.onField?.(droneId, field) : undefined,
    });
  });
}
