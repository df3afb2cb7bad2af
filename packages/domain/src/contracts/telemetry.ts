/**
 * The telemetry a drone (or its ground station) sends: over MQTT on
 * agrifleet/v1/drones/{droneId}/telemetry, or in batches to POST /api/telemetry/batch.
 * One point is one sample; a message carries one point or many. See docs/api.md.
 */
import { z } from 'zod';
import { DRONE_ID_RE, MAX_MILLIS } from './bounds.ts';
import { accessoryTypeSchema, hwIdSchema } from './whitelist.ts';

export { DRONE_ID_RE };

export const FLIGHT_MODES = ['manual', 'auto', 'ab', 'return', 'hover'] as const;
export type FlightMode = (typeof FLIGHT_MODES)[number];

/** RTK fix as in NMEA GGA quality: 0 none, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float. */
export const RTK_FIX = [0, 1, 2, 4, 5] as const;

/** Most accessories one point may name. */
export const MAX_ACCESSORIES_PER_POINT = 16;

/**
 * An accessory in use: its type (whitelist ACCESSORY_TYPES: 1 battery, 2 spray system, 3 RTK
 * module, 4 remote controller, 5 camera) and hardware id (the whitelist's hwId rule: 1-64 of
 * [A-Za-z0-9._:-]).
 */
export const telemetryAccessory = z.object({ type: accessoryTypeSchema, hwId: hwIdSchema }).strict();
export type TelemetryAccessory = z.infer<typeof telemetryAccessory>;

export const telemetryPoint = z.object({
  /** Sample time, milliseconds since the Unix epoch (UTC). */
  recordTime: z.number().int().positive().max(MAX_MILLIS),
  /** WGS-84 degrees. Points outside -180..180 / -90..90 are dropped by ingest (001 §5), not refused. */
  lng: z.number(),
  lat: z.number(),
  /** Metres above the take-off point. */
  height: z.number().min(-500).max(10_000),
  /** Ground speed, m/s. */
  speed: z.number().min(0).max(100),
  /** Degrees clockwise from north, 0..360. */
  heading: z.number().min(0).max(360),
  /** Battery charge, percent. */
  battery: z.number().min(0).max(100),
  /** Spray flow, litres per minute (0 when the pump is off). */
  flow: z.number().min(0).max(100),
  /** Pump on: the drone is spraying. */
  pump: z.boolean(),
  /** Swath width, metres. */
  swath: z.number().min(0).max(50),
  /** Liquid left in the tank, litres. */
  tank: z.number().min(0).max(1000),
  mode: z.enum(FLIGHT_MODES),
  /** The pilot's user id, when the ground station knows it. */
  pilotId: z.number().int().positive().max(2_147_483_647).optional(),
  /** Crop being treated (oper/crops id), when known. */
  cropId: z.number().int().positive().max(2_147_483_647).optional(),
  /**
   * Work being done (oper/worktypes id: 1 spraying, 2 spreading), when the controller reports it.
   * The sortie's work type is the most frequent one reported (else spraying when it sprayed).
   */
  workType: z.number().int().positive().max(32_767).optional(),
  rtk: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(5)]).optional(),
  /**
   * Area the drone's own controller counts as sprayed in the current sortie, square metres,
   * cumulative from take-off (0 at take-off, never decreasing within the sortie), when it counts one.
   * The sortie's reported area is the largest value seen; it is checked against the area the server
   * computes (anomaly oddType 5, wrong acreage).
   */
  workArea: z.number().min(0).max(10_000_000).optional(),
  /** True for a flight in simulation mode (listed apart: getSimulateFlyList, not in statistics). */
  sim: z.boolean().optional(),
  /**
   * The accessories in use, when the drone reports them (any point may; sending them once per
   * message is enough). A sortie flown with one its manufacturer's whitelist does not hold, where
   * that manufacturer has a list for that type, raises anomaly oddType 6 (unlisted accessory).
   */
  accessories: z.array(telemetryAccessory).max(MAX_ACCESSORIES_PER_POINT).optional(),
});
export type TelemetryPoint = z.infer<typeof telemetryPoint>;

/** Most points of one drone in one MQTT message or one batch entry. */
export const MAX_POINTS_PER_DRONE = 5000;

/** One MQTT message: a point, or { points: [...] } (up to MAX_POINTS_PER_DRONE). */
export const telemetryMessage = z.union([
  telemetryPoint,
  z.object({ points: z.array(telemetryPoint).min(1).max(MAX_POINTS_PER_DRONE) }),
]);

/** POST /api/telemetry/batch: points of one or more drones of the caller's account. */
export const telemetryBatch = z.object({
  drones: z
    .array(
      z.object({
        droneId: z.string().regex(DRONE_ID_RE),
        points: z.array(telemetryPoint).min(1).max(MAX_POINTS_PER_DRONE),
      }),
    )
    .min(1)
    .max(1000),
});

export const TELEMETRY_TOPIC = (droneId: string) => `agrifleet/v1/drones/${droneId}/telemetry`;
export const TELEMETRY_TOPIC_FILTER = 'agrifleet/v1/drones/+/telemetry';
