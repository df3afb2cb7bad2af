/**
 * Billing from telemetry (issue 13 #3, README "Billing"): the sortie hook telemetry runs in the
 * transaction that stores a new sortie. The lease of the drone at the sortie's start (leasing, or
 * returned after it started; never a cancelled one) prices it; the charge row (unique per sortie),
 * its ledger posting (client wallet −amount, lessor revenue +amount), the rollups and the balance
 * check commit with the sortie. A replayed or retried sortie is not inserted again, so it runs no
 * hook: it is never charged twice.
 *
 * The hook runs under a savepoint: should billing itself fail, the sortie (and the telemetry flush
 * it rides in) is still stored, the failure is logged, and the sweeper (`sweepUnbilled`, every
 * minute) bills the sortie later; the charge's unique sortie id keeps that exactly once too.
 *
 * Only a client that consented (activated, 2) is charged: a sortie under a lease of a client in
 * debugging or unactivated (leases made before consent was required) is stored and never billed,
 * not later by the sweeper either (it bills only sorties stored after the client's activation).
 */
import { CHARGE_KINDS, CLIENT_STATUS, LEDGER_KINDS, sortieCharge } from '@agrifleet/domain';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db.ts';
import { retryTx } from '../../platform/retryTx.ts';
import type { Database } from '../../platform/schema.ts';
import type { SortieHook } from '../../telemetry/ingest/writer.ts';
import { type LockDeps, settle } from './balanceLocks.ts';
import { addToLeaseStats } from './leaseStats.ts';
import { lockClient, nextTxn, postToLessor } from './ledger.ts';

export type BillingDeps = LockDeps & { timeZone: string; logger?: Logger };

export interface BillableSortie {
  sortieId: number;
  droneId: string;
  pilotId: number | null;
  startTime: number;
  endTime: number;
  areaMu: number;
  durationS: number;
}

/** A `sorties` row as SQL gives it back (the columns billing reads) as a billable sortie. */
export interface SortieRow {
  sortie_id: number | string;
  drone_id: string;
  pilot_id: number | null;
  start_time: Date;
  end_time: Date;
  area_mu: number;
  duration_s: number;
}
export const billable = (r: SortieRow): BillableSortie => ({
  sortieId: Number(r.sortie_id),
  droneId: r.drone_id,
  pilotId: r.pilot_id,
  startTime: new Date(r.start_time).getTime(),
  endTime: new Date(r.end_time).getTime(),
  areaMu: r.area_mu,
  durationS: r.duration_s,
});

/** Bills one stored sortie inside `trx`; returns the charge in minor units, or null (no lease, or billed). */
export async function billSortie(
  trx: Kysely<Database>,
  deps: BillingDeps,
  s: BillableSortie,
): Promise<number | null> {
  const charged = await chargeSortie(trx, deps.timeZone, s);
  if (charged && charged.amount > 0) await settle(trx, deps, charged.clientId, 'charge');
  return charged ? charged.amount : null;
}

/**
 * The charge of one stored sortie (row, posting, rollups) without the balance check that follows
 * it: billSortie, and the demo's leasing history (demo/leasingHistory.ts, whose balance never runs out).
 */
export async function chargeSortie(
  trx: Kysely<Database>,
  timeZone: string,
  s: BillableSortie,
  replacesChargeId: number | null = null,
): Promise<{ amount: number; clientId: number } | null> {
  const start = new Date(s.startTime);
  const leaseAt = () =>
    trx
      .selectFrom('leases')
      .selectAll()
      .where('drone_id', '=', s.droneId)
      .where('status', 'in', [1, 2])
      .where('start_time', '<=', start)
      .where((eb) => eb.or([eb('return_time', 'is', null), eb('return_time', '>', start)]))
      .orderBy('start_time', 'desc')
      .limit(1)
      .executeTakeFirst();
  const found = await leaseAt();
  if (!found) return null;
  const client = await lockClient(trx, found.client_id);
  // Read again under the client's lock (README "Concurrency"): a cancel, return or price change that
  // committed while this waited is seen; and only a client that consented (activated) is charged.
  const lease = await leaseAt();
  if (!lease || lease.client_id !== found.client_id || client?.active_status !== CLIENT_STATUS.activated)
    return null;
  const currency = lease.currency.trim();
  const amount = sortieCharge(
    lease.lease_model,
    { areaMu: s.areaMu, durationS: s.durationS },
    { muPriceMinor: lease.mu_price_minor, hourPriceMinor: lease.hour_price_minor },
  );
  const txnId = amount > 0 ? await nextTxn(trx) : null;
  const inserted = await trx
    .insertInto('lease_charges')
    .values({
      kind: CHARGE_KINDS.sortie,
      sortie_id: s.sortieId,
      lease_id: lease.id,
      client_id: lease.client_id,
      lessor_account_id: lease.lessor_account_id,
      client_account_id: lease.client_account_id,
      drone_id: s.droneId,
      pilot_id: s.pilotId,
      start_time: start,
      end_time: new Date(s.endTime),
      area_mu: s.areaMu,
      duration_s: s.durationS,
      lease_model: lease.lease_model,
      mu_price_minor: lease.mu_price_minor,
      hour_price_minor: lease.hour_price_minor,
      daily_fee_minor: 0,
      amount_minor: amount,
      currency,
      txn_id: txnId,
      replaces_charge_id: replacesChargeId,
    })
    .onConflict((oc) =>
      replacesChargeId === null
        ? oc.column('sortie_id').where('replaces_charge_id', 'is', null).doNothing()
        : oc.column('replaces_charge_id').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  if (txnId !== null)
    await postToLessor(
      trx,
      {
        kind: LEDGER_KINDS.sortie,
        currency,
        ref: `sortie:${s.sortieId}`,
        clientId: lease.client_id,
        lessorAccountId: lease.lessor_account_id,
        amount,
      },
      txnId,
    );
  await addToLeaseStats(
    trx,
    {
      lessorAccountId: lease.lessor_account_id,
      clientAccountId: lease.client_account_id,
      currency,
      at: s.startTime,
      droneId: s.droneId,
      pilotId: s.pilotId,
      sorties: 1,
      areaMu: s.areaMu,
      durationS: s.durationS,
      chargeMinor: amount,
      feeMinor: 0,
    },
    timeZone,
  );
  return { amount, clientId: lease.client_id };
}

/** A charge no other replaces: the one that counts (work records, deductions, lease totals). */
export const currentCharge = (alias: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM lease_charges rc WHERE rc.replaces_charge_id = ${sql.ref(`${alias}.id`)})`;

/**
 * Bills a stored sortie replaced by its reopened whole (telemetry writerStore, issue 20 #16): the
 * whole flight is charged once. Its current charge is replaced by the charge of the whole (a new
 * row naming it: the table is append-only), the earlier amount goes back to the wallet in a
 * reversing posting, and the leasing rollups lose the earlier figures; all in `trx`, under the
 * client's lock. Never charged before (no lease, or billing failed): billed as a new sortie.
 */
export async function rebillSortie(
  trx: Kysely<Database>,
  deps: BillingDeps,
  s: BillableSortie,
): Promise<number | null> {
  const old = await trx
    .selectFrom('lease_charges as c')
    .selectAll('c')
    .where('c.sortie_id', '=', s.sortieId)
    .where(currentCharge('c'))
    .executeTakeFirst();
  if (!old) return billSortie(trx, deps, s);
  await lockClient(trx, old.client_id);
  const charged = await chargeSortie(trx, deps.timeZone, s, old.id);
  if (!charged) return null;
  const currency = old.currency.trim();
  const before = Number(old.amount_minor);
  if (old.txn_id !== null && before > 0)
    await postToLessor(trx, {
      kind: LEDGER_KINDS.adjustment,
      currency,
      ref: `sortie:${s.sortieId}:reopened`,
      clientId: old.client_id,
      lessorAccountId: old.lessor_account_id,
      amount: -before,
    });
  await addToLeaseStats(
    trx,
    {
      lessorAccountId: old.lessor_account_id,
      clientAccountId: old.client_account_id,
      currency,
      at: new Date(old.start_time).getTime(),
      droneId: old.drone_id,
      pilotId: old.pilot_id,
      sorties: -1,
      areaMu: -old.area_mu,
      durationS: -old.duration_s,
      chargeMinor: -before,
      feeMinor: 0,
    },
    deps.timeZone,
  );
  if (charged.amount !== before) await settle(trx, deps, charged.clientId, 'charge');
  return charged.amount;
}

/**
 * The hook telemetry runs for each new sortie, in the transaction that stores it (and again for a
 * sortie replaced by its reopened whole: rebillSortie).
 */
export function createBilling(deps: BillingDeps): SortieHook {
  return async (trx, sortie) => {
    await sql`SAVEPOINT lease_billing`.execute(trx);
    try {
      await (sortie.replaced ? rebillSortie : billSortie)(trx, deps, {
        sortieId: sortie.sortieId,
        droneId: sortie.drone_id,
        pilotId: sortie.pilot_id,
        startTime: sortie.start_time,
        endTime: sortie.end_time,
        areaMu: sortie.area_mu,
        durationS: sortie.duration_s,
      });
      await sql`RELEASE SAVEPOINT lease_billing`.execute(trx);
    } catch (err) {
      await sql`ROLLBACK TO SAVEPOINT lease_billing`.execute(trx);
      deps.logger?.error(
        { err, sortieId: sortie.sortieId },
        'leasing: sortie not billed at landing (the sweeper retries)',
      );
    }
  };
}

/** How far back the sweeper looks for unbilled sorties of leased drones. */
const SWEEP_BACK_MS = 2 * 86_400_000;

/**
 * Bills the sorties of leased drones that landed without a charge (billing failed at landing), in
 * their own transactions; returns how many it billed. Only sorties stored after the lease was made
 * (a lease dated back does not bill what landed before it existed, as landing would not have);
 * bounded to sorties of the last two days.
 */
export async function sweepUnbilled(db: Db, deps: BillingDeps, now = Date.now()): Promise<number> {
  const since = new Date(now - SWEEP_BACK_MS);
  const rows = await sql<SortieRow>`
    SELECT s.sortie_id, s.drone_id, s.pilot_id, s.start_time, s.end_time, s.area_mu, s.duration_s
    FROM leases l
    JOIN lease_clients c ON c.id = l.client_id AND c.active_status = ${CLIENT_STATUS.activated}
    JOIN sorties s ON s.drone_id = l.drone_id AND s.start_time >= GREATEST(l.start_time, ${since}::timestamptz)
      AND (l.return_time IS NULL OR s.start_time < l.return_time)
    WHERE l.status IN (1, 2) AND (l.return_time IS NULL OR l.return_time > ${since}::timestamptz)
      AND s.created_at < ${new Date(now - 30_000)}::timestamptz AND s.created_at >= l.created_at
      AND (c.activated_at IS NULL OR s.created_at >= c.activated_at)
      AND NOT EXISTS (SELECT 1 FROM lease_charges c WHERE c.sortie_id = s.sortie_id)
    ORDER BY s.sortie_id LIMIT 500`.execute(db);
  let billed = 0;
  for (const r of rows.rows) {
    const amount = await retryTx(db, (trx) => billSortie(trx, deps, billable(r)));
    if (amount !== null) billed++;
  }
  return billed;
}
