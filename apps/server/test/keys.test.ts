/** The account's telemetry key: PUT create with vid, GET as a file; verification for ingest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let makerA: Record<string, string>;
let operatorA: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  makerA = (await signInWith(t, '13800000003')).auth;
  operatorA = (await signInWith(t, '13800000005')).auth;
});
afterAll(async () => {
  await t?.close();
});

const create = (vid: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/account/secretKey', payload: { vid }, headers });
const download = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers });
const parse = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => l.split('=')),
  );

describe('secret key', () => {
  it('needs a token', async () => {
    expect((await create('abc', {})).statusCode).toBe(401);
    expect((await download({})).statusCode).toBe(401);
  });

  it('is refused to staff and lease managers', async () => {
    for (const phone of ['13800000009', '13800000008']) {
      const { auth } = await signInWith(t, phone);
      expect((await create('staffkey', auth)).statusCode, phone).toBe(403);
      expect((await download(auth)).statusCode, phone).toBe(403);
    }
  });

  it('is created with a vid and downloaded as a file that verifies', async () => {
    expect((await download(makerA)).statusCode).toBe(404);
    const res = await create('jiyi-cloud', makerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ vid: 'jiyi-cloud' });
    const file = await download(makerA);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="agrifleet-jiyi-cloud.key"');
    const { vid, secret } = parse(file.body);
    expect(vid).toBe('jiyi-cloud');
    expect(secret).toMatch(/^[\w-]{32}$/);
    const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
    const maker = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '极翼植保无人机有限公司')
      .executeTakeFirstOrThrow();
    expect(await keys.verify('jiyi-cloud', secret as string)).toBe(maker.id);
    expect(await keys.verify('jiyi-cloud', 'wrong')).toBeNull();
    // The database holds neither the secret nor anything that reads as it.
    const row = await t.db
      .selectFrom('account_keys')
      .selectAll()
      .where('vid', '=', 'jiyi-cloud')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret as string);
  });

  it('a new key revokes the old one', async () => {
    const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
    const old = parse((await download(makerA)).body);
    expect((await create('jiyi-cloud-2', makerA)).statusCode).toBe(200);
    const fresh = parse((await download(makerA)).body);
    expect(fresh.vid).toBe('jiyi-cloud-2');
    expect(await keys.verify(old.vid as string, old.secret as string)).toBeNull();
    expect(await keys.verify(fresh.vid as string, fresh.secret as string)).not.toBeNull();
  });

  it('is per account: another tenant neither reads it nor takes its vid', async () => {
    expect((await download(operatorA)).statusCode).toBe(404);
    const taken = await create('jiyi-cloud-2', { ...operatorA, 'accept-language': 'en' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This vid is already in use');
    expect((await create('fengshou-gs', operatorA)).statusCode).toBe(200);
    expect(parse((await download(operatorA)).body).vid).toBe('fengshou-gs');
    expect(parse((await download(makerA)).body).vid).toBe('jiyi-cloud-2');
  });

  it('refuses a malformed vid', async () => {
    expect((await create('a b', makerA)).statusCode).toBe(400);
    expect((await create('x', makerA)).statusCode).toBe(400);
  });
});
