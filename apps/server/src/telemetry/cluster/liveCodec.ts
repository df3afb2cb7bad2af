/**
 * The wire form of cluster live positions (`agrifleet.live.<node>`, clusterIngest.ts): one fixed
 * record per drone, written and read through a DataView. JSON cost about 4.4 µs a position to
 * write and 2.7 to read on the bench machine, paid by every process for every position of the
 * cluster; this form costs a fraction of that (bench/live-fanout.ts).
 *
 * Each number is kept at the resolution the track store keeps (codec/trackCodec.ts FIELDS), so a
 * map on another process shows what the drone's stored track will show. What the map never
 * reads (the accessories) is not sent.
 *
 * Layout: byte 0 the version (1), then per record: id length (u8), id (ASCII, DRONE_ID_RE),
 * recordTime, sortieStart (NaN: none), workArea (NaN: absent) as f64; lng, lat (1e-7°), height,
 * speed, flow, swath, tank (0.01), heading, battery (0.1), pilotId, cropId (0: absent) as i32;
 * workType (u16, 0: absent); flags (pump, sim present, sim, airborne); mode index; RTK code index
 * (0: absent).
 */
import { FLIGHT_MODES, type FlightMode, type TelemetryPoint } from '@agrifleet/domain';

const VERSION = 1;
const RTK_CODES = [undefined, 0, 1, 2, 4, 5] as const;
/** Bytes of a record after its id: 3 f64, 11 i32, a u16 and 3 bytes. */
const BODY = 3 * 8 + 11 * 4 + 2 + 3;
/** The most bytes one record takes (its id's length byte, a 64-character id, the body). */
export const LIVE_RECORD_MAX = 1 + 64 + BODY;

export interface LivePosition {
  droneId: string;
  point: TelemetryPoint;
  airborne: boolean;
  sortieStart: number | null;
}

/** One message of `entries` (the caller keeps their count under its size limit / LIVE_RECORD_MAX). */
export function encodeLive(entries: readonly LivePosition[]): Uint8Array {
  const buf = new Uint8Array(1 + entries.length * LIVE_RECORD_MAX);
  const v = new DataView(buf.buffer);
  buf[0] = VERSION;
  let n = 1;
  for (const { droneId, point: p, airborne, sortieStart } of entries) {
    const len = droneId.length;
    buf[n++] = len;
    for (let i = 0; i < len; i++) buf[n++] = droneId.charCodeAt(i) & 0x7f;
    v.setFloat64(n, p.recordTime);
    v.setFloat64(n + 8, sortieStart ?? Number.NaN);
    v.setFloat64(n + 16, p.workArea ?? Number.NaN);
    v.setInt32(n + 24, Math.round(p.lng * 1e7));
    v.setInt32(n + 28, Math.round(p.lat * 1e7));
    v.setInt32(n + 32, Math.round(p.height * 100));
    v.setInt32(n + 36, Math.round(p.speed * 100));
    v.setInt32(n + 40, Math.round(p.flow * 100));
    v.setInt32(n + 44, Math.round(p.swath * 100));
    v.setInt32(n + 48, Math.round(p.tank * 100));
    v.setInt32(n + 52, Math.round(p.heading * 10));
    v.setInt32(n + 56, Math.round(p.battery * 10));
    v.setInt32(n + 60, p.pilotId ?? 0);
    v.setInt32(n + 64, p.cropId ?? 0);
    v.setUint16(n + 68, p.workType ?? 0);
    buf[n + 70] = (p.pump ? 1 : 0) | (p.sim !== undefined ? 2 : 0) | (p.sim ? 4 : 0) | (airborne ? 8 : 0);
    buf[n + 71] = Math.max(0, FLIGHT_MODES.indexOf(p.mode));
    buf[n + 72] = Math.max(0, RTK_CODES.indexOf(p.rtk));
    n += BODY;
  }
  return buf.subarray(0, n);
}

/** Calls `each` for every record of a message (throws on a message of another version). */
export function decodeLive(data: Uint8Array, each: (e: LivePosition) => void): void {
  if (data[0] !== VERSION) throw new Error(`live message of version ${data[0]}`);
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let n = 1;
  while (n < data.length) {
    const len = data[n++] as number;
    const droneId = String.fromCharCode.apply(null, data.subarray(n, n + len) as unknown as number[]);
    n += len;
    const sortieStart = v.getFloat64(n + 8);
    const workArea = v.getFloat64(n + 16);
    const flags = data[n + 70] as number;
    const point: TelemetryPoint = {
      recordTime: v.getFloat64(n),
      lng: v.getInt32(n + 24) / 1e7,
      lat: v.getInt32(n + 28) / 1e7,
      height: v.getInt32(n + 32) / 100,
      speed: v.getInt32(n + 36) / 100,
      heading: v.getInt32(n + 52) / 10,
      battery: v.getInt32(n + 56) / 10,
      flow: v.getInt32(n + 40) / 100,
      pump: (flags & 1) !== 0,
      swath: v.getInt32(n + 44) / 100,
      tank: v.getInt32(n + 48) / 100,
      mode: (FLIGHT_MODES[data[n + 71] as number] ?? FLIGHT_MODES[0]) as FlightMode,
    };
    const pilotId = v.getInt32(n + 60);
    if (pilotId) point.pilotId = pilotId;
    const cropId = v.getInt32(n + 64);
    if (cropId) point.cropId = cropId;
    const workType = v.getUint16(n + 68);
    if (workType) point.workType = workType;
    const rtk = RTK_CODES[data[n + 72] as number];
    if (rtk !== undefined) point.rtk = rtk;
    if (!Number.isNaN(workArea)) point.workArea = workArea;
    if (flags & 2) point.sim = (flags & 4) !== 0;
    n += BODY;
    each({
      droneId,
      point,
      airborne: (flags & 8) !== 0,
      sortieStart: Number.isNaN(sortieStart) ? null : sortieStart,
    });
  }
}
