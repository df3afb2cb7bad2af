/**
 * One writer flush as one blob: the acknowledged points of every drone in the flush, each drone
 * a segment (id length, id, track blob length, track blob from trackCodec). The writer stores it
 * as a single ingest_journal row (one row per flush, however many drones) and later compacts
 * journal rows into per-drone track_chunks.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { decodeTrack, encodeTrack } from './trackCodec.ts';

export function encodeJournal(byDrone: ReadonlyMap<string, readonly TelemetryPoint[]>): Buffer {
  const parts: Buffer[] = [];
  for (const [droneId, points] of byDrone) {
    const id = Buffer.from(droneId, 'utf8');
    const track = encodeTrack(points);
    const head = Buffer.alloc(6);
    head.writeUInt16BE(id.length, 0);
    head.writeUInt32BE(track.byteLength, 2);
    parts.push(
      head.subarray(0, 2),
      id,
      head.subarray(2, 6),
      Buffer.from(track.buffer, track.byteOffset, track.byteLength),
    );
  }
  return Buffer.concat(parts);
}

export function decodeJournal(blob: Uint8Array): Array<[string, TelemetryPoint[]]> {
  const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  const out: Array<[string, TelemetryPoint[]]> = [];
  let i = 0;
  while (i < buf.length) {
    const idLen = buf.readUInt16BE(i);
    const droneId = buf.toString('utf8', i + 2, i + 2 + idLen);
    i += 2 + idLen;
    const trackLen = buf.readUInt32BE(i);
    i += 4;
    out.push([droneId, decodeTrack(buf.subarray(i, i + trackLen))]);
    i += trackLen;
  }
  return out;
}
