/**
 * Leasing statistics queries (issue 13): the rollups lease_stat (day 'd' and month 'm' rows of the
 * statistics time zone), lease_stat_drone and lease_stat_pilot, and live counts of lease_clients and
 * leases. Never sorties nor lease_charges. A range is read as whole months at month grain and the
 * days around them at day grain (splitRange in stats.service.ts).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** Whose rows: a lessor's (all clients or one), or a tenant's (all lessors or one). */
export interface StatScope {
  lessorAccountId?: number;
  clientAccountId?: number;
}

/** Local day spans [from, to) read at day grain, and whole months [from, to) read at month grain. */
export interface RangeParts {
  days: Array<[string, string]>;
  months: [string, string] | null;
}

export interface FigureRow {
  currency: string;
  sorties: number;
  areaMu: number;
  durationS: number;
  chargeMinor: number;
  feeMinor: number;
}

export interface WorkRow {
  areaMu: number;
  sorties: number;
  durationS: number;
  chargeMinor: number;
}

const scopeSql = (s: StatScope): RawBuilder<unknown> => {
  const parts: RawBuilder<unknown>[] = [];
  if (s.lessorAccountId !== undefined) parts.push(sql`lessor_account_id = ${s.lessorAccountId}`);
  if (s.clientAccountId !== undefined) parts.push(sql`client_account_id = ${s.clientAccountId}`);
  if (!parts.length) throw new Error('a statistics scope names a lessor or a client');
  return sql.join(parts, sql` AND `);
};

const rangeSql = (r: RangeParts | null): RawBuilder<unknown> => {
  if (r === null) return sql`grain = 'm'`;
  const parts = r.days.map(([a, b]) => sql`(grain = 'd' AND period >= ${a}::date AND period < ${b}::date)`);
  if (r.months)
    parts.push(sql`(grain = 'm' AND period >= ${r.months[0]}::date AND period < ${r.months[1]}::date)`);
  if (!parts.length) return sql`false`;
  return sql`(${sql.join(parts, sql` OR `)})`;
};

const num = (v: unknown) => Number(v ?? 0);
const work = (r: Record<string, unknown>): WorkRow => ({
  areaMu: num(r.area_mu),
  sorties: num(r.sorties),
  durationS: num(r.duration_s),
  chargeMinor: num(r.charge_minor),
});

export function createStatsRepo(db: Db) {
  return {
    /** Work and money per currency of `scope` in `range` (null: all time). */
    async figures(scope: StatScope, range: RangeParts | null): Promise<FigureRow[]> {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT trim(currency) AS currency, sum(sorties) AS sorties, sum(area_mu) AS area_mu,
               sum(duration_s) AS duration_s, sum(charge_minor) AS charge_minor, sum(fee_minor) AS fee_minor
        FROM lease_stat WHERE ${scopeSql(scope)} AND ${rangeSql(range)}
        GROUP BY currency ORDER BY sum(charge_minor) DESC, currency`.execute(db);
      return rows.map((r) => ({ ...work(r), currency: String(r.currency), feeMinor: num(r.fee_minor) }));
    },

    /** Work of `scope` in `range` per day ('YYYY-MM-DD') or per month ('YYYY-MM'). */
    async series(
      scope: StatScope,
      range: RangeParts,
      per: 'd' | 'm',
    ): Promise<Array<WorkRow & { day: string }>> {
      // Grouped on the date itself; only the grouped rows are formatted.
      const key = per === 'd' ? sql`period` : sql`date_trunc('month', period)`;
      const format = per === 'd' ? 'YYYY-MM-DD' : 'YYYY-MM';
      const { rows } = await sql<Record<string, unknown>>`
        SELECT to_char(p, ${format}) AS day, sorties, area_mu, duration_s, charge_minor
        FROM (SELECT ${key} AS p, sum(sorties) AS sorties, sum(area_mu) AS area_mu,
                     sum(duration_s) AS duration_s, sum(charge_minor) AS charge_minor
              FROM lease_stat WHERE ${scopeSql(scope)} AND ${rangeSql(range)}
              GROUP BY 1) x`.execute(db);
      return rows.map((r) => ({ ...work(r), day: String(r.day) }));
    },

    /** The lessor's clients by area in the range, with their names. */
    async clientRanking(lessorAccountId: number, range: RangeParts, limit: number) {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT r.client_account_id AS account_id, a.account_name, r.sorties, r.area_mu, r.charge_minor
        FROM (SELECT client_account_id, sum(sorties) AS sorties, sum(area_mu) AS area_mu,
                     sum(charge_minor) AS charge_minor
              FROM lease_stat WHERE ${scopeSql({ lessorAccountId })} AND ${rangeSql(range)}
              GROUP BY client_account_id
              ORDER BY sum(area_mu) DESC, client_account_id LIMIT ${limit}) r
        JOIN accounts a ON a.id = r.client_account_id
        ORDER BY r.area_mu DESC, r.client_account_id`.execute(db);
      return rows.map((r) => ({
        accountId: num(r.account_id),
        accountName: String(r.account_name ?? ''),
        areaMu: num(r.area_mu),
        sorties: num(r.sorties),
        chargeMinor: num(r.charge_minor),
      }));
    },

    /** A client's drones by area, all time (one lessor, or all the tenant's lessors). */
    async droneRanking(scope: StatScope, limit: number) {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT r.drone_id, COALESCE(d.drone_name, r.drone_id) AS drone_name, r.sorties, r.area_mu,
               r.duration_s, r.charge_minor
        FROM (SELECT drone_id, sum(sorties) AS sorties, sum(area_mu) AS area_mu,
                     sum(duration_s) AS duration_s, sum(charge_minor) AS charge_minor
              FROM lease_stat_drone WHERE ${scopeSql(scope)}
              GROUP BY drone_id ORDER BY sum(area_mu) DESC, drone_id LIMIT ${limit}) r
        LEFT JOIN drones d ON d.drone_id = r.drone_id
        ORDER BY r.area_mu DESC, r.drone_id`.execute(db);
      return rows.map((r) => ({ ...work(r), droneId: String(r.drone_id), droneName: String(r.drone_name) }));
    },

    /** A client's pilots by area, all time. */
    async pilotRanking(scope: StatScope, limit: number) {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT r.pilot_id, COALESCE(u.user_name, '') AS user_name, r.sorties, r.area_mu, r.duration_s,
               r.charge_minor
        FROM (SELECT pilot_id, sum(sorties) AS sorties, sum(area_mu) AS area_mu,
                     sum(duration_s) AS duration_s, sum(charge_minor) AS charge_minor
              FROM lease_stat_pilot WHERE ${scopeSql(scope)}
              GROUP BY pilot_id ORDER BY sum(area_mu) DESC, pilot_id LIMIT ${limit}) r
        LEFT JOIN users u ON u.id = r.pilot_id
        ORDER BY r.area_mu DESC, r.pilot_id`.execute(db);
      return rows.map((r) => ({ ...work(r), userId: num(r.pilot_id), userName: String(r.user_name) }));
    },

    /** Clients (lease_clients rows) and activated ones, and leases now running, of `scope`. */
    async liveCounts(scope: StatScope) {
      const where = sql.join(
        [
          ...(scope.lessorAccountId !== undefined
            ? [sql`manufacturer_account_id = ${scope.lessorAccountId}`]
            : []),
          ...(scope.clientAccountId !== undefined ? [sql`client_account_id = ${scope.clientAccountId}`] : []),
        ],
        sql` AND `,
      );
      const { rows } = await sql<{ clients: string; activated: string; leased: string }>`
        SELECT (SELECT count(*) FROM lease_clients WHERE ${where}) AS clients,
               (SELECT count(*) FROM lease_clients WHERE ${where} AND active_status = 2) AS activated,
               (SELECT count(*) FROM leases
                 WHERE status = 1 AND client_id IN (SELECT id FROM lease_clients WHERE ${where})) AS leased`.execute(
        db,
      );
      const r = rows[0];
      return { clients: num(r?.clients), activatedClients: num(r?.activated), leasedDrones: num(r?.leased) };
    },

    /** Leases running now of one lease_clients row. */
    async leasedDronesOf(clientId: number) {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM leases WHERE client_id = ${clientId} AND status = 1`.execute(db);
      return num(rows[0]?.n);
    },

    /** The lessor's leases by status and lease model, and its clients by activation status. */
    async rentalCounts(lessorAccountId: number) {
      const leases = await sql<{ status: number; lease_model: number; n: string }>`
        SELECT status, lease_model, count(*) AS n FROM leases WHERE lessor_account_id = ${lessorAccountId}
        GROUP BY status, lease_model`.execute(db);
      const clients = await sql<{ active_status: number; n: string }>`
        SELECT active_status, count(*) AS n FROM lease_clients WHERE manufacturer_account_id = ${lessorAccountId}
        GROUP BY active_status ORDER BY active_status`.execute(db);
      return {
        leases: leases.rows.map((r) => ({ status: r.status, leaseModel: r.lease_model, count: num(r.n) })),
        clients: clients.rows.map((r) => ({ activeStatus: r.active_status, count: num(r.n) })),
      };
    },

    async accountName(accountId: number) {
      const { rows } = await sql<{ account_name: string }>`
        SELECT account_name FROM accounts WHERE id = ${accountId}`.execute(db);
      return rows[0]?.account_name ?? '';
    },
  };
}
export type StatsRepo = ReturnType<typeof createStatsRepo>;
