/**
 * The demo's leasing history (demo/leasingHistory.ts), as the first start makes it after the year of
 * demo sorties (main.ts; the browser tests' console too): past leases of the demo client's drones,
 * every sortie under them charged once through the billing code, monthly recharges that kept the
 * balance at or above zero all along, the statistics read through the real API, nothing locked, and
 * a second run adds nothing.
 */
import { type LeaseJobStats, RENTAL_PATHS } from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLeasingHistory } from '../src/demo/leasingHistory.ts';
import { balanceOf } from '../src/modules/leasing/ledger.ts';
import { seedHistory } from '../src/sim/historyGen.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';
import { accountId, clientIdOf, MAKER_A, OPERATOR_A } from './leasing.kit.ts';

let t: TestApp;
let clientId = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await seedHistory(t.db, { sorties: 200, days: 365, seed: 1, tracksDays: 0, templates: 20 });
  clientId = await clientIdOf(t, await accountId(t, MAKER_A), await accountId(t, OPERATOR_A));
});
afterAll(async () => {
  await t?.close();
});

describe('demo leasing history', () => {
  it('bills every sortie of the past leases once, paid by recharges, and a second run adds nothing', async () => {
    const before = await balanceOf(t.db, clientId);
    const r = await seedDemoLeasingHistory(t.db, t.config.statTimeZone, { sorties: 120 });
    expect(r.leases).toBe(2);
    expect(r.sorties).toBeGreaterThan(0);
    expect(r.chargedMinor).toBeGreaterThan(0);
    expect(r.rechargedMinor).toBeGreaterThanOrEqual(r.chargedMinor);
    expect(await balanceOf(t.db, clientId)).toBe(before + r.rechargedMinor - r.chargedMinor);

    // Every sortie under a past lease has exactly one charge, at that lease's price.
    const unbilled = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM leases l
      JOIN sorties s ON s.drone_id = l.drone_id AND s.start_time >= l.start_time AND s.start_time < l.return_time
      WHERE l.status = 2 AND l.client_id = ${clientId}
        AND (SELECT count(*) FROM lease_charges c WHERE c.sortie_id = s.sortie_id AND c.lease_id = l.id) <> 1`.execute(
      t.db,
    );
    expect(unbilled.rows[0]?.n).toBe(0);
    const charges = await t.db
      .selectFrom('lease_charges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(Number(charges.n)).toBe(r.sorties);

    // The wallet, entry by entry in the order written, never went below zero.
    const low = await sql<{ low: number }>`
      SELECT coalesce(min(run), 0)::float8 AS low FROM (
        SELECT sum(amount_minor) OVER (ORDER BY id) AS run FROM lease_ledger WHERE client_id = ${clientId}) w`.execute(
      t.db,
    );
    expect(low.rows[0]?.low).toBeGreaterThanOrEqual(0);
    const unbalanced = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT txn_id FROM lease_ledger GROUP BY txn_id, currency HAVING sum(amount_minor) <> 0) u`.execute(
      t.db,
    );
    expect(unbalanced.rows[0]?.n).toBe(0);

    // Nothing locked; the recharges are paid and dated in the past.
    const locked = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('locked', '=', true)
      .where('lock_reason', '=', 'balance')
      .execute();
    expect(locked).toEqual([]);
    const recharges = await t.db
      .selectFrom('lease_recharges')
      .select(['status', 'paid_at', 'amount_minor'])
      .where('client_id', '=', clientId)
      .execute();
    expect(recharges.length).toBeGreaterThan(0);
    for (const x of recharges) {
      expect(x.status).toBe(2);
      expect((x.paid_at as Date).getTime()).toBeLessThan(Date.now());
    }

    // The lessor's statistics over the year count them (rollups kept by the billing code).
    const { auth } = await signInWith(t, '13800000003');
    const res = await t.app.inject({
      method: 'GET',
      url: RENTAL_PATHS.jobStatistics,
      query: { startTime: String(Date.now() - 364 * DAY), endTime: String(Date.now()) },
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const stats = body(res).data as LeaseJobStats;
    expect(stats.total.sorties).toBe(r.sorties);
    expect(stats.total.chargeMinor).toBe(r.chargedMinor);

    expect(await seedDemoLeasingHistory(t.db, t.config.statTimeZone)).toEqual({
      leases: 0,
      sorties: 0,
      chargedMinor: 0,
      rechargedMinor: 0,
    });
  });
});
