/**
 * Unified tasks over HTTP (issue 22 #2): access (401, wrong role, another government's task, an
 * operator sees only its own), translated bad input, enrolment re-attributing sorties flown before
 * it, the reasons of sorties left out, parallel enrolments, and a sortie landing through the real
 * telemetry transport counting within 2 s.
 */
import {
  formatDate,
  type TelemetryPoint,
  UNIFIED_TASK_LIST_PATH,
  UNIFIED_TASK_PATH,
  unifiedTaskCallPath,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JIANGSU, JIANGSU_CODE, type SubsidiesKit, strip, subsidiesKit, YEAR } from './subsidies.kit.ts';

let k: SubsidiesKit;
/**
 * The statistics day ('YYYY-MM-DD', STAT_TIMEZONE) of an instant: a task's and an enrolment's dates
 * are such days (a UTC date ended a day early from 16:00 UTC, when it is already tomorrow in
 * Asia/Shanghai).
 */
const statDay = (at: Date | number) => formatDate(at, 'YYYY-MM-DD', k.t.config.statTimeZone);
let tftzId: number;
let droneA: string;
const JUNE = Date.UTC(YEAR, 5, 12, 1);

beforeAll(async () => {
  k = await subsidiesKit();
  droneA = (await k.droneOf(k.ids.operatorA)).drone_id;
}, 120_000);
afterAll(() => k?.t.close());

const body = (over: Record<string, unknown> = {}) => ({
  tftzName: '夏季稻飞虱统防统治',
  region: JIANGSU_CODE,
  startDate: `${YEAR}-06-01`,
  endDate: `${YEAR}-06-30`,
  tftzType: 1,
  zfMonitor: 1,
  ...over,
});

describe('unified tasks: access and input', () => {
  it('lets the government create a task in its province; an operator may not (403)', async () => {
    const res = await k.call('government', 'POST', UNIFIED_TASK_PATH, body());
    expect(res.statusCode, res.body).toBe(200);
    tftzId = res.json().data.tftzId;
    expect(res.json().data).toMatchObject({ status: 4, editable: false, zfMonitor: 1 });
    expect((await k.call('operatorA', 'POST', UNIFIED_TASK_PATH, body())).statusCode).toBe(403);
  });

  it('refuses another government’s region and task, in the caller’s language', async () => {
    const res = await k.call('zhejiang', 'POST', UNIFIED_TASK_PATH, body(), 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/inside your own region/);
    expect((await k.call('zhejiang', 'GET', `${UNIFIED_TASK_PATH}/${tftzId}`)).statusCode).toBe(404);
    expect((await k.call('zhejiang', 'GET', unifiedTaskCallPath(tftzId, 'statOverview'))).statusCode).toBe(
      404,
    );
  });

  it('answers bad input with a translated 400', async () => {
    for (const bad of [
      body({ endDate: `${YEAR}-05-01` }),
      body({ startDate: `${YEAR}-02-30` }),
      body({ tftzName: 'a\u0000b' }),
      body({ region: 12 }),
      body({ tftzType: 9 }),
    ]) {
      const res = await k.call('government', 'POST', UNIFIED_TASK_PATH, bad, 'en');
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).not.toBe('');
    }
  });
});

describe('unified tasks: every call refused where it must be', () => {
  const dates = { dataStartDate: `${YEAR}-06-02`, dataEndDate: `${YEAR}-06-03` };
  const calls = (id: number) =>
    [
      ['GET', UNIFIED_TASK_LIST_PATH, undefined, 'read'],
      ['POST', UNIFIED_TASK_PATH, body(), 'write'],
      ['GET', `${UNIFIED_TASK_PATH}/${id}`, undefined, 'read'],
      ['PATCH', `${UNIFIED_TASK_PATH}/${id}`, { remark: 'x' }, 'write'],
      ['GET', unifiedTaskCallPath(id, 'drones'), undefined, 'read'],
      ['POST', unifiedTaskCallPath(id, 'drones'), { droneIds: ['X1'], ...dates }, 'write'],
      ['PUT', unifiedTaskCallPath(id, 'drones'), { droneIds: ['X1'], ...dates }, 'write'],
      ['DELETE', `${unifiedTaskCallPath(id, 'drones')}?droneIds=X1`, undefined, 'write'],
      ['GET', unifiedTaskCallPath(id, 'statDrones'), undefined, 'read'],
      ['GET', unifiedTaskCallPath(id, 'statOwners'), undefined, 'read'],
      ['GET', unifiedTaskCallPath(id, 'statData'), undefined, 'read'],
      ['GET', unifiedTaskCallPath(id, 'statOverview'), undefined, 'read'],
      ['GET', unifiedTaskCallPath(id, 'sorties'), undefined, 'read'],
    ] as const;

  it('401 without a session, for every call', async () => {
    for (const [method, url, payload] of calls(tftzId))
      expect((await k.call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('403 for an operator’s writes, 404 for another government’s or another operator’s task', async () => {
    for (const [method, url, payload, kind] of calls(tftzId)) {
      if (kind === 'write')
        expect((await k.call('operatorA', method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      if (url.includes(`/${tftzId}`)) {
        const gov = (await k.call('zhejiang', method, url, payload)).statusCode;
        expect(gov, `zhejiang ${method} ${url}`).toBe(404);
        if (kind === 'read')
          expect(
            (await k.call('operatorB', method, url, payload)).statusCode,
            `operatorB ${method} ${url}`,
          ).toBe(404);
      }
    }
  });

  it('403 for a lease manager, who has no task screen', async () => {
    expect((await k.call('leaseManager', 'GET', UNIFIED_TASK_LIST_PATH)).statusCode).toBe(403);
    expect((await k.call('leaseManager', 'POST', UNIFIED_TASK_PATH, body())).statusCode).toBe(403);
  });
});

describe('unified tasks: what counts', () => {
  let before: { sortieId: number };
  it('counts a sortie flown before the enrolment once the drone is enrolled', async () => {
    // An open task (running now) so the enrolment may still change.
    const now = new Date();
    const day = statDay;
    const res = await k.call(
      'government',
      'POST',
      UNIFIED_TASK_PATH,
      body({
        startDate: day(new Date(now.getTime() - 5 * 86_400_000)),
        endDate: day(new Date(now.getTime() + 5 * 86_400_000)),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    tftzId = res.json().data.tftzId;
    before = await k.sortie(k.ids.operatorA, strip(JIANGSU.lng, JIANGSU.lat, Date.now() - 3 * 3_600_000));
    // Out of the period: not a candidate at all.
    await k.sortie(k.ids.operatorA, strip(JIANGSU.lng, JIANGSU.lat, JUNE));
    const dates = { dataStartDate: day(new Date(now.getTime() - 4 * 86_400_000)), dataEndDate: day(now) };
    const enrol = await k.call('government', 'POST', unifiedTaskCallPath(tftzId, 'drones'), {
      droneIds: [droneA, 'NO-SUCH-DRONE'],
      ...dates,
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    expect(enrol.json().data).toMatchObject({ changed: 1, refused: ['NO-SUCH-DRONE'] });
    const o = (await k.call('government', 'GET', unifiedTaskCallPath(tftzId, 'statOverview'))).json().data;
    expect(o).toMatchObject({ status: 2, droneCount: 1, sortieCount: 1, activeDrones: 1 });
    expect(o.areaMu).toBeCloseTo(before.sortieId ? o.areaMu : 0);
    const rows = (await k.call('government', 'GET', unifiedTaskCallPath(tftzId, 'sorties'))).json().data
      .records;
    expect(rows.map((r: { sortieId: number; counted: boolean }) => [r.sortieId, r.counted])).toEqual([
      [before.sortieId, true],
    ]);
  });

  it('lists a sortie outside the enrolment’s dates with its reason, and withdrawal as notEnrolled', async () => {
    const day = statDay;
    const now = Date.now();
    const put = await k.call('government', 'PUT', unifiedTaskCallPath(tftzId, 'drones'), {
      droneIds: [droneA],
      dataStartDate: day(new Date(now - 4 * 86_400_000)),
      dataEndDate: day(new Date(now - 2 * 86_400_000)),
    });
    expect(put.statusCode, put.body).toBe(200);
    let rows = (
      await k.call('government', 'GET', `${unifiedTaskCallPath(tftzId, 'sorties')}?counted=0`)
    ).json().data.records;
    expect(rows.map((r: { reason: string }) => r.reason)).toEqual(['outOfEnrolment']);
    const del = await k.call(
      'government',
      'DELETE',
      `${unifiedTaskCallPath(tftzId, 'drones')}?droneIds=${droneA}`,
    );
    expect(del.statusCode, del.body).toBe(200);
    rows = (await k.call('government', 'GET', unifiedTaskCallPath(tftzId, 'sorties'))).json().data.records;
    expect(rows.map((r: { reason: string }) => r.reason)).toEqual(['notEnrolled']);
  });

  it('makes parallel enrolments of the same drone one enrolment, counted once', async () => {
    const day = statDay;
    const now = Date.now();
    const dates = { dataStartDate: day(new Date(now - 4 * 86_400_000)), dataEndDate: day(new Date(now)) };
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        k.call('government', 'POST', unifiedTaskCallPath(tftzId, 'drones'), { droneIds: [droneA], ...dates }),
      ),
    );
    for (const r of all) expect(r.statusCode, r.body).toBe(200);
    const o = (await k.call('government', 'GET', unifiedTaskCallPath(tftzId, 'statOverview'))).json().data;
    expect(o).toMatchObject({ droneCount: 1, sortieCount: 1 });
    const logs = await k.t.db
      .selectFrom('system_logs')
      .select('id')
      .where('target', '=', `tftzId=${tftzId}`)
      .execute();
    expect(logs.length).toBeGreaterThanOrEqual(8);
  });

  it('shows an operator the task of its drone with its own rows only; another operator nothing', async () => {
    const list = (await k.call('operatorA', 'GET', UNIFIED_TASK_LIST_PATH)).json().data.records;
    expect(list.map((r: { tftzId: number }) => r.tftzId)).toContain(tftzId);
    expect(list.find((r: { tftzId: number }) => r.tftzId === tftzId)?.editable).toBe(false);
    expect((await k.call('operatorB', 'GET', `${UNIFIED_TASK_PATH}/${tftzId}`)).statusCode).toBe(404);
    expect(
      (await k.call('operatorA', 'PATCH', `${UNIFIED_TASK_PATH}/${tftzId}`, { status: 6 })).statusCode,
    ).toBe(403);
  });

  it('counts a sortie landing through POST /api/telemetry/batch within 2 s', async () => {
    const t = k.t;
    const headers = k.auth.operatorA as Record<string, string>;
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/account/secretKey',
      payload: { vid: 'ut-gw' },
      headers,
    });
    const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers })).body;
    const basic = Buffer.from(`ut-gw:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');
    const start = Date.now() - 5 * 60_000;
    const points = strip(JIANGSU.lng + 0.01, JIANGSU.lat, start, 90);
    const last = points.at(-1) as TelemetryPoint;
    const landed = [
      ...points,
      { ...last, recordTime: last.recordTime + 1000, height: 0, speed: 0, pump: false },
    ];
    const before = (await k.call('government', 'GET', unifiedTaskCallPath(tftzId, 'statOverview'))).json()
      .data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId: droneA, points: landed }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The drone lands: its next message, on the ground a little later, closes the sortie.
    const ground = { ...last, recordTime: last.recordTime + 40_000, height: 0, speed: 0, pump: false };
    await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId: droneA, points: [ground] }] },
    });
    const t0 = Date.now();
    let o = before;
    while (o.sortieCount === before.sortieCount && Date.now() - t0 < 20_000) {
      await t.app.telemetry.writer.drain();
      o = (await k.call('government', 'GET', unifiedTaskCallPath(tftzId, 'statOverview'))).json().data;
    }
    expect(o.sortieCount).toBe(before.sortieCount + 1);
  });
});

describe('unified tasks: the sorties list', () => {
  it('pages the same rows whichever way a page is found (a day seek for the task, either end for a drone)', async () => {
    const day = statDay;
    const now = Date.now();
    const period = { startDate: day(now - 5 * 86_400_000), endDate: day(now + 5 * 86_400_000) };
    const task = (
      await k.call('government', 'POST', UNIFIED_TASK_PATH, body({ tftzName: 'paging', ...period }))
    ).json().data.tftzId as number;
    // Seven sorties of one drone, 11 hours apart: four statistics days, so a page may start in any.
    for (let i = 0; i < 7; i++)
      await k.sortie(
        k.ids.operatorA,
        strip(JIANGSU.lng, JIANGSU.lat, now - 4 * 86_400_000 + i * 11 * 3_600_000, 30),
      );
    const enrol = await k.call('government', 'POST', unifiedTaskCallPath(task, 'drones'), {
      droneIds: [droneA],
      dataStartDate: period.startDate,
      dataEndDate: period.endDate,
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const page = async (currentPage: number, pageSize: number, filter = '') =>
      (
        await k.call(
          'government',
          'GET',
          `${unifiedTaskCallPath(task, 'sorties')}?currentPage=${currentPage}&pageSize=${pageSize}${filter}`,
        )
      ).json().data as { total: number; records: { sortieId: number; startTime: number }[] };
    for (const filter of ['', '&counted=1', `&droneId=${droneA}`]) {
      const all = await page(1, 100, filter);
      // Seven, and the drone's sorties of the tests before.
      expect(all.total).toBeGreaterThanOrEqual(7);
      const ids = all.records.map((r) => r.sortieId);
      expect(ids).toHaveLength(all.total);
      const times = all.records.map((r) => r.startTime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const size of [1, 2, 3, 5])
        for (let p = 1; p <= Math.ceil(ids.length / size) + 1; p++)
          expect(
            (await page(p, size, filter)).records.map((r) => r.sortieId),
            `page ${p} of ${size}${filter}`,
          ).toEqual(ids.slice((p - 1) * size, p * size));
    }
  });
});
