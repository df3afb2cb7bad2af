/**
 * User applications: a person asks to join an existing account (public, with an SMS code of type
 * register); the platform reviews all of them, an account's enterprise admin those of its account.
 */
import {
  type ApplyStatusBody,
  CodeType,
  ErrorCode,
  formatAccount,
  isPassword,
  parseAccount,
  type UserApplyBody,
} from '@agrifleet/domain';
import type { Logger } from 'pino';
import { AppError, errors } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging.ts';
import type { Origin } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/auth.service.ts';
import type { CodeService } from '../auth/codes.ts';
import { sendDecision } from './notice.ts';
import type { ApplyScope, UserAppliesRepo, UserApplyFilter } from './userApplies.repo.ts';

interface Deps {
  repo: UserAppliesRepo;
  codes: CodeService;
  messenger: Messenger;
  logger: Logger;
}

const unknownAccount = () => new AppError(404, ErrorCode.notFound, 'userApplyAccountUnknown');

export function createUserAppliesService(d: Deps) {
  return {
    async submit(body: UserApplyBody, origin: Origin): Promise<{ applyId: number }> {
      const phone = parseAccount(body.phoneNum, origin.dialCode);
      if (phone?.kind !== 'phone') throw errors.badRequest('accountFormat');
      if (!isPassword(body.password)) throw errors.badRequest('passwordRule');
      const account = await d.repo.findJoinable(body);
      if (!account) throw unknownAccount();
      await d.codes.verify(formatAccount(phone), CodeType.register, body.verifyCode, true, origin.ip);
      if (await d.repo.phoneTaken(phone.countryCode, phone.phone)) throw errors.accountExists();
      const row = await d.repo
        .create({
          accountId: account.id,
          userName: body.userName,
          phoneCountry: phone.countryCode,
          phone: phone.phone,
          passwordHash: await hashPassword(body.password),
          lang: origin.lang,
        })
        .catch((err: { code?: string }) => {
          if (err.code === '23505') throw new AppError(409, ErrorCode.conflict, 'userApplyPending');
          throw err;
        });
      return { applyId: row.id };
    },

    list: (scope: ApplyScope, f: UserApplyFilter) => d.repo.list(scope, f),

    async detail(scope: ApplyScope, applyId: number) {
      const row = await d.repo.detail(scope, applyId);
      if (!row) throw errors.notFound();
      const { lang: _l, phone_country: _c, phone: _p, ...record } = row;
      return record;
    },

    async decide(scope: ApplyScope, body: ApplyStatusBody, reviewerId: number) {
      const reason = body.reason?.trim() || null;
      if (body.applyStatus === 3 && !reason) throw errors.badRequest('applyReasonRequired');
      const decided = await d.repo
        .decide(scope, body.applyId, body.applyStatus, reviewerId, reason)
        .catch((err: { code?: string }) => {
          // The phone signed up on its own since it applied: the user cannot be made twice.
          if (err.code === '23505') throw errors.accountExists();
          throw err;
        });
      const row = await d.repo.detail(scope, body.applyId);
      if (!row) throw errors.notFound();
      if (!decided) throw errors.applyDecided();
      const notified = await sendDecision(
        d,
        { phone_country: row.phone_country, phone: row.phone, email: null, lang: row.lang },
        { kind: 'applyKindJoin', name: row.accountName, status: body.applyStatus, reason },
      );
      return { notified };
    },
  };
}
export type UserAppliesService = ReturnType<typeof createUserAppliesService>;
