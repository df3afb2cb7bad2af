import { z } from 'zod';
import { pageNumberParam } from './bounds.ts';

/** Success envelope: HTTP 200 with { code: 0, message, data }. */
export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(0), message: z.string(), data });

/** Failure body: a 4xx/5xx status with { code, message } in the caller's language. */
export const errorBody = z.object({ code: z.number().int(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** A page of records. */
export const page = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  });

export const pageQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(1000).default(20),
});

/** Error codes the server sends (the spec shows none; ours are stable numbers). */
export const ErrorCode = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMedia: 415,
  tooManyRequests: 429,
  internal: 500,
  /** The database is away for a moment: send again after Retry-After seconds. */
  unavailable: 503,
  captchaWrong: 1001,
  codeWrong: 1002,
  codeExpired: 1003,
  codeAttempts: 1004,
  loginFailed: 1005,
  accountDisabled: 1006,
  accountExists: 1007,
  accountUnknown: 1008,
  oldPasswordWrong: 1009,
  tokenInvalid: 1010,
  codeSendFailed: 1011,
  telemetryKeyInvalid: 1101,
  telemetryUnavailable: 1102,
} as const;
