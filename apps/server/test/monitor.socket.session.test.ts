/**
 * The monitor socket lives only as long as its sign-in (issue 9, finding 14): sign-out, a password
 * reset, a password change elsewhere, a refresh-token reuse and a disabled user close it at once.
 * Real WebSockets against the app listening on a port, with a drone sending telemetry meanwhile.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE } from '../src/modules/monitor/monitor.socket.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { uploadAvatar } from './avatar.ts';
import { createTestApp, fleetCallers, nextAddress, requestCode, signInWith, type TestApp } from './helper.ts';

const M = '/api/drone/mointor/manage';
let t: TestApp;
let base: string;
let basic: string;
let droneId: string;
let flying: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  t = await createTestApp();
  const { auth, ids } = await fleetCallers(t);
  droneId = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids.makerA)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow()
  ).drone_id;
  const headers = auth.makerA;
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/account/secretKey',
    payload: { vid: 'maker-a-gw' },
    headers,
  });
  const text = (await t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers })).body;
  basic = Buffer.from(`maker-a-gw:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `127.0.0.1:${address.port}`;

  // A drone in the air: a new point every 300 ms, so every open socket gets a push each second.
  const field = rectangleField({
    center: { lng: 120.26, lat: 33.77 },
    widthM: 80,
    lengthM: 200,
    angleDeg: 10,
  });
  const points = runMission(DEFAULT_DRONE, field, {
    startTime: Date.now(),
    seed: 5,
    rateHz: 1,
  }).sorties.flatMap((s) => s.points);
  let i = 0;
  const send = async () => {
    const p = points[i++ % points.length] as TelemetryPoint;
    await fetch(`http://${base}/api/telemetry/batch`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ drones: [{ droneId, points: [{ ...p, recordTime: Date.now() }] }] }),
    }).catch(() => undefined);
  };
  await send();
  flying = setInterval(() => void send(), 300);
});
afterAll(async () => {
  clearInterval(flying);
  await t?.close();
});

interface Watched {
  ws: WebSocket;
  pushes: number[];
  closed: Promise<{ code: number; at: number }>;
}

/** Opens the monitor socket as a signed-in caller and waits for its first pushes. */
async function watch(jToken: string): Promise<Watched> {
  const ws = new WebSocket(`ws://${base}${M}/socket?access_token=${jToken}`);
  const pushes: number[] = [];
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    ws.on('close', (code) => resolve({ code, at: Date.now() })),
  );
  ws.on('message', () => pushes.push(Date.now()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(
    JSON.stringify({
      type: 'subscribe',
      query: { minLng: 70, maxLng: 140, minLat: 15, maxLat: 55 },
      offline: true,
    }),
  );
  // The first answer, then at least one live push: the feed is streaming.
  await expect.poll(() => pushes.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
  return { ws, pushes, closed };
}

/**
 * The socket closes as session-ended within `withinMs` of `since` (when the change was answered:
 * the change's own work, a password hash, is not counted), and nothing came after that.
 */
async function expectEnded(w: Watched, since: number, withinMs: number) {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs + 2000));
  const closed = await Promise.race([w.closed, timeout]);
  expect(closed, 'the socket is still open').not.toBeNull();
  expect(closed?.code).toBe(SESSION_ENDED_CLOSE);
  expect((closed?.at ?? Number.POSITIVE_INFINITY) - since).toBeLessThan(withinMs);
  expect(w.pushes.filter((at) => at > (closed?.at ?? 0))).toEqual([]);
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });

describe('monitor socket and its sign-in', () => {
  it('closes at once on sign-out; another sign-in of the same user keeps streaming', async () => {
    const a = await signInWith(t, '13800000001');
    const b = await signInWith(t, '13800000001');
    const wa = await watch(a.data.jToken);
    const wb = await watch(b.data.jToken);
    expect((await post('/api/user/baseaccount/loginOut', {}, a.auth)).statusCode).toBe(200);
    await expectEnded(wa, Date.now(), 500);
    const before = wb.pushes.length;
    await expect.poll(() => wb.pushes.length, { timeout: 4000 }).toBeGreaterThan(before);
    expect(wb.ws.readyState).toBe(WebSocket.OPEN);
    wb.ws.close();
  });

  it('closes every socket of the user on a password reset', async () => {
    const a = await signInWith(t, '13800000003');
    const w = await watch(a.data.jToken);
    const code = await requestCode(t, '13800000003', '3', '86-13800000003');
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/user/baseaccount/resetPassword',
      payload: { phoneNum: '13800000003', password: 'Reset2026x', verifyCode: code },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(w, Date.now(), 500);
  });

  it("closes the other sessions' sockets on a password change, not the changing one", async () => {
    const mine = await signInWith(t, '13800000001');
    const other = await signInWith(t, '13800000001');
    const wMine = await watch(mine.data.jToken);
    const wOther = await watch(other.data.jToken);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: mine.auth,
      payload: {
        userName: '李工',
        userHeadUrl: await uploadAvatar(t, mine.auth),
        oldPassword: 'agri2026',
        newPassword: 'Change2026',
      },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(wOther, Date.now(), 500);
    expect(wMine.ws.readyState).toBe(WebSocket.OPEN);
    wMine.ws.close();
  });

  it('closes on a refresh-token reuse', async () => {
    const a = await signInWith(t, '13800000002');
    const rotated = await post('/api/user/baseaccount/refreshToken', { refreshToken: a.data.refreshToken });
    const w = await watch(rotated.json().data.jToken);
    expect(
      (await post('/api/user/baseaccount/refreshToken', { refreshToken: a.data.refreshToken })).statusCode,
    ).toBe(401);
    await expectEnded(w, Date.now(), 500);
  });

  it('closes when the user is disabled, even by hand in the database, before the next push', async () => {
    const a = await signInWith(t, '13800000005');
    const w = await watch(a.data.jToken);
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', a.data.userId).execute();
    // The next push tick (every second) checks the session first.
    await expectEnded(w, Date.now(), 1500);
    await t.db.updateTable('users').set({ enabled: true }).where('id', '=', a.data.userId).execute();
  });
});
