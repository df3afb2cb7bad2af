/**
 * Block calls (001 §7 "Blocks", family /api/drone/block/manage) against real PostgreSQL: 401
 * without a token and 403 for roles without the BlockList screen on every call, another tenant's
 * block refused (404), validation answered in the caller's language, create / edit / detail, delete
 * refused while sorties or routes refer to the block, force delete detaching them, and list filters.
 */
import { BLOCK_BASE, MONITOR_BASE } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, blocksKit, HENAN, JIANGSU, type Method, polygon, square } from './blocks.kit.ts';

let k: Awaited<ReturnType<typeof blocksKit>>;
beforeAll(async () => {
  k = await blocksKit();
});
afterAll(async () => {
  await k?.t.close();
});

describe('every block call', () => {
  const calls: Array<[Method, string, unknown?]> = [
    ['GET', `${BLOCK_BASE}/list`],
    ['GET', `${BLOCK_BASE}/all`],
    ['POST', BLOCK_BASE, block()],
    ['GET', `${BLOCK_BASE}/1`],
    ['PUT', BLOCK_BASE, { ...block(), blockId: 1 }],
    ['DELETE', `${BLOCK_BASE}?ids=1,2`],
    ['DELETE', `${BLOCK_BASE}/force/1`],
    ['POST', `${BLOCK_BASE}/share/1`, { targetUserPhone: '13800000006' }],
    ['DELETE', `${BLOCK_BASE}/share/1/1`],
    ['GET', `${BLOCK_BASE}/1/sorties`],
    ['GET', `${BLOCK_BASE}/1/coverage`],
    ['GET', `${MONITOR_BASE}/blocks?minLng=120&maxLng=121&minLat=33&maxLat=34`],
  ];

  it.each(calls)('%s %s answers 401 without a token', async (method, url, body) => {
    expect((await k.call(method, url, null, body)).statusCode).toBe(401);
  });

  it.each(calls)('%s %s answers 403 to the lease manager and a farmer', async (method, url, body) => {
    for (const role of ['leaseManager', 'farmer'] as const)
      expect((await k.call(method, url, role, body)).statusCode, role).toBe(403);
  });

  it.each(calls.slice(0, -1))(
    '%s %s answers 403 to staff (no BlockList screen)',
    async (method, url, body) => {
      expect((await k.call(method, url, 'staff', body)).statusCode).toBe(403);
    },
  );

  it('lets staff see the blocks layer of the monitor (MonitorView screen)', async () => {
    const url = `${MONITOR_BASE}/blocks?minLng=120&maxLng=121&minLat=33&maxLat=34`;
    expect((await k.call('GET', url, 'staff')).statusCode).toBe(200);
  });

  it('refuses another tenant every call on a block it cannot see (404, translated)', async () => {
    const { blockId } = await k.create('operatorA');
    const others: Array<[Method, string, unknown?]> = [
      ['GET', `${BLOCK_BASE}/${blockId}`],
      ['PUT', BLOCK_BASE, { ...block(), blockId }],
      ['DELETE', `${BLOCK_BASE}?ids=${blockId}`],
      ['DELETE', `${BLOCK_BASE}/force/${blockId}`],
      ['POST', `${BLOCK_BASE}/share/${blockId}`, { targetUserPhone: '13800000004' }],
      ['DELETE', `${BLOCK_BASE}/share/${blockId}/1`],
      ['GET', `${BLOCK_BASE}/${blockId}/sorties`],
      ['GET', `${BLOCK_BASE}/${blockId}/coverage`],
    ];
    for (const [method, url, body] of others) {
      const res = await k.call(method, url, 'makerB', body, 'en');
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Block not found');
    }
    const list = (await k.call('GET', `${BLOCK_BASE}/list?size=500`, 'makerB')).json().data;
    expect(list.records.some((b: { blockId: number }) => b.blockId === blockId)).toBe(false);
    const mon = await k.call(
      'GET',
      `${MONITOR_BASE}/blocks?minLng=120&maxLng=121&minLat=33&maxLat=34`,
      'makerB',
    );
    expect(mon.json().data.records.some((b: { blockId: number }) => b.blockId === blockId)).toBe(false);
    // Still there for its owner.
    expect((await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorA')).statusCode).toBe(200);
  });
});

describe('create, detail and edit', () => {
  it('stores the polygon with its hole, its area net of the hole, a centre inside it and its region', async () => {
    const outer = square(JIANGSU[0], JIANGSU[1], 0.01);
    const hole = square(JIANGSU[0] + 0.003, JIANGSU[1] + 0.003, 0.004).reverse();
    const solid = await k.create('operatorA', block({ blockName: '实心田' }));
    const holed = await k.create(
      'operatorA',
      block({ blockName: '带障碍田', geometry: polygon(outer, hole) }),
    );
    expect(holed.areaMu).toBeLessThan(solid.areaMu);
    expect(holed.areaMu / solid.areaMu).toBeCloseTo(1 - 0.16, 2);
    // About 0.01° x 0.01° at 33.8°N: ~1,110 m x ~925 m = ~1,540 mu.
    expect(solid.areaMu).toBeGreaterThan(1450);
    expect(solid.areaMu).toBeLessThan(1650);
    const d = (await k.call('GET', `${BLOCK_BASE}/${holed.blockId}`, 'operatorA')).json().data;
    expect(d).toMatchObject({
      blockName: '带障碍田',
      cropId: 1,
      remark: '水稻',
      shared: false,
      editable: true,
      routeCount: 0,
      shares: [],
      sortieCount: 0,
      lastSprayedAt: null,
    });
    expect(d.geometry.coordinates).toHaveLength(2);
    expect(Math.floor(d.regionCode / 10_000)).toBe(15632);
    // The vertex mean is in the hole: the centre moved out of it, inside the field.
    const [cx, cy] = d.center;
    const inHole =
      cx > JIANGSU[0] + 0.003 &&
      cx < JIANGSU[0] + 0.007 &&
      cy > JIANGSU[1] + 0.003 &&
      cy < JIANGSU[1] + 0.007;
    expect(inHole).toBe(false);
    expect(cx > JIANGSU[0] && cx < JIANGSU[0] + 0.01 && cy > JIANGSU[1] && cy < JIANGSU[1] + 0.01).toBe(true);
    const row = await k.t.db
      .selectFrom('blocks')
      .select(['shape', 'yy_account_id', 'created_by', 'extent_deg'])
      .where('block_id', '=', holed.blockId)
      .executeTakeFirstOrThrow();
    expect(row.yy_account_id).toBe(k.ids.operatorA);
    expect(row.extent_deg).toBeCloseTo(0.01, 9);
    expect(String(row.shape).startsWith('((120.25,33.78),')).toBe(true);
    // The write is in the system log.
    const log = await k.t.db
      .selectFrom('system_logs')
      .select(['action', 'result'])
      .where('action', '=', `POST ${BLOCK_BASE}`)
      .where('result', '=', 200)
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  it('edits the whole block; the platform may edit any block', async () => {
    const { blockId } = await k.create('operatorA');
    const moved = block({
      blockId,
      blockName: '改名',
      geometry: polygon(square(...HENAN, 0.005)),
      cropId: null,
    });
    const res = await k.call('PUT', BLOCK_BASE, 'operatorA', moved);
    expect(res.statusCode, res.body).toBe(200);
    const d = (await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorA')).json().data;
    expect(d).toMatchObject({ blockName: '改名', cropId: null });
    expect(Math.floor(d.regionCode / 10_000)).toBe(15641);
    expect((await k.call('PUT', BLOCK_BASE, 'platform', { ...moved, blockName: '平台改' })).statusCode).toBe(
      200,
    );
  });

  it('answers bad input with a 4xx in the caller language, never a 5xx', async () => {
    const bow = polygon([
      [120, 33],
      [120.01, 33.01],
      [120.01, 33],
      [120, 33.01],
      [120, 33],
    ]);
    const cases: Array<[Method, string, unknown, number]> = [
      ['POST', BLOCK_BASE, block({ geometry: bow }), 400],
      [
        'POST',
        BLOCK_BASE,
        block({
          geometry: polygon([
            [120, 33],
            [120.1, 33],
            [120, 33],
          ]),
        }),
        400,
      ],
      ['POST', BLOCK_BASE, block({ geometry: { type: 'Point', coordinates: [120, 33] } }), 400],
      ['POST', BLOCK_BASE, block({ blockName: 'a\u0000b' }), 400],
      ['POST', BLOCK_BASE, block({ blockName: '   ' }), 400],
      ['POST', BLOCK_BASE, block({ cropId: 99 }), 400],
      ['POST', BLOCK_BASE, block({ medId: 99_999 }), 400],
      ['POST', BLOCK_BASE, block({ geometry: polygon(square(200, 33)) }), 400],
      ['PUT', BLOCK_BASE, { ...block(), blockId: 99_999_999_999 }, 400],
      ['GET', `${BLOCK_BASE}/99999999999999`, undefined, 400],
      ['GET', `${BLOCK_BASE}/abc`, undefined, 400],
      ['DELETE', `${BLOCK_BASE}?ids=`, undefined, 400],
      ['DELETE', BLOCK_BASE, undefined, 400],
      ['DELETE', `${BLOCK_BASE}?ids=1,,2`, undefined, 400],
      ['DELETE', `${BLOCK_BASE}?ids=1,x`, undefined, 400],
      ['DELETE', `${BLOCK_BASE}?ids=99999999999`, undefined, 400],
      ['DELETE', `${BLOCK_BASE}?ids=1%002`, undefined, 400],
      ['GET', `${BLOCK_BASE}/list?search=a%00b`, undefined, 400],
      ['GET', `${BLOCK_BASE}/list?size=501`, undefined, 400],
      ['GET', `${BLOCK_BASE}/list?region=12`, undefined, 400],
      ['GET', `${BLOCK_BASE}/1/sorties?startTime=1e30`, undefined, 400],
      ['GET', `${MONITOR_BASE}/blocks?minLng=121&maxLng=120&minLat=33&maxLat=34`, undefined, 400],
      ['GET', `${MONITOR_BASE}/blocks?minLng=x&maxLng=120&minLat=33&maxLat=34`, undefined, 400],
      ['POST', `${BLOCK_BASE}/share/1`, { targetUserPhone: '\u0000\u0000\u0000\u0000\u0000' }, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const zh = await k.call(method, url, 'operatorA', body, 'zh');
      const en = await k.call(method, url, 'operatorA', body, 'en');
      expect(zh.statusCode, `${method} ${url} ${zh.body}`).toBe(status);
      expect(en.statusCode).toBe(status);
      expect(zh.json().message).not.toBe(en.json().message);
    }
    const res = await k.call('POST', BLOCK_BASE, 'operatorA', block({ geometry: bow }), 'en');
    expect(res.json().message).toMatch(/crosses itself/);
    const zh = await k.call('POST', BLOCK_BASE, 'operatorA', block({ geometry: bow }), 'zh');
    expect(zh.json().message).toMatch(/自相交/);
    const point = await k.call(
      'POST',
      BLOCK_BASE,
      'operatorA',
      block({
        geometry: polygon([
          [120, 33],
          [120.1, 33],
          [120, 33],
        ]),
      }),
      'en',
    );
    expect(point.json().message).toMatch(/at least/);
  });
});

describe('delete', () => {
  it('refuses a block sorties or routes refer to, naming it, all or nothing; force delete detaches them', async () => {
    const free = await k.create('operatorA', block({ blockName: '空闲田' }));
    const used = await k.create('operatorA', block({ blockName: '已作业田' }));
    const { sortieId } = await k.sortieOn(used.blockId, JIANGSU[0] + 0.001, JIANGSU[1] + 0.005);
    const routeId = await k.routeOf(used.blockId, k.ids.operatorA);
    const res = await k.call(
      'DELETE',
      `${BLOCK_BASE}?ids=${free.blockId},${used.blockId}`,
      'operatorA',
      undefined,
      'en',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Block "已作业田" is referred to by 1 sorties and 1 routes and cannot be deleted; use force delete to detach them and delete it',
    );
    const zh = await k.call('DELETE', `${BLOCK_BASE}?ids=${used.blockId}`, 'operatorA');
    expect(zh.json().message).toContain('地块「已作业田」已被 1 个架次和 1 条航线引用');
    // Nothing was deleted.
    expect((await k.call('GET', `${BLOCK_BASE}/${free.blockId}`, 'operatorA')).statusCode).toBe(200);

    const force = await k.call('DELETE', `${BLOCK_BASE}/force/${used.blockId}`, 'operatorA');
    expect(force.statusCode, force.body).toBe(200);
    expect(force.json().data).toEqual({ deleted: 1 });
    const s = await k.t.db
      .selectFrom('sorties')
      .select('block_id')
      .where('sortie_id', '=', sortieId)
      .executeTakeFirstOrThrow();
    expect(s.block_id).toBeNull();
    const r = await k.t.db
      .selectFrom('block_routes')
      .select(['block_id', 'block_geometry'])
      .where('route_id', '=', routeId)
      .executeTakeFirstOrThrow();
    expect(r.block_id).toBeNull();
    expect(r.block_geometry).toMatchObject({ type: 'Polygon' });
    expect((await k.call('GET', `${BLOCK_BASE}/${used.blockId}`, 'operatorA')).statusCode).toBe(404);

    const plain = await k.call('DELETE', `${BLOCK_BASE}?ids=${free.blockId},${free.blockId}`, 'operatorA');
    expect(plain.json().data).toEqual({ deleted: 1 });
    expect((await k.call('DELETE', `${BLOCK_BASE}?ids=${free.blockId}`, 'operatorA')).statusCode).toBe(404);
  });

  it("deletes nothing when one id is not the caller's", async () => {
    const mine = await k.create('operatorA', block({ blockName: '我的' }));
    const theirs = await k.create('operatorB', block({ blockName: '别人的' }));
    const res = await k.call('DELETE', `${BLOCK_BASE}?ids=${mine.blockId},${theirs.blockId}`, 'operatorA');
    expect(res.statusCode).toBe(404);
    expect((await k.call('GET', `${BLOCK_BASE}/${mine.blockId}`, 'operatorA')).statusCode).toBe(200);
    const logs = await k.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('action', 'in', [`DELETE ${BLOCK_BASE}`, `DELETE ${BLOCK_BASE}/force/:id`])
      .where('result', '=', 200)
      .execute();
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });
});

describe('list', () => {
  it('filters by search, region, crop, own account and sub-accounts, with the filtered area', async () => {
    const a = await k.create('operatorA', block({ blockName: '滤镜A甲', cropId: 3, remark: '小麦' }));
    const b = await k.create(
      'operatorA',
      block({ blockName: '滤镜A乙', cropId: 4, geometry: polygon(square(...HENAN)) }),
    );
    const s = await k.create('sub', block({ blockName: '滤镜子账号', cropId: 3 }));
    const list = async (q: string) => {
      const res = await k.call('GET', `${BLOCK_BASE}/list?size=500&${q}`, 'operatorA');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        records: Array<{ blockId: number; areaMu: number }>;
        total: number;
        totalAreaMu: number;
      };
    };
    const ids = (d: { records: Array<{ blockId: number }> }) => d.records.map((r) => r.blockId).sort();
    expect(ids(await list('search=滤镜'))).toEqual([a.blockId, b.blockId, s.blockId].sort());
    expect(ids(await list('search=小麦'))).toEqual([a.blockId]);
    expect(ids(await list('search=丰收飞防东片'))).toContain(s.blockId);
    expect(ids(await list('search=滤镜&cropId=3'))).toEqual([a.blockId, s.blockId].sort());
    expect(ids(await list('search=滤镜&region=156410000'))).toEqual([b.blockId]);
    expect(ids(await list('search=滤镜&onlyMyAccount=1'))).toEqual([a.blockId, b.blockId].sort());
    expect(ids(await list('search=滤镜&onlySubAccount=true'))).toEqual([s.blockId]);
    expect(ids(await list('search=%25_'))).toEqual([]);
    const both = await list('search=滤镜&onlyMyAccount=1');
    expect(both.total).toBe(2);
    expect(both.totalAreaMu).toBeCloseTo(a.areaMu + b.areaMu, 1);
    const page = (
      await k.call('GET', `${BLOCK_BASE}/list?search=滤镜&size=1&pageIndex=2`, 'operatorA')
    ).json().data;
    expect(page).toMatchObject({ current: 2, size: 1, total: 3 });
    expect(page.records).toHaveLength(1);
    // The sub-account edits its own blocks and sees none of its parent's.
    const sub = await list('x=1');
    expect(
      (await k.call('GET', `${BLOCK_BASE}/list?size=500`, 'sub'))
        .json()
        .data.records.map((r: { blockId: number }) => r.blockId),
    ).not.toContain(a.blockId);
    expect(sub.records.find((r) => r.blockId === s.blockId)).toMatchObject({ editable: true, shared: false });
    expect((await k.call('GET', `${BLOCK_BASE}/${a.blockId}`, 'sub')).statusCode).toBe(404);
  });

  it('pages every block by 500 (all)', async () => {
    const res = await k.call('GET', `${BLOCK_BASE}/all`, 'platform');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.size).toBe(500);
    expect(d.records.length).toBe(Math.min(500, d.total));
    expect((await k.call('GET', `${BLOCK_BASE}/all?size=501`, 'platform')).statusCode).toBe(400);
  });
});
