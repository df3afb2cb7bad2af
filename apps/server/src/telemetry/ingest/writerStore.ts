/**
 * The statements the batched writer (writer.ts) runs inside its flush transaction: the journal
 * row of a flush and its compaction into per-drone track_chunks, a landed sortie built from its
 * stored points, the drone log, last positions, and pruning of grounded drones' points.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { encodeJournal, type JournalIndex, journalIndex } from '../codec/journalCodec.ts';
import { decodeTrack } from '../codec/trackCodec.ts';
import { DEFAULT_TRACKER } from '../tracker/sortieTracker.ts';
import type { NewSortie } from './sortieRow.ts';

/** A sortie the tracker closed; its points are read back from track_chunks at flush. */
export interface CloseJob {
  droneId: string;
  startTime: number;
  endTime: number;
  reason: 'landed' | 'timeout' | 'split';
  /** The sortie began in the air: it may continue a stored 'timeout' sortie (see insertSortie). */
  airStart?: boolean;
}

export interface Chunk {
  droneId: string;
  points: TelemetryPoint[];
}

export interface DroneEvent {
  droneId: string;
  time: number;
  type: string;
  detail?: Record<string, unknown>;
}

/**
 * Runs inside the flush transaction after a sortie row is inserted (rollups, sortie anomalies).
 * `replaced`: the row was a sortie closed by silence, now replaced by its reopened whole (what the
 * hook wrote for it before is to be made right, not written twice).
 */
export type SortieHook = (
  trx: Transaction<Database>,
  sortie: NewSortie & { sortieId: number; replaced?: boolean },
  points: readonly TelemetryPoint[],
) => Promise<void>;

/** Takes stored sorties out of what was derived from them (the rollups) before they are replaced. */
export type RetractHook = (trx: Transaction<Database>, sortieIds: number[]) => Promise<void>;

/** How far after a 'timeout' sortie's last point a sortie begun in the air still continues it. */
const RESUME_GAP_MS = DEFAULT_TRACKER.timeoutMs;

/**
 * A drone's points of several chunks together, each drone once (in the order first seen). A drone
 * with one chunk (the usual case) keeps that chunk's array; a second chunk makes a copy to add to.
 */
function groupByDrone(chunks: readonly Chunk[]): Map<string, readonly TelemetryPoint[]> {
  const byDrone = new Map<string, readonly TelemetryPoint[]>();
  let copies: Set<readonly TelemetryPoint[]> | null = null;
  for (const c of chunks) {
    const list = byDrone.get(c.droneId);
    if (!list) byDrone.set(c.droneId, c.points);
    else {
      copies ??= new Set();
      let mine = list as TelemetryPoint[];
      if (!copies.has(list)) {
        mine = [...list];
        copies.add(mine);
        byDrone.set(c.droneId, mine);
      }
      for (const p of c.points) mine.push(p);
    }
  }
  return byDrone;
}

/** A flush's points as one journal blob: a drone's points once, in order, and where each lies. */
export interface JournalBlob {
  data: Buffer;
  points: number;
  index: JournalIndex;
}

/** The flush's journal blob (null: no points). */
export function journalBlob(chunks: readonly Chunk[]): JournalBlob | null {
  if (!chunks.length) return null;
  const byDrone = groupByDrone(chunks);
  let points = 0;
  for (const list of byDrone.values()) points += list.length;
  const index: JournalIndex = { ids: [], nums: [] };
  return { data: encodeJournal(byDrone, index), points, index };
}

/** A flush's blob as one journal row: durable at COMMIT, whatever the number of drones. Its id. */
export async function insertJournal(
  trx: Kysely<Database>,
  blob: { data: Buffer; points: number },
): Promise<number> {
  const row = await trx
    .insertInto('ingest_journal')
    .values({ points: blob.points, data: blob.data })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A writer's journal blob, as it stored it (`id`), or not stored at all (`id` null: the blob of the
 * flush that compacts, which goes straight to track_chunks).
 */
export interface JournalRow {
  id: number | null;
  data: Uint8Array;
  index: JournalIndex;
}

/**
 * Moves journal rows into per-drone track_chunks (one row per drone, many points): the rows `own`
 * names, from the blobs the writer kept (nothing is read back; in cluster mode the processes never
 * wait on each other's rows), or every row (recovery, which takes over what a stopped or dead
 * process left, reading the blobs back). A row someone else's recovery compacted already is not
 * there to delete any more, and its blob is skipped. Returns the number of blobs moved.
 */
export async function compactJournal(trx: Kysely<Database>, own?: readonly JournalRow[]): Promise<number> {
  if (own && own.length === 0) return 0;
  let blobs: Array<Omit<JournalRow, 'id'>>;
  if (own) {
    const ids = own.flatMap((r) => (r.id === null ? [] : [String(r.id)]));
    const gone = ids.length
      ? await sql<{
          id: string;
        }>`DELETE FROM ingest_journal WHERE id = ANY(${ids}::bigint[]) RETURNING id`.execute(trx)
      : { rows: [] };
    const deleted = new Set(gone.rows.map((r) => Number(r.id)));
    blobs = own.filter((r) => r.id === null || deleted.has(r.id));
  } else {
    const rows = await sql<{ id: number; data: Uint8Array }>`
      DELETE FROM ingest_journal RETURNING id, data`.execute(trx);
    blobs = rows.rows
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((r) => ({ data: r.data, index: journalIndex(r.data) }));
  }
  if (blobs.length) await insertTrackChunks(trx, blobs);
  return blobs.length;
}

/** Journal blobs (in journal order) as one track_chunks row per drone. */
async function insertTrackChunks(trx: Kysely<Database>, journal: ReadonlyArray<Omit<JournalRow, 'id'>>) {
  // A drone's tracks end to end, in journal order (which is time order for a drone): nothing is
  // decoded or encoded again (decodeTrack reads concatenated blobs), and the segments are found by
  // the blobs' indexes: one entry per drone, three numbers per segment (blob, start, length).
  const slot = new Map<string, number>();
  const ids: string[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const counts: number[] = [];
  const parts: number[][] = [];
  for (let b = 0; b < journal.length; b++) {
    const { ids: segIds, nums } = (journal[b] as Omit<JournalRow, 'id'>).index;
    for (let i = 0; i < segIds.length; i++) {
      const id = segIds[i] as string;
      const k = 5 * i;
      const f = nums[k + 1] as number;
      const l = nums[k + 2] as number;
      let d = slot.get(id);
      if (d === undefined) {
        d = ids.length;
        slot.set(id, d);
        ids.push(id);
        first.push(f);
        last.push(l);
        counts.push(0);
        parts.push([]);
      } else {
        if (f < (first[d] as number)) first[d] = f;
        if (l > (last[d] as number)) last[d] = l;
      }
      counts[d] = (counts[d] as number) + (nums[k] as number);
      (parts[d] as number[]).push(b, nums[k + 3] as number, nums[k + 4] as number);
    }
  }
  if (!ids.length) return;
  let size = 0;
  for (const p of parts) for (let j = 2; j < p.length; j += 3) size += p[j] as number;
  const data = Buffer.allocUnsafe(size);
  const sources = journal.map((r) => Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength));
  const offsets: number[] = [];
  const lengths: number[] = [];
  let at = 0;
  for (const p of parts) {
    const from = at;
    for (let j = 0; j < p.length; j += 3) {
      const start = p[j + 1] as number;
      at += (sources[p[j] as number] as Buffer).copy(data, at, start, start + (p[j + 2] as number));
    }
    offsets.push(from);
    lengths.push(at - from);
  }
  // The tracks go as one binary parameter cut in SQL, the times as epoch ms: no hex or date text.
  await sql`
    INSERT INTO track_chunks (drone_id, first_time, last_time, points, data)
    SELECT u.id, 'epoch'::timestamptz + u.f * interval '1 millisecond',
      'epoch'::timestamptz + u.l * interval '1 millisecond', u.n, substring(${data}::bytea FROM u.o + 1 FOR u.len)
    FROM unnest(${ids}::text[], ${first}::int8[], ${last}::int8[], ${counts}::int[], ${offsets}::int[], ${lengths}::int[])
      AS u(id, f, l, n, o, len)
  `.execute(trx);
}

/**
 * The stored sortie that `job` continues, or null: the drone's sortie before it, closed by silence
 * ('timeout'), ending before the job does, and either reopened by the tracker (same start) or
 * followed, within the gap a sortie's points may have, by a sortie begun in the air (a restart lost
 * the tracker's memory of the closed one).
 */
async function continued(trx: Transaction<Database>, job: CloseJob) {
  const prev = await trx
    .selectFrom('sorties')
    .select(['sortie_id', 'start_time', 'end_time', 'end_reason'])
    .where('drone_id', '=', job.droneId)
    .where('start_time', '<=', new Date(job.startTime))
    .orderBy('start_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (prev?.end_reason !== 'timeout') return null;
  const start = prev.start_time.getTime();
  const end = prev.end_time.getTime();
  if (end >= job.endTime) return null;
  if (start === job.startTime) return { id: prev.sortie_id, start, end };
  if (job.airStart && end < job.startTime && job.startTime - end <= RESUME_GAP_MS)
    return { id: prev.sortie_id, start, end };
  return null;
}

/**
 * Stores the sortie of a close job from its points in track_chunks, and runs the hook; returns its
 * id, or null when it was stored already (a replay) or is nothing worth a sortie. A job that
 * continues a sortie closed by silence (`continued`) replaces that row in place, keeping its id:
 * its stored track and the new points make one sortie, measured, rolled up (`retract` takes the
 * old figures out) and handed to the hooks (`replaced`) as if it had been uploaded in one go.
 */
export async function insertSortie(
  trx: Transaction<Database>,
  job: CloseJob,
  build: (job: CloseJob, points: TelemetryPoint[]) => NewSortie | null | Promise<NewSortie | null>,
  afterSortie?: SortieHook,
  retract?: RetractHook,
): Promise<number | null> {
  const prev = await continued(trx, job);
  if (prev) return replaceSortie(trx, job, prev, build, afterSortie, retract);
  const chunks = await trx
    .selectFrom('track_chunks')
    .select('data')
    .where('drone_id', '=', job.droneId)
    .where('first_time', '<=', new Date(job.endTime))
    .where('last_time', '>=', new Date(job.startTime))
    .orderBy('id')
    .execute();
  const points: TelemetryPoint[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const c of chunks)
    for (const p of decodeTrack(c.data))
      if (p.recordTime >= job.startTime && p.recordTime <= job.endTime && p.recordTime > last) {
        points.push(p);
        last = p.recordTime;
      }
  const s = points.length ? await build(job, points) : null;
  let sortieId: number | null = null;
  if (s) {
    const { track, ...row } = s;
    const inserted = await trx
      .insertInto('sorties')
      .values({ ...row, start_time: new Date(row.start_time), end_time: new Date(row.end_time) })
      .onConflict((oc) => oc.columns(['drone_id', 'start_time']).doNothing())
      .returning('sortie_id')
      .executeTakeFirst();
    if (inserted) {
      sortieId = inserted.sortie_id;
      await trx
        .insertInto('sortie_tracks')
        .values({ sortie_id: inserted.sortie_id, drone_id: row.drone_id, track })
        .execute();
      await afterSortie?.(trx, { ...s, sortieId: inserted.sortie_id }, points);
    }
  }
  // The sortie is stored (now or by an earlier run): its points need not be kept twice.
  await trx
    .deleteFrom('track_chunks')
    .where('drone_id', '=', job.droneId)
    .where('last_time', '<=', new Date(job.endTime))
    .execute();
  return sortieId;
}

async function replaceSortie(
  trx: Transaction<Database>,
  job: CloseJob,
  prev: { id: number; start: number; end: number },
  build: (job: CloseJob, points: TelemetryPoint[]) => NewSortie | null | Promise<NewSortie | null>,
  afterSortie?: SortieHook,
  retract?: RetractHook,
): Promise<number | null> {
  const stored = await trx
    .selectFrom('sortie_tracks')
    .select('track')
    .where('sortie_id', '=', prev.id)
    .executeTakeFirst();
  const points = stored ? decodeTrack(stored.track) : [];
  // Resent points are the same points: each recordTime once.
  let last = points.at(-1)?.recordTime ?? Number.NEGATIVE_INFINITY;
  const chunks = await trx
    .selectFrom('track_chunks')
    .select('data')
    .where('drone_id', '=', job.droneId)
    .where('first_time', '<=', new Date(job.endTime))
    .where('last_time', '>', new Date(last))
    .orderBy('id')
    .execute();
  const more: TelemetryPoint[] = [];
  for (const c of chunks)
    for (const p of decodeTrack(c.data)) if (p.recordTime > last && p.recordTime <= job.endTime) more.push(p);
  more.sort((a, b) => a.recordTime - b.recordTime);
  for (const p of more)
    if (p.recordTime > last) {
      points.push(p);
      last = p.recordTime;
    }
  const whole = { ...job, startTime: prev.start };
  const s = points.length ? await build(whole, points) : null;
  if (s) {
    await retract?.(trx, [prev.id]);
    const { track, ...row } = s;
    await trx
      .updateTable('sorties')
      .set({
        ...row,
        start_time: new Date(row.start_time),
        end_time: new Date(row.end_time),
        // Attributed again from its new spraying centre (addToRollups).
        block_id: null,
      })
      .where('sortie_id', '=', prev.id)
      .execute();
    await trx.updateTable('sortie_tracks').set({ track }).where('sortie_id', '=', prev.id).execute();
    await afterSortie?.(trx, { ...s, sortieId: prev.id, replaced: true }, points);
  }
  await trx
    .deleteFrom('track_chunks')
    .where('drone_id', '=', job.droneId)
    .where('last_time', '<=', new Date(job.endTime))
    .execute();
  return s ? prev.id : null;
}

export async function pruneChunks(trx: Kysely<Database>, prunes: Array<{ droneId: string; before: number }>) {
  if (!prunes.length) return;
  await sql`
    DELETE FROM track_chunks c
    USING unnest(${prunes.map((p) => p.droneId)}::text[], ${prunes.map((p) => p.before)}::int8[]) AS u(id, b)
    WHERE c.drone_id = u.id AND c.last_time < 'epoch'::timestamptz + u.b * interval '1 millisecond'
  `.execute(trx);
}

export async function insertEvents(trx: Kysely<Database>, events: DroneEvent[]) {
  if (!events.length) return;
  await trx
    .insertInto('drone_events')
    .values(
      events.map((e) => ({
        drone_id: e.droneId,
        time: new Date(e.time),
        type: e.type,
        detail: JSON.stringify(e.detail ?? {}),
      })),
    )
    .execute();
}

export async function updatePositions(trx: Kysely<Database>, positions: Array<[string, TelemetryPoint]>) {
  if (!positions.length) return;
  const ids = positions.map(([id]) => id);
  const times = positions.map(([, p]) => new Date(p.recordTime));
  const lngs = positions.map(([, p]) => p.lng);
  const lats = positions.map(([, p]) => p.lat);
  const batteries = positions.map(([, p]) => p.battery);
  await sql`
    UPDATE drones d SET last_time = u.t, last_lng = u.lng, last_lat = u.lat, last_battery = u.b
    FROM unnest(${ids}::text[], ${times}::timestamptz[], ${lngs}::float8[], ${lats}::float8[], ${batteries}::real[])
      AS u(id, t, lng, lat, b)
    WHERE d.drone_id = u.id AND (d.last_time IS NULL OR d.last_time < u.t)
  `.execute(trx);
}
