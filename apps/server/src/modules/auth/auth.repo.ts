import type { ParsedAccount, RegBody } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { SessionEvents } from '../../platform/auth/sessionEvents.ts';
import type { Db } from '../../platform/db.ts';
import type { UserRow } from '../../platform/schema.ts';

/** `sessions` hears of every session this repository ends (the monitor socket closes them). */
export function createAuthRepo(db: Db, sessions?: SessionEvents) {
  return {
    async findUser(account: ParsedAccount): Promise<UserRow | undefined> {
      let q = db.selectFrom('users').selectAll();
      q =
        account.kind === 'email'
          ? q.where(sql<string>`lower(email)`, '=', account.email)
          : q.where('phone_country', '=', account.countryCode).where('phone', '=', account.phone);
      return q.executeTakeFirst();
    },

    async isTenant(accountId: number): Promise<boolean> {
      const row = await db
        .selectFrom('lease_clients')
        .select('id')
        .where('client_account_id', '=', accountId)
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },

    async customDomainTaken(domain: string): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('custom_domain', '=', domain)
        .executeTakeFirst();
      return !!row;
    },

    findAccount: (id: number) =>
      db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    findUserById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    async createSession(s: {
      id: string;
      userId: number;
      refreshHash: string;
      expiresAt: Date;
      refreshExpiresAt: Date;
      remember: boolean;
      ip: string;
      userAgent: string | null;
    }) {
      await db
        .insertInto('sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          refresh_hash: s.refreshHash,
          expires_at: s.expiresAt,
          refresh_expires_at: s.refreshExpiresAt,
          remember: s.remember,
          ip: s.ip,
          user_agent: s.userAgent,
        })
        .execute();
      await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', s.userId).execute();
    },

    /**
     * Swaps a live refresh token for a new one and extends the session by the lifetime its sign-in
     * chose (a remembered sign-in stays remembered). The old token is remembered with its session
     * (the family), so a replay of it is recognised: that ends the sign-in whole (OAuth 2.0 Security
     * BCP, refresh token rotation). Returns the session, the session a reused token ended, or nothing.
     */
    async rotateRefresh(
      oldHash: string,
      newHash: string,
      ttl: { token: number; remember: number; refresh: number },
    ): Promise<
      | { kind: 'rotated'; session: { id: string; user_id: number; expires_at: Date } }
      | { kind: 'reused'; sessionId: string; userId: number }
      | { kind: 'unknown' }
    > {
      const result = await db.transaction().execute(async (trx) => {
        const session = await trx
          .updateTable('sessions')
          .set({
            refresh_hash: newHash,
            expires_at: sql<Date>`now() + make_interval(secs => CASE WHEN remember THEN ${ttl.remember}::int ELSE ${ttl.token}::int END)`,
          })
          .where('refresh_hash', '=', oldHash)
          .where('revoked_at', 'is', null)
          .where('refresh_expires_at', '>', sql<Date>`now()`)
          .returning(['id', 'user_id', 'expires_at'])
          .executeTakeFirst();
        if (session) {
          await trx
            .insertInto('session_refresh_used')
            .values({ refresh_hash: oldHash, session_id: session.id })
            .onConflict((oc) => oc.doNothing())
            .execute();
          // A rotated-out token older than the refresh lifetime could not refresh anyway.
          await trx
            .deleteFrom('session_refresh_used')
            .where('used_at', '<', sql<Date>`now() - make_interval(secs => ${ttl.refresh}::int)`)
            .execute();
          return { kind: 'rotated' as const, session };
        }
        const used = await trx
          .selectFrom('session_refresh_used as r')
          .innerJoin('sessions as s', 's.id', 'r.session_id')
          .select(['s.id', 's.user_id'])
          .where('r.refresh_hash', '=', oldHash)
          .executeTakeFirst();
        if (!used) return { kind: 'unknown' as const };
        await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('id', '=', used.id)
          .where('revoked_at', 'is', null)
          .execute();
        return { kind: 'reused' as const, sessionId: used.id, userId: used.user_id };
      });
      if (result.kind === 'reused') sessions?.ended({ sessionIds: [result.sessionId] });
      return result;
    },

    async revokeSession(id: string) {
      await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', id).execute();
      sessions?.ended({ sessionIds: [id] });
    },

    /** Ends the user's sessions, but for one to keep (the caller's own, after a password change). */
    async revokeUserSessions(userId: number, keep?: string) {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep) q = q.where('id', '!=', keep);
      await q.execute();
      sessions?.ended({ userId, keep });
    },

    setPassword: (userId: number, passwordHash: string) =>
      db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', userId)
        .execute(),

    /** Registration: the account (not yet reviewed), its first user and the application. */
    /** `lang`: the applicant's language, in which the review's decision is sent. */
    async register(body: RegBody, account: ParsedAccount, passwordHash: string, lang: string) {
      return db.transaction().execute(async (trx) => {
        const acc = await trx
          .insertInto('accounts')
          .values({
            account_type: body.accountType,
            account_name: body.accountName,
            check_status: 1,
            operator_type: body.accountType === 4 ? body.operatorType : null,
            legal: body.legal ?? null,
            credit_code: body.creditCode ?? null,
            contact_name: body.contactName,
            contact_phone: body.contactPhone ?? null,
            contact_address: body.contactAddress ?? null,
            email: body.email ?? (account.kind === 'email' ? account.email : null),
            province: body.province ?? null,
            city: body.city ?? null,
            county: body.county ?? null,
            busi_license_url: body.busiLicense ?? null,
            logo_url: body.companyLogo ?? null,
            custom_domain: body.customDomain || null,
            tag: null,
            rule_province: null,
            rule_city: null,
            rule_county: null,
            lease_model: null,
            parent_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const user = await trx
          .insertInto('users')
          .values({
            account_id: acc.id,
            user_type: 1,
            user_name: body.contactName,
            phone_country: account.kind === 'phone' ? account.countryCode : null,
            phone: account.kind === 'phone' ? account.phone : null,
            email: account.kind === 'email' ? account.email : null,
            password_hash: passwordHash,
            avatar_url: null,
            team_type: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { password: _p, verifyCode: _v, ...payload } = body;
        await trx
          .insertInto('account_applies')
          .values({
            account_id: acc.id,
            user_id: user.id,
            apply_type: 1,
            apply_status: 1,
            payload: JSON.stringify(payload),
            lang,
          })
          .execute();
        return { accountId: acc.id, userId: user.id };
      });
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
