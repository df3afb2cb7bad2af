/** The pure core of the fleet simulator: no I/O, no timers. See simulate.ts for what "truth" means. */
export { capsuleUnionAreaM2, type Rect, unionAreaM2 } from './area.ts';
export type { RtkFix } from './flight.ts';
export {
  convexField,
  type Field,
  fieldAreaM2,
  type LngLat,
  localFrame,
  metresPerDegree,
  offsetLngLat,
  type RectangleSpec,
  rectangleField,
  sphericalAreaFactor,
} from './geo.ts';
export {
  endlessFlights,
  type LiveDrone,
  type LiveFleetOptions,
  liveDrone,
  liveFleet,
  randomField,
} from './live.ts';
export type { Phase } from './motion.ts';
export { type Crop, FARM_PLACES, type FarmPlace } from './places.ts';
export { type MissionPlan, planMission } from './plan.ts';
export { hashSeed, mulberry32, type Rng } from './prng.ts';
export { checkDrone, DEFAULT_DRONE, type DroneProfile, randomDrone } from './profile.ts';
export {
  type MissionRun,
  type MissionTruth,
  planFor,
  runMission,
  type SimOptions,
  type SimSample,
  type SortieTruth,
  simulateMission,
} from './simulate.ts';
