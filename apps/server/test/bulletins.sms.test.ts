/**
 * Level-1 SMS (issue 12 #7) through the wiring `npm start` uses: telemetry in over POST
 * /api/telemetry/batch, the no-fly detector raises the anomaly, the bulletins module texts the
 * drone's operator's admins (user types 1, 4, 5; enabled) through the messenger, once per incursion:
 * a second flight into the zone is a second incursion, a replay of the same points or a repeated
 * notice of the same anomaly sends nothing more. Not the staff, not the maker's users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { level1Raised, level1Settled } from '../src/modules/bulletins/level1.ts';
import { AIRPORT, httpSender, incursion, type Send } from './anomalyFlights.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { keyFor } from './telemetryKit.ts';

let t: TestApp;
let send: Send;
let droneId = '';
const OPERATOR = '丰收飞防服务合作社';
const RECEIVERS = ['86-13800000005', '86-13900000055', '86-13900000044'];

async function noflyAnomalies() {
  return t.db
    .selectFrom('anomalies')
    .select(['id', 'odd_type'])
    .where('drone_id', '=', droneId)
    .where('odd_type', '=', 1)
    .orderBy('id')
    .execute();
}

/** Waits until the drone has `n` no-fly anomalies and their SMS are out, then a little more. */
async function settle(n: number) {
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    await t.app.telemetry.writer.drain();
    if ((await noflyAnomalies()).length >= n) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 300));
  await t.app.telemetry.writer.drain();
  await level1Settled(t.db);
}

const level1 = () => t.sent.filter((m) => m.channel === 'sms' && m.subject === '一级告警');

beforeAll(async () => {
  t = await createTestApp();
  send = httpSender(t, await keyFor(t, 'level1-sms'));
  const op = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('account_name', '=', OPERATOR)
    .executeTakeFirstOrThrow();
  droneId = (
    await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('z.account_name', '=', '极翼植保无人机有限公司')
      .where('d.yy_account_id', '=', op.id)
      .orderBy('d.drone_id', 'desc')
      .executeTakeFirstOrThrow()
  ).drone_id;
  const user = (phone: string, userType: number, enabled = true) => ({
    account_id: op.id,
    user_type: userType,
    user_name: `u${phone}`,
    phone_country: '86',
    phone,
    password_hash: 'x',
    enabled,
  });
  await t.db
    .insertInto('users')
    .values([
      user('13900000055', 5),
      user('13900000044', 4),
      user('13900000033', 3),
      user('13900000066', 6),
      user('13900000077', 5, false),
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('level-1 SMS', () => {
  it('one no-fly incursion texts each admin of the operator once', async () => {
    const start = Date.now() - 5 * 3600_000;
    await send(droneId, incursion(start));
    await settle(1);
    const found = await noflyAnomalies();
    expect(found).toHaveLength(1);
    const sms = level1();
    expect(sms.map((m) => m.target).sort()).toEqual([...RECEIVERS].sort());
    expect(sms[0]?.text).toContain(droneId);
    expect(sms[0]?.text).toContain(AIRPORT.name);
    expect(sms.every((m) => m.transport === 'sms-test')).toBe(true);
    const ledger = await t.db.selectFrom('bulletin_level1_sms').selectAll().execute();
    expect(ledger).toMatchObject([{ anomaly_id: found[0]?.id, recipients: 3 }]);
    // The same anomaly noticed again (a second process, a retry) texts nobody.
    level1Raised(t.db, found[0]?.id as number);
    await level1Settled(t.db);
    expect(level1()).toHaveLength(3);
  });

  it('a replay of the same points sends nothing more; a second incursion texts again, once', async () => {
    const start = Date.now() - 5 * 3600_000;
    await send(droneId, incursion(start)).catch(() => undefined);
    await settle(1);
    expect(level1()).toHaveLength(3);
    await send(droneId, incursion(Date.now() - 3 * 3600_000));
    await settle(2);
    expect(await noflyAnomalies()).toHaveLength(2);
    const sms = level1();
    expect(sms).toHaveLength(6);
    for (const target of RECEIVERS) expect(sms.filter((m) => m.target === target)).toHaveLength(2);
    expect(sms.some((m) => m.target === '86-13800000003')).toBe(false);
  });
});
