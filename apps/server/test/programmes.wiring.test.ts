/**
 * Issue 22 #4, #5 and zfMonitor through the wiring `npm start` uses: a sortie flown over POST
 * /api/telemetry/batch by a drone enrolled in a unified task naming a medicine, overdosed, raises
 * the dose anomaly (drone anomalies, anomaly bulletins); a drone of a task with zfMonitor on shows
 * on its government's monitor and bulletins although it flies outside the government's region,
 * and not once monitoring is off; data statistics with taskIds / tftzType / medId answer the
 * selected tasks' rollup (task_daily) in the caller's scope. Tasks are written into the task
 * tables (programmes.wiring.kit.ts); the task module's notices reach the zfMonitor index.
 */
import {
  BLOCK_BASE,
  BULLETIN_ANOMALY_LIST_PATH,
  DATASTAT_BASE,
  DATASTAT_ITEM_CALLS,
  MONITOR_BASE,
  type TelemetryPoint,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { createTestApp, fleetCallers, type TestApp } from './helper.ts';
import { enrol, insertRow, insertTask, setZfMonitor } from './programmes.wiring.kit.ts';

const JIANGSU = 156320000;
const HENAN = 156410000;
const DAY = 86_400_000;
let t: TestApp;
let auth: Record<string, Record<string, string>>;
let makerA: number;
let drone: string;
let basic: string;
let gov: number;
let medId: number;
const task = { dose: 0, zf: 0 };

const get = (url: string, role: string) => t.app.inject({ method: 'GET', url, headers: auth[role] });

async function batch(points: TelemetryPoint[], droneId = drone) {
  for (let i = 0; i < points.length; i += 500) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId, points: points.slice(i, i + 500) }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  let v = await what();
  for (const end = Date.now() + ms; !ok(v) && Date.now() < end; v = await what())
    await new Promise((r) => setTimeout(r, 100));
  return v;
}

interface AnomalyRow {
  oddType: number;
  droneId: string;
  detail?: Record<string, unknown>;
}
const bulletins = async (role: string) => {
  const res = await get(`${BULLETIN_ANOMALY_LIST_PATH}?droneId=${drone}&pageSize=50`, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as AnomalyRow[];
};
const onMap = async (role: string) => {
  const res = await get(`${MONITOR_BASE}/onlineDrones`, role);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.droneId as string[]).includes(drone);
};
const isDose = (a: AnomalyRow) => a.oddType === 2 && a.detail?.rule === 'dose';

beforeAll(async () => {
  t = await createTestApp();
  const callers = await fleetCallers(t);
  auth = callers.auth;
  makerA = callers.ids.makerA;
  gov = (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_type', '=', 2)
      .where('rule_province', '=', JIANGSU)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Maker A's drone registered outside Jiangsu, flying in Henan: not the Jiangsu government's by region.
  drone = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', makerA)
      .where((eb) => eb.not(eb.between('region_code', JIANGSU, JIANGSU + 9999)))
      .orderBy('drone_id')
      .executeTakeFirstOrThrow()
  ).drone_id;
  const headers = auth.makerA as Record<string, string>;
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/account/secretKey',
    payload: { vid: 'a-gw' },
    headers,
  });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers })).body;
  basic = Buffer.from(`a-gw:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');

  // A medicine registered for a tiny dose: any real spraying overdoses it.
  medId = Number(
    (
      await insertRow(t.db, 'medicines', {
        names: JSON.stringify({ zh: '测试药剂', en: 'Test agent' }),
        reg_no: 'PDTEST-22',
        ingredient: 'test',
        formulation: 'SC',
        min_l_per_mu: 0.01,
        max_l_per_mu: 0.02,
      })
    ).med_id,
  );
  const now = Date.now();
  const period = { startAt: new Date(now - DAY), endAt: new Date(now + DAY) };
  task.dose = await insertTask(t.db, { accountId: gov, regionCode: HENAN, ...period, medId, tftzType: 1 });
  task.zf = await insertTask(t.db, {
    accountId: gov,
    regionCode: JIANGSU,
    ...period,
    zfMonitor: true,
    tftzType: 2,
  });
  await enrol(t.db, task.dose, drone, period.startAt, period.endAt);
  await enrol(t.db, task.zf, drone, period.startAt, period.endAt);

  const field = rectangleField({
    center: { lng: 114.61, lat: 33.54 },
    widthM: 80,
    lengthM: 200,
    angleDeg: 10,
  });
  const points = (runMission(DEFAULT_DRONE, field, { startTime: now - 20 * 60_000, seed: 22, rateHz: 1 })
    .sorties[0]?.points ?? []) as TelemetryPoint[];
  await batch(points);
  const last = points.at(-1) as TelemetryPoint;
  // Standing on the ground in Henan now: online, and the sortie closes.
  await batch([{ ...last, recordTime: Date.now() - 1000, height: 0, speed: 0, pump: false }]);
  for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('dose compliance (issue 22 #4)', () => {
  it('an overdosed sortie of an enrolled drone raises oddType 2 rule dose, in its anomalies and bulletins', async () => {
    const s = await t.db
      .selectFrom('sorties')
      .select(['sortie_id', 'area_mu', 'volume_l', 'province_code', 'work_type'])
      .where('drone_id', '=', drone)
      .executeTakeFirstOrThrow();
    expect(s.province_code).toBe(HENAN);
    expect(s.work_type).toBe(1);
    const res = await get(`/api/drone/device/manage/anomalies?droneId=${drone}&pageSize=50`, 'makerA');
    expect(res.statusCode, res.body).toBe(200);
    const dose = (res.json().data.records as AnomalyRow[]).filter(isDose);
    expect(dose).toHaveLength(1);
    const expected = Math.round((s.volume_l / s.area_mu) * 1000) / 1000;
    expect(dose[0]?.detail).toMatchObject({
      verdict: 'high',
      doseLPerMu: expected,
      minLPerMu: 0.01,
      maxLPerMu: 0.02,
      medId,
      tftzId: task.dose,
    });
    expect((await bulletins('makerA')).filter(isDose)).toHaveLength(1);
  });
});

describe("dose compliance by the block's medicine (issue 22 #4)", () => {
  it('a sortie over a block naming a medicine, of a drone in no task, is judged against that medicine', async () => {
    // Another drone of maker A, enrolled nowhere, sprays a field that maker A drew as a block.
    const other = (
      await t.db
        .selectFrom('drones')
        .select('drone_id')
        .where('zz_account_id', '=', makerA)
        .where('drone_id', '<>', drone)
        .orderBy('drone_id')
        .executeTakeFirstOrThrow()
    ).drone_id;
    const centre = { lng: 114.7, lat: 33.6 };
    const d = 0.004;
    const res = await t.app.inject({
      method: 'POST',
      url: BLOCK_BASE,
      headers: auth.makerA,
      payload: {
        blockName: '剂量地块',
        medId,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [centre.lng - d, centre.lat - d],
              [centre.lng + d, centre.lat - d],
              [centre.lng + d, centre.lat + d],
              [centre.lng - d, centre.lat + d],
              [centre.lng - d, centre.lat - d],
            ],
          ],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const blockId = res.json().data.blockId as number;
    const field = rectangleField({ center: centre, widthM: 60, lengthM: 120, angleDeg: 0 });
    const now = Date.now();
    const points = (runMission(DEFAULT_DRONE, field, { startTime: now - 15 * 60_000, seed: 23, rateHz: 1 })
      .sorties[0]?.points ?? []) as TelemetryPoint[];
    await batch(points, other);
    const last = points.at(-1) as TelemetryPoint;
    await batch([{ ...last, recordTime: Date.now() - 1000, height: 0, speed: 0, pump: false }], other);
    for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
    const found = await until(
      async () =>
        (
          (await get(`/api/drone/device/manage/anomalies?droneId=${other}&pageSize=50`, 'makerA')).json().data
            .records as AnomalyRow[]
        ).filter(isDose),
      (v) => v.length > 0,
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toMatchObject({ verdict: 'high', medId, blockId });
    expect(found[0]?.detail?.tftzId).toBeUndefined();
  });
});

describe('zfMonitor', () => {
  it("on: the task's drone flying outside the region is on the government's monitor and its anomalies reach it", async () => {
    expect(
      await until(
        () => onMap('government'),
        (v) => v,
      ),
    ).toBe(true);
    expect((await bulletins('government')).filter(isDose)).toHaveLength(1);
  });

  it('off: the region rule alone applies', async () => {
    await setZfMonitor(t.db, task.zf, false);
    expect(
      await until(
        () => onMap('government'),
        (v) => !v,
      ),
    ).toBe(false);
    expect(await bulletins('government')).toEqual([]);
    // Its manufacturer still does.
    expect(await onMap('makerA')).toBe(true);
  });
});

describe('data statistics by unified task (issue 22 #5)', () => {
  // Tasks of their own (no drone enrolled: nothing lands in them but these rows), a medicine of their own.
  const own = { a: 0, b: 0, med: 0 };
  beforeAll(async () => {
    own.med = Number(
      (
        await insertRow(t.db, 'medicines', {
          names: JSON.stringify({ zh: '统计药剂', en: 'Stat agent' }),
          reg_no: 'PDTEST-22-B',
          ingredient: 'test',
          formulation: 'EC',
          min_l_per_mu: 1,
          max_l_per_mu: 2,
        })
      ).med_id,
    );
    const period = { startAt: new Date('2026-01-01T00:00:00Z'), endAt: new Date('2026-02-01T00:00:00Z') };
    own.a = await insertTask(t.db, {
      accountId: gov,
      regionCode: HENAN,
      ...period,
      medId: own.med,
      tftzType: 3,
    });
    own.b = await insertTask(t.db, { accountId: gov, regionCode: HENAN, ...period, tftzType: 4 });
    const row = (tftzId: number, day: string, sorties: number, zz: number) => ({
      tftz_id: tftzId,
      day,
      region_code: HENAN + 100,
      drone_id: drone,
      pilot_id: 0,
      mode: 'auto',
      crop_id: 0,
      zz_account_id: zz,
      yy_account_id: 0,
      model_id: 0,
      sorties,
      area_mu: sorties * 10,
      volume_l: sorties * 15,
      duration_s: sorties * 600,
      spray_time_s: sorties * 500,
      distance_m: sorties * 1000,
    });
    for (const r of [
      row(own.a, '2026-01-05', 3, makerA),
      row(own.a, '2026-01-06', 4, makerA + 100_000),
      row(own.b, '2026-01-05', 20, makerA),
    ])
      await insertRow(t.db, 'task_daily', r);
  });

  const total = async (role: string, settings: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${DATASTAT_BASE}/${DATASTAT_ITEM_CALLS.createWithChart}`,
      headers: auth[role],
      payload: {
        save: false,
        name: 'tasks',
        x: 'year',
        y: 'sorties',
        periodType: 5,
        summary: true,
        ...settings,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.unapplied).toEqual([]);
    return d.totals.total as number;
  };

  it("taskIds, tftzType and medId give the selected tasks' figures, not others'", async () => {
    expect(await total('platform', { taskIds: [own.a] })).toBe(7);
    expect(await total('platform', { taskIds: [own.b] })).toBe(20);
    expect(await total('platform', { taskIds: [own.a, own.b] })).toBe(27);
    expect(await total('platform', { tftzType: 4 })).toBe(20);
    expect(await total('platform', { medId: own.med })).toBe(7);
    expect(await total('platform', { medId: own.med, tftzType: 4 })).toBe(0);
    // Without task settings: stat_daily, where none of these rows are.
    expect(await total('platform', {})).not.toBe(27);
  });

  it("in the caller's scope: a manufacturer sees its drones' rows of the task only", async () => {
    expect(await total('makerA', { taskIds: [own.a] })).toBe(3);
    // The Jiangsu government: the task rows lie in Henan.
    expect(await total('government', { taskIds: [own.a] })).toBe(0);
  });
});
