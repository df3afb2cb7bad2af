/**
 * Refresh token families (issue 9, finding 20): a replayed, rotated-out refresh token ends the
 * sign-in it came from, its newest refresh token and its access tokens included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextAddress, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/baseaccount/refreshToken',
    payload: { refreshToken },
    remoteAddress: nextAddress(),
  });
const info = (jToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${jToken}` } });

describe('refresh token reuse', () => {
  it('ends the whole sign-in when a rotated-out token is replayed', async () => {
    const { data } = await signInWith(t, '13800000005');
    const other = await signInWith(t, '13800000005');
    const first = await refresh(data.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json().data;
    const second = await refresh(next.refreshToken);
    expect(second.statusCode).toBe(200);
    const newest = second.json().data;
    expect((await info(newest.jToken)).statusCode).toBe(200);

    // The first token again (stolen and replayed, or the thief was first): refused...
    const replay = await refresh(data.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(1010);
    // ...and the sign-in is over: its newest refresh token and every access token of it.
    expect((await refresh(newest.refreshToken)).statusCode).toBe(401);
    for (const jToken of [data.jToken, next.jToken, newest.jToken])
      expect((await info(jToken)).statusCode).toBe(401);
    // Another sign-in of the same user lives on.
    expect((await info(other.data.jToken)).statusCode).toBe(200);
    expect((await refresh(other.data.refreshToken)).statusCode).toBe(200);
    // The reuse is in the system log of the user's account.
    const logged = await t.db
      .selectFrom('system_logs')
      .select('detail')
      .where('action', '=', 'refreshTokenReuse')
      .where('user_id', '=', data.userId)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it("ends the thief's sign-in too when the owner comes back with the token the thief rotated", async () => {
    const { data } = await signInWith(t, '13800000006');
    const stolen = await refresh(data.refreshToken);
    expect(stolen.statusCode).toBe(200);
    const thief = stolen.json().data;
    // The owner's client refreshes with the token it holds: reuse.
    expect((await refresh(data.refreshToken)).statusCode).toBe(401);
    expect((await info(thief.jToken)).statusCode).toBe(401);
    expect((await refresh(thief.refreshToken)).statusCode).toBe(401);
  });

  it('refuses garbage and leaves a plain refresh alone', async () => {
    expect((await refresh('garbage')).statusCode).toBe(401);
    const { data } = await signInWith(t, '13800000003');
    expect((await info(data.jToken)).statusCode).toBe(200);
    expect((await refresh(data.refreshToken)).statusCode).toBe(200);
  });
});
