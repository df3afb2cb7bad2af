/**
 * The batched writer's acknowledgements (ingest/writer.ts): every append of a flush resolves at its
 * COMMIT, and when a flush fails every append of it and those queued behind it are refused (so each
 * drone's retry comes in order), the pipeline hears which, and the next flush stores again.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJournal } from '../src/telemetry/codec/journalCodec.ts';
import { decodeTrack } from '../src/telemetry/codec/trackCodec.ts';
import { type Chunk, createWriter } from '../src/telemetry/ingest/writer.ts';
import { compactJournal } from '../src/telemetry/ingest/writerStore.ts';
import { createTestApp, type TestApp } from './helper.ts';

const point = (t: number): TelemetryPoint => ({
  recordTime: t,
  lng: 120.5,
  lat: 33.2,
  height: 3,
  speed: 5,
  heading: 90,
  battery: 80,
  flow: 1,
  swath: 5,
  tank: 10,
  pump: true,
  mode: 'auto',
});

describe('telemetry writer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('resolves each append at its commit, refuses a failed flush and what queued behind it, then stores again', async () => {
    const committed: Chunk[][] = [];
    const failed: Chunk[][] = [];
    // A long compaction period: the journal rows stay to be read back.
    const writer = createWriter(t.db, {
      compactMs: 3_600_000,
      onCommitted: (c) => committed.push(c),
      onFailed: (c) => failed.push(c),
      buildSortie: () => null,
    });
    try {
      const base = Date.UTC(2026, 5, 1);
      // One flush, three callers (two of one drone): each resolves, once stored.
      const ok = [
        writer.append('D1', [point(base)]),
        writer.append('D2', [point(base + 1)]),
        writer.append('D1', [point(base + 2), point(base + 3)]),
      ];
      await Promise.all(ok);
      const rows = await sql<{ data: Uint8Array }>`SELECT data FROM ingest_journal ORDER BY id`.execute(t.db);
      const stored = rows.rows.flatMap((r) => decodeJournal(r.data));
      expect(stored.map(([id, ps]) => [id, ps.map((p) => p.recordTime - base)])).toEqual([
        ['D1', [0, 2, 3]],
        ['D2', [1]],
      ]);
      expect(committed.flat().map((c) => c.droneId)).toEqual(['D1', 'D2', 'D1']);

      // The journal away: the flush fails; its callers and the ones appended meanwhile are refused.
      await sql`ALTER TABLE ingest_journal RENAME TO ingest_journal_away`.execute(t.db);
      const first = writer.append('D1', [point(base + 10)]);
      const second = writer.append('D2', [point(base + 11)]);
      const outcomes = Promise.allSettled([first, second]);
      // Queued while the failing flush runs (its transaction has started).
      await new Promise((r) => setImmediate(r));
      const behind = writer.append('D3', [point(base + 12)]);
      const results = [...(await outcomes), ...(await Promise.allSettled([behind]))];
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(results.map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([
        'telemetry store unavailable',
        'telemetry store unavailable',
        'telemetry store unavailable',
      ]);
      expect(
        failed
          .flat()
          .map((c) => c.droneId)
          .sort(),
      ).toEqual(['D1', 'D2', 'D3']);
      expect(writer.stats().failures).toBeGreaterThanOrEqual(1);

      // Back: the retry is stored and acknowledged.
      await sql`ALTER TABLE ingest_journal_away RENAME TO ingest_journal`.execute(t.db);
      await writer.append('D1', [point(base + 10)]);
      const after = await sql<{ n: number }>`SELECT sum(points)::int AS n FROM ingest_journal`.execute(t.db);
      expect(after.rows[0]?.n).toBe(5);
    } finally {
      await writer.close();
    }
  });

  it('compacts its journal from the blobs it kept, each point once, also after another process compacted some of its rows', async () => {
    const writer = createWriter(t.db, { compactMs: 3_600_000, buildSortie: () => null });
    const base = Date.UTC(2026, 6, 1);
    const timesOf = async (drone: string) => {
      const rows = await sql<{ data: Uint8Array }>`
        SELECT data FROM track_chunks WHERE drone_id = ${drone} ORDER BY id`.execute(t.db);
      return rows.rows.flatMap((r) => decodeTrack(r.data).map((p) => p.recordTime - base));
    };
    try {
      await writer.append('C1', [point(base), point(base + 1)]);
      await writer.append('C2', [point(base + 2)]);
      // A take-over's recovery (another process) moves every journal row, these two included.
      await t.db.transaction().execute((trx) => compactJournal(trx));
      await writer.append('C1', [point(base + 3)]);
      // drain: the writer compacts its rows; the two already moved are not written again.
      await writer.drain();
      expect(await timesOf('C1')).toEqual([0, 1, 3]);
      expect(await timesOf('C2')).toEqual([2]);
      const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ingest_journal`.execute(t.db);
      expect(left.rows[0]?.n).toBe(0);
      // A flush that compacts stores its own points straight into track_chunks (no journal row).
      await writer.append('C2', [point(base + 4)]);
      await writer.drain();
      expect(await timesOf('C2')).toEqual([2, 4]);
    } finally {
      await writer.close();
    }
  });

  it('sends a second flush while the first commits, commits it only after the first, and fails it with the first', async () => {
    const base = Date.UTC(2026, 7, 1);
    const committed: string[] = [];
    const failed: string[] = [];
    let calls = 0;
    let failFirst = true;
    const writer = createWriter(t.db, {
      compactMs: 3_600_000,
      overlapPoints: 2,
      // The first flush is slow, and fails when failFirst is set.
      afterPoints: async () => {
        if (calls++ > 0) return;
        await new Promise((r) => setTimeout(r, 300));
        if (failFirst) throw new Error('first flush fails');
      },
      onCommitted: (c) =>
        committed.push(...c.map((x) => `${x.droneId}@${(x.points[0]?.recordTime ?? base) - base}`)),
      onFailed: (c) =>
        failed.push(...c.map((x) => `${x.droneId}@${(x.points[0]?.recordTime ?? base) - base}`)),
      buildSortie: () => null,
    });
    const journalRows = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ingest_journal`.execute(t.db)).rows[0]?.n;
    try {
      await sql`DELETE FROM ingest_journal`.execute(t.db);
      // Two points start a flush at once; two more, of the same drone, start the second behind it.
      const first = writer.append('O1', [point(base), point(base + 1)]);
      const second = writer.append('O1', [point(base + 2), point(base + 3)]);
      const outcomes = await Promise.allSettled([first, second]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      expect(failed).toEqual(['O1@0', 'O1@2']);
      expect(committed).toEqual([]);
      // The second flush had sent its row; it was rolled back with the first's failure.
      expect(await journalRows()).toBe(0);

      // (what is appended before the second has failed is refused with it: the writer settles first)
      await writer.drain();
      // Now both commit, the second only after the slow first: the pipeline hears them in order.
      calls = 0;
      failFirst = false;
      const order: string[] = [];
      const a = writer.append('O1', [point(base), point(base + 1)]).then(() => order.push('first'));
      const b = writer.append('O1', [point(base + 2), point(base + 3)]).then(() => order.push('second'));
      await Promise.all([a, b]);
      expect(order).toEqual(['first', 'second']);
      expect(committed).toEqual(['O1@0', 'O1@2']);
      // Stored once (drain left a compaction due: the first went straight to track_chunks).
      const stored = await sql<{ n: number }>`
        SELECT (SELECT coalesce(sum(points), 0) FROM ingest_journal)
          + (SELECT coalesce(sum(points), 0) FROM track_chunks WHERE drone_id = 'O1') AS n`.execute(t.db);
      expect(Number(stored.rows[0]?.n)).toBe(4);
    } finally {
      await writer.close();
    }
  });
});
