/**
 * Lookups (issue 22 #1): oper/crops, oper/worktypes and the medicines catalogue; the blocks API
 * checking a block's crop against the catalogue.
 */
import { BLOCK_BASE, CROPS_PATH, MEDICINES_PATH, WORK_TYPES_PATH } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block } from './blocks.kit.ts';
import { createTestApp, type FleetRole, fleetCallers, type TestApp } from './helper.ts';

let t: TestApp;
let auth: Record<FleetRole, Record<string, string>>;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await fleetCallers(t)).auth;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, role: FleetRole | null, payload?: unknown, lang = 'zh') =>
  t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...(role ? auth[role] : {}), 'accept-language': lang },
  });

const names = (base: string) => ({ zh: base, en: base, 'zh-TW': base, th: base, ko: base });
const medicine = (over: Record<string, unknown> = {}) => ({
  names: { zh: '测试药剂', en: 'Test SC', 'zh-TW': '測試藥劑', th: 'ทดสอบ SC', ko: '시험 액상' },
  regNo: 'PD20990001',
  ingredient: '测试成分 100 g/L',
  formulation: '悬浮剂 SC',
  minLPerMu: 1,
  maxLPerMu: 2,
  ...over,
});
const lastLogId = async () =>
  Number(
    (await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM system_logs`.execute(t.db)).rows[0]
      ?.id ?? 0,
  );

describe('reads', () => {
  it('answers 401 without a session', async () => {
    for (const url of [CROPS_PATH, WORK_TYPES_PATH, MEDICINES_PATH])
      expect((await call('GET', url, null)).statusCode).toBe(401);
  });

  it('pages the crops, names in the caller’s language, ids 1..9 as before', async () => {
    const all = await call('GET', `${CROPS_PATH}?pageIndex=1&size=1000`, 'operatorA', undefined, 'en');
    expect(all.statusCode).toBe(200);
    const page = all.json().data;
    expect(page.total).toBeGreaterThanOrEqual(20);
    expect(page.records).toHaveLength(page.total);
    const byId = new Map(page.records.map((c: { cropId: number; name: string }) => [c.cropId, c]));
    expect(byId.get(1)).toMatchObject({ name: 'Rice', names: { zh: '水稻', ko: '벼' } });
    expect(byId.get(5)).toMatchObject({ name: 'Sugarcane' });
    expect(byId.get(9)).toMatchObject({ name: 'Other' });
    const zh = (await call('GET', `${CROPS_PATH}?pageIndex=2&size=5`, 'government', undefined, 'zh')).json()
      .data;
    expect(zh).toMatchObject({ current: 2, size: 5, total: page.total });
    expect(zh.records).toHaveLength(5);
    expect(zh.records[0].name).toBe(page.records[5].names.zh);
  });

  it('lists the work types (1 spraying, 2 spreading) and the medicines to everyone signed in', async () => {
    const wt = (await call('GET', WORK_TYPES_PATH, 'makerA', undefined, 'en')).json().data;
    expect(wt[0]).toMatchObject({ workType: 1, name: 'Spraying' });
    expect(wt[1]).toMatchObject({ workType: 2, name: 'Spreading' });
    const meds = await call('GET', MEDICINES_PATH, 'operatorA', undefined, 'zh');
    expect(meds.statusCode).toBe(200);
    const rows = meds.json().data;
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const m of rows) expect(m.minLPerMu).toBeLessThanOrEqual(m.maxLPerMu);
    expect(rows.find((m: { regNo: string }) => m.regNo === 'PD20183456')).toMatchObject({
      name: '氯虫苯甲酰胺悬浮剂',
      minLPerMu: 1,
      maxLPerMu: 2,
      enabled: true,
    });
  });

  it('refuses bad paging with a translated 400', async () => {
    for (const q of ['size=1001', 'pageIndex=0', 'size=x']) {
      const zh = await call('GET', `${CROPS_PATH}?${q}`, 'operatorA', undefined, 'zh');
      const en = await call('GET', `${CROPS_PATH}?${q}`, 'operatorA', undefined, 'en');
      expect(zh.statusCode, q).toBe(400);
      expect(en.statusCode).toBe(400);
      expect(zh.json().message).not.toBe(en.json().message);
    }
  });
});

describe('medicine writes', () => {
  it('answers 401 without a session and 403 to every account but the platform', async () => {
    expect((await call('POST', MEDICINES_PATH, null, medicine())).statusCode).toBe(401);
    expect((await call('PUT', `${MEDICINES_PATH}/1`, null, { enabled: false })).statusCode).toBe(401);
    for (const role of ['government', 'makerA', 'operatorA', 'leaseManager'] as const) {
      const post = await call(
        'POST',
        MEDICINES_PATH,
        role,
        medicine({ regNo: `PD2099${role.length}77` }),
        'en',
      );
      expect(post.statusCode, role).toBe(403);
      const put = await call('PUT', `${MEDICINES_PATH}/1`, role, { enabled: false }, 'zh');
      expect(put.statusCode, role).toBe(403);
    }
    const gov = await call('POST', MEDICINES_PATH, 'government', medicine(), 'en');
    expect(gov.json().message).toMatch(/Only the platform/);
    const n = await t.db
      .selectFrom('medicines')
      .select('med_id')
      .where('reg_no', 'like', 'PD2099%')
      .execute();
    expect(n).toHaveLength(0);
  });

  it('refuses bad input with a translated 400', async () => {
    const cases: Array<[Method, string, unknown]> = [
      ['POST', MEDICINES_PATH, medicine({ names: { zh: '缺语言' } })],
      ['POST', MEDICINES_PATH, medicine({ names: names('x'.repeat(65)) })],
      ['POST', MEDICINES_PATH, medicine({ names: names('  ') })],
      ['POST', MEDICINES_PATH, medicine({ names: names('a\u0000b') })],
      ['POST', MEDICINES_PATH, medicine({ names: names('a\uD800b') })],
      ['POST', MEDICINES_PATH, medicine({ minLPerMu: 3, maxLPerMu: 2 })],
      ['POST', MEDICINES_PATH, medicine({ minLPerMu: 0.05 })],
      ['POST', MEDICINES_PATH, medicine({ maxLPerMu: 51 })],
      ['POST', MEDICINES_PATH, medicine({ regNo: 'PD 2018' })],
      ['POST', MEDICINES_PATH, medicine({ ingredient: '' })],
      ['POST', MEDICINES_PATH, medicine({ extra: 1 })],
      ['PUT', `${MEDICINES_PATH}/abc`, { enabled: false }],
      ['PUT', `${MEDICINES_PATH}/99999999999`, { enabled: false }],
      ['PUT', `${MEDICINES_PATH}/1`, {}],
      ['PUT', `${MEDICINES_PATH}/1`, { enabled: 'no' }],
      // Above the stored maximum (2.0) of medicine 1: checked against the stored range.
      ['PUT', `${MEDICINES_PATH}/1`, { minLPerMu: 5 }],
    ];
    for (const [method, url, payload] of cases) {
      const zh = await call(method, url, 'platform', payload, 'zh');
      const en = await call(method, url, 'platform', payload, 'en');
      expect(zh.statusCode, `${method} ${url} ${JSON.stringify(payload)} ${zh.body}`).toBe(400);
      expect(en.statusCode).toBe(400);
      expect(zh.json().message).not.toBe(en.json().message);
    }
    const missing = await call('PUT', `${MEDICINES_PATH}/999999`, 'platform', { enabled: false }, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Medicine not found');
  });

  it('creates, edits and disables a medicine, each write with its system-log row', async () => {
    const before = await lastLogId();
    const made = await call('POST', MEDICINES_PATH, 'platform', medicine({ regNo: 'PD20990100' }), 'en');
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json().data;
    expect(row).toMatchObject({ name: 'Test SC', regNo: 'PD20990100', enabled: true, minLPerMu: 1 });
    const edited = await call('PUT', `${MEDICINES_PATH}/${row.medId}`, 'platform', { maxLPerMu: 2.5 }, 'zh');
    expect(edited.json().data).toMatchObject({ name: '测试药剂', minLPerMu: 1, maxLPerMu: 2.5 });
    const off = await call('PUT', `${MEDICINES_PATH}/${row.medId}`, 'platform', { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const listed = (await call('GET', MEDICINES_PATH, 'operatorA')).json().data;
    expect(listed.find((m: { medId: number }) => m.medId === row.medId).enabled).toBe(false);
    const logs = await t.db
      .selectFrom('system_logs')
      .select(['method', 'target', 'result', 'log_type'])
      .where('id', '>', before)
      .where('result', '=', 200)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.method, l.target])).toEqual([
      ['POST', `medId=${row.medId}`],
      ['PUT', `medId=${row.medId}`],
      ['PUT', `medId=${row.medId}`],
    ]);
  });

  it('gives one registration number to one medicine under parallel requests (409 translated)', async () => {
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', MEDICINES_PATH, 'platform', medicine({ regNo: 'PD20990200' }), i % 2 ? 'en' : 'zh'),
      ),
    );
    const codes = tries.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const en = tries.find((r, i) => r.statusCode === 409 && i % 2);
    expect(en?.json().message).toMatch(/PD20990200 is already used/);
    const zh = tries.find((r, i) => r.statusCode === 409 && !(i % 2));
    expect(zh?.json().message).toMatch(/登记证号 PD20990200 已被/);
    const rows = await t.db
      .selectFrom('medicines')
      .select('med_id')
      .where('reg_no', '=', 'PD20990200')
      .execute();
    expect(rows).toHaveLength(1);
    // Case does not make another number; an edit onto a used number is refused too.
    expect(
      (await call('POST', MEDICINES_PATH, 'platform', medicine({ regNo: 'pd20183456' }))).statusCode,
    ).toBe(409);
    const other = rows[0]?.med_id;
    const put = await call('PUT', `${MEDICINES_PATH}/${other}`, 'platform', { regNo: 'PD20183456' }, 'en');
    expect(put.statusCode).toBe(409);
    // The refusals are in the system log as 409s.
    const refused = await t.db
      .selectFrom('system_logs')
      .select('id')
      .where('path', 'like', `${MEDICINES_PATH}%`)
      .where('result', '=', 409)
      .execute();
    expect(refused.length).toBeGreaterThanOrEqual(7);
  });
});

describe('blocks use the crop catalogue', () => {
  it('takes a crop after 9, refuses an unknown or disabled one with a translated 400', async () => {
    const ok = await call('POST', BLOCK_BASE, 'operatorA', block({ cropId: 13 }));
    expect(ok.statusCode, ok.body).toBe(200);
    const zh = await call('POST', BLOCK_BASE, 'operatorA', block({ cropId: 999 }), 'zh');
    const en = await call('POST', BLOCK_BASE, 'operatorA', block({ cropId: 999 }), 'en');
    expect(zh.statusCode).toBe(400);
    expect(en.json().message).toBe('Crop 999 does not exist or is disabled');
    expect(zh.json().message).toMatch(/作物 999/);
    await t.db.updateTable('crops').set({ enabled: false }).where('crop_id', '=', 21).execute();
    expect((await call('POST', BLOCK_BASE, 'operatorA', block({ cropId: 21 }))).statusCode).toBe(400);
    const { blockId } = ok.json().data;
    const put = await call('PUT', BLOCK_BASE, 'operatorA', { ...block({ cropId: 21 }), blockId }, 'en');
    expect(put.statusCode).toBe(400);
    const crops = (await call('GET', `${CROPS_PATH}?size=1000`, 'operatorA')).json().data.records;
    expect(crops.some((c: { cropId: number }) => c.cropId === 21)).toBe(false);
  });
});
