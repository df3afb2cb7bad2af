/**
 * The Tools screen (002 §2 Tools `/business_manage/tools`; issue 23 point 6): the spec names the
 * screen, not its content. Its one server call is the telemetry-key tester: the caller gives an
 * account telemetry key (vid and secret, as a ground station would send them), a drone and one
 * point; the server checks the key exactly as POST /api/telemetry/batch does, runs the point
 * through the real validation and ingest, and answers what became of it, with the reasons in the
 * caller's language. The other utilities (area units, WGS-84 / GCJ-02, track files) run in the
 * browser on the domain's pure functions (units.ts, geo/gcj02.ts).
 */
import { z } from 'zod';
import { droneIdSchema, textSchema } from './bounds.ts';

export const TOOLS_BASE = '/api/tools';
export const TOOLS_PATHS = {
  /** POST { vid, secret, droneId, point }: send one point with the key and read the verdict. */
  telemetryTest: `${TOOLS_BASE}/telemetryTest`,
  /** POST { vid, secret }: the drones in the caller's scope the key may send for (a read). */
  telemetryTestDrones: `${TOOLS_BASE}/telemetryTest/drones`,
} as const;

/** A key as typed: a vid (the key id, as PUT key takes it) and its secret. */
export const telemetryTestKey = z.object({
  vid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  secret: textSchema(256).pipe(z.string().min(1)),
});
export type TelemetryTestKey = z.infer<typeof telemetryTestKey>;

/**
 * The point is taken as sent: it is checked by the telemetry contract's own rules
 * (checkTelemetryPoint) and a bad one answers `invalidPoint` naming the field, as ingest would.
 */
export const telemetryTestBody = telemetryTestKey.extend({
  droneId: droneIdSchema,
  point: z.record(z.string().max(64), z.unknown()),
});
export type TelemetryTestBody = z.infer<typeof telemetryTestBody>;

/** Why a test point was not taken, or what ingest noted about it. */
export const TELEMETRY_TEST_REASONS = [
  /** The vid and secret do not verify (unknown, revoked, wrong secret, account not reviewed). */
  'keyInvalid',
  /** The key's account is disabled. */
  'accountDisabled',
  /** The drone is neither made nor operated by the key's account. */
  'droneNotKeyAccount',
  /** The point breaks the telemetry contract (`field` names where). */
  'invalidPoint',
  /** Dropped: coordinates outside -180..180 / -90..90. */
  'outOfRange',
  /** Dropped: recordTime outside the accepted window around the server's clock. */
  'outOfTime',
  /** Dropped: recordTime not after the drone's newest accepted one. */
  'duplicate',
  /** Dropped: too far from the drone's previous fix for the time between them. */
  'implausible',
  /** Kept, without its pilotId: that user is not a member of the drone's operating account. */
  'pilotUnlinked',
] as const;
export type TelemetryTestReason = (typeof TELEMETRY_TEST_REASONS)[number];

export const telemetryTestResult = z.object({
  /** The point was stored (2xx of the batch route with accepted 1). */
  accepted: z.boolean(),
  reasons: z.array(
    z.object({
      code: z.enum(TELEMETRY_TEST_REASONS),
      /** The reason in the caller's language. */
      message: z.string(),
      /** For invalidPoint: the contract's path and rule, e.g. "battery: out of range 0..100". */
      field: z.string().optional(),
    }),
  ),
  /** The key's account, when the key verified. */
  keyAccountName: z.string().nullable(),
  /** Ingest's counts for the point (null when it never reached ingest). */
  counts: z
    .object({
      accepted: z.number(),
      outOfRange: z.number(),
      outOfTime: z.number(),
      duplicates: z.number(),
      implausible: z.number(),
      pilotUnlinked: z.number(),
    })
    .nullable(),
  /** The drone's live state after the point, as the monitor sees it (null: never heard from). */
  live: z
    .object({
      online: z.boolean(),
      airborne: z.boolean(),
      lng: z.number(),
      lat: z.number(),
      recordTime: z.number(),
      /** Server time the live point arrived, ms. */
      receivedAt: z.number(),
      /** The region the live state placed it in (9-digit code), when known. */
      regionCode: z.number().nullable(),
    })
    .nullable(),
});
export type TelemetryTestResult = z.infer<typeof telemetryTestResult>;

export const telemetryTestDrone = z.object({ droneId: z.string(), droneName: z.string() });
export type TelemetryTestDrone = z.infer<typeof telemetryTestDrone>;
/** The answer of telemetryTestDrones: whether the key verifies, and its drones in the caller's scope. */
export const telemetryTestDrones = z.object({
  keyValid: z.boolean(),
  keyAccountName: z.string().nullable(),
  drones: z.array(telemetryTestDrone),
});
export type TelemetryTestDrones = z.infer<typeof telemetryTestDrones>;
/** The drones list answer stops here (the field offers the first ones; any id may be typed). */
export const TELEMETRY_TEST_DRONES_MAX = 200;
