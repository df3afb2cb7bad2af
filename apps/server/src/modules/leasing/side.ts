/**
 * Who a leasing call acts for (002 §6): a lessor (a manufacturer account with a lease model, or
 * its lease manager, user type 6) sees its own clients; a tenant (an operator account that leases
 * from manufacturers) sees only itself. Everyone else is refused by the screens' access lists
 * before a handler runs; the service still answers 403 for a side the call does not serve.
 */
import type { Kysely } from 'kysely';
import type { Caller } from '../../platform/auth/subject.ts';
import { errors } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export type LeasingSide =
  | { kind: 'lessor'; accountId: number; userId: number }
  | { kind: 'tenant'; accountId: number; userId: number };

export function sideOf(caller: Caller): LeasingSide {
  const accountId = caller.account.id;
  const userId = caller.user.id;
  if (caller.account.account_type === 3) return { kind: 'lessor', accountId, userId };
  if (caller.account.account_type === 4) return { kind: 'tenant', accountId, userId };
  throw errors.forbidden();
}

/** The lessor side, or 403 (client, lease and price writes are the lessor's). */
export function lessorOf(caller: Caller): Extract<LeasingSide, { kind: 'lessor' }> {
  const side = sideOf(caller);
  if (side.kind !== 'lessor') throw errors.forbidden();
  return side;
}

export interface ClientRef {
  id: number;
  lessorAccountId: number;
  clientAccountId: number;
  currency: string;
  activeStatus: number;
  creditLimitMinor: number;
}

/**
 * The lease_clients row a call names, seen from `side`: a lessor names its client by the client's
 * account id (`accountId`), a tenant names its lessor (`zzAccountId`). Another lessor's client, or
 * a lessor the tenant does not lease from, is 404 (nothing tells it exists).
 */
export async function clientFor(
  db: Kysely<Database>,
  side: LeasingSide,
  ids: { accountId?: number; zzAccountId?: number },
): Promise<ClientRef> {
  let q = db
    .selectFrom('lease_clients')
    .select([
      'id',
      'manufacturer_account_id as lessorAccountId',
      'client_account_id as clientAccountId',
      'currency',
      'active_status as activeStatus',
      'credit_limit_minor as creditLimitMinor',
    ]);
  if (side.kind === 'lessor') {
    if (ids.accountId === undefined) throw errors.badRequest();
    q = q
      .where('manufacturer_account_id', '=', side.accountId)
      .where('client_account_id', '=', ids.accountId);
  } else {
    q = q.where('client_account_id', '=', side.accountId);
    if (ids.zzAccountId !== undefined) q = q.where('manufacturer_account_id', '=', ids.zzAccountId);
    q = q.orderBy('id').limit(1);
  }
  const row = await q.executeTakeFirst();
  if (!row) throw errors.notFound();
  return { ...row, currency: row.currency.trim() };
}
