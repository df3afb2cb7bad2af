/** npm run seed:history's generator against real PostgreSQL: deterministic, idempotent, summarised like ingest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionAt } from '../src/modules/regions/geo/regionAt.ts';
import { seedHistory } from '../src/sim/historyGen.ts';
import { decodeTrack } from '../src/telemetry/codec/trackCodec.ts';
import { summarizeSortie } from '../src/telemetry/summary/sortieSummary.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const now = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  // A third of the drones registered ten days before the end of the generated period.
  const ids = (await t.db.selectFrom('drones').select('drone_id').orderBy('drone_id').execute()).map(
    (r) => r.drone_id,
  );
  await t.db
    .updateTable('drones')
    .set({ created_at: new Date(now - 10 * DAY) })
    .where(
      'drone_id',
      'in',
      ids.filter((_, i) => i % 3 === 0),
    )
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('seed:history', { timeout: 90_000 }, () => {
  it('writes N sorties over the period; the same seed again adds none', async () => {
    const first = await seedHistory(t.db, { sorties: 200, days: 30, seed: 7, tracksDays: 5, now });
    expect(first).toEqual({ made: 200, stored: 200 });
    const again = await seedHistory(t.db, { sorties: 200, days: 30, seed: 7, tracksDays: 5, now });
    expect(again).toEqual({ made: 200, stored: 0 });
    const rows = await t.db
      .selectFrom('sorties')
      .select(['start_time', 'area_mu', 'zz_account_id'])
      .execute();
    expect(rows).toHaveLength(200);
    for (const r of rows) {
      expect(r.start_time.getTime()).toBeGreaterThanOrEqual(now - 31 * 86_400_000);
      expect(r.start_time.getTime()).toBeLessThan(now);
    }
    expect(new Set(rows.map((r) => r.zz_account_id)).size).toBe(2);
  });

  it('flies no drone before it was registered', async () => {
    const early = await t.db
      .selectFrom('sorties as s')
      .innerJoin('drones as d', 'd.drone_id', 's.drone_id')
      .select(['s.drone_id', 's.start_time', 'd.created_at'])
      .whereRef('s.start_time', '<', 'd.created_at')
      .execute();
    expect(early).toEqual([]);
    // The drones registered ten days ago did work since.
    const late = await t.db
      .selectFrom('sorties as s')
      .innerJoin('drones as d', 'd.drone_id', 's.drone_id')
      .select((eb) => eb.fn.count<number>('s.sortie_id').as('n'))
      .where('d.created_at', '=', new Date(now - 10 * DAY))
      .executeTakeFirstOrThrow();
    expect(Number(late.n)).toBeGreaterThan(0);
  });

  it('keeps tracks of the recent days only, and each stored track sums up to its row', async () => {
    const withTrack = await t.db
      .selectFrom('sorties as s')
      .innerJoin('sortie_tracks as k', 'k.sortie_id', 's.sortie_id')
      .select(['s.start_time', 's.area_m2', 's.volume_l', 'k.track'])
      .execute();
    const cutoff = now - 5 * 86_400_000;
    expect(withTrack.every((r) => r.start_time.getTime() >= cutoff)).toBe(true);
    for (const r of withTrack.slice(0, 5)) {
      const s = summarizeSortie(decodeTrack(r.track), regionAt);
      expect(Math.abs(s.areaM2 - r.area_m2)).toBeLessThan(r.area_m2 * 0.001 + 0.5);
      expect(Math.abs(s.volumeL - r.volume_l)).toBeLessThan(0.01 + r.volume_l * 0.001);
    }
  });

  it('with templateTracks, older sorties keep the template track moved to their field and day', async () => {
    const cutoff = now - 5 * DAY;
    const before = await t.db
      .selectFrom('sortie_tracks as k')
      .innerJoin('sorties as s', 's.sortie_id', 'k.sortie_id')
      .select('s.sortie_id')
      .where('s.start_time', '<', new Date(cutoff))
      .execute();
    expect(before).toEqual([]);
    await seedHistory(t.db, { sorties: 100, days: 30, seed: 8, tracksDays: 1, templateTracks: true, now });
    const older = await t.db
      .selectFrom('sorties as s')
      .leftJoin('sortie_tracks as k', 'k.sortie_id', 's.sortie_id')
      .select([
        's.start_time',
        's.end_time',
        's.lng',
        's.lat',
        's.area_m2',
        's.volume_l',
        's.pilot_id',
        's.crop_id',
        'k.track',
      ])
      .where('s.start_time', '<', new Date(now - 2 * DAY))
      .where('s.created_at', '>', new Date(Date.now() - 600_000))
      .execute();
    const seeded = older.filter((r) => r.track !== null);
    expect(seeded.length).toBeGreaterThan(20);
    for (const r of seeded.slice(0, 10)) {
      const points = decodeTrack(r.track as Uint8Array);
      const s = summarizeSortie(points, regionAt);
      // The summary of the moved track is the row's: same area and volume, same times and place.
      expect(Math.abs(s.areaM2 - r.area_m2)).toBeLessThan(r.area_m2 * 0.002 + 0.5);
      expect(Math.abs(s.volumeL - r.volume_l)).toBeLessThan(0.01 + r.volume_l * 0.001);
      expect(points[0]?.recordTime).toBe(r.start_time.getTime());
      expect(points.at(-1)?.recordTime).toBe(r.end_time.getTime());
      const lng = points.reduce((a, p) => a + p.lng, 0) / points.length;
      const lat = points.reduce((a, p) => a + p.lat, 0) / points.length;
      expect(Math.hypot((lng - r.lng) * 93_000, (lat - r.lat) * 111_000)).toBeLessThan(2_000);
      if (r.crop_id !== null) expect(points.every((p) => p.cropId === r.crop_id)).toBe(true);
      if (r.pilot_id !== null) expect(points.every((p) => p.pilotId === r.pilot_id)).toBe(true);
    }
  });
});
