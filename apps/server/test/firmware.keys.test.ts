/**
 * Firmware tools, keys and statements (docs/api.md "Firmware") through the real app: every firmware
 * call refuses a caller without a session (401), a role without FirmwareManage and a host that hides
 * it (403); genkey hands the private key out once and registers the public half (at most 20 unrevoked
 * per account, under 20 parallel calls too); revocation; device keys made once per model and their
 * private half handed out once; drone flight-log keys registered by the drone's maker only; signrc
 * statements that openssl verifies; another maker's keys, models and drones are not found; the system
 * log has a row for every write and no key text, nor has the server's log.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  type DeviceKey,
  type DroneLogKey,
  FIRMWARE_MAX_ACTIVE_KEYS,
  FIRMWARE_PATHS,
  type FirmwareKey,
  type RcStatement,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalize } from '../src/modules/firmware/flightLog/index.ts';
import { REDACTED, redactLine } from '../src/platform/logRedact.ts';
import {
  type Call,
  dataOf,
  type FirmwareApp,
  fileUpload,
  firmwareApp,
  firmwareBytes,
  genkey,
  HIDING_HOST,
  plainUpload,
  REFUSED,
  secretOf,
  send,
} from './firmware.kit.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let f: FirmwareApp;
/** Every private key text handed out in this file (none may reach a log). */
const secrets: string[] = [];

beforeAll(async () => {
  f = await firmwareApp({ logStream: sink });
});
afterAll(async () => {
  await f?.t.close();
});

const P = FIRMWARE_PATHS;
const edPem = () =>
  generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();

/** Every firmware call, with a body its contract accepts. */
function everyCall(): Call[] {
  const mp = plainUpload('x.bin', firmwareBytes(1024), { modelId: String(f.modelA), version: '1.0.0' });
  const fw = fileUpload('firmware', 'x.bin', firmwareBytes(1024));
  const log = fileUpload('log', 'x.jsonl', '{}\n');
  const key = '0123456789abcdef';
  return [
    { method: 'GET', url: P.genkey },
    { method: 'GET', url: P.getkey },
    { method: 'POST', url: P.revokekey, payload: { keyId: key } },
    { method: 'GET', url: P.devicekey },
    { method: 'POST', url: P.devicekey, payload: { modelId: f.modelA } },
    { method: 'POST', url: P.devicekeyPrivate, payload: { modelId: f.modelA } },
    { method: 'GET', url: `${P.dronekey}?droneId=${f.droneA}` },
    { method: 'POST', url: P.dronekey, payload: { droneId: f.droneA, publicKey: edPem() } },
    {
      method: 'POST',
      url: P.dronekeyRevoke,
      payload: { droneId: f.droneA, keyId: `ed25519:${'0'.repeat(32)}` },
    },
    { method: 'POST', url: P.signrc, payload: { rcid: 'RC-1', privkey: 'x' } },
    { method: 'GET', url: P.signrc },
    { method: 'GET', url: P.plain },
    { method: 'POST', url: P.plain, payload: mp.payload, headers: mp.headers },
    { method: 'GET', url: P.list },
    { method: 'DELETE', url: `${P.list}/x.bin?firmwareType=plain` },
    { method: 'GET', url: `${P.list}/x.bin/download` },
    { method: 'POST', url: P.encrypt, payload: { filename: 'x.bin', privkey: 'x' } },
    { method: 'POST', url: P.verifyfw, payload: fw.payload, headers: fw.headers },
    { method: 'POST', url: P.verifylog, payload: log.payload, headers: log.headers },
  ];
}

describe('who may call', () => {
  it('every firmware route is one of the calls tested here', () => {
    const tested = everyCall().map(
      (c) => `${c.method} ${c.url.split('?')[0]?.replace('/x.bin', '/:fileName')}`,
    );
    const registered = f.routes
      .filter((r) => r.url.startsWith('/api/firmware') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(tested.sort()).toEqual(registered.sort());
  });

  it('401 without a session, 403 for a government, an operator and a lease manager, in the caller’s language', async () => {
    for (const c of everyCall()) {
      const anon = await send(f, c, null);
      expect(anon.statusCode, `${c.method} ${c.url}`).toBe(401);
      for (const role of REFUSED) {
        const res = await send(f, c, f.auth[role], 'zh');
        expect(res.statusCode, `${role} ${c.method} ${c.url}`).toBe(403);
        expect(res.json().message).toBe('没有权限执行此操作');
      }
    }
  });

  it('403 on a host that hides FirmwareManage, even for a maker and the platform', async () => {
    for (const c of everyCall())
      for (const role of ['makerA', 'platform'] as const) {
        const res = await send(f, { ...c, headers: { ...c.headers, host: HIDING_HOST } }, f.auth[role]);
        expect(res.statusCode, `${role} ${c.method} ${c.url}`).toBe(403);
      }
  });

  it('lets platform staff (user type 3) in', async () => {
    const res = await send(f, { method: 'GET', url: P.getkey }, f.auth.staff);
    expect(res.statusCode).toBe(200);
  });
});

describe('genkey and getkey', () => {
  it('answers the private key once as a PEM download and registers its public half', async () => {
    const { keyId, pem, res } = await genkey(f, f.auth.makerA);
    secrets.push(pem);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="agrifleet-${keyId}.pem"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/x-pem-file/);
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    const priv = createPrivateKey(pem);
    expect(priv.asymmetricKeyType).toBe('ed25519');
    const keys = dataOf<FirmwareKey[]>(await send(f, { method: 'GET', url: P.getkey }, f.auth.makerA));
    const mine = keys.find((k) => k.keyId === keyId);
    expect(mine).toMatchObject({ alg: 'Ed25519', createdBy: '李明', revokedAt: null });
    expect(mine?.publicKeyPem).toBe(createPublicKey(priv).export({ format: 'pem', type: 'spki' }).toString());
    // Only the public half is kept: the database holds no private key.
    const row = await f.t.db
      .selectFrom('firmware_keys')
      .selectAll()
      .where('key_id', '=', keyId)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(
      ['account_id', 'created_at', 'created_by', 'key_id', 'revoked_at', 'revoked_by', 'spki'].sort(),
    );
    // Another maker does not see it; a HEAD request makes no key.
    const other = dataOf<FirmwareKey[]>(await send(f, { method: 'GET', url: P.getkey }, f.auth.makerB));
    expect(other.map((k) => k.keyId)).not.toContain(keyId);
    const head = await f.t.app.inject({ method: 'HEAD', url: P.genkey, headers: f.auth.makerA });
    expect(head.statusCode).toBe(404);
  });

  it(`never holds more than ${FIRMWARE_MAX_ACTIVE_KEYS} unrevoked keys, under 20 parallel calls`, async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM firmware_keys
      WHERE account_id = ${f.ids.makerB} AND revoked_at IS NULL`.execute(f.t.db);
    const have = before.rows[0]?.n ?? 0;
    for (let i = have; i < FIRMWARE_MAX_ACTIVE_KEYS - 5; i++)
      secrets.push((await genkey(f, f.auth.makerB)).pem);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(f, { method: 'GET', url: P.genkey }, f.auth.makerB, 'zh')),
    );
    for (const a of answers) if (a.statusCode === 200) secrets.push(a.body);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.json().message).toBe('每个账号最多保留 20 个未吊销的签名密钥，请先吊销不用的密钥');
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM firmware_keys
      WHERE account_id = ${f.ids.makerB} AND revoked_at IS NULL`.execute(f.t.db);
    expect(after.rows[0]?.n).toBe(FIRMWARE_MAX_ACTIVE_KEYS);
    // Revoking one makes room for one.
    const keys = dataOf<FirmwareKey[]>(await send(f, { method: 'GET', url: P.getkey }, f.auth.makerB));
    const revoke = await send(
      f,
      { method: 'POST', url: P.revokekey, payload: { keyId: keys[0]?.keyId } },
      f.auth.makerB,
    );
    expect(revoke.statusCode).toBe(200);
    secrets.push((await genkey(f, f.auth.makerB)).pem);
  });
});

describe('revokekey', () => {
  it('revokes once (then 409); another maker’s key is 404 and stays valid', async () => {
    const { keyId, pem } = await genkey(f, f.auth.makerA);
    secrets.push(pem);
    const byB = await send(f, { method: 'POST', url: P.revokekey, payload: { keyId } }, f.auth.makerB);
    expect(byB.statusCode).toBe(404);
    expect(byB.json().message).toBe('Signing key not found');
    const ok = await send(f, { method: 'POST', url: P.revokekey, payload: { keyId } }, f.auth.makerA);
    expect(ok.statusCode).toBe(200);
    const again = await send(
      f,
      { method: 'POST', url: P.revokekey, payload: { keyId } },
      f.auth.makerA,
      'ko',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('이 서명 키는 폐기되었습니다');
    const keys = dataOf<FirmwareKey[]>(await send(f, { method: 'GET', url: P.getkey }, f.auth.makerA));
    expect(keys.find((k) => k.keyId === keyId)?.revokedAt).toEqual(expect.any(Number));
    const bad = await send(f, { method: 'POST', url: P.revokekey, payload: { keyId: 'XYZ' } }, f.auth.makerA);
    expect(bad.statusCode).toBe(400);
  });
});

describe('device keys', () => {
  it('one per model under parallel calls; another maker’s model is 404', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(f, { method: 'POST', url: P.devicekey, payload: { modelId: f.modelA } }, f.auth.makerA),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((a) => dataOf<DeviceKey>(a).keyId));
    expect(ids.size).toBe(1);
    const key = dataOf<DeviceKey>(answers[0] as (typeof answers)[0]);
    expect(key).toMatchObject({ modelId: f.modelA, alg: 'X25519', privateDownloadedAt: null });
    expect(key.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    const byB = await send(
      f,
      { method: 'POST', url: P.devicekey, payload: { modelId: f.modelA } },
      f.auth.makerB,
    );
    expect(byB.statusCode).toBe(404);
    const listB = dataOf<DeviceKey[]>(await send(f, { method: 'GET', url: P.devicekey }, f.auth.makerB));
    expect(listB.map((k) => k.modelId)).not.toContain(f.modelA);
    const listP = dataOf<DeviceKey[]>(await send(f, { method: 'GET', url: P.devicekey }, f.auth.platform));
    expect(listP.map((k) => k.modelId)).toContain(f.modelA);
  });

  it('hands the private half out once, under parallel calls; the console keeps it sealed', async () => {
    const byB = await send(
      f,
      { method: 'POST', url: P.devicekeyPrivate, payload: { modelId: f.modelA } },
      f.auth.makerB,
    );
    expect(byB.statusCode).toBe(404);
    const none = await send(
      f,
      { method: 'POST', url: P.devicekeyPrivate, payload: { modelId: f.modelB } },
      f.auth.makerB,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This drone model has no device key yet');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(f, { method: 'POST', url: P.devicekeyPrivate, payload: { modelId: f.modelA } }, f.auth.makerA),
      ),
    );
    const got = answers.filter((a) => a.statusCode === 200);
    expect(got).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    const pem = got[0]?.body ?? '';
    secrets.push(pem);
    const priv = createPrivateKey(pem);
    expect(priv.asymmetricKeyType).toBe('x25519');
    expect(got[0]?.headers['content-disposition']).toMatch(
      /^attachment; filename="agrifleet-device-[0-9a-f]{16}\.pem"$/,
    );
    const list = dataOf<DeviceKey[]>(await send(f, { method: 'GET', url: P.devicekey }, f.auth.makerA));
    const key = list.find((k) => k.modelId === f.modelA);
    expect(key?.privateDownloadedAt).toEqual(expect.any(Number));
    expect(key?.publicKeyPem).toBe(createPublicKey(priv).export({ format: 'pem', type: 'spki' }).toString());
    const row = await f.t.db
      .selectFrom('firmware_device_keys')
      .selectAll()
      .where('model_id', '=', f.modelA)
      .executeTakeFirstOrThrow();
    expect(row.private_sealed).toMatch(/^v1\./);
    expect(row.private_sealed).not.toContain(secretOf(pem));
  });
});

describe('drone flight-log keys', () => {
  it('only the drone’s maker registers and revokes them; others get 404', async () => {
    const pub = edPem();
    for (const role of ['makerB', 'platform'] as const) {
      const res = await send(
        f,
        { method: 'POST', url: P.dronekey, payload: { droneId: f.droneA, publicKey: pub } },
        f.auth[role],
      );
      expect(res.statusCode, role).toBe(404);
    }
    const res = await send(
      f,
      { method: 'POST', url: P.dronekey, payload: { droneId: f.droneA, publicKey: pub } },
      f.auth.makerA,
    );
    expect(res.statusCode).toBe(200);
    const key = dataOf<DroneLogKey>(res);
    expect(key).toMatchObject({ droneId: f.droneA, alg: 'Ed25519', revokedAt: null });
    expect(key.keyId).toMatch(/^ed25519:[0-9a-f]{32}$/);
    // The same key again answers the same row.
    const again = await send(
      f,
      { method: 'POST', url: P.dronekey, payload: { droneId: f.droneA, publicKey: pub } },
      f.auth.makerA,
    );
    expect(dataOf<DroneLogKey>(again).keyId).toBe(key.keyId);
    // Reading: the maker and the platform; another maker 404.
    const listA = await send(f, { method: 'GET', url: `${P.dronekey}?droneId=${f.droneA}` }, f.auth.makerA);
    expect(dataOf<DroneLogKey[]>(listA).map((k) => k.keyId)).toContain(key.keyId);
    expect(
      (await send(f, { method: 'GET', url: `${P.dronekey}?droneId=${f.droneA}` }, f.auth.platform))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(f, { method: 'GET', url: `${P.dronekey}?droneId=${f.droneA}` }, f.auth.makerB)).statusCode,
    ).toBe(404);
    const revB = await send(
      f,
      { method: 'POST', url: P.dronekeyRevoke, payload: { droneId: f.droneA, keyId: key.keyId } },
      f.auth.makerB,
    );
    expect(revB.statusCode).toBe(404);
    const rev = await send(
      f,
      { method: 'POST', url: P.dronekeyRevoke, payload: { droneId: f.droneA, keyId: key.keyId } },
      f.auth.makerA,
    );
    expect(rev.statusCode).toBe(200);
    const back = await send(
      f,
      { method: 'POST', url: P.dronekey, payload: { droneId: f.droneA, publicKey: pub } },
      f.auth.makerA,
    );
    expect(back.statusCode).toBe(409);
  });

  it('refuses what is not an Ed25519 public key PEM, in the caller’s language', async () => {
    const x25519 = generateKeyPairSync('x25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const priv = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    for (const publicKey of [
      x25519,
      priv,
      'garbage',
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    ]) {
      const res = await send(
        f,
        { method: 'POST', url: P.dronekey, payload: { droneId: f.droneA, publicKey } },
        f.auth.makerA,
        'th',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^คีย์สาธารณะไม่ถูกต้อง/);
      expect(res.json().message).not.toContain(secretOf(priv));
    }
  });
});

describe('signrc', () => {
  let keyId = '';
  let pem = '';
  beforeAll(async () => {
    ({ keyId, pem } = await genkey(f, f.auth.makerA));
    secrets.push(pem);
  });

  it('answers and stores a statement that openssl verifies with the public key', async () => {
    const res = await send(
      f,
      { method: 'POST', url: P.signrc, payload: { rcid: 'RC-2026_0001', privkey: pem } },
      f.auth.makerA,
    );
    expect(res.statusCode).toBe(200);
    const s = dataOf<RcStatement>(res);
    expect(s).toMatchObject({ rcid: 'RC-2026_0001', accountId: f.ids.makerA, keyId });
    expect(s.sig).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const dir = mkdtempSync(join(tmpdir(), 'fw-rc-'));
    try {
      const pub = dataOf<FirmwareKey[]>(await send(f, { method: 'GET', url: P.getkey }, f.auth.makerA)).find(
        (k) => k.keyId === keyId,
      )?.publicKeyPem as string;
      writeFileSync(join(dir, 'pub.pem'), pub);
      const { sig, ...signed } = s;
      const msg = canonicalize(signed);
      expect(msg).toBe(
        `{"accountId":${s.accountId},"keyId":"${keyId}","rcid":"RC-2026_0001","time":${s.time}}`,
      );
      writeFileSync(join(dir, 'msg.bin'), msg);
      writeFileSync(join(dir, 'sig.bin'), Buffer.from(sig, 'base64url'));
      const verify = (msgFile: string) =>
        execFileSync(
          'openssl',
          [
            'pkeyutl',
            '-verify',
            '-pubin',
            '-inkey',
            'pub.pem',
            '-rawin',
            '-in',
            msgFile,
            '-sigfile',
            'sig.bin',
          ],
          { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
        ).toString();
      expect(verify('msg.bin')).toContain('Signature Verified Successfully');
      writeFileSync(join(dir, 'other.bin'), msg.replace('RC-2026_0001', 'RC-2026_0002'));
      expect(() => verify('other.bin')).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const list = await send(f, { method: 'GET', url: `${P.signrc}?rcid=RC-2026_0001` }, f.auth.makerA);
    expect(dataOf<{ records: RcStatement[] }>(list).records).toEqual([s]);
    const listB = await send(f, { method: 'GET', url: P.signrc }, f.auth.makerB);
    expect(dataOf<{ records: RcStatement[] }>(listB).records.map((r) => r.rcid)).not.toContain(
      'RC-2026_0001',
    );
  });

  it('refuses rcids out of bounds, keys that are not Ed25519 PKCS#8, unregistered and revoked keys', async () => {
    for (const rcid of ['', 'a b', 'x'.repeat(65), 'rc/1', 'rc\u0000'])
      expect(
        (await send(f, { method: 'POST', url: P.signrc, payload: { rcid, privkey: pem } }, f.auth.makerA))
          .statusCode,
        rcid,
      ).toBe(400);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const notMine = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const cases: Array<[string, number, string]> = [
      [rsa, 400, '私钥格式不正确：请使用本系统生成并下载的 Ed25519 私钥（PKCS#8 PEM）'],
      ['not a key', 400, '私钥格式不正确：请使用本系统生成并下载的 Ed25519 私钥（PKCS#8 PEM）'],
      [notMine, 400, '该私钥不属于本账号已登记的签名密钥'],
    ];
    for (const [privkey, status, message] of cases) {
      const res = await send(
        f,
        { method: 'POST', url: P.signrc, payload: { rcid: 'RC-9', privkey } },
        f.auth.makerA,
        'zh',
      );
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Maker B holding maker A's key text: not a key of B's account.
    const stolen = await send(
      f,
      { method: 'POST', url: P.signrc, payload: { rcid: 'RC-9', privkey: pem } },
      f.auth.makerB,
    );
    expect(stolen.statusCode).toBe(400);
    const revoked = await genkey(f, f.auth.makerA);
    secrets.push(revoked.pem);
    await send(f, { method: 'POST', url: P.revokekey, payload: { keyId: revoked.keyId } }, f.auth.makerA);
    const res = await send(
      f,
      { method: 'POST', url: P.signrc, payload: { rcid: 'RC-9', privkey: revoked.pem } },
      f.auth.makerA,
    );
    expect(res.statusCode).toBe(409);
  });
});

describe('the logs', () => {
  it('the system log has a row for every firmware write, with key ids and never a key’s text', async () => {
    const rows = await f.t.db
      .selectFrom('system_logs')
      .select(['action', 'result', 'target', 'detail'])
      .where('action', 'like', '% /api/firmware/%')
      .execute();
    const ok = (action: string) => rows.filter((r) => r.action === action && r.result === 200);
    const gen = ok('GET /api/firmware/genkey');
    expect(gen.length).toBeGreaterThan(20);
    expect(gen[0]?.detail).toEqual({ keyId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(gen[0]?.target).toMatch(/^keyId=[0-9a-f]{16}$/);
    expect(ok('POST /api/firmware/revokekey').length).toBeGreaterThan(0);
    expect(ok('POST /api/firmware/devicekey').length).toBeGreaterThan(0);
    expect(ok('POST /api/firmware/devicekey/private')).toHaveLength(1);
    expect(ok('POST /api/firmware/dronekey').length).toBeGreaterThan(0);
    expect(ok('POST /api/firmware/dronekey/revoke')).toHaveLength(1);
    expect(ok('POST /api/firmware/signrc')[0]).toMatchObject({
      target: 'rcid=RC-2026_0001',
      detail: { rcid: 'RC-2026_0001', keyId: expect.any(String) },
    });
    // Refused writes are logged with their status; reads are not.
    expect(rows.some((r) => r.action === 'GET /api/firmware/genkey' && r.result === 409)).toBe(true);
    expect(rows.some((r) => r.action.startsWith('GET /api/firmware/getkey'))).toBe(false);
    const all = JSON.stringify(await f.t.db.selectFrom('system_logs').selectAll().execute());
    expect(secrets.length).toBeGreaterThan(20);
    for (const pem of secrets) expect(all).not.toContain(secretOf(pem));
    expect(all).not.toContain('PRIVATE KEY');
  });

  it('the server log holds no private key text', async () => {
    expect(lines.length).toBeGreaterThan(50);
    const text = lines.join('\n');
    for (const pem of secrets) expect(text).not.toContain(secretOf(pem));
    expect(text).not.toContain('BEGIN PRIVATE KEY');
  });

  it('a privkey member or a PEM block in any logged line is redacted', () => {
    const pem = secrets[0] as string;
    const line = JSON.stringify({
      body: { privkey: pem },
      msg: `failed with ${pem}`,
      err: { stack: pem.slice(0, 60) },
    });
    const out = redactLine(line);
    expect(out).not.toContain(secretOf(pem));
    expect(out).toContain(`"privkey":"${REDACTED}"`);
    expect(JSON.parse(out).msg).toBe(`failed with ${REDACTED}\n`);
  });
});
