/**
 * Telemetry keys need a reviewed account (issue 9 #19): an account whose review is pending may
 * open its detail page but not create a key (403, translated), and a key of an account whose
 * review was withdrawn no longer verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { createSealer } from '../src/platform/seal.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let operatorId: number;

const setReview = (checkStatus: number) =>
  t.db.updateTable('accounts').set({ check_status: checkStatus }).where('id', '=', operatorId).execute();

beforeAll(async () => {
  t = await createTestApp();
  operatorId = (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '丰收飞防服务合作社')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const create = (vid: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/account/secretKey', payload: { vid }, headers });

describe('telemetry keys and account review', () => {
  it('refuses to create a key for an account not yet reviewed, in the caller language', async () => {
    await setReview(1);
    const { auth } = await signInWith(t, '13800000005');
    for (const lng of ['en', 'zh', 'ko'] as const) {
      const res = await create('pending-key', { ...auth, 'accept-language': lng });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MESSAGES.telemetryKeyUnreviewed[lng]);
    }
    const keys = await t.db
      .selectFrom('account_keys')
      .select('vid')
      .where('account_id', '=', operatorId)
      .execute();
    expect(keys).toEqual([]);
  });

  it('creates it once the account passed review; the key stops verifying if review is withdrawn', async () => {
    await setReview(2);
    const { auth } = await signInWith(t, '13800000005');
    expect((await create('reviewed-key', auth)).statusCode).toBe(200);
    const file = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers: auth }))
      .body;
    const secret = /secret=(.+)/.exec(file)?.[1] as string;
    const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
    expect(await keys.verify('reviewed-key', secret)).toBe(operatorId);
    await setReview(3);
    expect(await keys.verify('reviewed-key', secret)).toBeNull();
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${Buffer.from(`reviewed-key:${secret}`).toString('base64')}` },
      payload: { drones: [{ droneId: 'X1', points: [] }] },
    });
    expect(batch.statusCode).toBe(401);
  });
});
