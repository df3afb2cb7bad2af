/**
 * A unified task as the programme (migration 0034's unified_tasks / task_sorties): only the task's
 * counted sorties are paid, the part sprayed outside the task's drawn polygon is deducted
 * (outsideRegion, measured on the boom quads), the dose is judged against the task's medicine,
 * and the track call returns the polygon. Skipped while the unified-task tables are not migrated.
 */
import { SUBSIDY_CALLS, SUBSIDY_PATH, SUBSIDY_TRACK_PATH } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JIANGSU, JIANGSU_CODE, type SubsidiesKit, strip, subsidiesKit, YEAR } from './subsidies.kit.ts';

const JUNE = Date.UTC(YEAR, 5, 12, 1);
let k: SubsidiesKit;
let migrated = false;
beforeAll(async () => {
  k = await subsidiesKit();
  migrated =
    (
      await sql<{
        ok: boolean;
      }>`SELECT to_regclass('task_sorties') IS NOT NULL AND to_regclass('medicines') IS NOT NULL AS ok`.execute(
        k.t.db,
      )
    ).rows[0]?.ok === true;
}, 120_000);
afterAll(() => k?.t.close());

/** A rectangle from lng0 to lng1 around the strips' latitude. */
const rect = (lng0: number, lng1: number, lat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng0, lat - 0.001],
      [lng1, lat - 0.001],
      [lng1, lat + 0.001],
      [lng0, lat + 0.001],
      [lng0, lat - 0.001],
    ],
  ],
});

describe('a unified task’s subsidies', () => {
  it('pays the counted sorties, less the part outside the polygon and overdosed work', async ({ skip }) => {
    if (!migrated) skip();
    const db = k.t.db;
    const gov = await db
      .selectFrom('users')
      .select('account_id')
      .where('phone', '=', '13800000002')
      .executeTakeFirstOrThrow();
    const med = (
      await sql<{
        id: number;
        min: number;
        max: number;
      }>`SELECT med_id AS id, min_l_per_mu AS min, max_l_per_mu AS max FROM medicines ORDER BY med_id LIMIT 1`.execute(
        db,
      )
    ).rows[0] as { id: number; min: number; max: number };
    // A strip of 60 s at 5 m/s: 300 m east. The polygon ends half way along it.
    const mLng = 1 / (111_320 * Math.cos((JIANGSU.lat * Math.PI) / 180));
    const polygon = rect(JIANGSU.lng - 0.01, JIANGSU.lng + 150 * mLng, JIANGSU.lat);
    const task = (
      await sql<{ id: number }>`
        INSERT INTO unified_tasks (account_id, tftz_name, region_code, polygon, start_date, end_date, start_at, end_at, tftz_type, med_id)
        VALUES (${gov.account_id}, '夏季稻飞虱统防统治', ${JIANGSU_CODE}, ${JSON.stringify(polygon)}::jsonb, ${`${YEAR}-06-01`}, ${`${YEAR}-06-30`},
          ${new Date(Date.UTC(YEAR, 4, 31, 16))}, ${new Date(Date.UTC(YEAR, 5, 30, 16))}, 1, ${med.id})
        RETURNING tftz_id AS id`.execute(db)
    ).rows[0]?.id as number;
    // Dose of a strip: flow (L/min) over 30 m²/s; the good one in the middle of the range.
    const flowFor = (dose: number) => (dose * 30 * 60) / (2000 / 3);
    const good = flowFor((med.min + med.max) / 2);
    const half = await k.sortie(k.ids.operatorA, strip(JIANGSU.lng, JIANGSU.lat, JUNE, 60, good));
    const over = await k.sortie(
      k.ids.operatorA,
      strip(JIANGSU.lng - 0.005, JIANGSU.lat, JUNE + 600_000, 60, good * 4),
    );
    const notCounted = await k.sortie(
      k.ids.operatorA,
      strip(JIANGSU.lng - 0.008, JIANGSU.lat, JUNE + 1_200_000, 60, good),
    );
    for (const [s, counted] of [
      [half, true],
      [over, true],
      [notCounted, false],
    ] as const) {
      const r = await db
        .selectFrom('sorties')
        .selectAll()
        .where('sortie_id', '=', s.sortieId)
        .executeTakeFirstOrThrow();
      await sql`
        INSERT INTO task_sorties (tftz_id, sortie_id, drone_id, start_time, counted, reason, day, region_code, pilot_id,
          mode, crop_id, zz_account_id, yy_account_id, model_id, area_mu, volume_l, duration_s, spray_time_s, distance_m)
        VALUES (${task}, ${s.sortieId}, ${r.drone_id}, ${r.start_time}, ${counted}, ${counted ? null : 'notEnrolled'},
          ${`${YEAR}-06-12`}, ${JIANGSU_CODE}, 0, '', 0, ${r.zz_account_id}, ${k.ids.operatorA}, ${r.model_id}, ${r.area_mu},
          ${r.volume_l}, 60, 60, 300)`.execute(db);
    }
    await k.rates('government', JIANGSU_CODE, 1000);
    const res = await k.compute('government', { tftzId: task });
    expect(res).toMatchObject({ subsidies: 1, sorties: 2 });
    const s = await db
      .selectFrom('subsidies')
      .select(['subsidy_id', 'tftz_name'])
      .where('tftz_id', '=', task)
      .executeTakeFirstOrThrow();
    expect(s.tftz_name).toBe('夏季稻飞虱统防统治');
    const lines = (
      await k.call('government', 'GET', `${SUBSIDY_PATH}/${s.subsidy_id}/${SUBSIDY_CALLS.sorties}`)
    ).json().data.records as {
      sortieId: number;
      monitoredMu: number;
      paidMu: number;
      medId: number;
      deductions: { reason: string; mu: number }[];
    }[];
    expect(lines.map((l) => l.sortieId).sort()).toEqual([half.sortieId, over.sortieId].sort());
    const h = lines.find((l) => l.sortieId === half.sortieId);
    expect(h?.deductions.map((d) => d.reason)).toEqual(['outsideRegion']);
    expect((h?.deductions[0]?.mu as number) / (h?.monitoredMu as number)).toBeCloseTo(0.5, 1);
    expect(h?.medId).toBe(med.id);
    const o = lines.find((l) => l.sortieId === over.sortieId);
    expect(o?.deductions.map((d) => d.reason)).toEqual(['doseOutOfRange']);
    expect(o?.paidMu).toBe(0);
    const track = (await k.call('government', 'GET', `${SUBSIDY_TRACK_PATH}/${s.subsidy_id}`)).json().data;
    expect(track.polygon?.type).toBe('Polygon');
    expect(track.sorties.map((x: { verdict: string }) => x.verdict).sort()).toEqual(['none', 'partial']);
    // Another government may not compute the task.
    expect(
      (await k.call('zhejiang', 'POST', '/api/drone/subsidy/manage/compute', { year: YEAR, tftzId: task }))
        .statusCode,
    ).toBe(403);
  });
});
