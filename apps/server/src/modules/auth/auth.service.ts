import { randomUUID } from 'node:crypto';
import {
  CodeType as Codes,
  type CodeType,
  formatAccount,
  isPassword,
  type Language,
  type LoginResult,
  type ParsedAccount,
  parseAccount,
  type RegBody,
} from '@agrifleet/domain';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Audit } from '../../platform/audit.ts';
import { hashToken, newRefreshToken, type TokenSigner } from '../../platform/auth/tokens.ts';
import { errors } from '../../platform/errors.ts';
import { translate } from '../../platform/messages.ts';
import type { Messenger } from '../../platform/messaging.ts';
import { RATE_RULES, type RateLimiter, type SharedLimiter } from '../../platform/rateLimit.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { CaptchaService } from './captcha.ts';
import type { CodeService } from './codes.ts';
import { toUserInfo } from './userInfo.ts';

export interface AuthDeps {
  repo: AuthRepo;
  codes: CodeService;
  captcha: CaptchaService;
  messenger: Messenger;
  limiter: RateLimiter;
  /** The limits every server process shares (the per-account sign-in lockout). */
  shared: SharedLimiter;
  tokens: TokenSigner;
  ttl: { token: number; remember: number; refresh: number };
  /** For the one row no request's hook writes: a refresh token coming back after rotation. */
  audit: Audit;
}

/** Where the request came from: its address, language and the deployment's default dial code. */
export interface Origin {
  ip: string;
  lang: Language;
  dialCode: string;
  userAgent: string | null;
}

export const hashPassword = (password: string) => argonHash(password);

export function createAuthService(d: AuthDeps) {
  const parse = (raw: string | undefined | null, origin: Origin): ParsedAccount => {
    const account = raw ? parseAccount(raw, origin.dialCode) : null;
    if (!account) throw errors.badRequest('accountFormat');
    return account;
  };
  const checkPasswordRule = (password: string) => {
    if (!isPassword(password)) throw errors.badRequest('passwordRule');
  };

  async function openSession(userId: number, remember: boolean, origin: Origin): Promise<LoginResult> {
    const user = await d.repo.findUserById(userId);
    if (!user) throw errors.unauthorized();
    const account = await d.repo.findAccount(user.account_id);
    if (!user.enabled || !account.enabled) throw errors.accountDisabled();
    const sessionId = randomUUID();
    const refreshToken = newRefreshToken();
    const expiresAt = new Date(Date.now() + (remember ? d.ttl.remember : d.ttl.token) * 1000);
    await d.repo.createSession({
      id: sessionId,
      userId,
      refreshHash: hashToken(refreshToken),
      expiresAt,
      refreshExpiresAt: new Date(Date.now() + d.ttl.refresh * 1000),
      remember,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    const jToken = await d.tokens.sign({ userId, sessionId }, expiresAt);
    const info = toUserInfo(user, account, await d.repo.isTenant(account.id));
    return { ...info, jToken, expire: Math.floor(expiresAt.getTime() / 1000), refreshToken };
  }

  return {
    /** A new image captcha; one address may ask for RATE_RULES.captchaPerIp of them. */
    async issueCaptcha(origin: Origin) {
      await d.limiter.hit(`captcha-ip:${origin.ip}`, RATE_RULES.captchaPerIp);
      return d.captcha.issue();
    },

    /**
     * A code request answers the same for every well-formed account, registered or not (same status,
     * body and work: a lookup, a code made, one message sent), so it tells the caller nothing. The
     * message fits the account: the code where the purpose fits it, otherwise a note without one
     * ("already registered, sign in or reset" / "not registered"). Each request costs one message to
     * the account's owner and counts against its limits, so probing is neither free nor unseen.
     */
    async sendCode(phoneNum: string, codeType: CodeType, origin: Origin): Promise<void> {
      const account = parse(phoneNum, origin);
      const target = formatAccount(account);
      await d.limiter.hit(`code-ip:${origin.ip}`, RATE_RULES.codePerIp);
      await d.limiter.hit(`code:${target}`, RATE_RULES.codePerTarget);
      await d.limiter.hit(`code-h:${target}`, RATE_RULES.codePerTargetHour);
      const user = await d.repo.findUser(account);
      // A code is made either way: the same work, and checkVerifyCode then finds a live code in
      // both cases. One that is not sent is never known to anyone (and its attempts are limited).
      const code = await d.codes.issue(target, codeType);
      const fits = codeType === Codes.register ? !user : !!user;
      const text = fits
        ? translate('codeSms', origin.lang, { code })
        : translate(codeType === Codes.register ? 'codeSmsRegistered' : 'codeSmsUnregistered', origin.lang);
      try {
        await d.messenger.send({
          channel: account.kind === 'email' ? 'email' : 'sms',
          target,
          subject: translate('codeMailSubject', origin.lang),
          text,
          ...(fits ? { secret: code } : {}),
        });
      } catch {
        // Nothing reached the caller: the web lets them retry at once (000 §4), so must the minute rule.
        await d.limiter.reset(`code:${target}`);
        throw errors.sendFailed();
      }
    },

    async checkCode(phoneNum: string, code: string, codeType: CodeType, origin: Origin): Promise<void> {
      const account = parse(phoneNum, origin);
      await d.codes.verify(formatAccount(account), codeType, code, false, origin.ip);
    },

    async loginWithPassword(
      body: { phoneNum: string; password: string; verifyCode: string; rememberPassword?: boolean },
      captchaId: string | null,
      origin: Origin,
    ): Promise<LoginResult> {
      const account = parse(body.phoneNum, origin);
      const key = `login:${formatAccount(account)}`;
      await d.limiter.hit(`login-ip:${origin.ip}`, RATE_RULES.loginPerIp);
      // The captcha first: only attempts that solved it count against the account (counted before
      // the password is checked, in the shared store: every process sees the same count).
      if (!(await d.captcha.take(captchaId, body.verifyCode))) throw errors.captchaWrong();
      await d.shared.take(key, RATE_RULES.loginPerAccount);
      const user = await d.repo.findUser(account);
      const ok = await argonVerify(user?.password_hash ?? (await dummy()), body.password).catch(() => false);
      if (!user || !ok) throw errors.loginFailed();
      await d.shared.reset(key);
      return openSession(user.id, body.rememberPassword ?? false, origin);
    },

    async loginWithCode(
      body: { phoneNum: string; verifyCode: string; rememberPassword?: boolean },
      origin: Origin,
    ): Promise<LoginResult> {
      const account = parse(body.phoneNum, origin);
      const target = formatAccount(account);
      await d.limiter.hit(`login-ip:${origin.ip}`, RATE_RULES.loginPerIp);
      // Only guesses at a live code count, against the target's guess budget (shared with every
      // other purpose, codes.ts): a request without a code costs nothing, so it must not lock the
      // account (nor its password sign-in).
      await d.codes.verify(target, Codes.login, body.verifyCode, true, origin.ip);
      const user = await d.repo.findUser(account);
      if (!user) throw errors.accountUnknown();
      await d.shared.reset(`login:${target}`);
      return openSession(user.id, body.rememberPassword ?? false, origin);
    },

    async logout(sessionId: string): Promise<void> {
      await d.repo.revokeSession(sessionId);
    },

    async refresh(refreshToken: string, origin: Origin): Promise<LoginResult> {
      const newToken = newRefreshToken();
      const rotated = await d.repo.rotateRefresh(hashToken(refreshToken), hashToken(newToken), d.ttl);
      if (rotated.kind === 'reused') {
        // A rotated-out token came back: it was stolen, or the thief already used the new one.
        // The sign-in it belongs to is ended whole (done in rotateRefresh), its access token too.
        const user = await d.repo.findUserById(rotated.userId);
        if (user)
          await d.audit.write({
            actor: { accountId: user.account_id, userId: user.id },
            logType: 1,
            action: 'refreshTokenReuse',
            method: null,
            path: null,
            target: `sessionId=${rotated.sessionId}`,
            result: 401,
            ip: origin.ip,
            detail: {},
          });
      }
      if (rotated.kind !== 'rotated') throw errors.tokenInvalid();
      const { session } = rotated;
      const expiresAt = session.expires_at;
      const user = await d.repo.findUserById(session.user_id);
      if (!user) throw errors.tokenInvalid();
      const account = await d.repo.findAccount(user.account_id);
      if (!user.enabled || !account.enabled) throw errors.accountDisabled();
      const jToken = await d.tokens.sign({ userId: user.id, sessionId: session.id }, expiresAt);
      const info = toUserInfo(user, account, await d.repo.isTenant(account.id));
      return { ...info, jToken, expire: Math.floor(expiresAt.getTime() / 1000), refreshToken: newToken };
    },

    async register(body: RegBody, origin: Origin): Promise<{ accountId: number; userId: number }> {
      await d.limiter.hit(`reg-ip:${origin.ip}`, RATE_RULES.registerPerIp);
      const account = parse(body.phoneNum || body.email, origin);
      checkPasswordRule(body.password);
      // Checked before the code is spent, so the applicant can pick another domain with the same code.
      if (body.customDomain && (await d.repo.customDomainTaken(body.customDomain)))
        throw errors.customDomainTaken();
      await d.codes.verify(formatAccount(account), Codes.register, body.verifyCode, true, origin.ip);
      if (await d.repo.findUser(account)) throw errors.accountExists();
      return d.repo
        .register(body, account, await hashPassword(body.password), origin.lang)
        .catch((err: { code?: string; constraint?: string }) => {
          // Two applicants racing for one domain or one account: the database's unique indexes decide.
          if (err.code === '23505')
            throw err.constraint === 'accounts_custom_domain_key'
              ? errors.customDomainTaken()
              : errors.accountExists();
          throw err;
        });
    },

    async resetPassword(
      body: { phoneNum?: string; email?: string; password: string; verifyCode: string },
      origin: Origin,
    ): Promise<void> {
      const account = parse(body.phoneNum || body.email, origin);
      checkPasswordRule(body.password);
      await d.codes.verify(formatAccount(account), Codes.reset, body.verifyCode, true, origin.ip);
      const user = await d.repo.findUser(account);
      if (!user) throw errors.accountUnknown();
      await d.repo.setPassword(user.id, await hashPassword(body.password));
      await d.repo.revokeUserSessions(user.id);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

// A hash of a random string, verified for unknown accounts so timing does not reveal which exist.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= argonHash(randomUUID());
  return dummyHash;
};
