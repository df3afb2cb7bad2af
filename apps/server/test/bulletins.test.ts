/**
 * Bulletins (/api/user/bulletin: list, anomaly/list, read, create, unread/count) through the real
 * app on the demo data: 401 without a session; 403 for platform staff and the lease manager (no
 * BulletinList), and for a manufacturer or an operator creating (no BulletinCreate); bulletins reach
 * only their target account types; a manufacturer never sees (nor marks) another maker's drones'
 * anomalies, a government only its region's; bad input answers 400 in the caller's language; reads
 * move the unread count of the current type only.
 */
import {
  type AnomalyBulletinPage,
  BULLETIN_ANOMALY_LIST_PATH,
  BULLETIN_CREATE_PATH,
  BULLETIN_LIST_PATH,
  BULLETIN_READ_PATH,
  BULLETIN_UNREAD_COUNT_PATH,
  type BulletinPage,
  type BulletinUnreadCount,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnomaliesRepo, type NewAnomaly } from '../src/modules/anomalies/anomalies.repo.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const PHONES = {
  platform: '13800000001',
  government: '13800000002',
  makerA: '13800000003',
  makerB: '13800000004',
  operatorA: '13800000005',
  lease: '13800000008',
  staff: '13800000009',
} as const;
type Role = keyof typeof PHONES;

type Method = 'GET' | 'PUT' | 'POST';
async function call(role: Role | null, method: Method, url: string, payload?: unknown, lang?: 'en' | 'zh') {
  return t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const get = async <T>(role: Role, url: string): Promise<T> => {
  const res = await call(role, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as T;
};
const field = (res: { json: () => unknown }, name: 'bulletinId' | 'marked') =>
  (body(res as Parameters<typeof body>[0]).data as Record<string, number>)[name] as number;
const unread = (role: Role) => get<BulletinUnreadCount>(role, BULLETIN_UNREAD_COUNT_PATH);
const anomalies = (role: Role, q = '') =>
  get<AnomalyBulletinPage>(role, `${BULLETIN_ANOMALY_LIST_PATH}?pageSize=100${q}`);

const JIANGSU = { country: 156000000, province: 156320000, city: 156320900, county: 156320902 };
const HENAN = { country: 156000000, province: 156410000, city: 156411700, county: 156411702 };
const ids = { aOwned: [] as number[], aJiangsu: 0, b: 0 };
let droneA = '';
let droneB = '';

async function droneOf(maker: string, operator: string | null) {
  let q = t.db
    .selectFrom('drones as d')
    .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
    .leftJoin('accounts as y', 'y.id', 'd.yy_account_id')
    .select('d.drone_id')
    .where('z.account_name', '=', maker);
  q = operator
    ? q.where('y.account_name', '=', operator)
    : q.where((eb) =>
        eb.or([eb('d.yy_account_id', 'is', null), eb('y.account_name', '!=', '丰收飞防服务合作社')]),
      );
  return (await q.orderBy('d.drone_id').executeTakeFirstOrThrow()).drone_id;
}

const anomaly = (
  droneId: string,
  oddType: NewAnomaly['oddType'],
  time: number,
  region = HENAN,
): NewAnomaly => ({
  droneId,
  oddType,
  time,
  lng: 114.6,
  lat: 33.5,
  region,
});

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  for (const [role, phone] of Object.entries(PHONES)) auth[role] = (await signInWith(t, phone)).auth;
  droneA = await droneOf('极翼植保无人机有限公司', '丰收飞防服务合作社');
  droneB = await droneOf('云禾航空科技有限公司', null);
  const repo = createAnomaliesRepo(t.db);
  const day = Date.UTC(2026, 5, 1);
  const a = await repo.insert([
    anomaly(droneA, 1, day),
    anomaly(droneA, 2, day + 3_600_000),
    anomaly(droneA, 4, day + 7_200_000, JIANGSU),
  ]);
  ids.aOwned = a.map(Number);
  ids.aJiangsu = Number(a[2]);
  ids.b = Number((await repo.insert([anomaly(droneB, 1, day + 60_000)]))[0]);
});
afterAll(async () => {
  await t?.close();
});

const ENDPOINTS: Array<[Method, string, unknown?]> = [
  ['GET', BULLETIN_LIST_PATH],
  ['GET', BULLETIN_ANOMALY_LIST_PATH],
  ['PUT', BULLETIN_READ_PATH, { bulletinType: 2, oprType: 2 }],
  ['POST', BULLETIN_CREATE_PATH, { title: 'x', content: 'y', targetAccountTypes: [1] }],
  ['GET', BULLETIN_UNREAD_COUNT_PATH],
];

describe('access', () => {
  it.each(ENDPOINTS)('%s %s answers 401 without a session', async (method, url, payload) => {
    const res = await call(null, method, url, payload, 'en');
    expect(res.statusCode).toBe(401);
  });

  it.each(ENDPOINTS)(
    '%s %s answers 403 to platform staff and a lease manager',
    async (method, url, payload) => {
      for (const role of ['staff', 'lease'] as const) {
        const res = await call(role, method, url, payload, 'en');
        expect(res.statusCode, role).toBe(403);
        expect(body(res).message).toBe('You do not have permission to do this');
      }
    },
  );

  it('manufacturers and operators may read but not create bulletins', async () => {
    for (const role of ['makerA', 'operatorA'] as const) {
      const res = await call(role, 'POST', BULLETIN_CREATE_PATH, ENDPOINTS[3]?.[2], 'zh');
      expect(res.statusCode, role).toBe(403);
      expect((await call(role, 'GET', BULLETIN_LIST_PATH)).statusCode).toBe(200);
    }
    const count = await t.db
      .selectFrom('bulletins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('ordinary bulletins', () => {
  let forMakers = 0;
  let forOwners = 0;

  it('the platform and a government create bulletins; each is logged once', async () => {
    const res = await call('platform', 'POST', BULLETIN_CREATE_PATH, {
      title: '  系统维护通知 ',
      content: '今晚 22:00 维护',
      targetAccountTypes: [1],
    });
    expect(res.statusCode, res.body).toBe(200);
    forMakers = field(res, 'bulletinId');
    const gov = await call('government', 'POST', BULLETIN_CREATE_PATH, {
      title: 'Spraying season',
      content: 'Register your drones',
      targetAccountTypes: [2],
    });
    expect(gov.statusCode, gov.body).toBe(200);
    forOwners = field(gov, 'bulletinId');
    const row = await t.db
      .selectFrom('bulletins')
      .selectAll()
      .where('id', '=', forMakers)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '系统维护通知', to_manufacturer: true, to_owner: false });
    const logs = await t.db
      .selectFrom('system_logs')
      .select('target')
      .where('target', 'in', [`bulletinId=${forMakers}`, `bulletinId=${forOwners}`])
      .execute();
    expect(logs).toHaveLength(2);
  });

  it('a bulletin reaches only its target account types; the sender sees its own as read', async () => {
    const makerA = await get<BulletinPage>('makerA', BULLETIN_LIST_PATH);
    expect(makerA.records.map((r) => r.bulletinId)).toEqual([forMakers]);
    expect(makerA.records[0]).toMatchObject({ read: false, targetAccountTypes: [1], title: '系统维护通知' });
    const operator = await get<BulletinPage>('operatorA', BULLETIN_LIST_PATH);
    expect(operator.records.map((r) => r.bulletinId)).toEqual([forOwners]);
    const platform = await get<BulletinPage>('platform', `${BULLETIN_LIST_PATH}?order=2`);
    expect(platform.records.map((r) => [r.bulletinId, r.read])).toEqual([
      [forMakers, true],
      [forOwners, false],
    ]);
    expect((await unread('makerA')).ordinary).toBe(1);
    expect((await unread('makerB')).ordinary).toBe(1);
    expect((await unread('operatorA')).ordinary).toBe(1);
  });

  it('reading by id moves this user’s count only; another tenant’s bulletin is not found', async () => {
    const other = await call(
      'makerA',
      'PUT',
      BULLETIN_READ_PATH,
      { bulletinType: 2, oprType: 1, bulletinIds: [forOwners] },
      'en',
    );
    expect(other.statusCode).toBe(404);
    expect(body(other).message).toBe('Bulletin not found');
    const zh = await call(
      'makerA',
      'PUT',
      BULLETIN_READ_PATH,
      { bulletinType: 2, oprType: 1, bulletinIds: [forOwners] },
      'zh',
    );
    expect(body(zh).message).toBe('公告不存在');
    const res = await call('makerA', 'PUT', BULLETIN_READ_PATH, {
      bulletinType: 2,
      oprType: 1,
      bulletinIds: [forMakers],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(field(res, 'marked')).toBe(1);
    expect((await unread('makerA')).ordinary).toBe(0);
    expect((await unread('makerB')).ordinary).toBe(1);
    const list = await get<BulletinPage>('makerA', `${BULLETIN_LIST_PATH}?readFlag=1`);
    expect(list.total).toBe(0);
  });

  it('pages in order', async () => {
    for (let i = 0; i < 3; i++)
      await call('platform', 'POST', BULLETIN_CREATE_PATH, {
        title: `n${i}`,
        content: 'c',
        targetAccountTypes: [1, 2],
      });
    const p2 = await get<BulletinPage>('operatorA', `${BULLETIN_LIST_PATH}?pageSize=2&currentPage=2`);
    expect(p2).toMatchObject({ total: 4, current: 2, size: 2 });
    expect(p2.records.map((r) => r.title)).toEqual(['n0', 'Spraying season']);
    expect((await unread('operatorA')).ordinary).toBe(4);
  });

  it('refuses bad input with a translated 400 and stores nothing', async () => {
    const before = await t.db.selectFrom('bulletins').select('id').execute();
    const bad = [
      { title: '', content: 'c', targetAccountTypes: [1] },
      { title: '   ', content: 'c', targetAccountTypes: [1] },
      { title: 'x'.repeat(101), content: 'c', targetAccountTypes: [1] },
      { title: 't', content: 'a\u0000b', targetAccountTypes: [1] },
      { title: 't', content: 'x'.repeat(2001), targetAccountTypes: [1] },
      { title: 't', content: 'c', targetAccountTypes: [] },
      { title: 't', content: 'c', targetAccountTypes: [3] },
      { title: 't', content: 'c', targetAccountTypes: [1, 1] },
      { title: 't', content: 'c' },
    ];
    for (const payload of bad) {
      const en = await call('platform', 'POST', BULLETIN_CREATE_PATH, payload, 'en');
      expect(en.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(en).message).toMatch(/^Invalid value for (title|content|targetAccountTypes)/);
      const zh = await call('platform', 'POST', BULLETIN_CREATE_PATH, payload, 'zh');
      expect(body(zh).message).toMatch(/^参数 (title|content|targetAccountTypes)/);
    }
    expect(await t.db.selectFrom('bulletins').select('id').execute()).toHaveLength(before.length);
    for (const q of ['pageSize=501', 'currentPage=0', 'order=3', 'readFlag=2']) {
      const res = await call('makerA', 'GET', `${BULLETIN_LIST_PATH}?${q}`, undefined, 'en');
      expect(res.statusCode, q).toBe(400);
      expect(body(res).message).toMatch(/^Invalid value for /);
    }
    for (const payload of [
      { bulletinType: 3, oprType: 1, bulletinIds: [1] },
      { bulletinType: 2, oprType: 3 },
      { bulletinType: 2, oprType: 1 },
      { bulletinType: 2, oprType: 1, bulletinIds: [0] },
      { bulletinType: 2, oprType: 1, bulletinIds: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const res = await call('makerA', 'PUT', BULLETIN_READ_PATH, payload, 'zh');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toMatch(/^参数 /);
    }
  });
});

describe('anomaly bulletins', () => {
  it('a manufacturer sees its drones’ anomalies only, a government its region’s, the platform all', async () => {
    const a = await anomalies('makerA');
    expect(a.records.map((r) => r.bulletinId).sort()).toEqual([...ids.aOwned].sort());
    expect(a.records.every((r) => r.zzAccountName === '极翼植保无人机有限公司')).toBe(true);
    const b = await anomalies('makerB');
    expect(b.records.map((r) => r.bulletinId)).toEqual([ids.b]);
    const gov = await anomalies('government');
    expect(gov.records.map((r) => r.bulletinId)).toEqual([ids.aJiangsu]);
    const all = await anomalies('platform');
    const inDb = await t.db
      .selectFrom('anomalies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(inDb.n));
    const op = await anomalies('operatorA');
    expect(op.records.every((r) => r.yyAccountName === '丰收飞防服务合作社')).toBe(true);
  });

  it('filters by droneId, oddType, time, maker and operator names, in either order', async () => {
    const p = (q: string) => anomalies('platform', q).then((r) => r.records.map((x) => x.bulletinId));
    expect(await p(`&droneId=${droneB}`)).toEqual([ids.b]);
    expect(await p('&oddType=4')).toEqual([ids.aJiangsu]);
    expect(await p('&zzAccountName=云禾')).toEqual([ids.b]);
    expect((await p('&yyAccountName=丰收')).sort()).toEqual([...ids.aOwned].sort());
    const day = Date.UTC(2026, 5, 1);
    expect(await p(`&startTime=${day + 1}&endTime=${day + 3_600_000}&order=2`)).toEqual([
      ids.b,
      ids.aOwned[1],
    ]);
    expect(await p(`&startTime=${day + 1}&endTime=${day + 3_600_000}&order=1`)).toEqual([
      ids.aOwned[1],
      ids.b,
    ]);
    expect(await anomalies('makerA', `&zzAccountName=云禾`)).toMatchObject({ total: 0 });
    for (const q of ['oddType=9', 'startTime=abc', 'order=0', `droneId=${'x'.repeat(65)}`, 'pageSize=0']) {
      const res = await call('platform', 'GET', `${BULLETIN_ANOMALY_LIST_PATH}?${q}`, undefined, 'en');
      expect(res.statusCode, q).toBe(400);
      expect(body(res).message).toMatch(/^Invalid value for /);
    }
  });

  it('reading marks the current bulletin type: ids, then all; other makers’ anomalies cannot be marked', async () => {
    expect(await unread('makerA')).toMatchObject({ anomaly: 3, ordinary: 3, total: 6 });
    const foreign = await call('makerA', 'PUT', BULLETIN_READ_PATH, {
      bulletinType: 1,
      oprType: 1,
      bulletinIds: [ids.b],
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      await t.db.selectFrom('bulletin_reads').selectAll().where('item_id', '=', ids.b).execute(),
    ).toEqual([]);
    const one = await call('makerA', 'PUT', BULLETIN_READ_PATH, {
      bulletinType: 1,
      oprType: 1,
      bulletinIds: [ids.aOwned[0], ids.b],
    });
    expect(field(one, 'marked')).toBe(1);
    expect((await unread('makerA')).anomaly).toBe(2);
    expect((await anomalies('makerA')).records.filter((r) => r.read).map((r) => r.bulletinId)).toEqual([
      ids.aOwned[0],
    ]);
    // Marking all anomalies leaves the ordinary ones as they were.
    await call('platform', 'POST', BULLETIN_CREATE_PATH, {
      title: 'later',
      content: 'c',
      targetAccountTypes: [1],
    });
    const all = await call('makerA', 'PUT', BULLETIN_READ_PATH, { bulletinType: 1, oprType: 2 });
    expect(field(all, 'marked')).toBe(2);
    expect(await unread('makerA')).toMatchObject({ anomaly: 0, ordinary: 4, total: 4 });
    expect((await unread('makerB')).anomaly).toBe(1);
    // A new anomaly after the mark is unread again.
    const [fresh] = await createAnomaliesRepo(t.db).insert([anomaly(droneA, 3, Date.now())]);
    expect(await unread('makerA')).toMatchObject({ anomaly: 1 });
    const list = await anomalies('makerA', '&order=1');
    expect(list.records.find((r) => r.bulletinId === fresh)?.read).toBe(false);
    expect(list.records.filter((r) => !r.read)).toHaveLength(1);
  });
});
