/**
 * Leasing clients (002 §4): a lessor adds verified operator accounts as clients with their prices
 * (minor units of the client's currency), activates them with an SMS code sent to the client's
 * admin phone (the operator's consent: nothing is leased or charged to a client before it, README
 * "Consent"), changes prices and credit limits (a limit change settles the balance locks at once)
 * and labels them with a sign. Another lessor's client is 404.
 */
import {
  type AddCustomerBody,
  addCustomerBody,
  CLIENT_STATUS,
  type CodeType,
  type CustomerListQuery,
  ErrorCode,
  type Language,
  toMinor,
  type UpdateCustomerBody,
} from '@agrifleet/domain';
import type { Audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { translate } from '../../platform/messages.ts';
import type { Messenger } from '../../platform/messaging.ts';
import { RATE_RULES, type RateLimiter, type RateRule } from '../../platform/rateLimit.ts';
import { retryTx } from '../../platform/retryTx.ts';
import type { Commands } from '../../telemetry/commands/types.ts';
import type { CodeService } from '../auth/codes.ts';
import { settle } from './balanceLocks.ts';
import { CLIENT_LOG, logToClient } from './clientLog.ts';
import { type ClientsRepo, maskName } from './clients.repo.ts';

/** The code purpose of a client activation (verify_codes.code_type is free text). */
export const LEASE_ACTIVATE_CODE = 'leaseActivate' as string as CodeType;

export interface Lessor {
  accountId: number;
  userId: number;
  lang: Language;
}

export const clientNotFound = () => errors.notFound();

/** Operator lookups by phone per lessor user and hour (getCustomerByPhone). */
const PHONE_LOOKUPS: RateRule = { limit: 60, windowSeconds: 3600 };

export function createClientsService(d: {
  db: Db;
  repo: ClientsRepo;
  codes: CodeService;
  messenger: Messenger;
  limiter: RateLimiter;
  commands: Commands;
  audit: Audit;
}) {
  /** The code target ("86-138...") of a client account's admin phone, or 404. */
  async function clientTarget(accountId: number) {
    const phone = await d.repo.adminPhone(accountId);
    if (!phone?.phone) throw clientNotFound();
    return `${phone.phone_country ?? '86'}-${phone.phone}`;
  }

  return {
    async list(l: Lessor, q: CustomerListQuery) {
      const [page, stat] = await Promise.all([
        d.repo.list(l.accountId, { accountName: q.accountName || undefined }, q.pageIndex, q.size),
        d.repo.stat(l.accountId),
      ]);
      return { ...page, current: q.pageIndex, size: q.size, stat };
    },

    /**
     * Whether a verified operator has this admin phone, for adding it as a client: its account id
     * (what addCustomer takes) and its names masked ("丰*******社"). The full names are the
     * operator's to show once it consented (activated); lookups are limited per lessor user.
     */
    async byPhone(l: Lessor, phone: string) {
      await d.limiter.hit(`lease-phone:${l.userId}`, PHONE_LOOKUPS);
      const found = await d.repo.operatorByPhone(l.accountId, phone);
      if (!found?.phone) throw new AppError(404, ErrorCode.notFound, 'leaseNoOperatorByPhone');
      const consented = found.clientStatus === CLIENT_STATUS.activated;
      return {
        accountId: found.accountId,
        accountName: consented ? found.accountName : maskName(found.accountName),
        userName: consented ? (found.userName ?? '') : maskName(found.userName ?? ''),
        phone: found.phone,
        isClient: found.clientStatus !== null,
      };
    },

    verified: (l: Lessor) => d.repo.verified(l.accountId),

    zzCustomer: (l: Lessor, phone: string) => d.repo.one(l.accountId, { phone }),

    async add(l: Lessor, raw: AddCustomerBody) {
      const b = addCustomerBody.parse(raw);
      return retryTx(d.db, async (trx) => {
        const acc = await d.repo.account(trx, b.accountId);
        if (!acc?.enabled || acc.account_type !== 4 || acc.check_status !== 2)
          throw errors.badRequest('leaseClientNotOperator');
        if (await d.repo.lockPair(trx, l.accountId, b.accountId))
          throw new AppError(409, ErrorCode.conflict, 'leaseClientExists');
        const row = await d.repo.insert(trx, {
          manufacturer_account_id: l.accountId,
          client_account_id: b.accountId,
          active_status: b.debug ? CLIENT_STATUS.debugging : CLIENT_STATUS.unactivated,
          mu_price_minor: toMinor(b.muUnitPrice, b.currency),
          hour_price_minor: toMinor(b.durationPrice, b.currency),
          currency: b.currency,
          credit_limit_minor: toMinor(b.creditLimit, b.currency),
          created_by: l.userId,
        });
        // The operator is told in its own log that a lessor named it a client (it has not consented).
        await logToClient(trx, d.audit, {
          clientAccountId: b.accountId,
          lessorAccountId: l.accountId,
          lessorUserId: l.userId,
          action: CLIENT_LOG.added,
          target: `clientId=${row.id}`,
          detail: { debug: b.debug === true, currency: b.currency },
        });
        return { id: row.id };
      });
    },

    async update(l: Lessor, b: UpdateCustomerBody) {
      return retryTx(d.db, async (trx) => {
        const c = await d.repo.lockOwn(trx, l.accountId, b.id);
        if (!c) throw clientNotFound();
        const currency = c.currency.trim();
        const limit = b.creditLimit === undefined ? c.credit_limit_minor : toMinor(b.creditLimit, currency);
        await trx
          .updateTable('lease_clients')
          .set({
            mu_price_minor: toMinor(b.muUnitPrice, currency),
            hour_price_minor: toMinor(b.durationPrice, currency),
            credit_limit_minor: limit,
            updated_at: new Date(),
          })
          .where('id', '=', c.id)
          .execute();
        if (limit !== c.credit_limit_minor) await settle(trx, d, c.id, 'limit');
        await logToClient(trx, d.audit, {
          clientAccountId: c.client_account_id,
          lessorAccountId: l.accountId,
          lessorUserId: l.userId,
          action: CLIENT_LOG.terms,
          target: `clientId=${c.id}`,
          detail: {
            muPriceMinor: toMinor(b.muUnitPrice, currency),
            hourPriceMinor: toMinor(b.durationPrice, currency),
            creditLimitMinor: limit,
            currency,
          },
        });
        return { id: c.id, accountId: c.client_account_id };
      });
    },

    /** Sends the activation code to the admin phone of one of the lessor's clients. */
    async sendCode(l: Lessor, phone: string) {
      const client = await d.repo.one(l.accountId, { phone });
      if (!client) throw clientNotFound();
      const target = await clientTarget(client.accountId);
      await d.limiter.hit(`lease-code-user:${l.userId}`, RATE_RULES.codePerIp);
      await d.limiter.hit(`lease-code:${target}`, RATE_RULES.codePerTarget);
      await d.limiter.hit(`lease-code-h:${target}`, RATE_RULES.codePerTargetHour);
      const code = await d.codes.issue(target, LEASE_ACTIVATE_CODE);
      try {
        await d.messenger.send({
          channel: 'sms',
          target,
          subject: translate('codeMailSubject', l.lang),
          text: translate('codeSms', l.lang, { code }),
          secret: code,
        });
      } catch {
        await d.limiter.reset(`lease-code:${target}`);
        throw errors.sendFailed();
      }
      return { accountId: client.accountId };
    },

    /**
     * The operator's consent: the code sent to its administrator's phone, given to the lessor. The
     * code is used up by the check; the move to activated is one guarded UPDATE (from debugging or
     * unactivated only), so parallel activations make one transition and one log row for the operator.
     */
    async activate(l: Lessor, b: { yyAccountId: number; code: string }, ip?: string) {
      const rows = await d.repo.signs(l.accountId, b.yyAccountId);
      if (!rows.length) throw clientNotFound();
      const target = await clientTarget(b.yyAccountId);
      // Guesses are counted per target and per address before the comparison (auth codes.ts).
      await d.codes.verify(target, LEASE_ACTIVATE_CODE, b.code, true, ip);
      await d.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('lease_clients')
          .set({ active_status: CLIENT_STATUS.activated, activated_at: new Date(), updated_at: new Date() })
          .where('manufacturer_account_id', '=', l.accountId)
          .where('client_account_id', '=', b.yyAccountId)
          .where('active_status', '<>', CLIENT_STATUS.activated)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new AppError(409, ErrorCode.conflict, 'leaseClientActivated');
        await logToClient(trx, d.audit, {
          clientAccountId: b.yyAccountId,
          lessorAccountId: l.accountId,
          lessorUserId: l.userId,
          action: CLIENT_LOG.consented,
          target: `clientId=${row.id}`,
        });
      });
    },

    async sign(l: Lessor, accountId: number) {
      const row = (await d.repo.signs(l.accountId, accountId))[0];
      if (!row) throw clientNotFound();
      return row;
    },

    signs: (l: Lessor) => d.repo.signs(l.accountId),

    async setSign(l: Lessor, b: { accountId: number; sign: string }) {
      const r = await d.db
        .updateTable('lease_clients')
        .set({ sign: b.sign, updated_at: new Date() })
        .where('manufacturer_account_id', '=', l.accountId)
        .where('client_account_id', '=', b.accountId)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw clientNotFound();
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
