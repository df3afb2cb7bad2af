/**
 * One writer flush as one blob: the acknowledged points of every drone in the flush, each drone
 * a segment (id length, id, point count, first and last recordTime, track blob length, track blob
 * from trackCodec). The writer stores it as a single ingest_journal row (one row per flush,
 * however many drones) and later compacts journal rows into per-drone track_chunks by putting a
 * drone's track blobs end to end: no decoding, no re-encoding.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { decodeTrack, encodeTrack } from './trackCodec.ts';

/** Points must be in time order within a drone. */
export function encodeJournal(byDrone: ReadonlyMap<string, readonly TelemetryPoint[]>): Buffer {
  const parts: Buffer[] = [];
  for (const [droneId, points] of byDrone) {
    const id = Buffer.from(droneId, 'utf8');
    const track = encodeTrack(points);
    const head = Buffer.alloc(2);
    head.writeUInt16BE(id.length, 0);
    const meta = Buffer.alloc(24);
    meta.writeUInt32BE(points.length, 0);
    meta.writeDoubleBE(points[0]?.recordTime ?? 0, 4);
    meta.writeDoubleBE(points.at(-1)?.recordTime ?? 0, 12);
    meta.writeUInt32BE(track.byteLength, 20);
    parts.push(head, id, meta, Buffer.from(track.buffer, track.byteOffset, track.byteLength));
  }
  return Buffer.concat(parts);
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

export function decodeJournal(blob: Uint8Array): Array<[string, TelemetryPoint[]]> {
  return journalSegments(blob).map((s) => [s.droneId, decodeTrack(s.track)]);
}
