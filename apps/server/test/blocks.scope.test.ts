/**
 * Who sees and changes which block (modules/blocks/README.md): shares by phone (the target reads,
 * never writes), a government reads the blocks of its region only, sub-accounts, the platform; the
 * block's sorties and coverage; the monitor's blocks in the map range.
 */
import { BLOCK_BASE, MONITOR_BASE } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, blocksKit, HENAN, JIANGSU, polygon, square } from './blocks.kit.ts';

let k: Awaited<ReturnType<typeof blocksKit>>;
beforeAll(async () => {
  k = await blocksKit();
});
afterAll(async () => {
  await k?.t.close();
});

const share = (
  blockId: number,
  phone: string,
  role: 'operatorA' | 'sub' | 'operatorB' = 'operatorA',
  lang = 'zh',
) => k.call('POST', `${BLOCK_BASE}/share/${blockId}`, role, { targetUserPhone: phone }, lang);

describe('share', () => {
  it('shares with a user by phone; the target reads it as shared, never writes it', async () => {
    const { blockId } = await k.create('operatorA', block({ blockName: '分享田' }));
    const res = await share(blockId, '86-13800000006');
    expect(res.statusCode, res.body).toBe(200);
    const rec = (await k.call('GET', `${BLOCK_BASE}/list?search=分享田`, 'operatorB')).json().data.records;
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({ blockId, shared: true, editable: false, sharedBy: '丰收飞防服务合作社' });
    const d = await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorB');
    expect(d.statusCode).toBe(200);
    expect(d.json().data.shares).toEqual([]);
    // Owner's detail lists the share (phone masked).
    const own = (await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorA')).json().data;
    expect(own.shares).toEqual([
      expect.objectContaining({
        userId: expect.any(Number),
        userName: '孙丽',
        phone: '86-138*****006',
        accountName: '绿野植保服务队',
      }),
    ]);
    const writes = [
      ['PUT', BLOCK_BASE, { ...block(), blockId }],
      ['DELETE', `${BLOCK_BASE}?ids=${blockId}`],
      ['DELETE', `${BLOCK_BASE}/force/${blockId}`],
      ['POST', `${BLOCK_BASE}/share/${blockId}`, { targetUserPhone: '13800000007' }],
      ['DELETE', `${BLOCK_BASE}/share/${blockId}/${own.shares[0].userId}`],
    ] as const;
    for (const [method, url, body] of writes) {
      const r = await k.call(method, url, 'operatorB', body, 'en');
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(r.json().message).toBe(
        'Block "分享田" belongs to neither your account nor its sub-accounts: you can only view it',
      );
    }
    expect((await k.call('GET', `${BLOCK_BASE}/${blockId}/sorties`, 'operatorB')).statusCode).toBe(200);
  });
  // Unknown phones, sharing twice and unsharing: blocks.share.test.ts.
});

describe('government, platform, sub-accounts', () => {
  it('shows a government the blocks of its region, read-only, and nothing outside it', async () => {
    const inside = await k.create('operatorA', block({ blockName: '江苏田' }));
    const outside = await k.create(
      'operatorA',
      block({ blockName: '河南田', geometry: polygon(square(...HENAN)) }),
    );
    const d = await k.call('GET', `${BLOCK_BASE}/${inside.blockId}`, 'government');
    expect(d.statusCode).toBe(200);
    expect(d.json().data).toMatchObject({ editable: false, shared: false });
    expect((await k.call('GET', `${BLOCK_BASE}/${outside.blockId}`, 'government')).statusCode).toBe(404);
    expect(
      (await k.call('PUT', BLOCK_BASE, 'government', { ...block(), blockId: inside.blockId })).statusCode,
    ).toBe(403);
    expect((await k.call('DELETE', `${BLOCK_BASE}?ids=${inside.blockId}`, 'government')).statusCode).toBe(
      403,
    );
    const list = (await k.call('GET', `${BLOCK_BASE}/list?size=500`, 'government')).json().data.records;
    const ids = list.map((r: { blockId: number }) => r.blockId);
    expect(ids).toContain(inside.blockId);
    expect(ids).not.toContain(outside.blockId);
    // A government owns blocks of its own too, and edits them.
    const own = await k.create('government', block({ blockName: '政府示范田' }));
    expect(
      (await k.call('PUT', BLOCK_BASE, 'government', { ...block(), blockId: own.blockId })).statusCode,
    ).toBe(200);
    // The platform sees and edits both.
    const p = (await k.call('GET', `${BLOCK_BASE}/${outside.blockId}`, 'platform')).json().data;
    expect(p).toMatchObject({ editable: true });
  });

  it('lets a parent account edit and delete its sub-account blocks, not the other way round', async () => {
    const subBlock = await k.create('sub', block({ blockName: '子账号田' }));
    const parentBlock = await k.create('operatorA', block({ blockName: '母账号田' }));
    const asParent = (await k.call('GET', `${BLOCK_BASE}/${subBlock.blockId}`, 'operatorA')).json().data;
    expect(asParent).toMatchObject({ editable: true, ownerName: '丰收飞防东片分队', yyAccountId: k.ids.sub });
    expect((await k.call('GET', `${BLOCK_BASE}/${parentBlock.blockId}`, 'sub')).statusCode).toBe(404);
    expect((await share(subBlock.blockId, '13800000006', 'operatorA')).statusCode).toBe(200);
    expect((await k.call('DELETE', `${BLOCK_BASE}?ids=${subBlock.blockId}`, 'operatorA')).statusCode).toBe(
      200,
    );
  });
});

describe('sorties and coverage of a block', () => {
  it('lists the sorties attributed to the block, newest first, and measures the share sprayed', async () => {
    const { blockId } = await k.create(
      'operatorA',
      block({ blockName: '覆盖田', geometry: polygon(square(JIANGSU[0], JIANGSU[1], 0.002)) }),
    );
    const t0 = Date.now() - 7_200_000;
    const a = await k.sortieOn(blockId, JIANGSU[0], JIANGSU[1] + 0.0005, t0);
    const b = await k.sortieOn(blockId, JIANGSU[0], JIANGSU[1] + 0.0015, t0 + 600_000);
    const page = (await k.call('GET', `${BLOCK_BASE}/${blockId}/sorties`, 'operatorA')).json().data;
    expect(page.total).toBe(2);
    expect(page.records.map((r: { sortieId: number }) => r.sortieId)).toEqual([b.sortieId, a.sortieId]);
    expect(page.records[0]).toMatchObject({ droneId: b.droneId, hasTrack: true, areaMu: 9, volumeL: 2 });
    expect(typeof page.records[0].droneName).toBe('string');
    const later = (
      await k.call('GET', `${BLOCK_BASE}/${blockId}/sorties?startTime=${t0 + 1000}`, 'operatorA')
    ).json().data;
    expect(later.total).toBe(1);
    const detail = (await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorA')).json().data;
    expect(detail.sortieCount).toBe(2);
    expect(detail.lastSprayedAt).toBe(t0 + 600_000 + 60_000);

    const cov = await k.call('GET', `${BLOCK_BASE}/${blockId}/coverage`, 'operatorA');
    expect(cov.statusCode, cov.body).toBe(200);
    const c = cov.json().data;
    expect(c).toMatchObject({ blockId, sortieCount: 2, sortiesWithoutTrack: 0, plannedAreaMu: null });
    // Two 6 m swaths across a ~185 m x ~222 m field: a small share, well above zero.
    expect(c.share).toBeGreaterThan(0.02);
    expect(c.share).toBeLessThan(0.2);
    expect(c.sprayedAreaMu).toBeCloseTo(c.blockAreaMu * c.share, 2);
    expect(c.unsprayed.type).toBe('MultiPolygon');
    const none = (
      await k.call('GET', `${BLOCK_BASE}/${blockId}/coverage?endTime=${t0 - 1}`, 'operatorA')
    ).json().data;
    expect(none).toMatchObject({ sortieCount: 0, sprayedAreaMu: 0, share: 0 });

    // By route: the sorties of the route's drones while they flew it.
    const routeId = await k.routeOf(blockId, k.ids.operatorA);
    await k.t.db
      .insertInto('block_route_drones')
      .values({
        route_id: routeId,
        idx: 0,
        drone_id: a.droneId,
        started_at: new Date(t0 - 1000),
        finished_at: new Date(t0 + 120_000),
        updated_at: new Date(),
      })
      .execute();
    const byRoute = (
      await k.call('GET', `${BLOCK_BASE}/${blockId}/coverage?routeId=${routeId}`, 'operatorA')
    ).json().data;
    expect(byRoute).toMatchObject({ sortieCount: 1, plannedAreaMu: 18.518 });
    const other = await k.call(
      'GET',
      `${BLOCK_BASE}/${blockId}/coverage?routeId=${routeId + 1000}`,
      'operatorA',
      undefined,
      'en',
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This block has no such route');
  });
});

describe('monitor blocks in the map range', () => {
  it('answers the visible blocks meeting the range, simplified, largest first', async () => {
    const big = await k.create(
      'operatorB',
      block({ blockName: '监控大田', geometry: polygon(square(121.5, 31.5, 0.02)) }),
    );
    const small = await k.create(
      'operatorB',
      block({ blockName: '监控小田', geometry: polygon(square(121.53, 31.5, 0.005)) }),
    );
    const url = (r: number[]) =>
      `${MONITOR_BASE}/blocks?minLng=${r[0]}&maxLng=${r[1]}&minLat=${r[2]}&maxLat=${r[3]}`;
    const field = await k.call('GET', url([121.49, 121.56, 31.49, 31.53]), 'operatorB');
    expect(field.statusCode, field.body).toBe(200);
    const d = field.json().data;
    expect(d.records.map((r: { blockId: number }) => r.blockId)).toEqual([big.blockId, small.blockId]);
    expect(d).toMatchObject({ total: 2, truncated: false });
    expect(d.records[0].geometry.coordinates[0]).toHaveLength(5);
    // At a province range the 0.005° block is under two pixels: counted, left out.
    const province = (await k.call('GET', url([118, 124, 29, 33]), 'operatorB')).json().data;
    expect(province.total).toBe(2);
    expect(province.records.map((r: { blockId: number }) => r.blockId)).toEqual([big.blockId]);
    expect(province.truncated).toBe(true);
    // Elsewhere: nothing. Another operator: nothing of operator B's. The platform: both.
    expect((await k.call('GET', url([100, 101, 30, 31]), 'operatorB')).json().data.total).toBe(0);
    expect((await k.call('GET', url([121.49, 121.56, 31.49, 31.53]), 'operatorA')).json().data.total).toBe(0);
    expect((await k.call('GET', url([121.49, 121.56, 31.49, 31.53]), 'platform')).json().data.total).toBe(2);
    // A government sees the blocks of its region only (Shanghai is not Jiangsu).
    expect((await k.call('GET', url([121.49, 121.56, 31.49, 31.53]), 'government')).json().data.total).toBe(
      0,
    );
  });
});

describe('monitor counts over wide ranges (block_cells and border strips)', () => {
  it('counts exactly what a scan of the range counts, for the platform, a government and an owner', async () => {
    const ids = await k.t.db
      .selectFrom('accounts')
      .select(['id', 'account_name'])
      .where('account_name', 'in', ['江苏省农业农村厅', '绿野植保服务队'])
      .execute();
    const gov = ids.find((a) => a.account_name === '江苏省农业农村厅')?.id as number;
    const opB = ids.find((a) => a.account_name === '绿野植保服务队')?.id as number;
    const owners = [k.ids.operatorA, opB, gov, k.ids.makerA];
    let seed = 7;
    const rnd = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const rows = Array.from({ length: 400 }, (_, i) => {
      const lng = 117 + rnd() * 4;
      const lat = 31 + rnd() * 3;
      const s = 0.002 + rnd() * 0.3;
      const ring = square(lng, lat, s).slice(0, -1);
      return {
        block_name: `计数${i}`,
        yy_account_id: owners[i % owners.length] as number,
        area_mu: s * 1000,
        shape: `(${ring.map((p) => `(${p[0]},${p[1]})`).join(',')})`,
        geometry: JSON.stringify(polygon(square(lng, lat, s))),
        country_code: 156000000,
        region_code: i % 3 === 0 ? null : lng > 119 ? 156320900 : 156411600,
      };
    });
    await k.t.db.insertInto('blocks').values(rows).execute();
    // Moves and deletions keep the cells right.
    await k.t.db
      .updateTable('blocks')
      .set({ shape: '((119.1,32.1),(119.2,32.1),(119.2,32.2))', region_code: 156320900 })
      .where('block_name', 'in', ['计数1', '计数2', '计数3'])
      .execute();
    await k.t.db.deleteFrom('blocks').where('block_name', 'in', ['计数4', '计数5']).execute();
    const opBId = (
      await k.create('operatorB', block({ blockName: '计数共享', geometry: polygon(square(118, 32)) }))
    ).blockId;
    expect((await share(opBId, '13800000002', 'operatorB')).statusCode).toBe(200);

    const sharedTo = (phone: string) =>
      `b.block_id IN (SELECT sh.block_id FROM block_shares sh JOIN users u ON u.id = sh.user_id WHERE u.phone = '${phone}')`;
    const visible: Record<'platform' | 'government' | 'operatorB', string> = {
      platform: 'true',
      government: `(b.region_code BETWEEN 156320000 AND 156329999 OR b.yy_account_id = ${gov} OR ${sharedTo('13800000002')})`,
      operatorB: `(b.yy_account_id = ${opB} OR ${sharedTo('13800000006')})`,
    };
    for (let i = 0; i < 12; i++) {
      const minLng = 116.5 + rnd() * 3;
      const minLat = 30.5 + rnd() * 2;
      const w = 0.3 + rnd() * 3;
      const h = 0.3 + rnd() * 2;
      const r = [minLng, minLng + w, minLat, minLat + h];
      for (const role of ['platform', 'government', 'operatorB'] as const) {
        const res = await k.call(
          'GET',
          `${MONITOR_BASE}/blocks?minLng=${r[0]}&maxLng=${r[1]}&minLat=${r[2]}&maxLat=${r[3]}`,
          role,
        );
        expect(res.statusCode, res.body).toBe(200);
        const { rows: brute } = await sql<{ n: number }>`
          SELECT count(*) AS n FROM blocks b
          WHERE box(b.shape) && box(point(${r[0]}, ${r[2]}), point(${r[1]}, ${r[3]})) AND ${sql.raw(visible[role])}`.execute(
          k.t.db,
        );
        expect(res.json().data.total, `${role} ${r}`).toBe(Number(brute[0]?.n));
      }
    }
  });
});
