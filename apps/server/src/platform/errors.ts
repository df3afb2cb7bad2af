import { ErrorCode } from '@agrifleet/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './dbHealth.ts';
import { type MessageKey, pickLanguage, translate } from './messages.ts';

/** An error the client should see: HTTP status, our stable code, and a message key. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const errors = {
  badRequest: (key: MessageKey = 'badRequest', params?: Record<string, string | number>) =>
    new AppError(400, ErrorCode.badRequest, key, params),
  unauthorized: () => new AppError(401, ErrorCode.unauthorized, 'unauthorized'),
  forbidden: () => new AppError(403, ErrorCode.forbidden, 'forbidden'),
  notFound: () => new AppError(404, ErrorCode.notFound, 'notFound'),
  /** The SMS or mail provider failed: the service behind us, not the request. */
  sendFailed: () => new AppError(503, ErrorCode.codeSendFailed, 'codeSendFailed'),
  vidTaken: () => new AppError(409, ErrorCode.conflict, 'vidTaken'),
  applyDecided: () => new AppError(409, ErrorCode.conflict, 'applyDecided'),
  tooMany: (seconds: number) => new AppError(429, ErrorCode.tooManyRequests, 'tooManyRequests', { seconds }),
  captchaWrong: () => new AppError(400, ErrorCode.captchaWrong, 'captchaWrong'),
  codeWrong: () => new AppError(400, ErrorCode.codeWrong, 'codeWrong'),
  codeExpired: () => new AppError(400, ErrorCode.codeExpired, 'codeExpired'),
  codeAttempts: () => new AppError(400, ErrorCode.codeAttempts, 'codeAttempts'),
  loginFailed: () => new AppError(400, ErrorCode.loginFailed, 'loginFailed'),
  accountDisabled: () => new AppError(403, ErrorCode.accountDisabled, 'accountDisabled'),
  accountExists: () => new AppError(409, ErrorCode.accountExists, 'accountExists'),
  customDomainTaken: () => new AppError(409, ErrorCode.conflict, 'customDomainTaken'),
  accountUnknown: () => new AppError(400, ErrorCode.accountUnknown, 'accountUnknown'),
  oldPasswordWrong: () => new AppError(400, ErrorCode.oldPasswordWrong, 'oldPasswordWrong'),
  telemetryKeyInvalid: () => new AppError(401, ErrorCode.telemetryKeyInvalid, 'telemetryKeyInvalid'),
  telemetryUnavailable: () =>
    new AppError(503, ErrorCode.telemetryUnavailable, 'telemetryUnavailable', {
      seconds: DB_RETRY_AFTER_SECONDS,
    }),
  /** The database is away (stopped, restarting, unreachable): send again after `seconds`. */
  databaseUnavailable: () =>
    new AppError(503, ErrorCode.unavailable, 'databaseUnavailable', { seconds: DB_RETRY_AFTER_SECONDS }),
  tokenInvalid: () => new AppError(401, ErrorCode.tokenInvalid, 'tokenInvalid'),
};

/**
 * A PostgreSQL data exception (SQLSTATE class 22: 22003 numeric out of range, 22P02 invalid text
 * representation, 22021 invalid byte sequence, 22008 datetime out of range...) is a value of the
 * request the database could not take: a 400, never a 500; a row still referred to (23503) is a 409. The contracts refuse such values first;
 * this is the safety net behind them. A database that is away (dbHealth.ts) is a 503 with Retry-After.
 */
export function fromDatabase(err: unknown): AppError | null {
  if (isDatabaseUnavailable(err)) return errors.databaseUnavailable();
  const code = (err as { code?: unknown } | null)?.code;
  // 23503: a row others still refer to (an account with orders, a user with history). Modules say
  // what to do first where they know; this net keeps any other case a 409, never a 500.
  if (code === '23503') return new AppError(409, ErrorCode.conflict, 'stillReferenced');
  // 23505: a unique row written twice (two parallel requests): the loser is told, never a 500.
  if (code === '23505') return new AppError(409, ErrorCode.conflict, 'alreadyExists');
  // 40P01 deadlock, 40001 serialization failure: nothing was written. Write requests are run again
  // (platform/audit.ts); one that still fails after its retries is a conflict to send again, not an
  // outage of the database.
  if (code === '40P01' || code === '40001') return new AppError(409, ErrorCode.conflict, 'concurrentChange');
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) ? errors.badRequest('invalidValue') : null;
}

/**
 * Requests the router refuses before any hook runs (a path that is not valid UTF-8 or percent-encoding,
 * a path parameter over the router's length): the same { code, message } envelope, translated.
 */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const lang = pickLanguage(req.headers['accept-language']);
  return reply.status(status).send({ code: status, message: translate('badRequest', lang) });
}
