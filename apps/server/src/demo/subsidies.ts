/**
 * Demo subsidies (issue 22 #3): a rate table for the demo government's province (Jiangsu) and the
 * current year (10.00 元/亩 on the plain, 15.00 in the hill regions it lists, 12.00 for rice), and
 * the computed subsidies of its yearly regional scheme (no medicine named: dose unjudged), plus
 * those of every unified task of the province the demo has (judged against the task's medicine). Run after the demo
 * history (every sortie with its track) and its faulty flights, so a realistic mix shows: most of
 * the area paid; overlap where a drone sprayed a field again the same day (sim/historyGen.ts: a
 * few per cent of the later missions); outsideBlock where the boom passed a field's edge or a
 * sortie's centre lies on a neighbour's block; wrongCrop from the faulty flight that changed crop.
 * The demo data has no Jiangsu sortie across the province's border or in a no-fly zone, and the
 * simulated doses (median about 3.5 L/mu) lie mostly above the catalogued medicines' ranges (3 L/mu
 * at most), so naming a medicine would take most of the area: outsideRegion, noFly and
 * doseOutOfRange show in the tests (test/subsidies.flights.test.ts), not here.
 */

import { wallClock } from '@agrifleet/domain';
import { sql } from 'kysely';
import { regionAt } from '../modules/regions/geo/regionAt.ts';
import { computeProgramme } from '../modules/subsidies/subsidies.compute.ts';
import {
  applicableRateVersion,
  loadTask,
  regionalProgramme,
} from '../modules/subsidies/subsidies.sources.ts';
import type { Db } from '../platform/db.ts';

export const DEMO_SUBSIDY_PROVINCE = 156320000;

export async function seedDemoSubsidies(
  db: Db,
  o: { timeZone: string; now?: number },
): Promise<{ subsidies: number; sorties: number; amountFen: number }> {
  const year = wallClock(o.now ?? Date.now(), o.timeZone).y;
  const deps = { db, timeZone: o.timeZone, locate: regionAt };
  return db.transaction().execute(async (trx) => {
    const d = { ...deps, db: trx };
    let rate = await applicableRateVersion(d.db, DEMO_SUBSIDY_PROVINCE, year);
    if (!rate) {
      await trx
        .insertInto('subsidy_rate_versions')
        .values({
          region_code: DEMO_SUBSIDY_PROVINCE,
          year,
          rows: JSON.stringify([
            { regionCode: DEMO_SUBSIDY_PROVINCE, cropId: null, terrain: 'plain', fenPerMu: 1000 },
            { regionCode: DEMO_SUBSIDY_PROVINCE, cropId: 1, terrain: 'plain', fenPerMu: 1200 },
            { regionCode: DEMO_SUBSIDY_PROVINCE, cropId: null, terrain: 'hill', fenPerMu: 1500 },
          ]),
          hill_regions: [156320700, 156321100],
          remark: '江苏省 统防统治作业补贴标准（演示）',
          created_by_name: '王建国',
        })
        .execute();
      rate = await applicableRateVersion(d.db, DEMO_SUBSIDY_PROVINCE, year);
    }
    if (!rate) throw new Error('demo rate table not created');
    const total = { subsidies: 0, sorties: 0, amountFen: 0 };
    const add = (r: { subsidies: number; sorties: number; amountFen: number }) => {
      total.subsidies += r.subsidies;
      total.sorties += r.sorties;
      total.amountFen += r.amountFen;
    };
    add(await computeProgramme(d, regionalProgramme(DEMO_SUBSIDY_PROVINCE, year, null), rate, {}));
    // The demo's unified tasks in the province.
    const tasks = (
      await sql<{ id: number }>`SELECT tftz_id AS id FROM unified_tasks
        WHERE region_code BETWEEN ${DEMO_SUBSIDY_PROVINCE} AND ${DEMO_SUBSIDY_PROVINCE + 9_999}`.execute(d.db)
    ).rows;
    for (const t of tasks) {
      const p = await loadTask(d.db, t.id, year);
      if (p) add(await computeProgramme(d, p, rate, {}));
    }
    return total;
  });
}
