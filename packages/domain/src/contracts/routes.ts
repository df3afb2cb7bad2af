/**
 * Group working routes and drone control (001 §2 GroupControl, FlightControl, "group working-route
 * planning"; §3 "Group route: block, alignEdgeIndex, home, droneCount, width; drone status uses
 * droneStatus and plan; control options droneIds, width, height, speed"; §7 "Blocks": Group route:
 * PUT create route; PATCH /{droneId} with droneStatus, plan).
 *
 * A route (a stored plan of a block for droneCount drones, `planGroupRoute` in planning/) is created
 * by PUT; its drones are assigned and sent their part with the control calls, which travel as
 * commands (commands.ts) on the MQTT downlink; PATCH /{droneId} reports a drone's status in a plan
 * (a ground station, or the console itself from the drone's answers).
 */
import { z } from 'zod';
import { droneRouteSchema, PLAN_LIMITS, routePlanSchema } from '../planning/types.ts';
import { droneIdSchema, idParam, idSchema, pageNumberParam } from './bounds.ts';
import { commandStateSchema, commandTypeSchema } from './commands.ts';

export const ROUTE_BASE = '/api/drone/block/route';
export const CONTROL_BASE = '/api/drone/control/manage';

const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/**
 * A drone's status in a plan (droneStatus): 0 assigned (not sent), 1 plan sent to the drone,
 * 2 flying it, 3 paused, 4 returning home (stopped early), 5 done (every leg flown), 6 failed.
 */
export const DRONE_PLAN_STATUSES = [0, 1, 2, 3, 4, 5, 6] as const;
export type DronePlanStatus = (typeof DRONE_PLAN_STATUSES)[number];
export const dronePlanStatusSchema = z.number().int().min(0).max(6);

export const routeWidth = z.number().min(PLAN_LIMITS.minWidthM).max(PLAN_LIMITS.maxWidthM);
export const routeSpeed = z.number().min(PLAN_LIMITS.minSpeedMps).max(PLAN_LIMITS.maxSpeedMps);
export const routeHeight = z.number().min(PLAN_LIMITS.minHeightM).max(PLAN_LIMITS.maxHeightM);

/** PUT: plans `block` and stores the route. */
export const routeCreateBody = z.object({
  block: idSchema,
  alignEdgeIndex: z.number().int().min(0).max(100_000),
  home: lngLat,
  droneCount: z.number().int().min(1).max(PLAN_LIMITS.maxDrones),
  width: routeWidth,
  speed: routeSpeed.optional(),
  height: routeHeight.optional(),
  dosage: z.number().min(PLAN_LIMITS.minDosageLPerMu).max(PLAN_LIMITS.maxDosageLPerMu).optional(),
  name: z.string().trim().max(64).optional(),
});
export type RouteCreateBody = z.infer<typeof routeCreateBody>;

export const routeDrone = z.object({
  index: z.number().int(),
  /** Assigned drone, or null until one is. */
  droneId: z.string().nullable(),
  droneStatus: dronePlanStatusSchema,
  /** Share of the drone's spray legs flown, 0..1 (from its telemetry while flying the plan). */
  progress: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** The newest plan-related command to the drone and its state. */
  lastCommand: z
    .object({
      id: z.number().int(),
      type: commandTypeSchema,
      state: commandStateSchema,
      reason: z.string().nullable(),
    })
    .nullable(),
});

export const routeRecord = z.object({
  routeId: z.number().int(),
  name: z.string().nullable(),
  blockId: z.number().int().nullable(),
  blockName: z.string().nullable(),
  /** The block's geometry when the route was planned. */
  blockGeometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
  plan: routePlanSchema,
  drones: z.array(routeDrone),
  createTime: z.string(),
  createdByName: z.string().nullable(),
  /** Whether the caller may send or control it. */
  editable: z.boolean(),
});
export type RouteRecord = z.infer<typeof routeRecord>;

/** GET list?blockId=: routes (newest first). */
export const routeListQuery = z.object({
  blockId: idParam.optional(),
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(100).default(20),
});
export const routeSummary = routeRecord.omit({ plan: true, blockGeometry: true }).extend({
  droneCount: z.number().int(),
  width: z.number(),
  coverageShare: z.number(),
});
export const routePage = z.object({
  records: z.array(routeSummary),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
});
export const routeIdParams = z.object({ routeId: idParam });

/** PATCH /{droneId}: a drone's status in plan `plan` (a route id). */
export const routeDroneParams = z.object({ droneId: droneIdSchema });
export const routeDroneStatusBody = z.object({ droneStatus: dronePlanStatusSchema, plan: idSchema });

/** Control calls name at most this many drones. */
export const CONTROL_MAX_DRONES = 50;
const droneIds = z.array(droneIdSchema).min(1).max(CONTROL_MAX_DRONES);

/** POST settings: flight settings for the drones (001 §3 control options). */
export const controlSettingsBody = z
  .object({
    droneIds,
    width: routeWidth.optional(),
    height: routeHeight.optional(),
    speed: routeSpeed.optional(),
  })
  .refine((b) => b.width !== undefined || b.height !== undefined || b.speed !== undefined, {
    message: 'width, height or speed',
  });

/** POST plan: assigns route `routeId`'s parts to drones (droneIds[i] flies part i) and sends them. */
export const controlPlanBody = z.object({ routeId: idSchema, droneIds });

/** POST command: start the plan sent, pause, resume, return home. */
export const CONTROL_COMMANDS = ['start', 'pause', 'resume', 'returnHome'] as const;
export const controlCommandBody = z.object({ droneIds, type: z.enum(CONTROL_COMMANDS) });

/** What a control call answers: the command stored per drone. */
export const controlResult = z.object({
  commands: z.array(z.object({ droneId: z.string(), commandId: z.number().int(), type: commandTypeSchema })),
});

/** GET drones: the drones the caller may control, with what the control screens show. */
export const controlDronesQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(50),
  /** Part of the drone id or name. */
  search: z.string().trim().max(64).optional(),
  /** 1: online only. */
  online: z.coerce.number().int().min(0).max(1).optional(),
});
export const controlDrone = z.object({
  droneId: z.string(),
  droneName: z.string().nullable(),
  modelName: z.string().nullable(),
  ownerName: z.string().nullable(),
  online: z.boolean(),
  locked: z.boolean(),
  flying: z.boolean(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** Current plan (route id) and its status, if any. */
  routeId: z.number().int().nullable(),
  droneStatus: dronePlanStatusSchema.nullable(),
  progress: z.number().nullable(),
  /** Newest command of any type. */
  lastCommand: z
    .object({
      id: z.number().int(),
      type: commandTypeSchema,
      state: commandStateSchema,
      reason: z.string().nullable(),
      createdAt: z.number(),
    })
    .nullable(),
  /** Current flight settings the drone acknowledged. */
  settings: z.object({
    width: z.number().nullable(),
    height: z.number().nullable(),
    speed: z.number().nullable(),
  }),
});
export const controlDronePage = z.object({
  records: z.array(controlDrone),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
});
export type ControlDrone = z.infer<typeof controlDrone>;

/**
 * The payloads the drone receives (docs/api.md "Commands"): `settings` {width?, height?, speed?};
 * `plan` below; `start` {routeId}; `pause`, `resume`, `returnHome` {}. A drone answers `start` with
 * acknowledged when it takes off on the plan and done when it landed after its last leg.
 */
export const planCommandPayload = z.object({
  routeId: z.number().int(),
  index: z.number().int(),
  home: lngLat,
  width: z.number(),
  speed: z.number(),
  height: z.number(),
  transitHeight: z.number(),
  flowLpm: z.number(),
  route: droneRouteSchema,
});
export type PlanCommandPayload = z.infer<typeof planCommandPayload>;
