/**
 * Members: the list, the new member's phone code, create, update, enable and remove. Who may grant
 * which user type is the domain's grantableUserTypes (contracts/members.ts); a caller manages the
 * members whose current type it may grant, never itself. The platform (account type 1, not a
 * sub-platform) reads and manages every account's members, acting as that account's super admin;
 * every other account only its own: another account's member is not found (404).
 */

import { randomBytes } from 'node:crypto';
import {
  CodeType,
  canGrantUserType,
  ErrorCode,
  formatAccount,
  grantableUserTypes,
  isAdminUserType,
  isPassword,
  isSubPlatform,
  type Language,
  type MemberCreateBody,
  type MemberListQuery,
  type MemberRow,
  type MemberUpdateBody,
  parseAccount,
} from '@agrifleet/domain';
import { hash as argonHash } from '@node-rs/argon2';
import type { SessionEvents } from '../../platform/auth/sessionEvents.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { translate } from '../../platform/messages.ts';
import type { Messenger } from '../../platform/messaging.ts';
import { RATE_RULES, type RateLimiter } from '../../platform/rateLimit.ts';
import type { AccountRow, UserRow } from '../../platform/schema.ts';
import type { CodeService } from '../auth/codes.ts';
import type { MemberFacts, MembersRepo } from './members.repo.ts';

/** Who acts, and from where. */
export interface MemberActor {
  user: Pick<UserRow, 'id' | 'user_type'>;
  account: Pick<AccountRow, 'id' | 'account_type' | 'tag' | 'lease_model'>;
  lang: Language;
  dialCode: string;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'memberNotFound');
const notManageable = () => new AppError(403, ErrorCode.forbidden, 'memberNotManageable');
const typeNotAllowed = () => new AppError(403, ErrorCode.forbidden, 'memberTypeNotAllowed');
const phoneTaken = () => new AppError(409, ErrorCode.conflict, 'memberPhoneTaken');
const lastAdmin = () => new AppError(409, ErrorCode.conflict, 'memberLastAdmin');

/** The platform proper (not a sub-platform) manages every account's members. */
export const isPlatform = (a: MemberActor['account']) =>
  a.account_type === 1 && !isSubPlatform({ accountType: 1, tag: a.tag });

export function createMembersService(d: {
  repo: MembersRepo;
  codes: CodeService;
  messenger: Messenger;
  limiter: RateLimiter;
  sessionEvents: SessionEvents;
}) {
  const grantsIn = (a: MemberActor, leaseModel: number | null) =>
    grantableUserTypes({ userType: a.user.user_type }, { leaseModel });

  const phoneOf = (a: MemberActor, raw: string) => {
    const parsed = parseAccount(raw, a.dialCode.replace(/^\+/, ''));
    if (parsed?.kind !== 'phone') throw errors.badRequest('memberPhoneInvalid');
    return parsed;
  };

  /** A member the caller may manage: in its account (or any, for the platform), of a type it may grant, not itself. */
  async function manageable(a: MemberActor, userId: number): Promise<MemberFacts> {
    const m = await d.repo.find(userId);
    if (!m || (!isPlatform(a.account) && m.accountId !== a.account.id)) throw notFound();
    if (m.id === a.user.id) throw errors.badRequest('memberSelf');
    if (!canGrantUserType({ userType: a.user.user_type }, { leaseModel: m.leaseModel }, m.userType))
      throw notManageable();
    return m;
  }

  return {
    async list(a: MemberActor, q: MemberListQuery) {
      const accountId = isPlatform(a.account) ? (q.accountId ?? null) : a.account.id;
      const { records, total } = await d.repo.list(accountId, q);
      const rows: MemberRow[] = records.map(({ leaseModel, ...r }) => ({
        ...r,
        manageable:
          r.userId !== a.user.id &&
          canGrantUserType({ userType: a.user.user_type }, { leaseModel }, r.userType),
      }));
      return { records: rows, total, grantable: grantsIn(a, a.account.lease_model) };
    },

    /** Sends a code to the new member's phone (rate limited like the sign-in codes). */
    async sendCode(a: MemberActor, phoneNum: string): Promise<void> {
      const phone = phoneOf(a, phoneNum);
      const target = formatAccount(phone);
      await d.limiter.hit(`member-code-user:${a.user.id}`, RATE_RULES.codePerIp);
      await d.limiter.hit(`member-code:${target}`, RATE_RULES.codePerTarget);
      await d.limiter.hit(`member-code-h:${target}`, RATE_RULES.codePerTargetHour);
      if (await d.repo.phoneTaken(phone.countryCode, phone.phone)) throw phoneTaken();
      const code = await d.codes.issue(target, CodeType.register);
      try {
        await d.messenger.send({
          channel: 'sms',
          target,
          subject: translate('codeMailSubject', a.lang),
          text: translate('codeSms', a.lang, { code }),
          secret: code,
        });
      } catch {
        await d.limiter.reset(`member-code:${target}`);
        throw errors.sendFailed();
      }
    },

    async checkCode(a: MemberActor, phoneNum: string, code: string): Promise<void> {
      await d.codes.verify(formatAccount(phoneOf(a, phoneNum)), CodeType.register, code, false);
    },

    async create(a: MemberActor, body: MemberCreateBody): Promise<number> {
      if (
        !canGrantUserType(
          { userType: a.user.user_type },
          { leaseModel: a.account.lease_model },
          body.userType,
        )
      )
        throw typeNotAllowed();
      if (body.password !== undefined && !isPassword(body.password)) throw errors.badRequest('passwordRule');
      const phone = phoneOf(a, body.phoneNum);
      if (await d.repo.phoneTaken(phone.countryCode, phone.phone)) throw phoneTaken();
      await d.codes.verify(formatAccount(phone), CodeType.register, body.code, true);
      // Without a first password the member signs in by SMS code (or resets it): nobody knows this one.
      const passwordHash = await argonHash(body.password ?? randomBytes(24).toString('base64url'));
      try {
        return await d.repo.create({
          accountId: a.account.id,
          userType: body.userType,
          userName: body.userName,
          countryCode: phone.countryCode,
          phone: phone.phone,
          passwordHash,
          teamType: body.teamType ?? null,
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw phoneTaken();
        throw err;
      }
    },

    async update(a: MemberActor, body: MemberUpdateBody): Promise<void> {
      const m = await manageable(a, body.userId);
      let demotes = false;
      if (body.userType !== undefined && body.userType !== m.userType) {
        if (!canGrantUserType({ userType: a.user.user_type }, { leaseModel: m.leaseModel }, body.userType))
          throw typeNotAllowed();
        demotes = isAdminUserType(m.userType) && !isAdminUserType(body.userType) && m.enabled;
      }
      // The last-administrator check holds the account's administrators locked while it writes.
      if ((await d.repo.update(m.id, body, demotes ? m.accountId : undefined)) === 'lastAdmin')
        throw lastAdmin();
    },

    async enable(a: MemberActor, userId: number, opr: 0 | 1): Promise<void> {
      const m = await manageable(a, userId);
      const done = await d.repo.change(m.id, m.accountId, { kind: opr === 1 ? 'enable' : 'disable' });
      if (done === 'lastAdmin') throw lastAdmin();
      if (opr === 0) d.sessionEvents.ended({ userId: m.id });
    },

    async remove(a: MemberActor, userId: number): Promise<void> {
      const m = await manageable(a, userId);
      const done = await d.repo.change(m.id, m.accountId, { kind: 'remove', by: a.user.id });
      if (done === 'lastAdmin') throw lastAdmin();
      d.sessionEvents.ended({ userId: m.id });
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
