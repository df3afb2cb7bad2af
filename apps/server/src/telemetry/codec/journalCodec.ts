/**
 * One writer flush as one blob: the acknowledged points of every drone in the flush, each drone
 * a segment (id length, id, point count, first and last recordTime, track blob length, track blob
 * from trackCodec). The writer stores it as a single ingest_journal row (one row per flush,
 * however many drones) and later compacts journal rows into per-drone track_chunks by putting a
 * drone's track blobs end to end: no decoding, no re-encoding.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { ByteWriter, decodeTrack, encodeTrackInto } from './trackCodec.ts';

/**
 * Where each drone's segment lies in a journal blob, without a buffer or string made per segment:
 * segment i is `ids[i]`, and `nums[5i ..]` holds its point count, first and last recordTime, and its
 * track's start and length in the blob. The writer keeps it from encoding (journalBlob) and
 * compaction cuts the blob with it; `journalIndex` reads it back from a stored blob.
 */
export interface JournalIndex {
  ids: string[];
  /** A Float64Array of the right length when encodeJournal fills it (no array grown a push at a time). */
  nums: Float64Array | number[];
}

/** Points must be in time order within a drone. `index`, when given, is filled with the segments. */
export function encodeJournal(
  byDrone: ReadonlyMap<string, readonly TelemetryPoint[]>,
  index?: JournalIndex,
): Buffer {
  // One buffer for the whole flush, each segment written in place (its track's length filled in
  // once the track is written): no buffer per drone, no concatenation.
  let size = 64;
  for (const points of byDrone.values()) size += 64 + 24 * points.length;
  const w = new ByteWriter(size);
  let view = new DataView(w.buf.buffer, w.buf.byteOffset);
  const nums = index ? new Float64Array(5 * byDrone.size) : null;
  let k = 0;
  for (const [droneId, points] of byDrone) {
    const idLen = asciiLength(droneId);
    if (idLen < 0) {
      const id = Buffer.from(droneId, 'utf8');
      w.room(2 + id.length);
      w.buf[w.n++] = id.length >>> 8;
      w.buf[w.n++] = id.length & 0xff;
      w.buf.set(id, w.n);
      w.n += id.length;
    } else {
      w.room(2 + idLen);
      const buf = w.buf;
      let n = w.n;
      buf[n++] = idLen >>> 8;
      buf[n++] = idLen & 0xff;
      for (let i = 0; i < idLen; i++) buf[n++] = droneId.charCodeAt(i);
      w.n = n;
    }
    w.room(24);
    if (view.buffer !== w.buf.buffer) view = new DataView(w.buf.buffer, w.buf.byteOffset);
    const at = w.n;
    view.setUint32(at, points.length);
    view.setFloat64(at + 4, points[0]?.recordTime ?? 0);
    view.setFloat64(at + 12, points[points.length - 1]?.recordTime ?? 0);
    w.n += 24;
    encodeTrackInto(w, points);
    // The buffer may have grown: write the track's length through the current one.
    if (view.buffer !== w.buf.buffer) view = new DataView(w.buf.buffer, w.buf.byteOffset);
    view.setUint32(at + 20, w.n - at - 24);
    if (index && nums) {
      index.ids.push(droneId);
      nums[k] = points.length;
      nums[k + 1] = points[0]?.recordTime ?? 0;
      nums[k + 2] = points[points.length - 1]?.recordTime ?? 0;
      nums[k + 3] = at + 24;
      nums[k + 4] = w.n - at - 24;
      k += 5;
    }
  }
  if (index && nums) index.nums = nums;
  return Buffer.from(w.buf.buffer, w.buf.byteOffset, w.n);
}

/** The length of an all-ASCII id (its UTF-8 bytes are its char codes), or -1. */
function asciiLength(id: string): number {
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) > 0x7f) return -1;
  return id.length;
}

export interface JournalSegment {
  droneId: string;
  points: number;
  firstTime: number;
  lastTime: number;
  /** A track blob (trackCodec). */
  track: Uint8Array;
}

/** The segments of a journal blob, tracks left encoded. */
export function journalSegments(blob: Uint8Array): JournalSegment[] {
  const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  const out: JournalSegment[] = [];
  let i = 0;
  while (i < buf.length) {
    const idLen = buf.readUInt16BE(i);
    const droneId = buf.toString('utf8', i + 2, i + 2 + idLen);
    i += 2 + idLen;
    const points = buf.readUInt32BE(i);
    const firstTime = buf.readDoubleBE(i + 4);
    const lastTime = buf.readDoubleBE(i + 12);
    const trackLen = buf.readUInt32BE(i + 20);
    i += 24;
    out.push({ droneId, points, firstTime, lastTime, track: buf.subarray(i, i + trackLen) });
    i += trackLen;
  }
  return out;
}

/** The index of a stored journal blob (what encodeJournal filled when it wrote it). */
export function journalIndex(blob: Uint8Array): JournalIndex {
  const ids: string[] = [];
  const nums: number[] = [];
  for (const seg of journalSegments(blob)) {
    ids.push(seg.droneId);
    const start = seg.track.byteOffset - blob.byteOffset;
    nums.push(seg.points, seg.firstTime, seg.lastTime, start, seg.track.byteLength);
  }
  return { ids, nums };
}

export function decodeJournal(blob: Uint8Array): Array<[string, TelemetryPoint[]]> {
  return journalSegments(blob).map((s) => [s.droneId, decodeTrack(s.track)]);
}
