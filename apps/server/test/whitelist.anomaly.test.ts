/**
 * Unlisted accessory (oddType 6; telemetry/anomalies/accessoryHook.ts) through the wiring `npm start`
 * uses: the maker uploads its battery whitelist through the real route, sorties are flown through
 * POST /api/telemetry/batch with `accessories` on their points, and the anomaly is read back from
 * the drone's anomaly call and the anomaly bulletins (oddType=6), as the drone's operator.
 */
import { BULLETIN_ANOMALY_LIST_PATH, type TelemetryPoint, WHITELIST_PATHS } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drift, httpSender, type Send } from './anomalyFlights.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { multipart } from './multipart.ts';
import { keyFor } from './telemetryKit.ts';

let t: TestApp;
let send: Send;
let maker: Record<string, string>;
let operator: Record<string, string>;
let drones: string[];
const run = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp();
  await sql`UPDATE accounts SET vip_level = 1 WHERE id IN (SELECT account_id FROM users WHERE phone = '13800000003')`.execute(
    t.db,
  );
  send = httpSender(t, await keyFor(t, `wl-anomaly-${run}`));
  maker = (await signInWith(t, '13800000003')).auth;
  operator = (await signInWith(t, '13800000005')).auth;
  drones = (
    await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
      .innerJoin('accounts as y', 'y.id', 'd.yy_account_id')
      .select('d.drone_id')
      .where('z.account_name', '=', '极翼植保无人机有限公司')
      .where('y.account_name', '=', '丰收飞防服务合作社')
      .orderBy('d.drone_id', 'desc')
      .limit(3)
      .execute()
  ).map((d) => d.drone_id);
  expect(drones).toHaveLength(3);
  const mp = multipart([
    { name: 'type', data: '1' },
    { name: 'file', filename: 'batteries.txt', type: 'text/plain', data: `hwId\nBAT-OK-${run}\n` },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: WHITELIST_PATHS.upload,
    headers: { ...maker, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

interface Anomaly {
  oddType: number;
  sortieId: number | null;
  detail?: unknown;
}

async function anomaliesOf(droneId: string): Promise<Anomaly[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/drone/device/manage/anomalies?droneId=${droneId}&pageSize=50&order=2`,
    headers: operator,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records;
}

/** Flies one clean sortie (no other anomaly) with these accessories on every tenth point; waits for it to land. */
async function fly(droneId: string, accessories: TelemetryPoint['accessories'], start: number) {
  const points = drift(start).map((p, i) => (i % 10 === 0 ? { ...p, accessories } : p));
  await send(droneId, points);
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    await t.app.telemetry.writer.drain();
    const n = await t.db.selectFrom('sorties').select('sortie_id').where('drone_id', '=', droneId).execute();
    if (n.length >= 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 300));
  await t.app.telemetry.writer.drain();
}

describe('unlisted accessory (oddType 6)', () => {
  const start = Date.now() - 5 * 3600_000;

  it('a sortie with a battery off the maker list raises one anomaly naming it', async () => {
    const droneId = drones[0] as string;
    await fly(
      droneId,
      [
        { type: 1, hwId: `BAT-OK-${run}` },
        { type: 1, hwId: `BAT-ROGUE-${run}` },
        { type: 2, hwId: 'PUMP-ANY' },
      ],
      start,
    );
    const found = await anomaliesOf(droneId);
    expect(found.map((a) => a.oddType)).toEqual([6]);
    expect(found[0]?.sortieId).not.toBeNull();
    const list = await t.app.inject({
      method: 'GET',
      url: `${BULLETIN_ANOMALY_LIST_PATH}?oddType=6&droneId=${droneId}&pageSize=50`,
      headers: operator,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json().data)).toContain(`BAT-ROGUE-${run}`);
  });

  it('a sortie with listed accessories, or a type the maker has no list for, raises none', async () => {
    const droneId = drones[1] as string;
    await fly(
      droneId,
      [
        { type: 1, hwId: `BAT-OK-${run}` },
        { type: 3, hwId: 'RTK-NOT-LISTED-ANYWHERE' },
      ],
      start,
    );
    expect(
      await t.db.selectFrom('sorties').select('sortie_id').where('drone_id', '=', droneId).execute(),
    ).toHaveLength(1);
    expect(await anomaliesOf(droneId)).toEqual([]);
  });

  it('a point with a bad accessory is refused by ingest with the reason', async () => {
    const p = { ...(drift(start)[0] as TelemetryPoint), accessories: [{ type: 1, hwId: 'bad id' }] };
    const key = await keyFor(t, `wl-anomaly-bad-${run}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}` },
      payload: { drones: [{ droneId: drones[2], points: [p] }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('accessories');
  });
});
