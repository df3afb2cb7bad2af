/**
 * Demo unified tasks (demo/unifiedTasks.ts): the demo government's running rice campaign over
 * Jiangsu with its two operators' Jiangsu drones enrolled, the sorties already flown judged at once;
 * seeding twice makes no second set.
 */
import { UNIFIED_TASK_LIST_PATH, unifiedTaskCallPath } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTasks } from '../src/demo/unifiedTasks.ts';
import { JIANGSU, type SubsidiesKit, strip, subsidiesKit } from './subsidies.kit.ts';

let k: SubsidiesKit;
beforeAll(async () => {
  k = await subsidiesKit();
}, 120_000);
afterAll(() => k?.t.close());

describe('demo unified tasks', () => {
  it('creates a running task with both operators’ Jiangsu drones enrolled, and counts their sorties', async () => {
    const s = await k.sortie(k.ids.operatorA, strip(JIANGSU.lng, JIANGSU.lat, Date.now() - 3 * 3_600_000));
    const first = await seedDemoTasks(k.t.db, { timeZone: 'Asia/Shanghai' });
    expect(first.tasks).toBe(2);
    expect(await seedDemoTasks(k.t.db, { timeZone: 'Asia/Shanghai' })).toEqual({ tasks: 0, drones: 0 });
    const list = (await k.call('government', 'GET', UNIFIED_TASK_LIST_PATH)).json().data.records as {
      tftzId: number;
      status: number;
      droneCount: number;
    }[];
    expect(list.map((r) => r.status).sort()).toEqual([2, 4]);
    const running = list.find((r) => r.status === 2) as { tftzId: number; droneCount: number };
    expect(running.droneCount).toBe(first.drones);
    const enrolled = await k.t.db
      .selectFrom('task_drones')
      .select('drone_id')
      .where('tftz_id', '=', running.tftzId)
      .execute();
    const sorties = (await k.call('government', 'GET', unifiedTaskCallPath(running.tftzId, 'sorties'))).json()
      .data.records as { sortieId: number; counted: boolean }[];
    const mine = sorties.find((r) => r.sortieId === s.sortieId);
    expect(enrolled.map((e) => e.drone_id)).toContain(s.droneId);
    expect(mine?.counted).toBe(true);
  });
});
