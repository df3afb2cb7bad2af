/**
 * Demo unified tasks (issue 22 #2): the demo government (江苏省农业农村厅) runs an autumn rice
 * campaign over its province, running now (20 days back, 20 days ahead), with government monitoring
 * on, and the Jiangsu drones of the two demo operators (丰收飞防服务合作社, 绿野植保服务队)
 * enrolled; and a finished summer campaign with no enrolments left. The simulated fleet's sorties
 * count into the running task as they land; `refreshDemoTasks` judges the demo history once it
 * is generated (the history does not pass through the landing hook).
 */
import { dayStartIn, shiftDay, wallClock } from '@agrifleet/domain';
import { sql } from 'kysely';
import { lockTask, reattributeTask } from '../modules/unifiedTasks/unifiedTasks.attribution.ts';
import type { Db } from '../platform/db.ts';

export const DEMO_TASK_PROVINCE = 156320000;
const pad = (n: number) => String(n).padStart(2, '0');

export async function seedDemoTasks(
  db: Db,
  o: { timeZone: string; now?: number },
): Promise<{ tasks: number; drones: number }> {
  const now = o.now ?? Date.now();
  const w = wallClock(now, o.timeZone);
  const today = `${w.y}-${pad(w.m)}-${pad(w.d)}`;
  const span = (start: string, end: string) => ({
    start_date: start,
    end_date: end,
    start_at: new Date(dayStartIn(start, o.timeZone)),
    end_at: new Date(dayStartIn(shiftDay(end, 1), o.timeZone)),
  });
  return db.transaction().execute(async (trx) => {
    const gov = await trx
      .selectFrom('accounts')
      .select('id')
      .where('account_type', '=', 2)
      .where('rule_province', '=', DEMO_TASK_PROVINCE)
      .orderBy('id')
      .executeTakeFirst();
    if (!gov) return { tasks: 0, drones: 0 };
    const existing = await trx
      .selectFrom('unified_tasks')
      .select('tftz_id')
      .where('account_id', '=', gov.id)
      .executeTakeFirst();
    if (existing) return { tasks: 0, drones: 0 };
    const running = await trx
      .insertInto('unified_tasks')
      .values({
        account_id: gov.id,
        tftz_name: `${w.y}年秋季水稻病虫害统防统治`,
        region_code: DEMO_TASK_PROVINCE,
        polygon: null,
        ...span(shiftDay(today, -20), shiftDay(today, 20)),
        tftz_type: 1,
        work_type: null,
        crop_id: null,
        med_id: null,
        zf_monitor: true,
        remark: '稻飞虱、纹枯病、稻纵卷叶螟统防统治（演示）',
      })
      .returning('tftz_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('unified_tasks')
      .values({
        account_id: gov.id,
        tftz_name: `${w.y}年小麦“一喷三防”`,
        region_code: DEMO_TASK_PROVINCE,
        polygon: null,
        ...span(shiftDay(today, -200), shiftDay(today, -170)),
        tftz_type: 2,
        work_type: 1,
        crop_id: 2,
        med_id: null,
        zf_monitor: false,
        remark: '',
        closure: 'finished',
        closed_at: new Date(dayStartIn(shiftDay(today, -170), o.timeZone)),
      })
      .execute();
    const { rows } = await sql<{ drone_id: string }>`
      SELECT d.drone_id FROM drones d JOIN accounts a ON a.id = d.yy_account_id
       WHERE a.account_name IN ('丰收飞防服务合作社', '绿野植保服务队')
         AND d.region_code BETWEEN ${DEMO_TASK_PROVINCE} AND ${DEMO_TASK_PROVINCE + 9999}
       ORDER BY d.drone_id`.execute(trx);
    const enrol = span(shiftDay(today, -20), shiftDay(today, 20));
    for (const r of rows)
      await trx
        .insertInto('task_drones')
        .values({
          tftz_id: running.tftz_id,
          drone_id: r.drone_id,
          data_start_date: enrol.start_date,
          data_end_date: enrol.end_date,
          start_at: enrol.start_at,
          end_at: enrol.end_at,
        })
        .execute();
    const task = await lockTask(trx, running.tftz_id);
    if (task) await reattributeTask(trx, task, o.timeZone);
    return { tasks: 2, drones: rows.length };
  });
}

/** Judges the demo tasks' sorties again (after the demo history was generated). */
export async function refreshDemoTasks(db: Db, o: { timeZone: string }): Promise<{ sorties: number }> {
  const tasks = await db.selectFrom('unified_tasks').select('tftz_id').where('closure', 'is', null).execute();
  let sorties = 0;
  for (const t of tasks)
    sorties += await db.transaction().execute(async (trx) => {
      const task = await lockTask(trx, t.tftz_id);
      return task ? reattributeTask(trx, task, o.timeZone) : 0;
    });
  return { sorties };
}
