/**
 * The leasing rollups (issue 13 #5): each charge adds its figures to lease_stat (per day and month
 * of the statistics time zone), lease_stat_drone and lease_stat_pilot, in the charge's own
 * transaction, so the statistics calls never read charges or sorties.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface ChargeFigures {
  lessorAccountId: number;
  clientAccountId: number;
  currency: string;
  /** When the work happened (a sortie's start; a fee's day start), epoch ms. */
  at: number;
  droneId: string;
  pilotId: number | null;
  /** 1 for a sortie, 0 for a daily fee. */
  sorties: number;
  areaMu: number;
  durationS: number;
  /** A sortie's charge. */
  chargeMinor: number;
  /** A daily base fee. */
  feeMinor: number;
}

export async function addToLeaseStats(trx: Kysely<Database>, f: ChargeFigures, timeZone: string) {
  const local = sql`(to_timestamp(${f.at / 1000}::float8) AT TIME ZONE ${timeZone})`;
  await sql`
    INSERT INTO lease_stat AS s (lessor_account_id, client_account_id, grain, period, currency, sorties,
      area_mu, duration_s, charge_minor, fee_minor)
    SELECT ${f.lessorAccountId}, ${f.clientAccountId}, g.grain, g.period, ${f.currency}, ${f.sorties},
      ${f.areaMu}::float8, ${f.durationS}, ${f.chargeMinor}, ${f.feeMinor}
    FROM (VALUES ('d', ${local}::date), ('m', date_trunc('month', ${local})::date)) AS g(grain, period)
    ON CONFLICT (lessor_account_id, grain, period, client_account_id, currency) DO UPDATE SET
      sorties = s.sorties + EXCLUDED.sorties, area_mu = s.area_mu + EXCLUDED.area_mu,
      duration_s = s.duration_s + EXCLUDED.duration_s, charge_minor = s.charge_minor + EXCLUDED.charge_minor,
      fee_minor = s.fee_minor + EXCLUDED.fee_minor`.execute(trx);
  if (!f.sorties) return;
  await sql`
    INSERT INTO lease_stat_drone AS s (lessor_account_id, client_account_id, drone_id, sorties, area_mu, duration_s, charge_minor)
    VALUES (${f.lessorAccountId}, ${f.clientAccountId}, ${f.droneId}, ${f.sorties}, ${f.areaMu}::float8, ${f.durationS}, ${f.chargeMinor})
    ON CONFLICT (client_account_id, lessor_account_id, drone_id) DO UPDATE SET
      sorties = s.sorties + EXCLUDED.sorties, area_mu = s.area_mu + EXCLUDED.area_mu,
      duration_s = s.duration_s + EXCLUDED.duration_s, charge_minor = s.charge_minor + EXCLUDED.charge_minor`.execute(
    trx,
  );
  if (f.pilotId === null) return;
  await sql`
    INSERT INTO lease_stat_pilot AS s (lessor_account_id, client_account_id, pilot_id, sorties, area_mu, duration_s, charge_minor)
    VALUES (${f.lessorAccountId}, ${f.clientAccountId}, ${f.pilotId}, ${f.sorties}, ${f.areaMu}::float8, ${f.durationS}, ${f.chargeMinor})
    ON CONFLICT (client_account_id, lessor_account_id, pilot_id) DO UPDATE SET
      sorties = s.sorties + EXCLUDED.sorties, area_mu = s.area_mu + EXCLUDED.area_mu,
      duration_s = s.duration_s + EXCLUDED.duration_s, charge_minor = s.charge_minor + EXCLUDED.charge_minor`.execute(
    trx,
  );
}
