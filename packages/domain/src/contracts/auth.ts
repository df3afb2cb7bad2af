import { z } from 'zod';
import { CODE_TYPES } from '../enums.ts';
import { textSchema, trimmedText } from './bounds.ts';

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const loginPdBody = z.object({
  phoneNum: textSchema(254).min(1),
  password: textSchema(64).min(1),
  verifyCode: textSchema(8).min(1),
  rememberPassword: boolish.optional(),
});
export const loginSmsBody = z.object({
  phoneNum: textSchema(254).min(1),
  verifyCode: textSchema(8).min(1),
  rememberPassword: boolish.optional(),
});
export const verifyCodeQuery = z.object({
  phoneNum: textSchema(254).min(1),
  codeType: z.enum(CODE_TYPES),
});
export const checkVerifyCodeQuery = z.object({
  phoneNum: textSchema(254).min(1),
  code: textSchema(8).optional(),
  verifyCode: textSchema(8).optional(),
  checkOpr: textSchema(8).optional(),
});
export const refreshTokenBody = z.object({ refreshToken: textSchema(512).min(1) });
export const resetPasswordBody = z.object({
  phoneNum: textSchema(254).min(1).optional(),
  email: textSchema(254).optional(),
  password: textSchema(64).min(1),
  verifyCode: textSchema(8).min(1),
});

const optionalText = (max: number) => textSchema(max).optional().nullable();

/** Registration payload of 000 §3 (form-only fields are removed by the web before sending). */
export const regBody = z.object({
  phoneNum: textSchema(254).optional(),
  email: optionalText(254),
  password: textSchema(64).min(1),
  verifyCode: textSchema(8).min(1),
  accountType: z.coerce.number().pipe(z.union([z.literal(3), z.literal(4)])),
  operatorType: z.enum(['1', '2']).default('1'),
  commitWay: textSchema(8).default('1'),
  accountName: trimmedText(100).min(1),
  legal: optionalText(50),
  creditCode: optionalText(50),
  contactName: trimmedText(50).min(1),
  province: optionalText(200),
  city: optionalText(100),
  county: optionalText(100),
  contactAddress: optionalText(200),
  contactPhone: optionalText(30),
  busiLicense: optionalText(500),
  companyLogo: optionalText(500),
  customDomain: optionalText(100),
});
export type RegBody = z.infer<typeof regBody>;

/** User info of 000 §3 as the login response and the session carry it. */
export const userInfo = z.object({
  userId: z.number().int(),
  userName: z.string(),
  userHeadUrl: z.string().nullable(),
  userType: z.number().int(),
  accountType: z.number().int(),
  accountName: z.string(),
  accountLogo: z.string().nullable(),
  tag: z.number().int().nullable(),
  vipLevel: z.number().int(),
  phoneNum: z.string().nullable(),
  email: z.string().nullable(),
  accountId: z.number().int(),
  checkStatus: z.number().int(),
  teamType: z.number().int().nullable(),
  accountCatalogLevel: z.number().int(),
  canCreateSub: z.boolean(),
  ruleProvince: z.number().int().nullable(),
  ruleCity: z.number().int().nullable(),
  ruleCounty: z.number().int().nullable(),
  leaseModel: z.number().int().nullable(),
  operatorType: z.string().nullable(),
  isTenant: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Login answer: jToken, its expiry (seconds since the epoch), a refresh token and the user info. */
export const loginResult = userInfo.extend({
  jToken: z.string(),
  expire: z.number().int(),
  refreshToken: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const profileUpdateBody = z.object({
  userName: trimmedText(50).min(1),
  userHeadUrl: textSchema(500).min(1),
  oldPassword: textSchema(64).optional(),
  newPassword: textSchema(64).optional(),
});

export const uploadResult = z.object({ url: z.string() });
/** GET /api/files/{name}: an uploaded image; a drone picture needs the signature its listing gave. */
export const fileParams = z.object({ name: textSchema(64) });
export const fileQuery = z.object({ exp: textSchema(20).optional(), sig: textSchema(64).optional() });

export interface RegionNode {
  areaId: number;
  areaName: string;
  children?: RegionNode[];
}
export const regionNode: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ areaId: z.number().int(), areaName: z.string(), children: z.array(regionNode).optional() }),
);

export const rentalModelsResult = z.array(z.number().int());
export const manufacturerRef = z.object({ accountId: z.number().int(), accountName: z.string() });
