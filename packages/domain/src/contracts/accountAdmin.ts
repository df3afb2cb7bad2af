/**
 * Accounts administered in the console (issue 12, 001 §3 "Account"). `accountInfoBody` is what an
 * account may change of itself: the registration's own field names (contracts/auth.ts regBody), so
 * a modification application (apply type 2) carries the same payload shape as a registration (1),
 * and passing it writes these fields to the account (modules/approvals).
 */
import { z } from 'zod';
import { idParam, idSchema, pageNumberParam, textSchema } from './bounds.ts';
import { page } from './envelope.ts';

const optionalText = (max: number) => textSchema(max).optional().nullable();

export const accountInfoBody = z.object({
  accountName: textSchema(100).trim().min(1),
  legal: optionalText(50),
  creditCode: optionalText(50),
  contactName: textSchema(50).trim().min(1),
  province: optionalText(200),
  city: optionalText(100),
  county: optionalText(100),
  contactAddress: optionalText(200),
  contactPhone: optionalText(30),
  email: optionalText(254),
  busiLicense: optionalText(500),
  companyLogo: optionalText(500),
});
export type AccountInfoBody = z.infer<typeof accountInfoBody>;

/** accounts columns each accountInfoBody field is stored in. */
export const ACCOUNT_INFO_COLUMNS = {
  accountName: 'account_name',
  legal: 'legal',
  creditCode: 'credit_code',
  contactName: 'contact_name',
  province: 'province',
  city: 'city',
  county: 'county',
  contactAddress: 'contact_address',
  contactPhone: 'contact_phone',
  email: 'email',
  busiLicense: 'busi_license_url',
  companyLogo: 'logo_url',
} as const satisfies Record<keyof AccountInfoBody, string>;

/** Paths of the account administration calls (001 §7 "Accounts and approvals", docs/api.md "Accounts"). */
export const ACCOUNT_PATHS = {
  list: '/api/user/account/list',
  detail: '/api/user/account/detail',
  create: '/api/user/account/create',
  subCompany: '/api/user/account/subCompany',
  subPlatformSubCompany: '/api/user/account/subPlatform/subCompany',
  update: '/api/user/account/update',
  enable: '/api/user/account/enable',
  remove: '/api/user/account',
  rental: '/api/user/account/rental',
  merge: '/api/user/account/mergeManufacturer',
  own: '/api/user/account/own',
  info: '/api/user/account/info',
  ownApplies: '/api/user/account/own/applies',
} as const;

const flag = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1)]));
const accountTypeParam = z.coerce.number().int().min(1).max(5);

/** List filters of 001 §3 "Account"; isAll 0 = only the direct sub-accounts of the caller (the platform: top-level accounts), absent or 1 = every account in scope. */
export const accountListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(1000).default(20),
  accountType: accountTypeParam.optional(),
  accountName: textSchema(100).optional(),
  contactName: textSchema(50).optional(),
  userPhone: textSchema(30).optional(),
  teamType: z.coerce.number().int().min(0).max(32767).optional(),
  search: textSchema(100).optional(),
  isAll: flag.optional(),
  /** Sort order: 1 (default) newest first, 2 oldest first, 3 by name. */
  order: z.coerce.number().int().min(1).max(3).default(1),
  /** Sub-company list: only the sub-accounts of this account (one the caller manages). */
  parentId: idParam.optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuery>;

export const accountRecord = z.object({
  accountId: z.number().int(),
  accountType: z.number().int(),
  accountName: z.string(),
  checkStatus: z.number().int(),
  tag: z.number().int().nullable(),
  vipLevel: z.number().int(),
  accountCatalogLevel: z.number().int(),
  canCreateSub: z.boolean(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  leaseModel: z.number().int().nullable(),
  operatorType: z.string().nullable(),
  ruleProvince: z.number().int().nullable(),
  ruleCity: z.number().int().nullable(),
  ruleCounty: z.number().int().nullable(),
  legal: z.string().nullable(),
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress: z.string().nullable(),
  email: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  busiLicense: z.string().nullable(),
  companyLogo: z.string().nullable(),
  /** 1 enabled, 0 disabled (the enable switch's opr). */
  enabled: z.number().int(),
  adminName: z.string().nullable(),
  adminPhone: z.string().nullable(),
  userNum: z.number().int(),
  createTime: z.string(),
});
export type AccountRecord = z.infer<typeof accountRecord>;

export const accountPage = page(accountRecord).extend({
  /** Government accounts, manufacturers and operators among the filtered accounts. */
  zfNum: z.number().int(),
  zzqyNum: z.number().int(),
  yyqyNum: z.number().int(),
});
export type AccountPage = z.infer<typeof accountPage>;

export const accountIdParams = z.object({ accountId: idParam });

/** The first administrator of a new account: a phone ("13800000000" or "+66-812345678") or an e-mail. */
const adminFields = {
  adminName: textSchema(50).trim().min(1),
  adminPhone: textSchema(30).trim().optional().nullable(),
  adminEmail: textSchema(254).trim().optional().nullable(),
};

/** Platform create: the account (reviewed at once) and its first administrator (user type 4). */
export const accountCreateBody = accountInfoBody.extend({
  accountType: z.number().int().min(2).max(5),
  operatorType: z.enum(['1', '2']).optional().nullable(),
  vipLevel: z.number().int().min(0).max(100).default(0),
  canCreateSub: z.boolean().default(false),
  ruleProvince: idSchema.optional().nullable(),
  ruleCity: idSchema.optional().nullable(),
  ruleCounty: idSchema.optional().nullable(),
  ...adminFields,
});
export type AccountCreateBody = z.infer<typeof accountCreateBody>;

/** A sub-company of the caller's account: same account type as the parent (a sub-platform picks 3 or 4). */
export const subCompanyBody = accountInfoBody.extend({
  accountType: z.number().int().min(3).max(4).optional(),
  operatorType: z.enum(['1', '2']).optional().nullable(),
  canCreateSub: z.boolean().default(false),
  ...adminFields,
});
export type SubCompanyBody = z.infer<typeof subCompanyBody>;

/** Update by the platform (any account) or a parent (its sub-accounts): the record's own fields. */
export const accountUpdateBody = accountInfoBody.extend({
  accountId: idSchema,
  operatorType: z.enum(['1', '2']).optional().nullable(),
  vipLevel: z.number().int().min(0).max(100).optional(),
  canCreateSub: z.boolean().optional(),
  ruleProvince: idSchema.optional().nullable(),
  ruleCity: idSchema.optional().nullable(),
  ruleCounty: idSchema.optional().nullable(),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

export const accountEnableBody = z.object({
  accountId: idSchema,
  opr: z.union([z.literal(0), z.literal(1)]),
});
export const accountRentalQuery = z.object({ accountId: idParam.optional() });
export const accountRentalBody = z.object({
  accountId: idSchema,
  /** 1 by area unit, 2 by time, 3 all, 5 shared leasing; null: no leasing. */
  leaseModel: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)]).nullable(),
});
export const accountRental = z.object({
  accountId: z.number().int(),
  leaseModel: z.number().int().nullable(),
});
export const mergeManufacturerBody = z.object({ accountId: idSchema, mergeAccountId: idSchema });
export const mergeResult = z.object({
  accountId: z.number().int(),
  mergeAccountId: z.number().int(),
  models: z.number().int(),
  drones: z.number().int(),
  sorties: z.number().int(),
});
export type MergeResult = z.infer<typeof mergeResult>;

/** An account's own applications (registration 1, modification 2) with the decision and its reason. */
export const ownApply = z.object({
  applyId: z.number().int(),
  applyType: z.number().int(),
  applyStatus: z.number().int(),
  reason: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type OwnApply = z.infer<typeof ownApply>;
export const ownApplyResult = z.object({ applyId: z.number().int(), applyStatus: z.number().int() });
