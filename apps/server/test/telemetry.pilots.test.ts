/**
 * Pilot links (issue 9 #13) through POST /api/telemetry/batch on the app as `npm start` builds it:
 * a member of the drone's operating account is linked as its pilot (sortie, drone panel); a user
 * of another tenant or an unknown id is not (the points are kept, and counted as pilotUnlinked),
 * so a key holder cannot make the console show another tenant's user names.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, runMission } from '../src/sim/flight/index.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { field, keyFor } from './telemetryKit.ts';

let t: TestApp;
let authorization: string;
let operator: Record<string, string>;
let drones: string[];
let member: { id: number; user_name: string };
let stranger: { id: number; user_name: string };

const accountId = async (name: string) =>
  (await t.db.selectFrom('accounts').select('id').where('account_name', '=', name).executeTakeFirstOrThrow())
    .id;

beforeAll(async () => {
  t = await createTestApp();
  const key = await keyFor(t, 'pilots');
  authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  operator = (await signInWith(t, '13800000005')).auth;
  const makerA = await accountId('极翼植保无人机有限公司');
  const operatorA = await accountId('丰收飞防服务合作社');
  const makerB = await accountId('云禾航空科技有限公司');
  drones = (
    await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', makerA)
      .where('yy_account_id', '=', operatorA)
      .orderBy('drone_id')
      .limit(3)
      .execute()
  ).map((d) => d.drone_id);
  const users = t.db.selectFrom('users').select(['id', 'user_name']).orderBy('id');
  member = await users.where('account_id', '=', operatorA).executeTakeFirstOrThrow();
  stranger = await users.where('account_id', '=', makerB).executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t?.close();
});

/** A flight ending "now" (the drone is online, its panel shows its last point), then landed. */
async function fly(droneId: string, pilotId: number) {
  const mission = runMission(DEFAULT_DRONE, field, { startTime: 1e12, seed: 12, rateHz: 1, pilotId });
  const pts = mission.sorties[0]?.points ?? [];
  const shift = Date.now() - 1000 - (pts.at(-1) as TelemetryPoint).recordTime;
  const points = pts.map((p) => ({ ...p, recordTime: p.recordTime + shift }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/telemetry/batch',
    headers: { authorization },
    payload: { drones: [{ droneId, points }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (let i = 0; i < 3; i++) await t.app.telemetry.writer.drain();
  const panel = await t.app.inject({
    method: 'GET',
    url: `/api/drone/mointor/manage/drone/${droneId}`,
    headers: operator,
  });
  expect(panel.statusCode, panel.body).toBe(200);
  const sortie = await t.db
    .selectFrom('sorties')
    .select('pilot_id')
    .where('drone_id', '=', droneId)
    .executeTakeFirstOrThrow();
  return { result: res.json().data.drones[0], panel: panel.json().data, sortie, points: points.length };
}

describe('pilot links', () => {
  it("links a member of the drone's operating account", async () => {
    const r = await fly(drones[0] as string, member.id);
    expect(r.result).toMatchObject({ accepted: r.points, pilotUnlinked: 0 });
    expect(r.sortie.pilot_id).toBe(member.id);
    expect(r.panel).toMatchObject({ pilotId: member.id, pilotName: member.user_name });
  });

  it("keeps the points of another tenant's user but does not link nor show them", async () => {
    const r = await fly(drones[1] as string, stranger.id);
    expect(r.result).toMatchObject({ accepted: r.points, pilotUnlinked: r.points });
    expect(r.sortie.pilot_id).toBeNull();
    expect(r.panel).toMatchObject({ pilotId: null, pilotName: null });
    expect(JSON.stringify(r.panel)).not.toContain(stranger.user_name);
  });

  it('does not link an unknown user id', async () => {
    const r = await fly(drones[2] as string, 987_654);
    expect(r.result).toMatchObject({ accepted: r.points, pilotUnlinked: r.points });
    expect(r.sortie.pilot_id).toBeNull();
  });
});
