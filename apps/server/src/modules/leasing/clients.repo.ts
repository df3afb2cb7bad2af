/**
 * Leasing clients in SQL: the lessor's client list with each client's admin user, the list figures
 * (shared with the lease list), operator lookups by phone, and the client writes.
 */
import type { CustomerRecord, LeaseListStat } from '@agrifleet/domain';
import { type Insertable, type Kysely, sql } from 'kysely';
import { likePattern } from '../../platform/like.ts';
import type { Database } from '../../platform/schema.ts';
import { balancesOf } from './ledger.ts';

type Exec = Kysely<Database>;

/** A name shown before consent: its first and last characters, the rest as '*' ("丰*******社", "孙*"). */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 1) return chars.length ? '*' : '';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** The client account's admin user (user type 1), its first one. */
const adminOf = (clientCol: string) => sql<number>`(
  SELECT u.id FROM users u WHERE u.account_id = ${sql.ref(clientCol)} AND u.user_type = 1 ORDER BY u.id LIMIT 1)`;

export interface ClientFilter {
  accountName?: string;
  /** The client's admin phone. */
  phone?: string;
  clientId?: number;
}

export function createClientsRepo(db: Exec) {
  function clientRows(lessorId: number, f: ClientFilter) {
    let q = db
      .selectFrom('lease_clients as c')
      .innerJoin('accounts as a', 'a.id', 'c.client_account_id')
      .leftJoin('users as u', (j) => j.on(sql<boolean>`u.id = ${adminOf('c.client_account_id')}`))
      .where('c.manufacturer_account_id', '=', lessorId);
    if (f.accountName) q = q.where('a.account_name', 'ilike', likePattern(f.accountName));
    if (f.phone) q = q.where('u.phone', '=', f.phone);
    if (f.clientId !== undefined) q = q.where('c.id', '=', f.clientId);
    return q;
  }

  async function toRecords(
    rows: {
      id: number;
      accountId: number;
      accountName: string;
      phone: string | null;
      userName: string | null;
      activeStatus: number;
      muUnitPrice: number;
      durationPrice: number;
      creditLimit: number;
      currency: string;
      droneNum: string;
      sign: string | null;
      createdAt: Date;
    }[],
  ): Promise<CustomerRecord[]> {
    const balances = await balancesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      // Names are the operator's to show once it consented (activated); before, masked.
      ...(r.activeStatus === 2
        ? {}
        : {
            accountName: maskName(r.accountName),
            userName: r.userName === null ? null : maskName(r.userName),
          }),
      currency: r.currency.trim(),
      droneNum: Number(r.droneNum),
      balance: balances.get(r.id) ?? 0,
      createdAt: r.createdAt.getTime(),
    }));
  }

  const recordSelect = [
    'c.id',
    'c.client_account_id as accountId',
    'a.account_name as accountName',
    'u.phone',
    'u.user_name as userName',
    'c.active_status as activeStatus',
    'c.mu_price_minor as muUnitPrice',
    'c.hour_price_minor as durationPrice',
    'c.credit_limit_minor as creditLimit',
    'c.currency',
    'c.sign',
    'c.created_at as createdAt',
  ] as const;
  const droneNum = sql<string>`(SELECT count(*) FROM leases l WHERE l.client_id = c.id AND l.status = 1)::text`;

  return {
    async list(lessorId: number, f: ClientFilter, pageIndex: number, size: number) {
      const base = clientRows(lessorId, f);
      const [rows, count] = await Promise.all([
        base
          .select([...recordSelect, droneNum.as('droneNum')])
          .orderBy('c.id', 'desc')
          .limit(size)
          .offset((pageIndex - 1) * size)
          .execute(),
        base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records: await toRecords(rows), total: Number(count.n) };
    },

    async one(lessorId: number, f: ClientFilter): Promise<CustomerRecord | null> {
      const rows = await clientRows(lessorId, f)
        .select([...recordSelect, droneNum.as('droneNum')])
        .orderBy('c.id')
        .limit(1)
        .execute();
      return (await toRecords(rows))[0] ?? null;
    },

    /** The figures above the client and lease lists. */
    async stat(lessorId: number): Promise<LeaseListStat> {
      const r = await sql<{ total: string; area: string; sorties: string; drones: string; models: string }>`
        SELECT
          (SELECT count(*) FROM lease_clients WHERE manufacturer_account_id = ${lessorId})::text AS total,
          (SELECT COALESCE(sum(area_mu), 0) FROM lease_stat WHERE lessor_account_id = ${lessorId} AND grain = 'm')::text AS area,
          (SELECT COALESCE(sum(sorties), 0) FROM lease_stat WHERE lessor_account_id = ${lessorId} AND grain = 'm')::text AS sorties,
          (SELECT count(*) FROM leases WHERE lessor_account_id = ${lessorId} AND status = 1)::text AS drones,
          (SELECT count(DISTINCT d.model_id) FROM leases l JOIN drones d ON d.drone_id = l.drone_id
            WHERE l.lessor_account_id = ${lessorId} AND l.status = 1)::text AS models`.execute(db);
      const s = r.rows[0];
      return {
        total: Number(s?.total ?? 0),
        workArea: Number(s?.area ?? 0),
        zzNum: Number(s?.drones ?? 0),
        sortieCount: Number(s?.sorties ?? 0),
        modelNum: Number(s?.models ?? 0),
      };
    },

    /** An operator account (type 4, enabled, reviewed) whose admin user has this phone. */
    async operatorByPhone(lessorId: number, phone: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('accounts as a', 'a.id', 'u.account_id')
        .where('u.phone', '=', phone)
        .where('u.user_type', '=', 1)
        .where('a.account_type', '=', 4)
        .where('a.enabled', '=', true)
        .where('a.check_status', '=', 2)
        .select([
          'a.id as accountId',
          'a.account_name as accountName',
          'u.user_name as userName',
          'u.phone',
          sql<
            number | null
          >`(SELECT c.active_status FROM lease_clients c WHERE c.manufacturer_account_id = ${lessorId}
            AND c.client_account_id = a.id)`.as('clientStatus'),
        ])
        .orderBy('a.id')
        .limit(1)
        .executeTakeFirst();
    },

    /** Activated clients (they consented), for selects: the only ones a lease or a recharge may name. */
    async verified(lessorId: number) {
      const rows = await db
        .selectFrom('lease_clients as c')
        .innerJoin('accounts as a', 'a.id', 'c.client_account_id')
        .where('c.manufacturer_account_id', '=', lessorId)
        .where('c.active_status', '=', 2)
        .select(['c.id', 'c.client_account_id as accountId', 'a.account_name as accountName', 'c.currency'])
        .orderBy('a.account_name')
        .execute();
      return rows.map((r) => ({ ...r, currency: r.currency.trim() }));
    },

    async account(trx: Exec, accountId: number) {
      return trx
        .selectFrom('accounts')
        .select(['id', 'account_type', 'enabled', 'check_status'])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    /** The client row of (lessor, client account), serialising adds of the same pair. */
    async lockPair(trx: Exec, lessorId: number, accountId: number) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`lease_client:${lessorId}:${accountId}`}))`.execute(
        trx,
      );
      return trx
        .selectFrom('lease_clients')
        .select('id')
        .where('manufacturer_account_id', '=', lessorId)
        .where('client_account_id', '=', accountId)
        .executeTakeFirst();
    },

    async insert(trx: Exec, v: Insertable<Database['lease_clients']>) {
      return trx.insertInto('lease_clients').values(v).returning('id').executeTakeFirstOrThrow();
    },

    /** The lessor's client row by its id, locked. */
    async lockOwn(trx: Exec, lessorId: number, id: number) {
      return trx
        .selectFrom('lease_clients')
        .selectAll()
        .where('id', '=', id)
        .where('manufacturer_account_id', '=', lessorId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /** The admin phone target ("86-138...") of a client account. */
    async adminPhone(accountId: number) {
      return db
        .selectFrom('users')
        .select(['phone', 'phone_country'])
        .where('account_id', '=', accountId)
        .where('user_type', '=', 1)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    async signs(lessorId: number, accountId?: number) {
      let q = db
        .selectFrom('lease_clients as c')
        .innerJoin('accounts as a', 'a.id', 'c.client_account_id')
        .where('c.manufacturer_account_id', '=', lessorId)
        .select(['c.client_account_id as accountId', 'a.account_name as accountName', 'c.sign']);
      if (accountId !== undefined) q = q.where('c.client_account_id', '=', accountId);
      return q.orderBy('a.account_name').execute();
    },
  };
}
export type ClientsRepo = ReturnType<typeof createClientsRepo>;
