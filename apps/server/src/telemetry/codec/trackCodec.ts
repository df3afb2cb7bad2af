/**
 * Compact storage of a sortie's track: one binary blob per sortie instead of one row per point.
 * Every field is quantised to what the sensors resolve and stored as the zigzag varint of its
 * change since the previous point, so a steady flight costs one byte per field.
 *
 * Layout: 'AFT3', point count (varint), then per point 14 varints in FIELDS order plus one byte of
 * flags (pump, flight mode, RTK fix, simulated). Absent pilot/crop/work type are stored as 0.
 * Blobs written before the work type (issue 22) are 'AFT2' with the first 13 fields; both decode.
 */
import { FLIGHT_MODES, type FlightMode, type TelemetryPoint } from '@agrifleet/domain';

const MAGIC = [0x41, 0x46, 0x54, 0x33]; // "AFT3"
/** Fields per point in an 'AFT2' blob (no workType). */
const AFT2_FIELDS = 13;

/** Field, scale (units per stored step). */
const FIELDS = [
  ['recordTime', 1],
  ['lng', 1e7],
  ['lat', 1e7],
  ['height', 100],
  ['speed', 100],
  ['heading', 10],
  ['battery', 10],
  ['flow', 100],
  ['swath', 100],
  ['tank', 100],
  ['pilotId', 1],
  ['cropId', 1],
  ['workArea', 1],
  ['workType', 1],
] as const;

type Extra = { workArea?: number; sim?: boolean };

const RTK_CODES = [undefined, 0, 1, 2, 4, 5] as const;

/**
 * A growing byte buffer. The encoder reserves room for a whole point at once (`room`) and then
 * writes without a check per byte: this runs for every point ingest stores.
 */
export class ByteWriter {
  buf: Uint8Array;
  n = 0;
  constructor(size: number) {
    this.buf = new Uint8Array(Math.max(16, size));
  }
  /** Makes room for `bytes` more. */
  room(bytes: number) {
    if (this.n + bytes <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.n + bytes));
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }
  byte(b: number) {
    this.room(1);
    this.buf[this.n++] = b;
  }
  /** Unsigned varint of a non-negative safe integer. */
  uvarint(v: number) {
    while (v >= 0x80) {
      this.byte((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.byte(v);
  }
  svarint(v: number) {
    this.uvarint(v < 0 ? -2 * v - 1 : 2 * v);
  }
}

class Reader {
  i = 0;
  constructor(readonly buf: Uint8Array) {}
  byte(): number {
    if (this.i >= this.buf.length) throw new Error('track blob is truncated');
    return this.buf[this.i++] as number;
  }
  uvarint(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      const b = this.byte();
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 0x80;
    }
  }
  svarint(): number {
    const u = this.uvarint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }
}

/** Bytes a point takes at most when every zigzag value is below 2^56 (8 varint bytes each). */
const POINT_ROOM = FIELDS.length * 8 + 1;
const FAST_LIMIT = 2 ** 56;

/**
 * Appends the zigzag varint of `d` to `w` (room made by the caller for values below FAST_LIMIT;
 * the same arithmetic as ByteWriter.svarint, which takes anything else).
 */
function put(w: ByteWriter, d: number) {
  let u = d < 0 ? -2 * d - 1 : 2 * d;
  if (!(u < FAST_LIMIT)) {
    w.svarint(d);
    w.room(POINT_ROOM);
    return;
  }
  const buf = w.buf;
  let n = w.n;
  while (u >= 0x80) {
    buf[n++] = (u % 0x80) | 0x80;
    u = Math.floor(u / 0x80);
  }
  buf[n++] = u;
  w.n = n;
}

/**
 * Appends the track blob of `points` to `w` (what encodeTrack returns). Every field is quantised
 * as FIELDS says (`Math.round(value * scale)`, absent as 0; workArea stored plus one so that 0
 * means absent), written in FIELDS order: plain code, no lookup or closure per field.
 */
export function encodeTrackInto(w: ByteWriter, points: readonly TelemetryPoint[]) {
  w.room(4 + 8);
  for (const b of MAGIC) w.byte(b);
  w.uvarint(points.length);
  let t = 0;
  let lng = 0;
  let lat = 0;
  let height = 0;
  let speed = 0;
  let heading = 0;
  let battery = 0;
  let flow = 0;
  let swath = 0;
  let tank = 0;
  let pilot = 0;
  let crop = 0;
  let area = 0;
  let work = 0;
  let q = 0;
  for (let i = 0; i < points.length; i++) {
    const x = points[i] as TelemetryPoint & Extra;
    w.room(POINT_ROOM);
    q = Math.round((x.recordTime ?? 0) * 1);
    put(w, q - t);
    t = q;
    q = Math.round((x.lng ?? 0) * 1e7);
    put(w, q - lng);
    lng = q;
    q = Math.round((x.lat ?? 0) * 1e7);
    put(w, q - lat);
    lat = q;
    q = Math.round((x.height ?? 0) * 100);
    put(w, q - height);
    height = q;
    q = Math.round((x.speed ?? 0) * 100);
    put(w, q - speed);
    speed = q;
    q = Math.round((x.heading ?? 0) * 10);
    put(w, q - heading);
    heading = q;
    q = Math.round((x.battery ?? 0) * 10);
    put(w, q - battery);
    battery = q;
    q = Math.round((x.flow ?? 0) * 100);
    put(w, q - flow);
    flow = q;
    q = Math.round((x.swath ?? 0) * 100);
    put(w, q - swath);
    swath = q;
    q = Math.round((x.tank ?? 0) * 100);
    put(w, q - tank);
    tank = q;
    q = Math.round((x.pilotId ?? 0) * 1);
    put(w, q - pilot);
    pilot = q;
    q = Math.round((x.cropId ?? 0) * 1);
    put(w, q - crop);
    crop = q;
    q = x.workArea === undefined ? 0 : Math.round(x.workArea) + 1;
    put(w, q - area);
    area = q;
    q = Math.round((x.workType ?? 0) * 1);
    put(w, q - work);
    work = q;
    const mode = Math.max(0, FLIGHT_MODES.indexOf(x.mode));
    const rtk = Math.max(0, RTK_CODES.indexOf(x.rtk));
    w.buf[w.n++] = (x.pump ? 1 : 0) | (mode << 1) | (rtk << 4) | (x.sim ? 0x80 : 0);
  }
}

export function encodeTrack(points: readonly TelemetryPoint[]): Uint8Array {
  // Sized for a typical point (14 small deltas and a flag byte): one allocation per blob.
  const w = new ByteWriter(16 + 24 * points.length);
  encodeTrackInto(w, points);
  return w.buf.slice(0, w.n);
}

/**
 * The points of a blob, or of several blobs one after the other (track_chunks rows are the
 * journal's per-flush blobs of a drone put end to end, without re-encoding).
 */
export function decodeTrack(blob: Uint8Array): TelemetryPoint[] {
  const r = new Reader(blob);
  const out: TelemetryPoint[] = [];
  do decodeOne(r, out);
  while (r.i < blob.length);
  return out;
}

/** What the sprayed-area geometry reads of a point (telemetry/area SprayPoint). */
export interface SprayFix {
  recordTime: number;
  lng: number;
  lat: number;
  pump: boolean;
  flow: number;
  swath: number;
}

/**
 * Only the fields the sprayed-area geometry reads, as small objects: for bulk work over many
 * tracks (a subsidy's evidence), where whole points cost twice the time and garbage.
 */
/** Bit f set: field f of FIELDS is read by decodeSprayFixes (recordTime, lng, lat, flow, swath). */
const SPRAY_FIELDS = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 7) | (1 << 8);

export function decodeSprayFixes(blob: Uint8Array): SprayFix[] {
  // One pass over the bytes with the cursor in a local: the five fields wanted are summed, the
  // others skipped without arithmetic (this runs for every point of every sortie of a subsidy).
  const n = blob.length;
  const out: SprayFix[] = [];
  let i = 0;
  const truncated = () => new Error('track blob is truncated');
  do {
    const r = new Reader(blob);
    r.i = i;
    const { fields, count } = header(r);
    i = r.i;
    let t = 0;
    let lng = 0;
    let lat = 0;
    let flow = 0;
    let swath = 0;
    for (let k = 0; k < count; k++) {
      for (let f = 0; f < fields; f++) {
        if (((SPRAY_FIELDS >> f) & 1) === 0) {
          // A field the geometry does not read: skip its varint.
          let b: number;
          do {
            if (i >= n) throw truncated();
            b = blob[i++] as number;
          } while (b >= 0x80);
          continue;
        }
        if (i >= n) throw truncated();
        let b = blob[i++] as number;
        let u = b & 0x7f;
        let mul = 0x80;
        while (b >= 0x80) {
          if (i >= n) throw truncated();
          b = blob[i++] as number;
          u += (b & 0x7f) * mul;
          mul *= 0x80;
        }
        const d = u % 2 === 0 ? u / 2 : -(u + 1) / 2;
        if (f === 0) t += d;
        else if (f === 1) lng += d;
        else if (f === 2) lat += d;
        else if (f === 7) flow += d;
        else swath += d;
      }
      if (i >= n) throw truncated();
      const flags = blob[i++] as number;
      out.push({
        recordTime: t,
        lng: lng / 1e7,
        lat: lat / 1e7,
        pump: (flags & 1) === 1,
        flow: flow / 100,
        swath: swath / 100,
      });
    }
  } while (i < n);
  return out;
}

const SCALES = FIELDS.map(([, scale]) => scale);

/** The magic, version and point count of one blob; the fields each point has. */
function header(r: Reader): { fields: number; count: number } {
  for (let i = 0; i < 3; i++) if (r.byte() !== MAGIC[i]) throw new Error('not a track blob');
  const version = r.byte();
  if (version !== 0x32 && version !== 0x33) throw new Error('not a track blob');
  return { fields: version === 0x33 ? FIELDS.length : AFT2_FIELDS, count: r.uvarint() };
}

function decodeOne(r: Reader, out: TelemetryPoint[]) {
  const { fields, count } = header(r);
  const acc = new Float64Array(FIELDS.length);
  const v = (f: number) => (acc[f] as number) / (SCALES[f] as number);
  for (let k = 0; k < count; k++) {
    for (let f = 0; f < fields; f++) acc[f] = (acc[f] as number) + r.svarint();
    const flags = r.byte();
    const p: TelemetryPoint = {
      recordTime: v(0),
      lng: v(1),
      lat: v(2),
      height: v(3),
      speed: v(4),
      heading: v(5),
      battery: v(6),
      flow: v(7),
      swath: v(8),
      tank: v(9),
      pump: (flags & 1) === 1,
      mode: FLIGHT_MODES[(flags >> 1) & 7] as FlightMode,
    };
    if (v(10) > 0) p.pilotId = v(10);
    if (v(11) > 0) p.cropId = v(11);
    if (v(13) > 0) p.workType = v(13);
    const rtk = RTK_CODES[(flags >> 4) & 7];
    if (rtk !== undefined) p.rtk = rtk;
    if (v(12) > 0) (p as TelemetryPoint & Extra).workArea = v(12) - 1;
    if (flags & 0x80) (p as TelemetryPoint & Extra).sim = true;
    out.push(p);
  }
}
