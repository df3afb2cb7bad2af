/** Reference data (oper/regions) and the two rental lookups the route guard makes (000 §4, §6, §7). */
import type { RegionNode } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let ids: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.selectFrom('accounts').select(['id', 'account_name']).execute();
  ids = new Map(rows.map((r) => [r.account_name, r.id]));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const MAKER_A = '极翼植保无人机有限公司';
const MAKER_B = '云禾航空科技有限公司';

describe('oper/regions', () => {
  it('is a tree with China (156) first, down to 9-digit county codes', async () => {
    const res = await get('/api/oper/regions');
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as RegionNode[];
    expect(tree[0]).toMatchObject({ areaId: 156, areaName: '中国' });
    const jiangsu = tree[0]?.children?.find((p) => p.areaId === 156320000);
    expect(jiangsu?.areaName).toBe('江苏省');
    const nanjing = jiangsu?.children?.find((c) => c.areaId === 156320100);
    expect(nanjing?.areaName).toBe('南京市');
    expect(nanjing?.children?.some((c) => c.areaId === 156320102)).toBe(true);
    expect(tree.length).toBeGreaterThan(200);
    expect(tree.find((c) => c.areaId === 764)).toBeDefined();
  });

  it('names regions in the caller language', async () => {
    const en = (await get('/api/oper/regions', { 'accept-language': 'en' })).json().data as RegionNode[];
    expect(en[0]).toMatchObject({ areaId: 156, areaName: 'China' });
    expect(en[0]?.children?.find((p) => p.areaId === 156320000)?.areaName).toMatch(/Jiangsu/);
    expect(en.find((c) => c.areaId === 764)?.areaName).toBe('Thailand');

    const th = (await get('/api/oper/regions', { 'accept-language': 'th' })).json().data as RegionNode[];
    expect(th.find((c) => c.areaId === 764)?.areaName).toMatch(/[\u0E00-\u0E7F]/);
    const tw = (await get('/api/oper/regions', { 'accept-language': 'zh-TW' })).json().data as RegionNode[];
    expect(tw[0]?.children?.find((p) => p.areaId === 156320000)?.areaName).toBe('江蘇省');
  });

  it('lists countries without children', async () => {
    const res = await get('/api/oper/regions/countries', { 'accept-language': 'ko' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as RegionNode[];
    expect(list[0]?.areaId).toBe(156);
    expect(list[0]?.areaName).toBe('중국');
    expect(list.every((c) => c.children === undefined || c.children.length === 0)).toBe(true);
    expect(new Set(list.map((c) => c.areaId)).size).toBe(list.length);
  });
});

describe('rental lookups', () => {
  const paths = ['/api/rental/rental/getZzAccountByUser', '/api/rental/rental/getRentalModelByAccount'];

  it('need a token', async () => {
    for (const url of paths) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe(401);
    }
  });

  it('give a leasing tenant its lessor and others nothing', async () => {
    const tenant = await signInWith(t, '13800000005');
    const lessors = await get('/api/rental/rental/getZzAccountByUser', tenant.auth);
    expect(lessors.statusCode).toBe(200);
    expect(lessors.json().data).toEqual([{ accountId: ids.get(MAKER_A), accountName: MAKER_A }]);
    expect((await get('/api/rental/rental/getRentalModelByAccount', tenant.auth)).json().data).toEqual([]);

    const plain = await signInWith(t, '13800000006');
    expect((await get('/api/rental/rental/getZzAccountByUser', plain.auth)).json().data).toEqual([]);
  });

  it('give a leasing manufacturer its rental model, to each of its users', async () => {
    for (const phone of ['13800000003', '13800000008']) {
      const { auth } = await signInWith(t, phone);
      const res = await get('/api/rental/rental/getRentalModelByAccount', auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([1]);
    }
    const other = await signInWith(t, '13800000004');
    expect((await get('/api/rental/rental/getRentalModelByAccount', other.auth)).json().data).toEqual([]);
  });

  it('show each account only its own lessors, whatever the query asks', async () => {
    // operator-b now rents from maker-b as well.
    const operatorB = ids.get('绿野植保服务队') as number;
    const operatorA = ids.get('丰收飞防服务合作社') as number;
    await t.db
      .insertInto('lease_clients')
      .values({
        manufacturer_account_id: ids.get(MAKER_B) as number,
        client_account_id: operatorB,
        active_status: 2,
      })
      .execute();
    const b = await signInWith(t, '13800000006');
    const own = await get(`/api/rental/rental/getZzAccountByUser?accountId=${operatorA}`, b.auth);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([{ accountId: ids.get(MAKER_B), accountName: MAKER_B }]);
    const a = await signInWith(t, '13800000005');
    const theirs = await get(`/api/rental/rental/getZzAccountByUser?accountId=${operatorB}`, a.auth);
    expect(theirs.json().data).toEqual([{ accountId: ids.get(MAKER_A), accountName: MAKER_A }]);
    // And operator-b is a tenant now.
    expect((await get('/api/user/info', b.auth)).json().data.isTenant).toBe(true);
  });
});
