/**
 * The live monitor and flight history (001 §3 "Monitor query", "Drone" history, §7
 * drone/mointor/manage). Paths are under /api/drone/mointor/manage (the spec's spelling).
 */
import { z } from 'zod';
import {
  bigIdParam,
  bigIdSchema,
  droneIdSchema,
  idParam,
  int32Param,
  millisParam,
  pageNumberParam,
} from './bounds.ts';
import { FLIGHT_MODES } from './telemetry.ts';

export const MONITOR_BASE = '/api/drone/mointor/manage';
export const DRONE_BASE = '/api/drone/device/manage';

const num = z.coerce.number();
const optInt = int32Param.optional();
const optId = idParam.optional();

/** Monitor query (001 §3): the map range and the saved filters. */
export const monitorQuery = z.object({
  maxLng: num.min(-180).max(180).optional(),
  minLng: num.min(-180).max(180).optional(),
  maxLat: num.min(-90).max(90).optional(),
  minLat: num.min(-90).max(90).optional(),
  /** 9-digit region code: drones whose position (or registration) is in it. */
  region: optInt,
  zzAccountId: optId,
  yyAccountId: optId,
  deviceType: optInt,
  flyModelId: optId,
  /** 1: drones in the map range (the only type the console sends). */
  queryType: optInt,
});
export type MonitorQuery = z.infer<typeof monitorQuery>;

/** statInfo of the monitor detail (001 §3). */
export const statInfo = z.object({
  droneNum: z.number(),
  onlineDroneCount: z.number(),
  plotTotalArea: z.number(),
  ploTotalNum: z.number(),
  flyTotalDuration: z.number(),
  flyTotalQuantity: z.number(),
  sprayTotalMuNum: z.number(),
  flySeqTotalNum: z.number(),
});
export type StatInfo = z.infer<typeof statInfo>;

/** A drone on the map. */
export const mapDrone = z.object({
  droneId: z.string(),
  droneName: z.string(),
  modelName: z.string(),
  lng: z.number(),
  lat: z.number(),
  height: z.number(),
  speed: z.number(),
  heading: z.number(),
  battery: z.number(),
  spraying: z.boolean(),
  airborne: z.boolean(),
  online: z.boolean(),
  recordTime: z.number(),
});
export type MapDrone = z.infer<typeof mapDrone>;

/** State bits of a drone on the map. */
export const MAP_STATE = { online: 1, airborne: 2, spraying: 4 } as const;

/**
 * Drones on the map, column by column: tens of thousands stay small and quick to encode (about
 * 40 bytes a drone). Positions to 1e-6 degree (0.1 m), heading to the degree. The panel of one
 * drone has the rest (drone/{droneId}).
 */
export const mapDrones = z.object({
  droneId: z.array(z.string()),
  lng: z.array(z.number()),
  lat: z.array(z.number()),
  heading: z.array(z.number()),
  /** MAP_STATE bits. */
  state: z.array(z.number().int()),
  /** recordTime of the position, ms. */
  time: z.array(z.number()),
});
export type MapDrones = z.infer<typeof mapDrones>;

export function mapDronesOf(
  list: readonly Pick<
    MapDrone,
    'droneId' | 'lng' | 'lat' | 'heading' | 'online' | 'airborne' | 'spraying' | 'recordTime'
  >[],
): MapDrones {
  const out: MapDrones = { droneId: [], lng: [], lat: [], heading: [], state: [], time: [] };
  for (const d of list) {
    out.droneId.push(d.droneId);
    out.lng.push(Math.round(d.lng * 1e6) / 1e6);
    out.lat.push(Math.round(d.lat * 1e6) / 1e6);
    out.heading.push(Math.round(d.heading));
    out.state.push(
      (d.online ? MAP_STATE.online : 0) |
        (d.airborne ? MAP_STATE.airborne : 0) |
        (d.spraying ? MAP_STATE.spraying : 0),
    );
    out.time.push(d.recordTime);
  }
  return out;
}

/** The rows of a MapDrones. */
export function mapDroneRows(c: MapDrones) {
  return c.droneId.map((droneId, i) => {
    const state = c.state[i] ?? 0;
    return {
      droneId,
      lng: c.lng[i] ?? 0,
      lat: c.lat[i] ?? 0,
      heading: c.heading[i] ?? 0,
      online: (state & MAP_STATE.online) !== 0,
      airborne: (state & MAP_STATE.airborne) !== 0,
      spraying: (state & MAP_STATE.spraying) !== 0,
      recordTime: c.time[i] ?? 0,
    };
  });
}

/** What the monitor socket pushes: drones that changed since the last message, and those gone. */
export interface MonitorPush {
  type: 'drones';
  drones: MapDrones;
  removed: string[];
  online: number;
}

/** What the monitor socket accepts: the current map range and filters. */
export interface MonitorSubscribe {
  type: 'subscribe';
  query: MonitorQuery;
  offline: boolean;
}

export const droneDetail = mapDrone.extend({
  zzAccountName: z.string(),
  yyAccountName: z.string().nullable(),
  pilotId: z.number().nullable(),
  pilotName: z.string().nullable(),
  flow: z.number(),
  tank: z.number(),
  mode: z.enum(FLIGHT_MODES).nullable(),
  sortieStart: z.number().nullable(),
  today: z.object({
    sprayArea: z.number(),
    flightCount: z.number(),
    flightTime: z.number(),
    sprayQuantity: z.number(),
  }),
});
export type DroneDetail = z.infer<typeof droneDetail>;

export const historyQuery = z.object({
  droneId: droneIdSchema,
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(200).default(20),
  /** 1: newest first (default), 2: oldest first. */
  order: z.coerce.number().int().min(1).max(2).default(1),
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
});

export const sortieRecord = z.object({
  sortieId: z.number(),
  droneId: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  /** Seconds. */
  flightTime: z.number(),
  /** Mu. */
  sprayArea: z.number(),
  /** Litres. */
  sprayQuantity: z.number(),
  distance: z.number(),
  mode: z.string().nullable(),
  cropId: z.number().nullable(),
  pilotId: z.number().nullable(),
  pilotName: z.string().nullable(),
  regionCode: z.number().nullable(),
  lng: z.number(),
  lat: z.number(),
  endReason: z.string(),
  /**
   * Whether the sortie's track is kept (playback possible). Tracks of flights received are kept for
   * ever; the older sorties of a generated demo history were never flown point by point and have none.
   */
  hasTrack: z.boolean(),
  /**
   * A drone-signed flight log covering this flight (take-off to landing) was received and verified
   * against one of the drone's registered keys (issue 23; POST /api/telemetry/flightlog); the log
   * itself is GET /api/drone/device/manage/history/flightlog?sortieId=.
   */
  logVerified: z.boolean(),
});
export type SortieRecord = z.infer<typeof sortieRecord>;

/** Orbit point (001 §3: lng, lat, height, xspeed, recordTime) with what playback colours by. */
export const orbitPoint = z.object({
  lng: z.number(),
  lat: z.number(),
  height: z.number(),
  xspeed: z.number(),
  recordTime: z.number(),
  heading: z.number(),
  spray: z.boolean(),
  flow: z.number(),
  battery: z.number(),
});
export type OrbitPoint = z.infer<typeof orbitPoint>;

export const sortieDetail = sortieRecord.extend({
  maxHeight: z.number(),
  batteryStart: z.number(),
  batteryEnd: z.number(),
  sprayTime: z.number(),
  sprayDistance: z.number(),
  reportedArea: z.number().nullable(),
  points: z.array(orbitPoint),
});
export type SortieDetail = z.infer<typeof sortieDetail>;

export const sortieDetailQuery = z.object({
  droneId: droneIdSchema,
  sortieId: bigIdParam,
  startTime: millisParam.optional(),
});

/** One sortie by its id (battery of a sortie). */
export const sortieIdQuery = z.object({ sortieId: bigIdParam });

/** The monitor's alerts raised since a time, ms. */
export const alertsQuery = z.object({ since: millisParam });

/** One no-fly zone. */
export const noflyZoneParams = z.object({ noflyZoneId: idParam });

/** A drone's event log, a page (pageIndex, size). */
export const droneLogQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(200).default(20),
});

/** A drone's anomalies, a page. */
export const droneAnomaliesQuery = z.object({
  droneId: droneIdSchema,
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(200).default(20),
  order: z.coerce.number().int().min(1).max(2).default(1),
});

/** POST tracks of several sorties, for playback together. */
export const tracksBody = z.object({ sortieIds: z.array(bigIdSchema).min(1).max(50) });

/** A drone's flight statistics over a period, with averages per mu (2 decimals on screen). */
export const droneHistoryStat = z.object({
  flightCount: z.number(),
  sprayArea: z.number(),
  flightTime: z.number(),
  sprayQuantity: z.number(),
  distance: z.number(),
  /** Litres per mu. */
  quantityPerArea: z.number(),
  /** Seconds per mu. */
  timePerArea: z.number(),
  /** Mu per sortie. */
  areaPerFlight: z.number(),
});
export type DroneHistoryStat = z.infer<typeof droneHistoryStat>;

export const batteryInfo = z.object({
  sortieId: z.number(),
  batteryStart: z.number(),
  batteryEnd: z.number(),
  used: z.number(),
  /** Battery percent about every 10 s: [recordTime, percent]. */
  series: z.array(z.tuple([z.number(), z.number()])),
});

export const droneLogRecord = z.object({
  id: z.number(),
  time: z.number(),
  type: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
