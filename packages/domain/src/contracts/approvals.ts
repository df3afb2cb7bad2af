/**
 * Approvals (001 §3 "Account": apply filters, user apply filters, apply stats; §4 apply type
 * 1 registration / 2 modification, apply status 1 unaudited / 2 passed / 3 rejected; §7 "Accounts
 * and approvals": apply list, detail, status; user apply list, detail, status).
 */
import { z } from 'zod';
import { idParam, idSchema, textSchema, trimmedText } from './bounds.ts';
import { pageQuery } from './envelope.ts';

/** A reviewer's reason: required when rejecting, at most this long. */
export const APPLY_REASON_MAX = 200;

const applyStatusParam = z.coerce
  .number()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
  .optional();
/** 1 newest first (default sort order 1), 2 oldest first. */
const orderParam = z.coerce
  .number()
  .pipe(z.union([z.literal(1), z.literal(2)]))
  .default(1);

/** Account applications (001 §3 "Apply filters"). */
export const applyListQuery = pageQuery.extend({
  accountId: idParam.optional(),
  accountName: textSchema(100).optional(),
  applyType: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  applyStatus: applyStatusParam,
  order: orderParam,
});

export const applyRecord = z.object({
  applyId: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  accountType: z.number().int(),
  applyType: z.number().int(),
  applyStatus: z.number().int(),
  contactName: z.string().nullable(),
  phoneNum: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type ApplyRecord = z.infer<typeof applyRecord>;

/**
 * Apply stats (001 §3), each over the applications matching the filters other than applyStatus,
 * counting only unaudited ones (status 1): the review queue per kind of applicant.
 */
export const applyStats = z.object({
  /** Unaudited applications of government accounts (account type 2). */
  zfNotCheckNum: z.number().int(),
  /** Unaudited applications of manufacturers (account type 3). */
  zzqyCheckNum: z.number().int(),
  /** Unaudited applications of operators (account type 4, companies and personal). */
  yyqyCheckNum: z.number().int(),
});
export type ApplyStats = z.infer<typeof applyStats>;

export const applyPage = z.object({
  records: z.array(applyRecord),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
  ...applyStats.shape,
});
export type ApplyPage = z.infer<typeof applyPage>;

export const applyDetail = applyRecord.extend({
  /** What the applicant submitted (registration payload without password and code; a modification's accountInfoBody). */
  content: z.record(z.string(), z.unknown()),
  /** The account's data now, under the same field names as content. */
  current: z.record(z.string(), z.unknown()),
});
export type ApplyDetail = z.infer<typeof applyDetail>;

/** The path of one application. */
export const applyIdParams = z.object({ applyId: idParam });

/** A decision: pass (2) or reject (3); a rejection needs a reason (checked by the service, message applyReasonRequired). */
export const applyStatusBody = z.object({
  applyId: idSchema,
  applyStatus: z.union([z.literal(2), z.literal(3)]),
  reason: trimmedText(APPLY_REASON_MAX).optional().nullable(),
});
export type ApplyStatusBody = z.infer<typeof applyStatusBody>;

/** The caller's own account's applications (GET /api/user/account/apply/mine). */
export const myApply = z.object({
  applyId: z.number().int(),
  applyType: z.number().int(),
  applyStatus: z.number().int(),
  reason: z.string().nullable(),
  content: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type MyApply = z.infer<typeof myApply>;

/** A person asking to join an existing account (POST /api/user/user/apply, public); accountId or accountName. */
export const userApplyBody = z.object({
  accountId: idSchema.optional(),
  accountName: trimmedText(100).optional(),
  userName: trimmedText(50).pipe(z.string().min(1)),
  phoneNum: textSchema(254).min(1),
  verifyCode: textSchema(16).min(1),
  password: textSchema(64).min(1),
});
export type UserApplyBody = z.infer<typeof userApplyBody>;

/** User applications (001 §3 "User apply filters"). */
export const userApplyListQuery = pageQuery.extend({
  /** The phone of the account's administrator (its first enterprise or super admin). */
  adminPhone: textSchema(30).optional(),
  userName: textSchema(50).optional(),
  accountName: textSchema(100).optional(),
  accountType: z.coerce.number().int().min(1).max(5).optional(),
  applyStatus: applyStatusParam,
  order: orderParam,
});

export const userApplyRecord = z.object({
  applyId: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  accountType: z.number().int(),
  adminPhone: z.string().nullable(),
  userName: z.string(),
  phoneNum: z.string(),
  applyStatus: z.number().int(),
  reason: z.string().nullable(),
  userId: z.number().int().nullable(),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type UserApplyRecord = z.infer<typeof userApplyRecord>;

export const userApplyPage = z.object({
  records: z.array(userApplyRecord),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
});

export const userApplyStatusBody = applyStatusBody;
