/**
 * Account writes in SQL: create (the account and its first administrator in one transaction),
 * update, enable / disable (a disable revokes the users' sessions in the same transaction), delete
 * (refused while it owns drones or has sub-accounts), rental options, a modification application,
 * and the manufacturer merge (accounts.merge.ts).
 */
import { ACCOUNT_INFO_COLUMNS, type AccountInfoBody, ErrorCode, type ParsedAccount } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

export interface NewAccount {
  info: AccountInfoBody;
  accountType: number;
  operatorType: string | null;
  vipLevel: number;
  canCreateSub: boolean;
  rules: { province: number | null; city: number | null; county: number | null };
  parentId: number | null;
  catalogLevel: number;
  tag: number | null;
}

export interface NewAdmin {
  name: string;
  login: ParsedAccount;
  passwordHash: string;
}

/** accounts columns of an accountInfoBody (only the fields present). */
export function infoColumns(info: Partial<AccountInfoBody>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [field, column] of Object.entries(ACCOUNT_INFO_COLUMNS)) {
    const v = info[field as keyof AccountInfoBody];
    if (v !== undefined) out[column] = v ?? null;
  }
  return out;
}

const conflict = (key: 'accountHasDrones' | 'accountHasSubAccounts' | 'accountInUse', count = 0) =>
  new AppError(409, ErrorCode.conflict, key, { count });

export function createAccountsWrite(db: Db) {
  return {
    async create(a: NewAccount, admin: NewAdmin): Promise<{ accountId: number; userId: number }> {
      return db.transaction().execute(async (trx) => {
        const acc = await trx
          .insertInto('accounts')
          .values({
            ...infoColumns(a.info),
            account_name: a.info.accountName,
            account_type: a.accountType,
            check_status: 2,
            operator_type: a.operatorType,
            vip_level: a.vipLevel,
            can_create_sub: a.canCreateSub,
            rule_province: a.rules.province,
            rule_city: a.rules.city,
            rule_county: a.rules.county,
            parent_id: a.parentId,
            account_catalog_level: a.catalogLevel,
            tag: a.tag,
            lease_model: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const user = await trx
          .insertInto('users')
          .values({
            account_id: acc.id,
            user_type: 4,
            user_name: admin.name,
            phone_country: admin.login.kind === 'phone' ? admin.login.countryCode : null,
            phone: admin.login.kind === 'phone' ? admin.login.phone : null,
            email: admin.login.kind === 'email' ? admin.login.email : null,
            password_hash: admin.passwordHash,
            avatar_url: null,
            team_type: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { accountId: acc.id, userId: user.id };
      });
    },

    async update(accountId: number, set: Record<string, unknown>) {
      await db
        .updateTable('accounts')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', accountId)
        .execute();
    },

    /**
     * Enables or disables the account. A disable revokes every live session of its users in the
     * same transaction; returns the users whose sessions ended.
     */
    async setEnabled(accountId: number, enabled: boolean): Promise<number[]> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ enabled, updated_at: new Date() })
          .where('id', '=', accountId)
          .execute();
        if (enabled) return [];
        const ended = await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('revoked_at', 'is', null)
          .where('user_id', 'in', sql<number>`(SELECT id FROM users WHERE account_id = ${accountId})`)
          .returning('user_id')
          .execute();
        return [...new Set(ended.map((r) => r.user_id))];
      });
    },

    /** Deletes an account without drones or sub-accounts, its users and their sign-in data. */
    async remove(accountId: number) {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(trx);
        const drones = await sql<{ n: number }>`SELECT count(*)::int AS n FROM drones
          WHERE zz_account_id = ${accountId} OR yy_account_id = ${accountId}`.execute(trx);
        const dn = drones.rows[0]?.n ?? 0;
        if (dn > 0) throw conflict('accountHasDrones', dn);
        const subs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM accounts
          WHERE parent_id = ${accountId}`.execute(trx);
        const sn = subs.rows[0]?.n ?? 0;
        if (sn > 0) throw conflict('accountHasSubAccounts', sn);
        try {
          await sql`SAVEPOINT del`.execute(trx);
          const users = sql`(SELECT id FROM users WHERE account_id = ${accountId})`;
          await sql`DELETE FROM sessions WHERE user_id IN ${users}`.execute(trx);
          await sql`DELETE FROM account_applies WHERE account_id = ${accountId}`.execute(trx);
          await sql`DELETE FROM account_keys WHERE account_id = ${accountId}`.execute(trx);
          await sql`DELETE FROM lease_clients WHERE client_account_id = ${accountId}
            OR manufacturer_account_id = ${accountId}`.execute(trx);
          await sql`DELETE FROM users WHERE account_id = ${accountId}`.execute(trx);
          await sql`DELETE FROM accounts WHERE id = ${accountId}`.execute(trx);
        } catch (err) {
          // Another table still points at the account or its users (models, blocks, orders...).
          if ((err as { code?: string }).code === '23503') throw conflict('accountInUse');
          throw err;
        }
      });
    },

    setLeaseModel: (accountId: number, leaseModel: number | null) =>
      db
        .updateTable('accounts')
        .set({ lease_model: leaseModel, updated_at: new Date() })
        .where('id', '=', accountId)
        .execute(),

    /**
     * Own account info. A reviewed account: a modification application (apply type 2, unaudited,
     * payload = the body); null when one is already waiting. An account not yet reviewed corrects its
     * registration: the fields are written to the account and to its waiting registration application
     * (apply type 1), or a new registration application is made when the last one was rejected.
     */
    async submitInfo(
      accountId: number,
      userId: number,
      payload: AccountInfoBody,
      lang: string,
      verified: boolean,
    ) {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(trx);
        const applyType = verified ? 2 : 1;
        const waiting = await trx
          .selectFrom('account_applies')
          .select(['id', 'payload'])
          .where('account_id', '=', accountId)
          .where('apply_type', '=', applyType)
          .where('apply_status', '=', 1)
          .executeTakeFirst();
        if (verified && waiting) return null;
        if (!verified) {
          await trx
            .updateTable('accounts')
            .set({
              ...infoColumns(payload),
              account_name: payload.accountName,
              check_status: 1,
              updated_at: new Date(),
            })
            .where('id', '=', accountId)
            .execute();
          if (waiting) {
            const merged = { ...((waiting.payload as Record<string, unknown>) ?? {}), ...payload };
            await trx
              .updateTable('account_applies')
              .set({ payload: JSON.stringify(merged) })
              .where('id', '=', waiting.id)
              .execute();
            return { applyId: waiting.id, applyStatus: 1 };
          }
        }
        return trx
          .insertInto('account_applies')
          .values({
            account_id: accountId,
            user_id: userId,
            apply_type: applyType,
            apply_status: 1,
            payload: JSON.stringify(payload),
            reviewer_id: null,
            reviewed_at: null,
            lang,
          })
          .returning(['id as applyId', 'apply_status as applyStatus'])
          .executeTakeFirstOrThrow();
      });
    },
  };
}
export type AccountsWrite = ReturnType<typeof createAccountsWrite>;
