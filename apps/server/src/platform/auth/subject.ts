/** Loads who is calling: session, user, account and the facts the access rules need. */
import type { AccessSubject, AccountType, PublicHostProfile, UserType } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import type { AccountRow, UserRow } from '../schema.ts';

export interface Caller {
  sessionId: string;
  user: UserRow;
  account: AccountRow;
  isTenant: boolean;
}

export async function loadCaller(db: Db, sessionId: string, userId: number): Promise<Caller | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .select((eb) => [
      sql<unknown>`to_jsonb(u.*)`.as('user'),
      sql<unknown>`to_jsonb(a.*)`.as('account'),
      eb
        .exists(
          eb.selectFrom('lease_clients as lc').select('lc.id').whereRef('lc.client_account_id', '=', 'a.id'),
        )
        .as('is_tenant'),
    ])
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId,
    user: row.user as UserRow,
    account: row.account as AccountRow,
    isTenant: Boolean(row.is_tenant),
  };
}

export function accessSubject(
  c: Pick<Caller, 'user' | 'account' | 'isTenant'>,
  host: PublicHostProfile,
): AccessSubject {
  return {
    accountType: c.account.account_type as AccountType,
    userType: c.user.user_type as UserType,
    tag: c.account.tag,
    vipLevel: c.account.vip_level,
    accountCatalogLevel: c.account.account_catalog_level,
    canCreateSub: c.account.can_create_sub,
    leaseModel: c.account.lease_model,
    operatorType: c.account.operator_type,
    checkStatus: c.account.check_status,
    isTenant: c.isTenant,
    hostScreens: host.screens,
  };
}

/**
 * Of the given sessions, those that still hold: not revoked, not expired, user and account enabled
 * (the test the guard makes per request, for many sessions in one query).
 */
export async function liveSessions(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select('s.id')
    .where('s.id', 'in', ids)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.enabled', '=', true)
    .where('a.enabled', '=', true)
    .execute();
  return new Set(rows.map((r) => r.id));
}
