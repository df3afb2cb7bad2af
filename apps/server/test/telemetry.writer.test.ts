/**
 * The batched writer's acknowledgements (ingest/writer.ts): every append of a flush resolves at its
 * COMMIT, and when a flush fails every append of it and those queued behind it are refused (so each
 * drone's retry comes in order), the pipeline hears which, and the next flush stores again.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJournal } from '../src/telemetry/codec/journalCodec.ts';
import { type Chunk, createWriter } from '../src/telemetry/ingest/writer.ts';
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
});
