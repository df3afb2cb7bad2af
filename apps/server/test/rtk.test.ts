/**
 * RTK devices (/api/drone/rtk/manage: list, allow, bind, renewal by phone and by btaddr) through
 * the real app on the demo data: 401 without a session; 403 for the government, an operator and
 * platform staff (no RtkList screen); another manufacturer's device is not found (404) and stays
 * unchanged; bad input answers 400 in the caller's language; and the behaviour: the list of each
 * scope, the allow flag, keys sealed and shown masked, renewals counted from the expiry or from now.
 */
import {
  RTK_ALLOW_PATH,
  RTK_BIND_PATH,
  RTK_LIST_PATH,
  RTK_RENEW_BTADDR_PATH,
  RTK_RENEW_PHONE_PATH,
  type RtkPage,
  type RtkRenewal,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rtkOfDrone } from '../src/modules/rtk/rtk.repo.ts';
import { createSealer } from '../src/platform/seal.ts';
import { body, createTestApp, fleetCallers, signInWith, type TestApp } from './helper.ts';

const DAY = 86_400_000;
let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};

const FORBIDDEN = ['government', 'operatorA', 'staff'] as const;

type Method = 'GET' | 'PUT' | 'POST';
async function call(role: string | null, method: Method, url: string, payload?: unknown, lang?: 'en' | 'zh') {
  return t.app.inject({
    method,
    url,
    headers: { ...(role ? auth[role] : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface Device {
  dev_id: string;
  drone_id: string | null;
  zz_account_id: number;
  yy: number | null;
  btaddr: string;
  allowed: boolean;
  expires_at: Date | null;
  qxdsk_sealed: string | null;
  qxdsk_mask: string | null;
}
const devices = () =>
  t.db
    .selectFrom('rtk_devices as r')
    .leftJoin('drones as d', 'd.drone_id', 'r.drone_id')
    .select([
      'r.dev_id',
      'r.drone_id',
      'r.zz_account_id',
      'd.yy_account_id as yy',
      'r.btaddr',
      'r.allowed',
      'r.expires_at',
      'r.qxdsk_sealed',
      'r.qxdsk_mask',
    ])
    .orderBy('r.dev_id')
    .execute() as Promise<Device[]>;
const device = async (devId: string) => {
  const d = (await devices()).find((x) => x.dev_id === devId);
  if (!d) throw new Error(`no device ${devId}`);
  return d;
};
/** A device of maker A (or B) matching `test`. */
async function pick(maker: 'makerA' | 'makerB', test: (d: Device) => boolean = () => true) {
  const d = (await devices()).find((x) => x.zz_account_id === ids[maker] && test(x));
  if (!d) throw new Error(`no matching device of ${maker}`);
  return d;
}
const future = (d: Device) => d.expires_at !== null && d.expires_at.getTime() > Date.now() + 5 * DAY;
const ended = (d: Device) => d.expires_at !== null && d.expires_at.getTime() < Date.now() - DAY;

/** Every call of the family with a valid body for `devId` / `btaddr`. */
const calls = (devId: string, btaddr: string): Array<[Method, string, unknown]> => [
  ['GET', RTK_LIST_PATH, undefined],
  ['PUT', `${RTK_ALLOW_PATH}/${devId}`, { opr: 0 }],
  ['PUT', RTK_BIND_PATH, { devId, qxdsk: 'qxTESTKEY0001' }],
  ['POST', RTK_RENEW_PHONE_PATH, { phone: '13800000005', availableDays: 30 }],
  ['POST', RTK_RENEW_BTADDR_PATH, { btaddr, availableDays: 30 }],
];

beforeAll(async () => {
  t = await createTestApp();
  const callers = await fleetCallers(t);
  Object.assign(auth, callers.auth);
  Object.assign(ids, callers.ids);
  auth.staff = (await signInWith(t, '13800000009')).auth;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('who may call', () => {
  it('answers 401 without a token and 403 to the government, an operator and platform staff, changing nothing', async () => {
    const d = await pick('makerA', future);
    const before = await devices();
    for (const [method, url, payload] of calls(d.dev_id, d.btaddr)) {
      const anon = await call(null, method, url, payload);
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      for (const role of FORBIDDEN) {
        const res = await call(role, method, url, payload, 'en');
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(body(res).message).toBe('You do not have permission to do this');
      }
    }
    expect(await devices()).toEqual(before);
  });

  it("refuses maker B every write on maker A's device as not found, changing nothing", async () => {
    const d = await pick('makerA', (x) => future(x) && x.qxdsk_mask !== null);
    const before = await devices();
    const allow = await call('makerB', 'PUT', `${RTK_ALLOW_PATH}/${d.dev_id}`, { opr: 0 }, 'en');
    expect(allow.statusCode).toBe(404);
    expect(body(allow).message).toBe('RTK device not found');
    const bind = await call(
      'makerB',
      'PUT',
      RTK_BIND_PATH,
      { devId: d.dev_id, qxdsk: 'qxSTOLEN00001' },
      'zh',
    );
    expect(bind.statusCode).toBe(404);
    expect(body(bind).message).toBe('RTK 设备不存在');
    const renew = await call(
      'makerB',
      'POST',
      RTK_RENEW_BTADDR_PATH,
      { btaddr: d.btaddr, availableDays: 30 },
      'en',
    );
    expect(renew.statusCode).toBe(404);
    expect(body(renew).message).toBe(`No RTK device has the Bluetooth address ${d.btaddr}`);
    expect(await devices()).toEqual(before);
    const count = await t.db
      .selectFrom('rtk_renewals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('list', () => {
  const list = async (role: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(
      Object.entries({ size: 500, ...query }).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await call(role, 'GET', `${RTK_LIST_PATH}?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as RtkPage;
  };

  it('shows the platform every device and each manufacturer only its own', async () => {
    const all = await devices();
    expect(all.length).toBeGreaterThan(20);
    const platform = await list('platform');
    expect(platform.total).toBe(all.length);
    expect(platform.records.map((r) => r.devId)).toEqual(all.map((d) => d.dev_id));
    for (const maker of ['makerA', 'makerB'] as const) {
      const own = all.filter((d) => d.zz_account_id === ids[maker]).map((d) => d.dev_id);
      const page = await list(maker);
      expect(own.length).toBeGreaterThan(0);
      expect(page.total).toBe(own.length);
      expect(page.records.map((r) => r.devId)).toEqual(own);
    }
  });

  it('filters by part of pn and by type, pages with page and size', async () => {
    const all = await list('platform');
    const pn = await list('platform', { pn: 'gs' });
    expect(pn.total).toBeGreaterThan(0);
    expect(pn.total).toBe(all.records.filter((r) => r.pn.toLowerCase().includes('gs')).length);
    const handheld = await list('makerA', { type: 3 });
    expect(handheld.total).toBeGreaterThan(0);
    expect(handheld.records.every((r) => r.type === 3 && r.droneId === null)).toBe(true);
    // A pattern character is literal.
    expect((await list('platform', { pn: '%' })).total).toBe(0);
    const second = await list('platform', { page: 2, size: 5 });
    expect(second).toMatchObject({ current: 2, size: 5, total: all.total });
    expect(second.records.map((r) => r.devId)).toEqual(all.records.slice(5, 10).map((r) => r.devId));
  });

  it('shows keys masked, the drone and owner, the expiry and the days left', async () => {
    const page = await list('makerA');
    const rows = await devices();
    const sealer = createSealer(t.config.jwtSecret);
    const mounted = page.records.find((r) => r.droneId && r.qxdsk);
    if (!mounted) throw new Error('no mounted device with a key');
    expect(mounted.qxdsk).toMatch(/^[A-Za-z0-9_-]{2}\*{6}[A-Za-z0-9_-]{2}$/);
    expect(mounted.droneName).toBeTruthy();
    expect(mounted.zzAccountName).toBe('极翼植保无人机有限公司');
    // No answer carries a sealed key.
    for (const r of rows) if (r.qxdsk_sealed) expect(JSON.stringify(page)).not.toContain(r.qxdsk_sealed);
    expect(sealer).toBeTruthy();
    const endedRow = page.records.find((r) => r.expiresAt !== null && r.expiresAt < Date.now());
    expect(endedRow?.daysLeft).toBeLessThan(0);
    const soon = page.records.find((r) => r.daysLeft !== null && r.daysLeft >= 0 && r.daysLeft < 30);
    expect(soon).toBeTruthy();
    expect(page.records.some((r) => !r.allowed)).toBe(true);
  });

  it('counts the days left in calendar days of the statistics time zone (issue 21)', async () => {
    // An expiry 10 days less a minute from now lies on the statistics day 10 days after today
    // (but in the first minute after midnight): 10 days left, as its date says, not the 9 whole
    // 24-hour spans. One that ended a minute ago: -1.
    const [a, b] = (await devices()).filter((x) => x.zz_account_id === ids.makerA);
    if (!a || !b) throw new Error('two devices of maker A needed');
    const now = Date.now();
    const soon = now + 10 * DAY - 60_000;
    await t.db
      .updateTable('rtk_devices')
      .set({ expires_at: new Date(soon) })
      .where('dev_id', '=', a.dev_id)
      .execute();
    await t.db
      .updateTable('rtk_devices')
      .set({ expires_at: new Date(now - 60_000) })
      .where('dev_id', '=', b.dev_id)
      .execute();
    try {
      const rows = (await list('makerA', { size: 500 })).records;
      expect(rows.find((r) => r.devId === a.dev_id)?.daysLeft).toBe(calendarDays(now, soon));
      expect(calendarDays(now, soon)).toBe(statDay(now - 60_000) === statDay(now) ? 10 : 9);
      expect(rows.find((r) => r.devId === b.dev_id)?.daysLeft).toBe(-1);
    } finally {
      for (const x of [a, b])
        await t.db
          .updateTable('rtk_devices')
          .set({ expires_at: x.expires_at })
          .where('dev_id', '=', x.dev_id)
          .execute();
    }
  });

  it('refuses a bad query in the caller language', async () => {
    for (const q of ['size=0', 'size=501', 'type=9', 'page=-1', `pn=${'x'.repeat(65)}`, 'pn=%00']) {
      const en = await call('platform', 'GET', `${RTK_LIST_PATH}?${q}`, undefined, 'en');
      expect(en.statusCode, q).toBe(400);
      expect(body(en).message, q).toMatch(/^Invalid value for (size|type|page|pn)$/);
      const zh = await call('platform', 'GET', `${RTK_LIST_PATH}?${q}`, undefined, 'zh');
      expect(body(zh).message, q).toMatch(/^参数 (size|type|page|pn) 有误$/);
    }
  });
});

describe('allow', () => {
  it('stops and allows a device of the caller (maker A and the platform), and logs it', async () => {
    const d = await pick('makerA', (x) => x.allowed);
    const off = await call('makerA', 'PUT', `${RTK_ALLOW_PATH}/${d.dev_id}`, { opr: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off).data).toMatchObject({ devId: d.dev_id, allowed: false });
    expect((await device(d.dev_id)).allowed).toBe(false);
    const on = await call('platform', 'PUT', `${RTK_ALLOW_PATH}/${d.dev_id}`, { opr: 1 });
    expect(on.statusCode).toBe(200);
    expect((await device(d.dev_id)).allowed).toBe(true);
    const logs = await t.db
      .selectFrom('system_logs')
      .select(['target', 'result'])
      .where('action', '=', `PUT ${RTK_ALLOW_PATH}/:devId`)
      .where('target', '=', `devId=${d.dev_id}`)
      .execute();
    expect(logs.map((l) => l.result)).toEqual([200, 200]);
  });

  it('refuses a bad opr or device id, and an unknown device, in the caller language', async () => {
    const d = await pick('makerA');
    for (const payload of [{ opr: 2 }, { opr: '1' }, {}, { opr: true }]) {
      const en = await call('makerA', 'PUT', `${RTK_ALLOW_PATH}/${d.dev_id}`, payload, 'en');
      expect(en.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(en).message).toBe('Invalid value for opr');
      const zh = await call('makerA', 'PUT', `${RTK_ALLOW_PATH}/${d.dev_id}`, payload, 'zh');
      expect(body(zh).message).toBe('参数 opr 有误');
    }
    const bad = await call('makerA', 'PUT', `${RTK_ALLOW_PATH}/${'x'.repeat(65)}`, { opr: 1 }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Invalid value for devId');
    const nul = await call('makerA', 'PUT', `${RTK_ALLOW_PATH}/a%00b`, { opr: 1 }, 'zh');
    expect(nul.statusCode).toBe(400);
    const unknown = await call('makerA', 'PUT', `${RTK_ALLOW_PATH}/NOSUCHDEV1`, { opr: 1 }, 'zh');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('RTK 设备不存在');
  });
});

describe('bind', () => {
  it('binds a key sealed, answers and lists it masked, and logs only the mask', async () => {
    const d = await pick('makerA', (x) => x.qxdsk_mask === null);
    const key = 'QXdsk_2026-Alpha77';
    const res = await call('makerA', 'PUT', RTK_BIND_PATH, { devId: d.dev_id, qxdsk: key });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ devId: d.dev_id, qxdsk: 'QX******77' });
    expect(res.body).not.toContain(key);
    const row = await device(d.dev_id);
    expect(row.qxdsk_mask).toBe('QX******77');
    expect(row.qxdsk_sealed).not.toContain(key);
    expect(createSealer(t.config.jwtSecret).open(row.qxdsk_sealed as string)).toBe(key);
    const logs = await t.db
      .selectFrom('system_logs')
      .selectAll()
      .where('action', '=', `PUT ${RTK_BIND_PATH}`)
      .execute();
    expect(JSON.stringify(logs)).not.toContain(key);
    expect([logs.at(-1)?.target, logs.at(-1)?.result]).toEqual([`devId=${d.dev_id}`, 200]);

    // Rebinding replaces the key; the same key on another device is refused.
    const again = await call('platform', 'PUT', RTK_BIND_PATH, { devId: d.dev_id, qxdsk: 'qxReplaced99' });
    expect(body(again).data).toMatchObject({ qxdsk: 'qx******99' });
    const other = await pick('makerA', (x) => x.dev_id !== d.dev_id);
    const taken = await call(
      'makerA',
      'PUT',
      RTK_BIND_PATH,
      { devId: other.dev_id, qxdsk: 'qxReplaced99' },
      'en',
    );
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('This service key is already bound to another device');
    expect((await device(other.dev_id)).qxdsk_sealed).toBe(other.qxdsk_sealed);
  });

  it('refuses a malformed key or device id in the caller language, changing nothing', async () => {
    const d = await pick('makerA');
    const before = await device(d.dev_id);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ devId: d.dev_id, qxdsk: 'short' }, 'qxdsk'],
      [{ devId: d.dev_id, qxdsk: 'has spaces in it' }, 'qxdsk'],
      [{ devId: d.dev_id, qxdsk: 'abcdefgh\u0000ij' }, 'qxdsk'],
      [{ devId: d.dev_id, qxdsk: 'k'.repeat(65) }, 'qxdsk'],
      [{ devId: 'bad id', qxdsk: 'qxGoodKey123' }, 'devId'],
      [{ qxdsk: 'qxGoodKey123' }, 'devId'],
    ];
    for (const [payload, field] of bad) {
      const en = await call('makerA', 'PUT', RTK_BIND_PATH, payload, 'en');
      expect(en.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(en).message).toBe(`Invalid value for ${field}`);
      const zh = await call('makerA', 'PUT', RTK_BIND_PATH, payload, 'zh');
      expect(body(zh).message).toBe(`参数 ${field} 有误`);
    }
    expect(await device(d.dev_id)).toEqual(before);
  });
});

describe('renewal by btaddr', () => {
  const renew = (role: string, btaddr: string, availableDays: unknown, lang?: 'en' | 'zh') =>
    call(role, 'POST', RTK_RENEW_BTADDR_PATH, { btaddr, availableDays }, lang);

  it('adds the days to an expiry still ahead, and records who renewed it', async () => {
    const d = await pick('makerA', future);
    // Written in lower case with dashes: the same address.
    const res = await renew('makerA', d.btaddr.toLowerCase().replace(/:/g, '-'), 45);
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data as RtkRenewal;
    const old = (d.expires_at as Date).getTime();
    expect(data).toEqual({
      count: 1,
      devices: [{ devId: d.dev_id, oldExpiresAt: old, newExpiresAt: old + 45 * DAY }],
    });
    expect((await device(d.dev_id)).expires_at?.getTime()).toBe(old + 45 * DAY);
    const history = await t.db
      .selectFrom('rtk_renewals as h')
      .innerJoin('users as u', 'u.id', 'h.by_user_id')
      .select(['h.days', 'h.method', 'h.old_expires_at', 'h.new_expires_at', 'u.phone'])
      .where('h.dev_id', '=', d.dev_id)
      .execute();
    expect(history).toEqual([
      {
        days: 45,
        method: 'btaddr',
        old_expires_at: new Date(old),
        new_expires_at: new Date(old + 45 * DAY),
        phone: '13800000003',
      },
    ]);
    const log = await t.db
      .selectFrom('system_logs')
      .select(['result', 'account_id'])
      .where('action', '=', `POST ${RTK_RENEW_BTADDR_PATH}`)
      .execute();
    expect(log.at(-1)?.result).toBe(200);
  });

  it('counts from now when the service has ended, or never began', async () => {
    for (const test of [ended, (x: Device) => x.expires_at === null]) {
      const d = await pick('makerA', test);
      const before = Date.now();
      const res = await renew('platform', d.btaddr, 30);
      const after = Date.now();
      expect(res.statusCode, res.body).toBe(200);
      const got = (body(res).data as RtkRenewal).devices[0];
      expect(got?.oldExpiresAt).toBe(d.expires_at?.getTime() ?? null);
      expect(got?.newExpiresAt).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
      expect(got?.newExpiresAt).toBeLessThanOrEqual(after + 30 * DAY + 1000);
    }
  });

  it('adds both of two renewals sent at once (the rows are locked, not overwritten)', async () => {
    const d = await pick('makerB', (x) => future(x) && x.drone_id !== null);
    const old = (d.expires_at as Date).getTime();
    const [a, b] = await Promise.all([renew('makerB', d.btaddr, 10), renew('platform', d.btaddr, 20)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await device(d.dev_id)).expires_at?.getTime()).toBe(old + 30 * DAY);
    const history = await t.db
      .selectFrom('rtk_renewals')
      .select(['days', 'old_expires_at', 'new_expires_at'])
      .where('dev_id', '=', d.dev_id)
      .orderBy('id')
      .execute();
    expect(history).toHaveLength(2);
    // Each renewal saw the expiry the other left.
    expect(history[1]?.old_expires_at).toEqual(history[0]?.new_expires_at);
  });

  it('refuses a renewal past 20 years from now, changing nothing', async () => {
    const d = await pick('makerB', future);
    expect((await renew('makerB', d.btaddr, 3650)).statusCode).toBe(200);
    const before = await device(d.dev_id);
    const res = await renew('makerB', d.btaddr, 3650, 'en');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('After the renewal the service would end more than 20 years from now');
    expect(await device(d.dev_id)).toEqual(before);
  });

  it('refuses bad days or addresses in the caller language, and an unknown address as not found', async () => {
    const d = await pick('makerA', future);
    const before = await devices();
    for (const days of [0, -1, 3651, 1.5, '30', null]) {
      const en = await renew('makerA', d.btaddr, days, 'en');
      expect(en.statusCode, String(days)).toBe(400);
      expect(body(en).message).toBe('Invalid value for availableDays');
      const zh = await renew('makerA', d.btaddr, days, 'zh');
      expect(body(zh).message).toBe('参数 availableDays 有误');
    }
    for (const btaddr of [
      '5C:E8:83:00:01',
      'GG:E8:83:00:01:02',
      '5C:E8-83:00:01:02',
      '5C:E8:83:00:01:0\u0000',
    ]) {
      const en = await renew('makerA', btaddr, 30, 'en');
      expect(en.statusCode, btaddr).toBe(400);
      expect(body(en).message).toBe('Invalid value for btaddr');
    }
    const unknown = await renew('makerA', '00:00:00:00:00:01', 30, 'zh');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('没有蓝牙地址为 00:00:00:00:00:01 的 RTK 设备');
    expect(await devices()).toEqual(before);
  });
});

describe('renewal by phone', () => {
  const renew = (role: string, phone: string, availableDays: unknown, lang?: 'en' | 'zh') =>
    call(role, 'POST', RTK_RENEW_PHONE_PATH, { phone, availableDays }, lang);

  it("renews the caller's devices on the drones of the phone's account, and no other", async () => {
    const before = await devices();
    const onOperatorA = (maker: 'makerA' | 'makerB') =>
      before.filter((d) => d.yy === ids.operatorA && d.zz_account_id === ids[maker]).map((d) => d.dev_id);
    expect(onOperatorA('makerA').length).toBeGreaterThan(0);
    const res = await renew('makerA', '86-13800000005', 10);
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data as RtkRenewal;
    expect(data.count).toBe(onOperatorA('makerA').length);
    expect(data.devices.map((r) => r.devId)).toEqual(onOperatorA('makerA'));
    const after = await devices();
    for (const [i, b] of before.entries()) {
      const a = after[i] as Device;
      const renewed = onOperatorA('makerA').includes(b.dev_id);
      if (!renewed) expect(a, b.dev_id).toEqual(b);
      else if (b.expires_at && b.expires_at.getTime() > Date.now())
        expect(a.expires_at?.getTime()).toBe(b.expires_at.getTime() + 10 * DAY);
      else expect(a.expires_at?.getTime()).toBeGreaterThan(Date.now() + 9 * DAY);
    }
    const methods = await t.db
      .selectFrom('rtk_renewals')
      .select(['method', sql<number>`count(*)::int`.as('n')])
      .where('method', '=', 'phone')
      .groupBy('method')
      .execute();
    expect(methods).toEqual([{ method: 'phone', n: onOperatorA('makerA').length }]);

    // Maker B with the same phone reaches only its own devices on operator A's drones.
    const b = await renew('makerB', '13800000005', 10);
    if (onOperatorA('makerB').length) {
      expect(b.statusCode).toBe(200);
      expect((body(b).data as RtkRenewal).devices.map((r) => r.devId)).toEqual(onOperatorA('makerB'));
    } else expect(b.statusCode).toBe(404);
  });

  it('answers not found for a phone with no device, and refuses bad input in the caller language', async () => {
    const before = await devices();
    const none = await renew('makerA', '13800000002', 30, 'en');
    expect(none.statusCode).toBe(404);
    expect(body(none).message).toBe(
      'No RTK device you manage is on the drones of the account with this phone number',
    );
    const mainland = await renew('makerA', '86-12345678901', 30, 'zh');
    expect(mainland.statusCode).toBe(400);
    expect(body(mainland).message).toBe('手机号格式不正确');
    for (const phone of ['abc', '1380000000\u00005', '', '+86 13800000005', '1'.repeat(21)]) {
      const en = await renew('makerA', phone, 30, 'en');
      expect(en.statusCode, phone).toBe(400);
      expect(body(en).message).toBe('Invalid value for phone');
      const zh = await renew('makerA', phone, 30, 'zh');
      expect(body(zh).message).toBe('参数 phone 有误');
    }
    const days = await renew('makerA', '13800000005', 4000, 'en');
    expect(body(days).message).toBe('Invalid value for availableDays');
    expect(await devices()).toEqual(before);
  });
});

/** The day ('YYYY-MM-DD') of an instant in the statistics time zone, read independently of the code. */
const statDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: t.config.statTimeZone }).format(ms);
const calendarDays = (from: number, to: number) =>
  Math.round((Date.parse(statDay(to)) - Date.parse(statDay(from))) / DAY);

describe('rtkOfDrone', () => {
  it("gives a drone's terminal with its days left, and null for a drone without one", async () => {
    const d = await pick('makerA', (x) => x.drone_id !== null && future(x));
    const now = Date.now();
    const got = await rtkOfDrone(t.db, d.drone_id as string, t.config.statTimeZone, now);
    expect(got).toEqual({
      devId: d.dev_id,
      expiresAt: d.expires_at?.getTime(),
      allowed: d.allowed,
      daysLeft: calendarDays(now, (d.expires_at as Date).getTime()),
    });
    const bare = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where(
        'drone_id',
        'not in',
        t.db
          .selectFrom('rtk_devices')
          .select('drone_id')
          .where('drone_id', 'is not', null)
          .$castTo<{ drone_id: string }>(),
      )
      .executeTakeFirstOrThrow();
    expect(await rtkOfDrone(t.db, bare.drone_id, t.config.statTimeZone)).toBeNull();
  });
});
