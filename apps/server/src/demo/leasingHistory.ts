/**
 * The demo's leasing history (first start, after the demo's year of sorties, main.ts): the drones
 * the demo client leases now were leased to it before too, so the leasing screens (statistics, work
 * records, bills) have a past like the other statistics. For each current demo lease: a returned
 * lease of the same drone, client and prices from `days` ago until the current one began, every
 * stored sortie of the drone in that time billed through the billing code (`chargeSortie`: the
 * charge row, its ledger posting and the rollups, as at landing), and the client's monthly QR
 * recharges (sandbox, paid) that paid for them, each posted before its month's charges, so the
 * balance never ran out. Runs once: a demo lease that already has a returned predecessor is skipped.
 */
import { LEDGER_KINDS, RECHARGE_STATUS, sortieCharge } from '@agrifleet/domain';
import { sql } from 'kysely';
import { billable, chargeSortie, type SortieRow } from '../modules/leasing/billing.ts';
import { post, providerBook, walletBook } from '../modules/leasing/ledger.ts';
import { newOutTradeNo } from '../modules/leasing/money.service.ts';
import { localDay } from '../modules/stats/calendar.ts';
import type { Db } from '../platform/db.ts';
import { seedHistory } from '../sim/historyGen.ts';

const DAY = 86_400_000;
/** Recharges are whole multiples of this (500.00). */
const RECHARGE_STEP_MINOR = 50_000;

export interface LeasingHistoryResult {
  leases: number;
  sorties: number;
  chargedMinor: number;
  rechargedMinor: number;
}

export async function seedDemoLeasingHistory(
  db: Db,
  timeZone: string,
  opts: { days?: number; now?: number; sorties?: number } = {},
): Promise<LeasingHistoryResult> {
  const now = opts.now ?? Date.now();
  const from = new Date(now - (opts.days ?? 365) * DAY);
  const leases = await currentDemoLeases(db, from);
  if (!leases.length) return { leases: 0, sorties: 0, chargedMinor: 0, rechargedMinor: 0 };
  // Their drones' work of the period (the year of demo history spreads 3,000 sorties over every
  // drone: a dozen each), stored as the demo history stores sorties (no telemetry hooks).
  await seedHistory(db, {
    sorties: opts.sorties ?? 400,
    days: opts.days ?? 365,
    seed: 13,
    tracksDays: 0,
    templates: 20,
    droneIds: leases.map((l) => l.drone_id),
    rollups: { timeZone },
    now: now - 2 * 3_600_000,
  });
  // One transaction: the billing sweeper (billing.ts) sees the past leases only with every sortie
  // under them already charged and every recharge paid, so it never bills one into a negative balance.
  return db.transaction().execute((trx) => seed(trx, timeZone, from, leases));
}

/** The demo's current leases (demo/leasing.ts marks their 'created' event) with no past yet. */
async function currentDemoLeases(db: Db, from: Date) {
  return db
    .selectFrom('leases as l')
    .selectAll('l')
    .where('l.status', '=', 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lease_events as e')
          .select('e.id')
          .whereRef('e.lease_id', '=', 'l.id')
          .where('e.action', '=', 'created')
          .where(sql<boolean>`e.detail->>'demo' = 'true'`),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('leases as p')
            .select('p.id')
            .whereRef('p.drone_id', '=', 'l.drone_id')
            .whereRef('p.client_id', '=', 'l.client_id')
            .where('p.status', '=', 2),
        ),
      ),
    )
    .where('l.start_time', '>', from)
    .orderBy('l.id')
    .execute();
}

type DemoLease = Awaited<ReturnType<typeof currentDemoLeases>>[number];

async function seed(trx: Db, timeZone: string, from: Date, current: DemoLease[]) {
  const out: LeasingHistoryResult = { leases: 0, sorties: 0, chargedMinor: 0, rechargedMinor: 0 };
  const pastIds: number[] = [];
  for (const lease of current) {
    const past = await trx
      .insertInto('leases')
      .values({
        lessor_account_id: lease.lessor_account_id,
        client_id: lease.client_id,
        client_account_id: lease.client_account_id,
        drone_id: lease.drone_id,
        lease_model: lease.lease_model,
        mu_price_minor: lease.mu_price_minor,
        hour_price_minor: lease.hour_price_minor,
        daily_fee_minor: null,
        currency: lease.currency,
        start_time: from,
        return_time: lease.start_time,
        status: 2,
        previous_yy_account_id: lease.previous_yy_account_id,
        created_at: from,
        updated_at: lease.start_time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    pastIds.push(past.id);
    await trx
      .insertInto('lease_events')
      .values([
        { lease_id: past.id, action: 'created', detail: JSON.stringify({ demo: 'history' }), at: from },
        {
          lease_id: past.id,
          action: 'returned',
          detail: JSON.stringify({ returnTime: lease.start_time.getTime() }),
          at: lease.start_time,
        },
      ])
      .execute();
  }
  out.leases = pastIds.length;
  if (pastIds.length === 0) return out;

  // The sorties of those drones under their past leases, oldest first, not billed yet.
  const rows = await sql<
    SortieRow & {
      client_id: number;
      lessor_account_id: number;
      client_account_id: number;
      currency: string;
      lease_model: number;
      mu_price_minor: number;
      hour_price_minor: number;
    }
  >`
    SELECT s.sortie_id, s.drone_id, s.pilot_id, s.start_time, s.end_time, s.area_mu::float8 AS area_mu,
           s.duration_s::float8 AS duration_s,
           l.client_id, l.lessor_account_id, l.client_account_id, trim(l.currency) AS currency,
           l.lease_model, l.mu_price_minor::float8 AS mu_price_minor, l.hour_price_minor::float8 AS hour_price_minor
    FROM leases l
    JOIN sorties s ON s.drone_id = l.drone_id AND s.start_time >= l.start_time AND s.start_time < l.return_time
    WHERE l.id = ANY(${pastIds}::int[])
      AND NOT EXISTS (SELECT 1 FROM lease_charges c WHERE c.sortie_id = s.sortie_id)
    ORDER BY s.start_time, s.sortie_id`.execute(trx);

  // Month by month (of the statistics time zone): the recharge first, then the month's charges.
  const months = new Map<string, typeof rows.rows>();
  for (const r of rows.rows) {
    const { y, m } = localDay(r.start_time.getTime(), timeZone);
    const key = `${r.client_id}/${y}-${m}`;
    const group = months.get(key);
    if (group) group.push(r);
    else months.set(key, [r]);
  }
  for (const group of months.values()) {
    const first = group[0] as (typeof rows.rows)[number];
    const due = group.reduce(
      (n, r) =>
        n +
        sortieCharge(
          r.lease_model,
          { areaMu: r.area_mu, durationS: r.duration_s },
          { muPriceMinor: r.mu_price_minor, hourPriceMinor: r.hour_price_minor },
        ),
      0,
    );
    const amount = Math.ceil(due / RECHARGE_STEP_MINOR) * RECHARGE_STEP_MINOR;
    if (amount > 0) {
      const paidAt = new Date(first.start_time.getTime() - 3_600_000);
      const outTradeNo = newOutTradeNo(paidAt);
      const txnId = await post(trx, {
        kind: LEDGER_KINDS.recharge,
        currency: first.currency,
        ref: `recharge:${outTradeNo}`,
        entries: [
          { book: walletBook(first.client_id), clientId: first.client_id, amountMinor: amount },
          { book: providerBook('sandbox'), amountMinor: -amount },
        ],
      });
      await trx
        .insertInto('lease_recharges')
        .values({
          out_trade_no: outTradeNo,
          client_id: first.client_id,
          lessor_account_id: first.lessor_account_id,
          client_account_id: first.client_account_id,
          amount_minor: amount,
          currency: first.currency,
          provider: 'sandbox',
          status: RECHARGE_STATUS.paid,
          code_url: null,
          provider_txn_id: `demo-${outTradeNo}`,
          txn_id: txnId,
          created_by: null,
          created_at: new Date(paidAt.getTime() - 60_000),
          paid_at: paidAt,
          expires_at: new Date(paidAt.getTime() + 2 * 3_600_000),
        })
        .execute();
      out.rechargedMinor += amount;
    }
    for (const r of group) {
      const charged = await chargeSortie(trx, timeZone, billable(r));
      if (charged) {
        out.sorties++;
        out.chargedMinor += charged.amount;
      }
    }
  }
  return out;
}
