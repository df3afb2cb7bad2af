/**
 * Start-up after a stop or a crash: every point in ingest_journal and track_chunks was
 * acknowledged, so the journal is compacted into chunks and the trackers are rebuilt from them
 * (points after the drone's last stored sortie), and the map gets each drone's last stored
 * position (offline until it sends again).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { decodeTrack } from '../codec/trackCodec.ts';
import type { DroneDirectory } from './droneDirectory.ts';
import type { LiveState } from './liveState.ts';
import type { Ingest } from './pipeline.ts';
import { compactJournal } from './writerStore.ts';

export async function recover(db: Db, directory: DroneDirectory, ingest: Ingest, live: LiveState) {
  const r = await recoverTrackers(db, directory, ingest);
  await restorePositions(db, directory, live);
  return r;
}

/**
 * The trackers of the drones `only` picks (all when absent), rebuilt from what is stored. Cluster
 * mode runs it for the partitions a process takes over (telemetry/cluster).
 */
export async function recoverTrackers(
  db: Db,
  directory: DroneDirectory,
  ingest: Ingest,
  only: (droneId: string) => boolean = () => true,
) {
  // The journal of the last run (or of another process) first goes where the rest of the points are.
  await db.transaction().execute((trx) => compactJournal(trx));
  const chunkDrones = (await db.selectFrom('track_chunks').select('drone_id').distinct().execute()).filter(
    (c) => only(c.drone_id),
  );
  await directory.preload(chunkDrones.map((c) => c.drone_id));

  let points = 0;
  for (const { drone_id } of chunkDrones) {
    const meta = directory.peek(drone_id);
    if (!meta) continue;
    const [mark] = await db
      .selectFrom('sorties')
      .select(sql<Date | null>`max(end_time)`.as('end'))
      .where('drone_id', '=', drone_id)
      .execute();
    const after = mark?.end ? mark.end.getTime() : Number.NEGATIVE_INFINITY;
    const rows = await db
      .selectFrom('track_chunks')
      .select('data')
      .where('drone_id', '=', drone_id)
      .orderBy('id')
      .execute();
    const replay: TelemetryPoint[] = [];
    for (const r of rows) for (const p of decodeTrack(r.data)) if (p.recordTime > after) replay.push(p);
    replay.sort((a, b) => a.recordTime - b.recordTime);
    const last = replay.at(-1);
    if (!last) continue;
    // Silence counts from now, when the console can hear again: from the last point's time, a
    // drone uploading behind real time (or a long restart) would have its sortie closed on the
    // first tick, before its resend arrives (issue 20 #16).
    ingest.replay(meta, replay, Date.now());
    points += replay.length;
  }
  return { drones: chunkDrones.length, points };
}

/** The map's last stored position of every drone (offline until it sends again). */
export async function restorePositions(db: Db, directory: DroneDirectory, live: LiveState) {
  const known = await db
    .selectFrom('drones')
    .select(['drone_id', 'last_time', 'last_lng', 'last_lat', 'last_battery'])
    .where('last_time', 'is not', null)
    .execute();
  await directory.preload(known.map((k) => k.drone_id).filter((id) => directory.peek(id) === undefined));
  for (const k of known) {
    const meta = directory.peek(k.drone_id);
    if (!meta || k.last_lng === null || k.last_lat === null || !k.last_time) continue;
    live.restore(
      meta,
      {
        recordTime: k.last_time.getTime(),
        lng: k.last_lng,
        lat: k.last_lat,
        height: 0,
        speed: 0,
        heading: 0,
        battery: k.last_battery ?? 0,
        flow: 0,
        pump: false,
        swath: 0,
        tank: 0,
        mode: 'manual',
      },
      k.last_time.getTime(),
    );
  }
}
