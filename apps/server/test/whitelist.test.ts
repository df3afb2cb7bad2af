/**
 * Accessory whitelist API (issue 23 point 4; modules/whitelist/README.md): access, tenant, the
 * all-or-nothing upload with its bad lines named, parallel uploads, delete, the pre-take-off check.
 */
import { WHITELIST_PATHS, type WhitelistEntry } from '@agrifleet/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { multipart } from './multipart.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids = { makerA: 0, makerB: 0 };
let keyA = '';
let droneA = '';
let droneB = '';
const run = Date.now().toString(36);

/** An .xlsx whose first sheet holds `rows` (each an array of cells); a second sheet is ignored. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ids');
  for (const r of rows) sheet.addRow(r);
  book.addWorksheet('other').addRow(['not read']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function upload(
  who: Record<string, string> | null,
  type: string,
  name: string,
  data: string | Buffer,
  lang = 'en',
) {
  const mp = multipart([
    { name: 'type', data: type },
    { name: 'file', filename: name, type: 'text/plain', data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: WHITELIST_PATHS.upload,
    headers: { 'accept-language': lang, ...(who ?? {}), ...mp.headers },
    payload: mp.payload,
  });
}
const list = (who: Record<string, string> | null, qs = '') =>
  t.app.inject({ method: 'GET', url: `${WHITELIST_PATHS.list}?pageSize=100${qs}`, headers: who ?? {} });
const records = (res: { json: () => unknown }) =>
  (res.json() as { data: { records: WhitelistEntry[]; total: number } }).data;

beforeAll(async () => {
  t = await createTestApp();
  // Both makers with a vipLevel (the screen needs one); the vipLevel test takes makerB's away.
  await sql`UPDATE accounts SET vip_level = 1 WHERE id IN (SELECT account_id FROM users WHERE phone IN ('13800000003', '13800000004'))`.execute(
    t.db,
  );
  for (const [role, phone] of Object.entries({
    platform: '13800000001',
    government: '13800000002',
    makerA: '13800000003',
    makerB: '13800000004',
    operator: '13800000006',
  }))
    auth[role] = (await signInWith(t, phone)).auth;
  const users = await t.db
    .selectFrom('users')
    .select(['account_id', 'phone'])
    .where('phone', 'in', ['13800000003', '13800000004'])
    .execute();
  ids.makerA = users.find((u) => u.phone === '13800000003')?.account_id as number;
  ids.makerB = users.find((u) => u.phone === '13800000004')?.account_id as number;
  const droneOf = async (account: number) =>
    (
      await t.db
        .selectFrom('drones')
        .select('drone_id')
        .where('zz_account_id', '=', account)
        .orderBy('drone_id')
        .executeTakeFirstOrThrow()
    ).drone_id;
  droneA = await droneOf(ids.makerA);
  droneB = await droneOf(ids.makerB);
  const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
  await keys.create(ids.makerA, `wl-a-${run}`);
  const pair = (await keys.current(ids.makerA)) as { vid: string; secret: string };
  keyA = `Basic ${Buffer.from(`${pair.vid}:${pair.secret}`).toString('base64')}`;
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('401 without a session, 403 for a role without the screen', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await upload(null, '1', 'a.txt', 'X1\n')).statusCode).toBe(401);
    expect((await list(auth.operator as Record<string, string>)).statusCode).toBe(403);
    expect((await upload(auth.government as Record<string, string>, '1', 'a.txt', 'X1\n')).statusCode).toBe(
      403,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/device/deviceWhite/1',
      headers: auth.operator as Record<string, string>,
    });
    expect(del.statusCode).toBe(403);
  });

  it('a manufacturer without a vipLevel is refused', async () => {
    await sql`UPDATE accounts SET vip_level = 0 WHERE id = ${ids.makerB}`.execute(t.db);
    try {
      const who = (await signInWith(t, '13800000004')).auth;
      expect((await list(who)).statusCode).toBe(403);
    } finally {
      await sql`UPDATE accounts SET vip_level = 1 WHERE id = ${ids.makerB}`.execute(t.db);
    }
  });
});

describe('upload and list', () => {
  it('adds the ids of a .txt, skips the header, counts the already listed', async () => {
    const res = await upload(
      auth.makerA as Record<string, string>,
      '1',
      'ids.txt',
      `hwId\nBAT-${run}-1\nBAT-${run}-2\n\n`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ added: 2, alreadyListed: 0 });
    const again = await upload(
      auth.makerA as Record<string, string>,
      '1',
      'ids.csv',
      `hwId,note\nBAT-${run}-2,x\n"BAT-${run}-3",y\n`,
    );
    expect(again.json().data).toEqual({ added: 1, alreadyListed: 1 });
    const mine = records(await list(auth.makerA as Record<string, string>, `&type=1&hwId=BAT-${run}`));
    expect(mine.total).toBe(3);
  });

  it("another tenant's entries are invisible; the platform sees all", async () => {
    const b = records(await list(auth.makerB as Record<string, string>, `&hwId=BAT-${run}`));
    expect(b.total).toBe(0);
    const p = records(await list(auth.platform as Record<string, string>, `&hwId=BAT-${run}`));
    expect(p.total).toBe(3);
    const id = p.records[0]?.id as number;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/device/deviceWhite/${id}`,
      headers: auth.makerB as Record<string, string>,
    });
    expect(del.statusCode).toBe(404);
  });

  it('names the bad lines with their numbers (zh and en) and applies nothing', async () => {
    const body = `GOOD-${run}-1\nbad id\nGOOD-${run}-2\n${'x'.repeat(65)}\n`;
    const en = await upload(auth.makerA as Record<string, string>, '2', 'ids.txt', body, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('line(s) 2, 4 (2 in all)');
    const zh = await upload(auth.makerA as Record<string, string>, '2', 'ids.txt', body, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toContain('第 2, 4 行');
    expect(records(await list(auth.makerA as Record<string, string>, `&hwId=GOOD-${run}`)).total).toBe(0);
  });

  it('adds every non-empty cell of an .xlsx first sheet, and names bad rows by number (zh and en)', async () => {
    const good = await workbook([['hwId'], [`XL-${run}-1`, `XL-${run}-2`], [], [`XL-${run}-3`], [12345]]);
    const res = await upload(auth.makerA as Record<string, string>, '4', 'ids.xlsx', good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ added: 4, alreadyListed: 0 });
    expect(records(await list(auth.makerA as Record<string, string>, `&type=4&hwId=XL-${run}`)).total).toBe(
      3,
    );
    const bad = await workbook([
      [`XLB-${run}-1`],
      ['bad id', 'also bad'],
      [`XLB-${run}-2`],
      ['x'.repeat(65)],
    ]);
    const en = await upload(auth.makerA as Record<string, string>, '4', 'ids.XLSX', bad, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('line(s) 2, 4 (2 in all)');
    const zh = await upload(auth.makerA as Record<string, string>, '4', 'ids.xlsx', bad, 'zh');
    expect(zh.json().message).toContain('第 2, 4 行');
    expect(records(await list(auth.makerA as Record<string, string>, `&hwId=XLB-${run}`)).total).toBe(0);
  });

  it('a file that is not what its name says is a translated 400, never a 5xx', async () => {
    const cases: Array<[string, string | Buffer]> = [
      ['ids.xlsx', 'A1\nA2\n'],
      ['ids.xlsx', Buffer.from('PK\x03\x04 not really a zip', 'latin1')],
      ['ids.xlsx', Buffer.alloc(0)],
      ['ids.txt', await workbook([['A1']])],
      ['ids.csv', Buffer.from([0x41, 0x00, 0x42, 0x0a])],
    ];
    for (const [name, data] of cases) {
      const en = await upload(auth.makerA as Record<string, string>, '1', name, data, 'en');
      expect(en.statusCode, `${name}: ${en.body}`).toBe(400);
      const zh = await upload(auth.makerA as Record<string, string>, '1', name, data, 'zh');
      expect(zh.statusCode).toBe(400);
      expect(zh.json().message).not.toBe(en.json().message);
    }
    const notXlsx = await upload(auth.makerA as Record<string, string>, '1', 'ids.xlsx', 'A1\n', 'en');
    expect(notXlsx.json().message).toBe('The file is not a valid .xlsx workbook');
  });

  it('refuses other file types, a bad type, too large a file', async () => {
    expect((await upload(auth.makerA as Record<string, string>, '1', 'ids.xml', 'A\n')).statusCode).toBe(400);
    expect((await upload(auth.makerA as Record<string, string>, '9', 'ids.txt', 'A\n')).statusCode).toBe(400);
    const big = 'A\n'.repeat(1024 * 1024 + 10);
    expect((await upload(auth.makerA as Record<string, string>, '1', 'ids.txt', big)).statusCode).toBe(413);
  });

  it('parallel uploads of the same file leave no duplicates and no 5xx', async () => {
    const body = Array.from({ length: 500 }, (_, i) => `PAR-${run}-${i}`).join('\n');
    const res = await Promise.all(
      Array.from({ length: 6 }, () => upload(auth.makerA as Record<string, string>, '3', 'p.txt', body)),
    );
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(res.reduce((n, r) => n + r.json().data.added, 0)).toBe(500);
    const n = await sql<{ n: string }>`
      SELECT count(*) AS n FROM device_whitelist WHERE hw_id LIKE ${`PAR-${run}-%`}`.execute(t.db);
    expect(Number(n.rows[0]?.n)).toBe(500);
  });

  it('deletes an entry and logs every write', async () => {
    const p = records(await list(auth.makerA as Record<string, string>, `&hwId=BAT-${run}-3`));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/device/deviceWhite/${p.records[0]?.id}`,
      headers: auth.makerA as Record<string, string>,
    });
    expect(del.statusCode, del.body).toBe(200);
    const logs = await sql<{ n: string }>`
      SELECT count(*) AS n FROM system_logs WHERE action LIKE '% /api/device/deviceWhite%' AND result = 200`.execute(
      t.db,
    );
    expect(Number(logs.rows[0]?.n)).toBeGreaterThan(2);
  });
});

describe('pre-take-off check', () => {
  const check = (authz: string | null, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: WHITELIST_PATHS.check,
      headers: authz ? { authorization: authz } : {},
      payload: body as object,
    });

  it("answers which accessories may fly: listed, or a type the drone's maker has no list for", async () => {
    const res = await check(keyA, {
      droneId: droneA,
      accessories: [
        { type: 1, hwId: `BAT-${run}-1` },
        { type: 2, hwId: `BAT-${run}-1` },
        { type: 1, hwId: 'NOPE' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Type 2 (spray system): makerA has no list for it, so anything goes.
    expect(res.json().data).toEqual([
      { type: 1, hwId: `BAT-${run}-1`, restricted: true, allowed: true },
      { type: 2, hwId: `BAT-${run}-1`, restricted: false, allowed: true },
      { type: 1, hwId: 'NOPE', restricted: true, allowed: false },
    ]);
  });

  it('401 without a key, 403 for a drone the key may not send for, 400 on a bad body', async () => {
    const body = { droneId: droneA, accessories: [{ type: 1, hwId: 'A' }] };
    expect((await check(null, body)).statusCode).toBe(401);
    expect((await check(keyA, { ...body, droneId: droneB })).statusCode).toBe(403);
    expect(
      (await check(keyA, { droneId: droneA, accessories: [{ type: 1, hwId: 'bad id' }] })).statusCode,
    ).toBe(400);
  });
});
