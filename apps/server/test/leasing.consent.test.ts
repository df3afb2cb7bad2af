/**
 * A lessor makes no operator its client without the operator's consent (issue 20 #8; modules/leasing
 * README "Consent"): a client added in debugging (or unactivated) is leased nothing, recharged
 * nothing, corrected nothing, by the lessor's admin or its lease manager; nothing landing or due
 * under a lease made before consent was required is charged; the operator's code activates it;
 * and the operator's own system log shows each step. The phone lookup reveals masked names only.
 */
import { RENTAL_PATHS, SYSLOG_LIST_PATH } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDailyFees } from '../src/modules/leasing/dailyFees.ts';
import { createAudit } from '../src/platform/audit.ts';
import type { Commands } from '../src/telemetry/commands/types.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';
import {
  accountId,
  balance,
  batchKey,
  freeDrones,
  landed,
  leaseDirect,
  MAKER_A,
  sendBatch,
  sortiePoints,
} from './leasing.kit.ts';

const P = RENTAL_PATHS;
let t: TestApp;
const auth: Record<'maker' | 'manager' | 'operatorB', Record<string, string>> = {
  maker: {},
  manager: {},
  operatorB: {},
};
let makerA: number;
let operatorB: number;
let clientId: number;

const call = (who: keyof typeof auth, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...auth[who], 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

/** Operator B's own system log: the named leasing rows it holds, oldest first. */
async function operatorLog() {
  const res = await call('operatorB', 'GET', `${SYSLOG_LIST_PATH}?pageSize=100&order=2`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = (body(res).data as { records: unknown }).records as {
    action: string;
    target: string | null;
    accountName: string;
  }[];
  return rows.filter((r) => r.action.startsWith('lease'));
}

beforeAll(async () => {
  t = await createTestApp();
  auth.maker = (await signInWith(t, '13800000003')).auth;
  auth.manager = (await signInWith(t, '13800000008')).auth;
  auth.operatorB = (await signInWith(t, '13800000006')).auth;
  makerA = await accountId(t, MAKER_A);
  operatorB = await accountId(t, '绿野植保服务队');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('consent before any lease or charge', () => {
  it('a client added in debugging is leased, recharged and corrected nothing (admin and lease manager)', async () => {
    const added = await call('maker', 'POST', P.addCustomer, {
      accountId: operatorB,
      muUnitPrice: 5,
      durationPrice: 0,
      debug: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    clientId = (body(added).data as { id: number }).id;
    const row = await t.db
      .selectFrom('lease_clients')
      .select('active_status')
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(row.active_status).toBe(0);
    const [droneId] = (await freeDrones(t, 1)) as [string];
    for (const who of ['maker', 'manager'] as const) {
      const lease = await call(who, 'POST', P.addRental, {
        accountId: operatorB,
        droneIds: [droneId],
        leaseModel: 1,
      });
      expect(lease.statusCode, lease.body).toBe(409);
      expect(body(lease).message).toMatch(/not activated/);
      const qr = await call(who, 'POST', P.wxQrCode, { amount: 10, accountId: operatorB });
      expect(qr.statusCode).toBe(400);
    }
    const adjust = await call('maker', 'POST', P.adjust, { accountId: operatorB, amount: -50, reason: 'x' });
    expect(adjust.statusCode).toBe(409);
    const drone = await t.db
      .selectFrom('drones')
      .select('yy_account_id')
      .where('drone_id', '=', droneId)
      .executeTakeFirstOrThrow();
    expect(drone.yy_account_id).toBe(makerA);
    expect(await t.db.selectFrom('leases').select('id').where('client_id', '=', clientId).execute()).toEqual(
      [],
    );
    expect(await balance(t, clientId)).toBe(0);
    // Not offered to leases either.
    const verified = await call('maker', 'GET', P.verifiedCustomers);
    expect((body(verified).data as { accountId: number }[]).map((v) => v.accountId)).not.toContain(operatorB);
    // Its names stay masked in the lessor's list until it consents.
    const list = await call('maker', 'GET', `${P.customerList}?size=999`);
    const mine = (
      (body(list).data as { records: unknown }).records as { accountId: number; accountName: string }[]
    ).find((r) => r.accountId === operatorB);
    expect(mine?.accountName).toMatch(/^绿\*+队$/);
  });

  it('a sortie or a daily fee under a lease made before consent was required is never charged', async () => {
    const [droneId] = (await freeDrones(t, 1)) as [string];
    // A lease of the debugging client as the old code let addRental make it.
    await leaseDirect(t, { clientId, lessor: makerA, client: operatorB }, droneId, { dailyFeeMinor: 2000 });
    const commands = (t.app as unknown as { commands: Commands }).commands;
    const fees = await chargeDailyFees(t.db, {
      commands,
      audit: createAudit(t.db),
      timeZone: t.config.statTimeZone,
    });
    expect(fees).toBe(0);
    const basic = await batchKey(t, auth.maker, 'consent-gw');
    const start = Date.now() - 20 * 60_000;
    await sendBatch(t, basic, droneId, sortiePoints(start, 21));
    await landed(t, droneId, start - 1000);
    const charges = await t.db
      .selectFrom('lease_charges')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(charges).toEqual([]);
    expect(await balance(t, clientId)).toBe(0);
    // The lease ends before the operator consents (its drone back to the lessor).
    const lease = await t.db
      .selectFrom('leases')
      .select('id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect((await call('maker', 'POST', P.returnDrone, { id: lease.id })).statusCode).toBe(200);
  });

  it("the operator's code activates it; then it is leased, and its own log shows every step", async () => {
    expect((await call('maker', 'GET', `${P.verifyCode}?phoneNum=13800000006`)).statusCode).toBe(200);
    const code = t.lastCode('86-13800000006');
    const ok = await call('maker', 'POST', P.activeCustomer, { yyAccountId: operatorB, code });
    expect(ok.statusCode, ok.body).toBe(200);
    const [droneId] = (await freeDrones(t, 1)) as [string];
    const lease = await call('manager', 'POST', P.addRental, {
      accountId: operatorB,
      droneIds: [droneId],
      leaseModel: 1,
    });
    expect(lease.statusCode, lease.body).toBe(200);
    const leaseId = (body(lease).data as { ids: number[] }).ids[0];
    expect((await call('maker', 'POST', P.returnDrone, { id: leaseId })).statusCode).toBe(200);
    const rows = await operatorLog();
    expect(rows.map((r) => r.action)).toEqual([
      'leaseClientAdded',
      'leaseDroneReturned',
      'leaseClientConsented',
      'leaseDronesLeased',
      'leaseDroneReturned',
    ]);
    for (const r of rows) {
      expect(r.target).toContain(`lessorAccountId=${makerA}`);
      expect(r.accountName).toBe('绿野植保服务队');
    }
    // Once it consented, the lessor sees its names.
    const found = await call('maker', 'GET', `${P.customerByPhone}?phone=13800000006`);
    expect(body(found).data).toMatchObject({
      accountName: '绿野植保服务队',
      userName: '孙丽',
      isClient: true,
    });
  });

  it('an unknown phone is a 404; lookups per lessor user are limited', async () => {
    const none = await call('maker', 'GET', `${P.customerByPhone}?phone=13900000000`);
    expect(none.statusCode).toBe(404);
    let limited = 0;
    for (let i = 0; i < 70; i++) {
      const r = await call(
        'manager',
        'GET',
        `${P.customerByPhone}?phone=139000000${String(i).padStart(2, '0')}`,
      );
      if (r.statusCode === 429) limited++;
      else expect(r.statusCode).toBe(404);
    }
    expect(limited).toBeGreaterThan(0);
  });
});
