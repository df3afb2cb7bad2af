/**
 * No-fly zone calls (001 §7 "No-fly zones", family /api/drone/nofly/manage) against real
 * PostgreSQL: for each call 401 without a token, 403 for a role without the screen or the right to
 * write, another tenant's zone refused, bad input answered in the caller's language, and the
 * behaviour (list with its counts, create, edit, enable, delete, detail with versions).
 */
import { NOFLY_BASE } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AIRPORTS } from '../src/demo/nofly.ts';
import { createTestApp, type FleetRole, fleetCallers, type TestApp } from './helper.ts';

let t: TestApp;
let auth: Record<FleetRole, Record<string, string>>;

/** A square of `side` degrees with its south-west corner at lng, lat. */
const square = (lng: number, lat: number, side = 0.01) => [
  [
    [lng, lat],
    [lng + side, lat],
    [lng + side, lat + side],
    [lng, lat + side],
    [lng, lat],
  ],
];
/** Sheyang county, Yancheng, Jiangsu (the government's province). */
const JIANGSU_SPOT = [120.25, 33.78] as const;
/** Zhoukou, Henan (outside it). */
const HENAN_SPOT = [114.61, 33.54] as const;

const zone = (over: Record<string, unknown> = {}) => ({
  name: '测试禁飞区',
  detailAddress: '江苏省盐城市射阳县',
  noflyType: 1,
  shape: 'polygon',
  geometry: { type: 'Polygon', coordinates: square(...JIANGSU_SPOT) },
  ...over,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, role: FleetRole | null, payload?: unknown, lang = 'zh') =>
  t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
  });

async function create(role: FleetRole, body: Record<string, unknown> = zone()) {
  const res = await call('POST', NOFLY_BASE, role, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { noflyId: number; version: number };
}
const detail = async (id: number, role: FleetRole = 'platform') =>
  (await call('GET', `${NOFLY_BASE}/detail?noflyId=${id}`, role)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  auth = (await fleetCallers(t)).auth;
});
afterAll(async () => {
  await t?.close();
});

describe('every no-fly call', () => {
  const calls: Array<[Method, string, unknown?]> = [
    ['GET', `${NOFLY_BASE}/list`],
    ['GET', `${NOFLY_BASE}/detail?noflyId=1`],
    ['POST', NOFLY_BASE, zone()],
    ['PUT', NOFLY_BASE, { ...zone(), noflyId: 1 }],
    ['PUT', `${NOFLY_BASE}/enable`, { noflyId: 1, opr: 0 }],
    ['DELETE', `${NOFLY_BASE}/1`],
  ];

  it.each(calls)('%s %s answers 401 without a token', async (method, url, body) => {
    expect((await call(method, url, null, body)).statusCode).toBe(401);
  });

  it.each(calls)(
    '%s %s answers 403 to the lease manager (no NoFlyZoneList screen)',
    async (method, url, body) => {
      expect((await call(method, url, 'leaseManager', body)).statusCode).toBe(403);
    },
  );

  it.each(calls.slice(2))(
    '%s %s answers 403 to manufacturers and operators: they read zones, never change them',
    async (method, url, body) => {
      for (const role of ['makerA', 'operatorA'] as const) {
        const res = await call(method, url, role, body, 'en');
        expect(res.statusCode, `${role} ${res.body}`).toBe(403);
        expect(res.json().message).toBe('Only platform and government accounts manage no-fly zones');
      }
    },
  );
});

describe('list and detail', () => {
  it('lists every zone to the platform with the counts of the filtered set', async () => {
    const all = (await call('GET', `${NOFLY_BASE}/list?pageSize=100`, 'platform')).json().data;
    expect(all.total).toBe(all.civilNoflyNum + all.notCivilNoflyNum);
    expect(all.civilNoflyNum).toBe(DEMO_AIRPORTS.length);
    expect(all.records.some((z: { enabled: boolean }) => !z.enabled)).toBe(true);
    const civil = (await call('GET', `${NOFLY_BASE}/list?noflyType=2`, 'platform')).json().data;
    expect(civil).toMatchObject({
      total: DEMO_AIRPORTS.length,
      civilNoflyNum: DEMO_AIRPORTS.length,
      notCivilNoflyNum: 0,
    });
    expect(civil.records.every((z: { noflyType: number }) => z.noflyType === 2)).toBe(true);
    const page2 = (await call('GET', `${NOFLY_BASE}/list?pageSize=2&currentPage=2`, 'platform')).json().data;
    expect(page2).toMatchObject({ current: 2, size: 2, total: all.total });
    expect(page2.records).toHaveLength(2);
    expect((await call('GET', `${NOFLY_BASE}/list?noflyType=3`, 'platform')).statusCode).toBe(400);
  });

  it('shows a government the zones of its region only; others are 404 to it', async () => {
    const gov = (await call('GET', `${NOFLY_BASE}/list?pageSize=100`, 'government')).json().data;
    expect(gov.records.map((z: { name: string }) => z.name).sort()).toEqual(
      ['射阳县某水库管理区（演示）', '盐城南洋国际机场'].sort(),
    );
    const all = (await call('GET', `${NOFLY_BASE}/list?pageSize=100`, 'makerA')).json().data;
    const henan = all.records.find(
      (z: { regionCode: number }) => Math.floor(z.regionCode / 10_000) === 15641,
    );
    expect(henan).toBeDefined();
    expect(
      (await call('GET', `${NOFLY_BASE}/detail?noflyId=${henan.noflyId}`, 'government')).statusCode,
    ).toBe(404);
    expect((await call('GET', `${NOFLY_BASE}/detail?noflyId=${henan.noflyId}`, 'makerA')).statusCode).toBe(
      200,
    );
    expect(all.records.every((z: { editable: boolean }) => !z.editable)).toBe(true);
  });

  it('answers 404 for an unknown zone and 400 for a bad id', async () => {
    expect((await call('GET', `${NOFLY_BASE}/detail?noflyId=999999`, 'platform')).statusCode).toBe(404);
    expect((await call('GET', `${NOFLY_BASE}/detail?noflyId=abc`, 'platform')).statusCode).toBe(400);
  });
});

describe('create, edit, enable, delete', () => {
  it('creates a polygon and a circle (version 1), region from the place, visible in the list', async () => {
    const p = await create('platform', zone({ name: '平台多边形' }));
    expect(p.version).toBe(1);
    const d = await detail(p.noflyId);
    expect(d).toMatchObject({
      name: '平台多边形',
      noflyType: 1,
      shape: 'polygon',
      enabled: true,
      version: 1,
      editable: true,
      createdByAccountName: expect.any(String),
    });
    expect(Math.floor(d.regionCode / 10_000)).toBe(15632);
    expect(d.versions).toMatchObject([{ version: 1, change: 'create', changedByName: expect.any(String) }]);
    const c = await create('platform', {
      ...zone({ name: '平台圆形', noflyType: 2 }),
      shape: 'circle',
      geometry: { type: 'Point', coordinates: [...HENAN_SPOT] },
      radiusM: 500,
    });
    expect(await detail(c.noflyId)).toMatchObject({ shape: 'circle', radiusM: 500, noflyType: 2 });
  });

  it('edits, disables, enables and deletes, each a new version; deleted zones leave the list', async () => {
    const { noflyId } = await create('platform');
    const moved = {
      ...zone({ name: '改过的名字' }),
      noflyId,
      geometry: { type: 'Polygon', coordinates: square(120.3, 33.8) },
    };
    expect((await call('PUT', NOFLY_BASE, 'platform', moved)).json().data).toEqual({ noflyId, version: 2 });
    expect(
      (await call('PUT', `${NOFLY_BASE}/enable`, 'platform', { noflyId, opr: 0 })).json().data.version,
    ).toBe(3);
    // Disabling a disabled zone changes nothing.
    expect(
      (await call('PUT', `${NOFLY_BASE}/enable`, 'platform', { noflyId, opr: 0 })).json().data.version,
    ).toBe(3);
    expect(await detail(noflyId)).toMatchObject({ enabled: false, name: '改过的名字', version: 3 });
    expect(
      (await call('PUT', `${NOFLY_BASE}/enable`, 'platform', { noflyId, opr: 1 })).json().data.version,
    ).toBe(4);
    const del = await call('DELETE', `${NOFLY_BASE}/${noflyId}`, 'platform');
    expect(del.json().data).toEqual({ noflyId, version: 5 });
    expect((await call('GET', `${NOFLY_BASE}/detail?noflyId=${noflyId}`, 'platform')).statusCode).toBe(404);
    expect((await call('DELETE', `${NOFLY_BASE}/${noflyId}`, 'platform')).statusCode).toBe(404);
    const list = (await call('GET', `${NOFLY_BASE}/list?pageSize=500`, 'platform')).json().data;
    expect(list.records.some((z: { noflyId: number }) => z.noflyId === noflyId)).toBe(false);
    // The history stays, whole: every version with what it was.
    const versions = await t.db
      .selectFrom('nofly_zone_versions')
      .select(['version', 'change', 'name', 'enabled'])
      .where('zone_id', '=', noflyId)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, change: 'create', name: '测试禁飞区', enabled: true },
      { version: 2, change: 'update', name: '改过的名字', enabled: true },
      { version: 3, change: 'disable', name: '改过的名字', enabled: false },
      { version: 4, change: 'enable', name: '改过的名字', enabled: true },
      { version: 5, change: 'delete', name: '改过的名字', enabled: false },
    ]);
  });

  it('lets a government create in its region and change its own zones only', async () => {
    const own = await create('government', zone({ name: '政府自设' }));
    expect(await detail(own.noflyId, 'government')).toMatchObject({ editable: true });
    const put = await call('PUT', NOFLY_BASE, 'government', {
      ...zone({ name: '政府改名' }),
      noflyId: own.noflyId,
    });
    expect(put.statusCode, put.body).toBe(200);
    // Outside its region: refused, nothing stored.
    const before = (await call('GET', `${NOFLY_BASE}/list`, 'platform')).json().data.total;
    const far = await call(
      'POST',
      NOFLY_BASE,
      'government',
      zone({ geometry: { type: 'Polygon', coordinates: square(...HENAN_SPOT) } }),
      'en',
    );
    expect(far.statusCode).toBe(403);
    expect(far.json().message).toBe('The zone must lie within the region you govern');
    // Moving its own zone out of its region: refused too.
    const out = await call('PUT', NOFLY_BASE, 'government', {
      ...zone(),
      noflyId: own.noflyId,
      geometry: { type: 'Polygon', coordinates: square(...HENAN_SPOT) },
    });
    expect(out.statusCode).toBe(403);
    expect((await call('GET', `${NOFLY_BASE}/list`, 'platform')).json().data.total).toBe(before);
  });

  it("refuses a government another account's zone: 403 in its region (visible), 404 elsewhere", async () => {
    const jiangsu = await create('platform', zone({ name: '平台在江苏' }));
    const henan = await create(
      'platform',
      zone({ name: '平台在河南', geometry: { type: 'Polygon', coordinates: square(...HENAN_SPOT) } }),
    );
    expect(await detail(jiangsu.noflyId, 'government')).toMatchObject({ editable: false });
    for (const [id, status] of [
      [jiangsu.noflyId, 403],
      [henan.noflyId, 404],
    ] as const) {
      expect((await call('PUT', NOFLY_BASE, 'government', { ...zone(), noflyId: id })).statusCode).toBe(
        status,
      );
      expect(
        (await call('PUT', `${NOFLY_BASE}/enable`, 'government', { noflyId: id, opr: 0 })).statusCode,
      ).toBe(status);
      expect((await call('DELETE', `${NOFLY_BASE}/${id}`, 'government')).statusCode).toBe(status);
    }
    expect(await detail(jiangsu.noflyId)).toMatchObject({ version: 1, enabled: true, name: '平台在江苏' });
    expect(await detail(henan.noflyId)).toMatchObject({ version: 1, enabled: true });
  });
});

describe('bad input is refused in the caller’s language and changes nothing', () => {
  const bowtie = [
    [
      [120.25, 33.78],
      [120.27, 33.8],
      [120.27, 33.78],
      [120.25, 33.8],
      [120.25, 33.78],
    ],
  ];
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'a self-intersecting polygon',
      zone({ geometry: { type: 'Polygon', coordinates: bowtie } }),
      'The polygon crosses itself (near 120.26, 33.79); move the points so no edges cross',
      '多边形的边自相交（约在 120.26, 33.79），请调整顶点使边不交叉',
    ],
    [
      'fewer than 3 points',
      zone({
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [120.25, 33.78],
              [120.26, 33.79],
              [120.25, 33.78],
            ],
          ],
        },
      }),
      'A polygon needs at least 3 different points',
      '多边形至少需要 3 个不同的顶点',
    ],
    [
      'a circle of radius 0',
      { ...zone(), shape: 'circle', geometry: { type: 'Point', coordinates: [120.25, 33.78] }, radiusM: 0 },
      'The radius of a circular zone must be 10 m to 100000 m',
      '圆形禁飞区半径须在 10 米至 100000 米之间',
    ],
    ['a NUL byte in the name', zone({ name: 'bad\u0000name' }), 'Invalid value for name', '参数 name 有误'],
    ['an empty name', zone({ name: '  ' }), 'Invalid value for name', '参数 name 有误'],
    ['a noflyType of 3', zone({ noflyType: 3 }), 'Invalid value for noflyType', '参数 noflyType 有误'],
  ];

  it.each(cases)('POST with %s', async (_, body, en, zh) => {
    const before = (await call('GET', `${NOFLY_BASE}/list`, 'platform')).json().data.total;
    const res = await call('POST', NOFLY_BASE, 'platform', body, 'en');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(en);
    expect((await call('POST', NOFLY_BASE, 'platform', body, 'zh')).json().message).toBe(zh);
    expect((await call('GET', `${NOFLY_BASE}/list`, 'platform')).json().data.total).toBe(before);
  });

  it('PUT with a self-intersecting polygon keeps the zone as it was; bad opr and ids are 400', async () => {
    const { noflyId } = await create('platform');
    const res = await call(
      'PUT',
      NOFLY_BASE,
      'platform',
      { ...zone({ geometry: { type: 'Polygon', coordinates: bowtie } }), noflyId },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/crosses itself/);
    expect(await detail(noflyId)).toMatchObject({ version: 1 });
    expect((await call('PUT', `${NOFLY_BASE}/enable`, 'platform', { noflyId, opr: 2 })).statusCode).toBe(400);
    expect((await call('DELETE', `${NOFLY_BASE}/0`, 'platform')).statusCode).toBe(400);
    expect((await call('DELETE', `${NOFLY_BASE}/99999999999`, 'platform')).statusCode).toBe(400);
  });
});
