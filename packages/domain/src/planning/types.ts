/**
 * Group working-route planning (001 §2 "group working-route planning", §3 "Group route: block,
 * alignEdgeIndex, home, droneCount, width"): the plan both the web preview and the server compute
 * (ARCHITECTURE "Geometry": one function, so they never disagree), and what a drone is sent.
 *
 * Everything is in WGS-84 degrees ([lng, lat]) at the edges; distances in metres, times in seconds,
 * areas in ellipsoidal square metres, volumes in litres.
 */
import { z } from 'zod';
import type { LngLat, PolygonGeometry } from '../contracts/geometry.ts';

/** Bounds of the inputs (checked by the request schema and again by `planGroupRoute`). */
export const PLAN_LIMITS = {
  maxDrones: 20,
  minWidthM: 1,
  maxWidthM: 20,
  minSpeedMps: 1,
  maxSpeedMps: 12,
  minHeightM: 1,
  maxHeightM: 30,
  minDosageLPerMu: 0.1,
  maxDosageLPerMu: 20,
  /** The home point may lie at most this far from the block's nearest edge. */
  maxHomeDistanceM: 5000,
  /** At most this many passes (a bound on the work of a hostile input). */
  maxPasses: 5000,
  /** At most this much spraying per plan (block area / swath), km: 2,000 mu at 1 m, 20,000 at 10 m. */
  maxSprayKm: 2000,
  /** At most this many holes (obstacles) in a planned block. */
  maxHoles: 30,
} as const;

/**
 * Every leg of a plan (spray, turn, transit, to and from home) keeps at least
 * `width / 2 + OBSTACLE_MARGIN_M` from each hole's edge (README "Clearance"): the boom clears the
 * obstacle by this margin, which absorbs the drone's position error and drift.
 */
export const OBSTACLE_MARGIN_M = 1;
export const obstacleClearanceM = (width: number): number => width / 2 + OBSTACLE_MARGIN_M;

export const PLAN_DEFAULTS = {
  speedMps: 5,
  heightM: 3,
  /** Litres per mu applied. */
  dosageLPerMu: 1,
  /** Tank assumed when estimating refills, litres. */
  tankL: 30,
  /** Height flown between the home point and the work, metres. */
  transitHeightM: 15,
  transitSpeedMps: 8,
} as const;

export interface RouteParams {
  /** Index of the outer ring's edge (from vertex i to i+1) the passes run parallel to. */
  alignEdgeIndex: number;
  /** Where the drones take off and land (and refill). */
  home: LngLat;
  droneCount: number;
  /** Swath, metres. */
  width: number;
  /** Spraying speed, m/s. */
  speed?: number;
  /** Spraying height above the crop, metres. */
  height?: number;
  /** Litres per mu. */
  dosage?: number;
  /** Tank capacity for the refill estimate, litres. */
  tankL?: number;
}

/**
 * One stretch of a drone's route. `spray` legs are flown with the pump on at the spraying height
 * (a pass, part of a pass, or a headland lap); the others with the pump off: `turn` (between
 * neighbouring passes, spraying height), `transit` (between parts of the block or to and from the
 * home point, at the transit height, over obstacles).
 */
export interface RouteLeg {
  kind: 'spray' | 'turn' | 'transit';
  path: LngLat[];
}

export interface DroneRoute {
  /** 0-based; drone i of the plan. */
  index: number;
  /** In flight order, from leaving home to landing there (refills not included). */
  legs: RouteLeg[];
  /** Length of the spray legs, metres. */
  sprayDistanceM: number;
  /** Length of all legs, metres. */
  distanceM: number;
  /** Area its spray legs cover (union of its swaths), m². */
  sprayAreaM2: number;
  sprayVolumeL: number;
  /** Estimated flight time including take-off, landing and refill trips (not the time on the ground), s. */
  flightTimeS: number;
  /** Estimated sorties (tank loads). */
  sorties: number;
}

export interface RoutePlan {
  alignEdgeIndex: number;
  home: LngLat;
  width: number;
  speed: number;
  height: number;
  dosage: number;
  tankL: number;
  /** Pump flow that gives `dosage` at `speed` and `width`, L/min. */
  flowLpm: number;
  /** Area of the block net of holes, m². */
  blockAreaM2: number;
  /** Area inside the block the plan's swaths cover (union), m². */
  coverageAreaM2: number;
  /** Area inside the block covered by two swaths or more, m². */
  overlapAreaM2: number;
  /**
   * Area the swaths cover outside the block (past its outer ring or in a hole), m²: 0 for the
   * planner's plans (boom swaths, to rounding); plans stored before issue 20 may not carry it.
   */
  sprayedOutsideM2: number;
  /** Headland width kept along the boundary and around holes, metres (0: none needed). */
  headlandM: number;
  /** Number of passes (straight spray legs parallel to the edge). */
  passes: number;
  routes: DroneRoute[];
}

export type PlanIssueCode =
  | 'geometry'
  | 'edgeIndex'
  | 'droneCount'
  | 'width'
  | 'speed'
  | 'height'
  | 'dosage'
  | 'homeFar'
  | 'tooSmall'
  | 'tooManyPasses'
  /** More spraying than maxSprayKm: {max} is the largest block (mu) at this swath. */
  | 'tooLarge'
  | 'tooManyHoles';

export interface PlanIssue {
  code: PlanIssueCode;
  /** For the message: {max}, {min}. */
  params: Record<string, number>;
}

export type PlanResult = { ok: true; plan: RoutePlan } | { ok: false; issue: PlanIssue };

export type PlanGroupRoute = (block: PolygonGeometry, params: RouteParams) => PlanResult;

/** The stored / transported plan (responses and the plan command). */
const lngLat = z.tuple([z.number(), z.number()]);
export const routeLegSchema = z.object({
  kind: z.enum(['spray', 'turn', 'transit']),
  path: z.array(lngLat),
});
export const droneRouteSchema = z.object({
  index: z.number().int(),
  legs: z.array(routeLegSchema),
  sprayDistanceM: z.number(),
  distanceM: z.number(),
  sprayAreaM2: z.number(),
  sprayVolumeL: z.number(),
  flightTimeS: z.number(),
  sorties: z.number().int(),
});
export const routePlanSchema = z.object({
  alignEdgeIndex: z.number().int(),
  home: lngLat,
  width: z.number(),
  speed: z.number(),
  height: z.number(),
  dosage: z.number(),
  tankL: z.number(),
  flowLpm: z.number(),
  blockAreaM2: z.number(),
  coverageAreaM2: z.number(),
  overlapAreaM2: z.number(),
  /** Absent from plans stored before issue 20 (the server measures those when it reads them). */
  sprayedOutsideM2: z.number().optional(),
  headlandM: z.number(),
  passes: z.number().int(),
  routes: z.array(droneRouteSchema),
});
