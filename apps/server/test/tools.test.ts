/**
 * The telemetry-key tester (POST /api/tools/telemetryTest, /telemetryTest/drones): the Tools
 * screen's callers only; the key checked as the batch route checks it; a bad point named; real
 * ingest (the drone's live state moves); the scope rules (a drone or key of another tenant is 404);
 * every test in the system log without the secret.
 */
import { TOOLS_PATHS } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { createToolsRepo } from '../src/modules/tools/tools.repo.ts';
import { createToolsService } from '../src/modules/tools/tools.service.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

const PHONES = {
  platform: '13800000001',
  government: '13800000002',
  makerA: '13800000003',
  makerB: '13800000004',
  operatorA: '13800000005',
  leaseManager: '13800000008',
  staff: '13800000009',
} as const;
type Role = keyof typeof PHONES;

let t: TestApp;
const auth = {} as Record<Role, Record<string, string>>;
const ids = {} as Record<'makerA' | 'makerB', number>;
let keyA: { vid: string; secret: string };
let keyB: { vid: string; secret: string };
let droneA: string;
let droneB: string;

async function makeKey(role: Role, vid: string) {
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/user/account/secretKey',
    payload: { vid },
    headers: auth[role],
  });
  expect(put.statusCode).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers: auth[role] });
  const line = (k: string) =>
    file.body
      .split('\n')
      .find((l) => l.startsWith(`${k}=`))
      ?.slice(k.length + 1) ?? '';
  return { vid: line('vid'), secret: line('secret') };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, phone] of Object.entries(PHONES)) auth[role as Role] = (await signInWith(t, phone)).auth;
  for (const role of ['makerA', 'makerB'] as const) {
    const u = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('phone', '=', PHONES[role])
      .executeTakeFirstOrThrow();
    ids[role] = u.account_id;
  }
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
  keyA = await makeKey('makerA', 'tools-test-a');
  keyB = await makeKey('makerB', 'tools-test-b');
});
afterAll(async () => {
  await t?.close();
});

const point = (over: Record<string, unknown> = {}) => ({
  recordTime: Date.now(),
  lng: 118.7969,
  lat: 32.0603,
  height: 0,
  speed: 0,
  heading: 90,
  battery: 88,
  flow: 0,
  pump: false,
  swath: 5,
  tank: 10,
  mode: 'manual',
  ...over,
});

const test = (payload: unknown, who: Record<string, string> | null = auth.platform, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: TOOLS_PATHS.telemetryTest,
    payload: payload as object,
    headers: { 'accept-language': lang, ...(who ?? {}) },
  });
const drones = (payload: unknown, who: Record<string, string> | null = auth.platform, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: TOOLS_PATHS.telemetryTestDrones,
    payload: payload as object,
    headers: { 'accept-language': lang, ...(who ?? {}) },
  });

describe('who may call', () => {
  it('needs a session (401)', async () => {
    expect((await test({ ...keyA, droneId: droneA, point: point() }, null)).statusCode).toBe(401);
    expect((await drones(keyA, null)).statusCode).toBe(401);
  });

  it('is refused to every role without the Tools screen (403), the key holder included', async () => {
    for (const role of ['government', 'makerA', 'makerB', 'operatorA', 'leaseManager', 'staff'] as const) {
      const res = await test({ ...keyA, droneId: droneA, point: point() }, auth[role], 'zh');
      expect(res.statusCode, role).toBe(403);
      expect((await drones(keyA, auth[role])).statusCode, role).toBe(403);
    }
  });
});

describe('the verdict', () => {
  it('takes a good point with the drone maker’s key: stored, and the drone is live where it said', async () => {
    const p = point({ lng: 118.8, lat: 32.05 });
    const res = await test({ ...keyA, droneId: droneA, point: p });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      accepted: true,
      reasons: [],
      keyAccountName: '极翼植保无人机有限公司',
      counts: { accepted: 1, outOfRange: 0, outOfTime: 0, duplicates: 0, implausible: 0 },
      live: { online: true, lng: 118.8, lat: 32.05, recordTime: p.recordTime },
    });
    // Stored: the same point again is a duplicate, in the caller's language.
    const again = (await test({ ...keyA, droneId: droneA, point: p }, auth.platform, 'zh')).json().data;
    expect(again.accepted).toBe(false);
    expect(again.reasons.map((r: { code: string }) => r.code)).toEqual(['duplicate']);
    expect(again.reasons[0].message).toContain('重复');
    expect(again.counts.duplicates).toBe(1);
  });

  it("takes one of the same point sent five times at once (ingest orders a drone's points)", async () => {
    const p = point({ lng: 118.8001, lat: 32.0501 });
    const all = await Promise.all(
      Array.from({ length: 5 }, () => test({ ...keyA, droneId: droneA, point: p })),
    );
    const verdicts = all.map((r) => r.json().data);
    expect(verdicts.filter((v) => v.accepted)).toHaveLength(1);
    expect(verdicts.filter((v) => v.reasons[0]?.code === 'duplicate')).toHaveLength(4);
  });

  it('refuses a wrong secret or an unknown vid as keyInvalid, translated', async () => {
    for (const key of [
      { vid: keyA.vid, secret: `${keyA.secret}x` },
      { vid: 'no-such-vid', secret: keyA.secret },
    ]) {
      const res = await test({ ...key, droneId: droneA, point: point() }, auth.platform, 'zh');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ accepted: false, counts: null, keyAccountName: null });
      expect(data.reasons).toEqual([{ code: 'keyInvalid', message: expect.stringContaining('密钥无效') }]);
    }
  });

  it('names a bad point’s field, as ingest would', async () => {
    const res = await test({ ...keyA, droneId: droneA, point: point({ battery: 150 }) });
    const data = res.json().data;
    expect(data.accepted).toBe(false);
    expect(data.reasons).toEqual([
      {
        code: 'invalidPoint',
        field: 'battery: out of range 0..100',
        message: 'The point does not follow the telemetry format: battery: out of range 0..100',
      },
    ]);
    const noMode = point();
    delete (noMode as Partial<typeof noMode>).mode;
    expect((await test({ ...keyA, droneId: droneA, point: noMode })).json().data.reasons[0].field).toMatch(
      /^mode/,
    );
  });

  it('reports dropped points with ingest’s reasons', async () => {
    const old = (
      await test({ ...keyA, droneId: droneA, point: point({ recordTime: Date.now() - 40 * 86_400_000 }) })
    ).json().data;
    expect(old.reasons.map((r: { code: string }) => r.code)).toEqual(['outOfTime']);
    const far = (await test({ ...keyA, droneId: droneA, point: point({ lng: 200 }) })).json().data;
    expect(far.reasons.map((r: { code: string }) => r.code)).toEqual(['outOfRange']);
  });

  it('refuses another maker’s drone with this key: droneNotKeyAccount', async () => {
    const data = (await test({ ...keyA, droneId: droneB, point: point() })).json().data;
    expect(data).toMatchObject({ accepted: false, counts: null, keyAccountName: '极翼植保无人机有限公司' });
    expect(data.reasons.map((r: { code: string }) => r.code)).toEqual(['droneNotKeyAccount']);
  });

  it('an unknown drone is a translated 404; a malformed body a 400', async () => {
    const res = await test({ ...keyA, droneId: 'NO-SUCH-DRONE', point: point() }, auth.platform, 'zh');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('无人机不存在或不在您的数据范围内');
    for (const bad of [
      { ...keyA, droneId: droneA },
      { ...keyA, droneId: 'a b', point: point() },
      { vid: 'a b', secret: 'x', droneId: droneA, point: point() },
      { vid: keyA.vid, secret: 'x\u0000', droneId: droneA, point: point() },
      { ...keyA, droneId: droneA, point: [1, 2] },
    ])
      expect((await test(bad)).statusCode, JSON.stringify(bad)).toBe(400);
  });
});

describe('the key’s drones', () => {
  it('lists the drones the key may send for; a bad key gets none', async () => {
    const res = (await drones(keyA)).json().data;
    expect(res.keyValid).toBe(true);
    expect(res.keyAccountName).toBe('极翼植保无人机有限公司');
    expect(res.drones.length).toBeGreaterThan(0);
    const owners = await t.db
      .selectFrom('drones')
      .select(['drone_id', 'zz_account_id', 'yy_account_id'])
      .where(
        'drone_id',
        'in',
        res.drones.map((d: { droneId: string }) => d.droneId),
      )
      .execute();
    expect(owners.every((d) => d.zz_account_id === ids.makerA || d.yy_account_id === ids.makerA)).toBe(true);
    expect(res.drones.map((d: { droneId: string }) => d.droneId)).toContain(droneA);
    expect((await drones({ vid: keyB.vid, secret: 'wrong' })).json().data).toEqual({
      keyValid: false,
      keyAccountName: null,
      drones: [],
    });
  });
});

describe('another tenant', () => {
  // Only platform accounts reach the routes; the rules for a caller with a narrower scope are the
  // service's, tested here with the real repository and keys (ingest is never reached).
  const service = () =>
    createToolsService({
      repo: createToolsRepo(t.db),
      keys: createKeysService(t.db, createSealer(t.config.jwtSecret)),
      telemetry: {
        get ingest(): never {
          throw new Error('ingest reached');
        },
        get live(): never {
          throw new Error('live state reached');
        },
      },
    });
  const makerB = () => ({ accountId: ids.makerB, scope: { kind: 'zz' as const, accountId: ids.makerB } });

  it('a drone outside the caller’s scope is 404, whatever the key', async () => {
    await expect(
      service().telemetryTest(makerB(), { ...keyB, droneId: droneA, point: point() }, 'en'),
    ).rejects.toMatchObject({
      status: 404,
      key: 'toolsDroneNotFound',
    });
  });

  it('another account’s key is 404, even with its right secret', async () => {
    await expect(
      service().telemetryTest(makerB(), { ...keyA, droneId: droneB, point: point() }, 'en'),
    ).rejects.toMatchObject({
      status: 404,
      key: 'toolsKeyNotFound',
    });
    await expect(service().keyDrones(makerB(), keyA)).rejects.toMatchObject({ status: 404 });
  });
});

describe('the system log', () => {
  it('has a row for every test, with the drone and the vid, never the secret', async () => {
    const rows = await t.db
      .selectFrom('system_logs')
      .select(['action', 'result', 'target', 'detail'])
      .where('action', 'like', '% /api/tools/%')
      .execute();
    const ok = rows.filter((r) => r.action === 'POST /api/tools/telemetryTest' && r.result === 200);
    expect(ok.length).toBeGreaterThan(5);
    expect(ok.find((r) => (r.detail as { accepted?: boolean }).accepted)).toMatchObject({
      target: `droneId=${droneA}`,
      detail: { vid: keyA.vid, accepted: true, reasons: [] },
    });
    // Refused callers are logged with their status; the drones read is not logged.
    expect(rows.some((r) => r.result === 403)).toBe(true);
    expect(rows.some((r) => r.action.includes('/drones'))).toBe(false);
    const all = JSON.stringify(await t.db.selectFrom('system_logs').selectAll().execute());
    expect(all).not.toContain(keyA.secret);
    expect(all).not.toContain(keyB.secret);
  });
});
