/**
 * The daily base fee (issue 13 #6): a lease with a daily fee (copied from the lessor's basic price
 * of the drone's model when the lease was made, or set on the lease) is charged once per calendar
 * day of the statistics time zone it is leased on, its first day included, up to its return day.
 * The job runs at start and every ten minutes in the process that leads the cluster (platform/
 * leader.ts); (lease_id, fee_day) is unique, so a day is charged once even when two processes run it
 * at once during a hand-over (test/cluster.once.test.ts). Each fee is one transaction: the charge
 * row, its posting (wallet −fee, lessor revenue +fee), the rollups and the balance check. Only
 * clients that consented (activated) are charged, and no day before their activation.
 */
import { CHARGE_KINDS, CLIENT_STATUS, LEDGER_KINDS } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { retryTx } from '../../platform/retryTx.ts';
import { type LockDeps, settle } from './balanceLocks.ts';
import { addToLeaseStats } from './leaseStats.ts';
import { lockClient, nextTxn, postToLessor } from './ledger.ts';

const BATCH = 2_000;

interface DueFee {
  lease_id: number;
  day: string;
  day_start: Date;
}

/** Charges every fee day that is due; returns how many were charged. */
export async function chargeDailyFees(
  db: Db,
  deps: LockDeps & { timeZone: string },
  now = Date.now(),
): Promise<number> {
  const tz = deps.timeZone;
  const at = new Date(now);
  let charged = 0;
  for (;;) {
    const due = await sql<DueFee>`
      SELECT l.id AS lease_id, to_char(d::date, 'YYYY-MM-DD') AS day, (d::timestamp AT TIME ZONE ${tz}) AS day_start
      FROM leases l
      JOIN lease_clients lc ON lc.id = l.client_id AND lc.active_status = ${CLIENT_STATUS.activated},
        generate_series((l.start_time AT TIME ZONE ${tz})::date,
          (LEAST(${at}::timestamptz, COALESCE(l.return_time, ${at}::timestamptz)) AT TIME ZONE ${tz})::date,
          interval '1 day') AS d
      WHERE l.status IN (1, 2) AND l.daily_fee_minor IS NOT NULL AND l.start_time <= ${at}
        AND (lc.activated_at IS NULL OR (d::timestamp AT TIME ZONE ${tz}) + interval '1 day' > lc.activated_at)
        AND (l.status = 1 OR l.return_time > (d::timestamp AT TIME ZONE ${tz}))
        AND NOT EXISTS (SELECT 1 FROM lease_charges c WHERE c.lease_id = l.id AND c.fee_day = d::date)
      ORDER BY l.client_id, l.id, d
      LIMIT ${BATCH}`.execute(db);
    if (!due.rows.length) return charged;
    for (const f of due.rows) if (await chargeOne(db, deps, f)) charged++;
    if (due.rows.length < BATCH) return charged;
  }
}

async function chargeOne(db: Db, deps: LockDeps & { timeZone: string }, f: DueFee): Promise<boolean> {
  return retryTx(db, async (trx) => {
    const ref = await trx
      .selectFrom('leases')
      .select('client_id')
      .where('id', '=', f.lease_id)
      .executeTakeFirst();
    if (!ref) return false;
    // The client first (README "Concurrency"), then the lease read under it: a lease cancelled or
    // returned while this waited is seen (a cancel reverses only the fees it found), and only a
    // client that consented (activated) is charged.
    const client = await lockClient(trx, ref.client_id);
    if (client?.active_status !== CLIENT_STATUS.activated) return false;
    const start = new Date(f.day_start);
    const lease = await trx
      .selectFrom('leases')
      .selectAll()
      .where('id', '=', f.lease_id)
      .where((eb) =>
        eb.or([eb('status', '=', 1), eb.and([eb('status', '=', 2), eb('return_time', '>', start)])]),
      )
      .executeTakeFirst();
    if (!lease || lease.daily_fee_minor === null) return false;
    const amount = lease.daily_fee_minor;
    const currency = lease.currency.trim();
    const txnId = amount > 0 ? await nextTxn(trx) : null;
    const inserted = await trx
      .insertInto('lease_charges')
      .values({
        kind: CHARGE_KINDS.dailyFee,
        sortie_id: null,
        lease_id: lease.id,
        fee_day: f.day,
        client_id: lease.client_id,
        lessor_account_id: lease.lessor_account_id,
        client_account_id: lease.client_account_id,
        drone_id: lease.drone_id,
        pilot_id: null,
        start_time: start,
        end_time: new Date(start.getTime() + 86_400_000),
        lease_model: lease.lease_model,
        daily_fee_minor: amount,
        amount_minor: amount,
        currency,
        txn_id: txnId,
      })
      .onConflict((oc) => oc.columns(['lease_id', 'fee_day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    if (txnId !== null) {
      await postToLessor(
        trx,
        {
          kind: LEDGER_KINDS.dailyFee,
          currency,
          ref: `fee:${lease.id}:${f.day}`,
          clientId: lease.client_id,
          lessorAccountId: lease.lessor_account_id,
          amount,
        },
        txnId,
      );
    }
    await addToLeaseStats(
      trx,
      {
        lessorAccountId: lease.lessor_account_id,
        clientAccountId: lease.client_account_id,
        currency,
        at: start.getTime(),
        droneId: lease.drone_id,
        pilotId: null,
        sorties: 0,
        areaMu: 0,
        durationS: 0,
        chargeMinor: 0,
        feeMinor: amount,
      },
      deps.timeZone,
    );
    if (amount > 0) await settle(trx, deps, lease.client_id, 'dailyFee');
    return true;
  });
}
