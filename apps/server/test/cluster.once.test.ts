/**
 * Side effects once however many processes handle the same event (issue 24 #4): during a hand-over
 * two console processes may both handle a landing (its sortie hook, the billing sweeper), both run
 * the daily fee job, both raise the level-1 SMS of an anomaly. Each is fired here from several
 * "processes" at once (their own service instances, in parallel transactions on one database), and
 * the database's unique keys leave one charge, one fee a day, one SMS per receiver.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnomaliesRepo } from '../src/modules/anomalies/anomalies.repo.ts';
import { createLevel1Sender } from '../src/modules/bulletins/level1.ts';
import { billSortie } from '../src/modules/leasing/billing.ts';
import { chargeDailyFees } from '../src/modules/leasing/dailyFees.ts';
import { createAudit } from '../src/platform/audit.ts';
import { createMessenger } from '../src/platform/messaging.ts';
import type { Commands } from '../src/telemetry/commands/types.ts';
import { createTestApp, recordingTransport, type SentMessage, type TestApp } from './helper.ts';
import { demoClient, freeDrones, leaseDirect } from './leasing.kit.ts';

let t: TestApp;
let c: { clientId: number; lessor: number; client: number };
/** The billing dependencies of one process (its own audit writer). */
const processDeps = () => ({
  commands: (t.app as unknown as { commands: Commands }).commands,
  audit: createAudit(t.db),
  timeZone: t.config.statTimeZone,
});

beforeAll(async () => {
  t = await createTestApp();
  c = await demoClient(t, { creditLimitMinor: 1_000_000 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('charges once', () => {
  it('bills a leased sortie handled by four processes at once once', async () => {
    const [droneId] = (await freeDrones(t, 1)) as [string];
    await leaseDirect(t, c, droneId, { muPriceMinor: 500 });
    const start = Date.now() - 30 * 60_000;
    const sortie = {
      sortieId: 9_100_000_001,
      droneId,
      pilotId: null,
      startTime: start,
      endTime: start + 600_000,
      areaMu: 3,
      durationS: 600,
    };
    const charged = await Promise.all(
      [0, 1, 2, 3].map(() => {
        const deps = processDeps();
        return t.db.transaction().execute((trx) => billSortie(trx, deps, sortie));
      }),
    );
    expect(charged.filter((x) => x !== null)).toEqual([1500]);
    const rows = await t.db
      .selectFrom('lease_charges')
      .select(['amount_minor'])
      .where('sortie_id', '=', sortie.sortieId)
      .execute();
    expect(rows.map((r) => Number(r.amount_minor))).toEqual([1500]);
    const postings = await sql<{ txns: string }>`
      SELECT count(DISTINCT txn_id)::text AS txns FROM lease_ledger WHERE ref = ${`sortie:${sortie.sortieId}`}`.execute(
      t.db,
    );
    expect(postings.rows[0]?.txns).toBe('1');
  });

  it("charges a lease's daily fee once a day when three processes run the job at once", async () => {
    const [droneId] = (await freeDrones(t, 1)) as [string];
    const leaseId = await leaseDirect(t, c, droneId, {
      dailyFeeMinor: 321,
      start: Date.now() - 2 * 86_400_000,
    });
    await Promise.all([0, 1, 2].map(() => chargeDailyFees(t.db, processDeps())));
    const fees = await sql<{ fee_day: string; n: string }>`
      SELECT fee_day::text, count(*)::text AS n FROM lease_charges
      WHERE lease_id = ${leaseId} AND kind = 3 GROUP BY fee_day`.execute(t.db);
    expect(fees.rows.length).toBeGreaterThan(0);
    for (const r of fees.rows) expect(r).toEqual({ fee_day: r.fee_day, n: '1' });
  });
});

describe('level-1 SMS once', () => {
  it('texts each receiver once when three processes raise the same anomaly at once', async () => {
    const drone = await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as y', 'y.id', 'd.yy_account_id')
      .select('d.drone_id')
      .where('y.account_name', '=', '丰收飞防服务合作社')
      .orderBy('d.drone_id')
      .executeTakeFirstOrThrow();
    const [id] = await createAnomaliesRepo(t.db).insert([
      { droneId: drone.drone_id, oddType: 1, time: Date.now() - 60_000, lng: 120.3, lat: 31.5, region: null },
    ]);
    const sent: SentMessage[] = [];
    const senders = [0, 1, 2].map(() =>
      createLevel1Sender({
        db: t.db,
        messenger: createMessenger(t.db, {
          sms: recordingTransport('sms', sent),
          email: recordingTransport('email', sent),
        }),
      }),
    );
    const counts = await Promise.all(senders.flatMap((send) => [send(id as number), send(id as number)]));
    const receivers = new Set(sent.map((m) => m.target));
    expect(receivers.size).toBeGreaterThan(0);
    expect(sent).toHaveLength(receivers.size);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(receivers.size);
    const claims = await t.db
      .selectFrom('bulletin_level1_sms')
      .select('recipients')
      .where('anomaly_id', '=', id as number)
      .execute();
    expect(claims).toEqual([{ recipients: receivers.size }]);
  });
});
