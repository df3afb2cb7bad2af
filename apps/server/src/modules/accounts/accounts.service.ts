/**
 * Account administration rules (issue 12 #1, #3; 001 §6): who sees which accounts (platform: all;
 * government: its region; others: their sub-accounts), who manages them (platform: all; a parent:
 * its sub-accounts), the sub-account rule (canCreateSubAccounts), and the first administrator's
 * sign-in notice. Visible-but-not-managed answers 403; not visible answers 404.
 */
import { randomInt } from 'node:crypto';
import {
  type AccessSubject,
  type AccountCreateBody,
  type AccountInfoBody,
  type AccountListQuery,
  type AccountUpdateBody,
  canAccessScreen,
  canCreateSubAccounts,
  ErrorCode,
  formatAccount,
  isSubPlatform,
  isVerified,
  type Language,
  parseAccount,
  type SubCompanyBody,
} from '@agrifleet/domain';
import { hash as argonHash } from '@node-rs/argon2';
import type { Logger } from 'pino';
import type { SessionEvents } from '../../platform/auth/sessionEvents.ts';
import type { Caller } from '../../platform/auth/subject.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { translate } from '../../platform/messages.ts';
import type { Messenger } from '../../platform/messaging.ts';
import { findRegion, localiseRegionNames } from '../regions/regions.service.ts';
import { mergeManufacturer } from './accounts.merge.ts';
import { regionNamesOf } from './accounts.region.ts';
import type { AccountScope, AccountsRepo } from './accounts.repo.ts';
import type { AccountsWrite } from './accounts.write.ts';
import { infoColumns } from './accounts.write.ts';

export interface Acting {
  caller: Caller;
  subject: AccessSubject;
  lang: Language;
  dialCode: string;
}

const isPlatform = (c: Caller) =>
  c.account.account_type === 1 && !isSubPlatform({ accountType: 1, tag: c.account.tag });

/** A random initial password the password rule accepts (letters and digits, 12 long, both kinds). */
export function initialPassword(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[randomInt(letters.length)], digits[randomInt(digits.length)]];
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

function checkRules(b: {
  ruleProvince?: number | null;
  ruleCity?: number | null;
  ruleCounty?: number | null;
}) {
  for (const code of [b.ruleProvince, b.ruleCity, b.ruleCounty])
    if (code != null && !findRegion(code)) throw errors.badRequest('regionUnknown', { code });
}

export function createAccountsService(d: {
  db: Db;
  repo: AccountsRepo;
  write: AccountsWrite;
  messenger: Messenger;
  sessionEvents: SessionEvents;
  logger: Logger;
}) {
  const { repo, write } = d;

  /** The caller's sub-accounts (every level). */
  const subScope = async (c: Caller): Promise<AccountScope> => ({
    kind: 'sub',
    rootId: c.account.id,
    ids: await repo.descendants(c.account.id),
  });

  /** The accounts a caller sees. */
  async function visibleScope(c: Caller): Promise<AccountScope> {
    if (isPlatform(c)) return { kind: 'all' };
    if (c.account.account_type === 2) {
      const code = c.account.rule_county ?? c.account.rule_city ?? c.account.rule_province;
      return { kind: 'region', names: code ? regionNamesOf(code) : null };
    }
    return subScope(c);
  }

  /** The accounts a caller manages (changes, enables, deletes, sets rental options of). */
  async function managedScope(c: Caller): Promise<AccountScope | null> {
    if (isPlatform(c)) return { kind: 'all' };
    if (c.account.account_type === 2) return null;
    return subScope(c);
  }

  /** The account if the caller manages it: 404 when not visible, 403 when visible only. */
  async function managed(c: Caller, accountId: number) {
    // An account sees itself but does not manage itself (its own changes go through an application).
    if (accountId === c.account.id) throw errors.forbidden();
    const visible = await repo.inScope(await visibleScope(c), accountId);
    if (!visible) throw errors.notFound();
    const scope = await managedScope(c);
    if (!scope || !(await repo.inScope(scope, accountId))) throw errors.forbidden();
    const row = await repo.row(accountId);
    if (!row) throw errors.notFound();
    return row;
  }

  /** Creates the account and its administrator, then sends the administrator's sign-in notice. */
  async function createWithAdmin(
    a: Acting,
    account: Parameters<AccountsWrite['create']>[0],
    admin: { adminName: string; adminPhone?: string | null; adminEmail?: string | null },
  ) {
    const raw = admin.adminPhone?.trim() || admin.adminEmail?.trim();
    if (!raw) throw errors.badRequest('adminContactRequired');
    const login = parseAccount(raw, a.dialCode);
    if (!login) throw errors.badRequest('adminContactInvalid');
    const password = initialPassword();
    let created: { accountId: number; userId: number };
    try {
      created = await write.create(account, {
        name: admin.adminName,
        login,
        passwordHash: await argonHash(password),
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw errors.accountExists();
      throw err;
    }
    const target = formatAccount(login);
    let noticeSent = true;
    try {
      await d.messenger.send({
        channel: login.kind === 'phone' ? 'sms' : 'email',
        target,
        subject: translate('accountWelcomeSubject', a.lang),
        text: translate('accountWelcome', a.lang, {
          accountName: account.info.accountName,
          account: target,
          password,
        }),
        secret: password,
      });
    } catch (err) {
      noticeSent = false;
      d.logger.warn({ err, accountId: created.accountId }, 'account sign-in notice not sent');
    }
    return { ...created, noticeSent };
  }

  return {
    async list(a: Acting, q: AccountListQuery) {
      const c = a.caller;
      if (!isVerified(a.subject)) throw errors.forbidden();
      if (c.account.account_type > 2 || (!isPlatform(c) && c.account.account_type === 1)) {
        if (!canAccessScreen(a.subject, 'SubCompanyList')) throw errors.forbidden();
      }
      const scope = await visibleScope(c);
      if (q.parentId !== undefined && q.parentId !== c.account.id && !(await repo.inScope(scope, q.parentId)))
        throw errors.notFound();
      const page = await repo.list(scope, q);
      // Stored region names (the applicant's language) in the caller's language.
      return { ...page, records: page.records.map((r) => localiseRegionNames(r, a.lang)) };
    },

    async detail(c: Caller, accountId: number, lang?: Language) {
      const r = await repo.record(await visibleScope(c), accountId);
      if (!r) throw errors.notFound();
      return lang ? localiseRegionNames(r, lang) : r;
    },

    async own(c: Caller) {
      const r = await repo.record({ kind: 'all' }, c.account.id);
      if (!r) throw errors.notFound();
      return r;
    },

    ownApplies: (c: Caller) => repo.applies(c.account.id),

    async create(a: Acting, b: AccountCreateBody) {
      if (!isPlatform(a.caller)) throw errors.forbidden();
      checkRules(b);
      return createWithAdmin(
        a,
        {
          info: b,
          accountType: b.accountType,
          operatorType: b.accountType === 4 ? (b.operatorType ?? '1') : null,
          vipLevel: b.vipLevel,
          canCreateSub: b.canCreateSub,
          rules:
            b.accountType === 2
              ? { province: b.ruleProvince ?? null, city: b.ruleCity ?? null, county: b.ruleCounty ?? null }
              : { province: null, city: null, county: null },
          parentId: null,
          catalogLevel: 1,
          tag: null,
        },
        b,
      );
    },

    /** A sub-company of the caller's account, through the endpoint that fits it (sub-platform or not). */
    async createSub(a: Acting, b: SubCompanyBody, viaSubPlatform: boolean) {
      const acc = a.caller.account;
      const sub = isSubPlatform({ accountType: acc.account_type as 1, tag: acc.tag });
      if (sub !== viaSubPlatform) throw new AppError(403, ErrorCode.forbidden, 'subPlatformEndpoint');
      if (!canCreateSubAccounts(a.subject))
        throw new AppError(403, ErrorCode.forbidden, 'subAccountsNotAllowed');
      const accountType = sub ? (b.accountType ?? 3) : acc.account_type;
      return createWithAdmin(
        a,
        {
          info: b,
          accountType,
          operatorType: accountType === 4 ? (b.operatorType ?? acc.operator_type ?? '1') : null,
          vipLevel: 0,
          canCreateSub: b.canCreateSub,
          rules: { province: null, city: null, county: null },
          parentId: acc.id,
          catalogLevel: acc.account_catalog_level + 1,
          tag: null,
        },
        b,
      );
    },

    async update(c: Caller, b: AccountUpdateBody) {
      const row = await managed(c, b.accountId);
      checkRules(b);
      const set: Record<string, unknown> = { ...infoColumns(b) };
      if (b.operatorType !== undefined && row.account_type === 4) set.operator_type = b.operatorType;
      // Only the platform grants VIP levels and sub-account rights, and sets a government's region.
      if (isPlatform(c)) {
        if (b.vipLevel !== undefined) set.vip_level = b.vipLevel;
        if (row.account_type === 2) {
          if (b.ruleProvince !== undefined) set.rule_province = b.ruleProvince;
          if (b.ruleCity !== undefined) set.rule_city = b.ruleCity;
          if (b.ruleCounty !== undefined) set.rule_county = b.ruleCounty;
        }
      }
      if (b.canCreateSub !== undefined && (isPlatform(c) || row.parent_id === c.account.id))
        set.can_create_sub = b.canCreateSub;
      await write.update(b.accountId, set);
      return this.detail(c, b.accountId);
    },

    async enable(c: Caller, accountId: number, opr: 0 | 1) {
      if (accountId === c.account.id) throw new AppError(403, ErrorCode.forbidden, 'accountOwnForbidden');
      await managed(c, accountId);
      const ended = await write.setEnabled(accountId, opr === 1);
      for (const userId of ended) d.sessionEvents.ended({ userId });
      return { accountId, enabled: opr };
    },

    async remove(c: Caller, accountId: number) {
      if (accountId === c.account.id) throw new AppError(403, ErrorCode.forbidden, 'accountOwnForbidden');
      await managed(c, accountId);
      await write.remove(accountId);
      return { accountId };
    },

    async rental(c: Caller, accountId: number | undefined) {
      const id = accountId ?? c.account.id;
      if (id !== c.account.id) await managed(c, id);
      return { accountId: id, leaseModel: await repo.leaseModelOf(id) };
    },

    async setRental(c: Caller, accountId: number, leaseModel: number | null) {
      await managed(c, accountId);
      await write.setLeaseModel(accountId, leaseModel);
      return { accountId, leaseModel };
    },

    async merge(c: Caller, keptId: number, mergedId: number) {
      if (!isPlatform(c)) throw errors.forbidden();
      const { endedUsers, ...result } = await mergeManufacturer(d.db, keptId, mergedId);
      for (const userId of endedUsers) d.sessionEvents.ended({ userId });
      return result;
    },

    /** Own account info: an unreviewed account corrects its registration; a reviewed one applies for a modification. */
    async submitInfo(a: Acting, b: AccountInfoBody) {
      const r = await write.submitInfo(
        a.caller.account.id,
        a.caller.user.id,
        b,
        a.lang,
        isVerified(a.subject),
      );
      if (!r) throw new AppError(409, ErrorCode.conflict, 'applyPending');
      return r;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
