import { ErrorCode } from '@agrifleet/domain';
import type { MessageKey } from './messages.ts';

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
  telemetryUnavailable: () => new AppError(503, ErrorCode.telemetryUnavailable, 'telemetryUnavailable'),
  tokenInvalid: () => new AppError(401, ErrorCode.tokenInvalid, 'tokenInvalid'),
};
