import { isPassword } from '@agrifleet/domain';
import { verify as argonVerify } from '@node-rs/argon2';
import type { Caller } from '../../platform/auth/subject.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { RATE_RULES, type RateLimiter } from '../../platform/rateLimit.ts';
import type { AuthRepo } from './auth.repo.ts';
import { hashPassword } from './auth.service.ts';
import { toUserInfo } from './userInfo.ts';

export function createProfileService(db: Db, repo: AuthRepo, limiter: RateLimiter) {
  return {
    async info(caller: Caller) {
      const user = await repo.findUserById(caller.user.id);
      if (!user) throw errors.unauthorized();
      return toUserInfo(user, await repo.findAccount(user.account_id), caller.isTenant);
    },

    /** Own profile: name and avatar; a password change needs the old password and ends other sessions. */
    async update(
      caller: Caller,
      body: { userName: string; userHeadUrl: string; oldPassword?: string; newPassword?: string },
    ) {
      const user = await repo.findUserById(caller.user.id);
      if (!user) throw errors.unauthorized();
      let passwordHash: string | undefined;
      if (body.newPassword) {
        if (!isPassword(body.newPassword)) throw errors.badRequest('passwordRule');
        // A stolen session must not become a free password oracle: the checks are limited per user.
        const key = `old-password:${user.id}`;
        await limiter.hit(key, RATE_RULES.oldPasswordPerUser);
        const ok = await argonVerify(user.password_hash, body.oldPassword ?? '').catch(() => false);
        if (!ok) throw errors.oldPasswordWrong();
        await limiter.reset(key);
        passwordHash = await hashPassword(body.newPassword);
      }
      await db
        .updateTable('users')
        .set({
          user_name: body.userName,
          avatar_url: body.userHeadUrl,
          updated_at: new Date(),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        })
        .where('id', '=', user.id)
        .execute();
      // A new password ends the user's other sessions; this one stays signed in.
      if (passwordHash) await repo.revokeUserSessions(user.id, caller.sessionId);
      return this.info(caller);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
