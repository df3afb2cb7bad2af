/**
 * GET /api/drone/device/manage/commands (a drone's recent commands with their state) through the
 * real app: 401 without a session, 403 for a role without the DroneList screen, 404 for another
 * tenant's drone, 400 with a translated message for bad input, and the drone's commands newest
 * first with their states.
 */
import type { DroneCommandRecord } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dronesOf, MAKER_A } from './commands.kit.ts';
import { body, createTestApp, type FleetRole, fleetCallers, type TestApp } from './helper.ts';

const PATH = '/api/drone/device/manage/commands';
let t: TestApp;
let auth: Record<FleetRole, Record<string, string>>;
let droneA: string;

beforeAll(async () => {
  t = await createTestApp();
  auth = (await fleetCallers(t)).auth;
  [droneA] = (await dronesOf(t, MAKER_A)) as [string];
});
afterAll(() => t?.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${PATH}?${query}`, headers });

describe('GET drone/device/manage/commands', () => {
  it('answers 401 without a session and 403 for a role without the drone list', async () => {
    expect((await get(`droneId=${droneA}`)).statusCode).toBe(401);
    expect((await get(`droneId=${droneA}`, auth.leaseManager)).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's drone and for a drone that does not exist", async () => {
    const res = await get(`droneId=${droneA}`, { ...auth.makerB, 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect((await get('droneId=NO-SUCH-DRONE', auth.platform)).statusCode).toBe(404);
    // Same answer as for a drone that does not exist: another tenant's drones cannot be probed.
    expect(body(res).message).toBe(
      body(await get('droneId=NO-SUCH', { ...auth.platform, 'accept-language': 'en' })).message,
    );
  });

  it('refuses bad input with a message in the caller’s language', async () => {
    for (const q of [
      '',
      'droneId=bad.id',
      `droneId=${'x'.repeat(65)}`,
      `droneId=${droneA}&size=0`,
      `droneId=${droneA}&size=201`,
    ]) {
      const en = await get(q, { ...auth.platform, 'accept-language': 'en' });
      expect(en.statusCode, q).toBe(400);
      const zh = await get(q, { ...auth.platform, 'accept-language': 'zh' });
      expect(body(en).message).not.toBe(body(zh).message);
      expect(body(en).message).toMatch(/[A-Za-z]/);
    }
  });

  it("lists the drone's commands newest first with their states, to each caller who may see the drone", async () => {
    const lock = await t.app.commands.send({ droneId: droneA, type: 'lock', byUserId: null });
    const unlock = await t.app.commands.send({ droneId: droneA, type: 'unlock' });
    for (const role of ['platform', 'makerA'] as const) {
      const res = await get(`droneId=${droneA}&size=5`, auth[role]);
      expect(res.statusCode, res.body).toBe(200);
      const records = body(res).data as DroneCommandRecord[];
      expect(records.map((r) => [r.id, r.type, r.state, r.reason])).toEqual([
        [unlock.id, 'unlock', 'pending', null],
        [lock.id, 'lock', 'failed', 'superseded'],
      ]);
      expect(records[0]).toMatchObject({ droneId: droneA, attempts: 0, sentAt: null, answeredAt: null });
    }
    const one = body(await get(`droneId=${droneA}&size=1`, auth.makerA)).data as DroneCommandRecord[];
    expect(one.map((r) => r.id)).toEqual([unlock.id]);
  });
});
