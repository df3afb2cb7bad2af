/**
 * Members (001 §2 MemberList, §3 "Member: userId; the enable toggle takes opr", §4 user types,
 * §6 ability sets, §7 "Members"): the users of the caller's account. Family /api/user/member.
 *
 * Who may grant which user type (decided, 001 §6; see apps/server/src/modules/members/README.md):
 * nobody grants super admin (1); an account's super admin (1) grants enterprise admin (4), staff (3)
 * and business admin (5); an enterprise admin (4, ability manageStaff) grants staff (3) and business
 * admin (5); lease manager (6) is granted by either only in a lease account (lease model 1, 2, 3 or 5).
 * A caller manages (edits, enables, deletes) exactly the members whose current type it may grant.
 */
import { z } from 'zod';
import { LEASE_MODELS, type UserType } from '../enums.ts';
import { idParam, idSchema, pageNumberParam, textSchema, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const MEMBER_BASE = '/api/user/member';
export const MEMBER_LIST_PATH = `${MEMBER_BASE}/list`;
export const MEMBER_CODE_PATH = `${MEMBER_BASE}/getVerifyCode`;
export const MEMBER_CHECK_CODE_PATH = `${MEMBER_BASE}/checkVerifyCode`;
/** POST create, PUT update; DELETE `${MEMBER_PATH}/{userId}`. */
export const MEMBER_PATH = MEMBER_BASE;
export const MEMBER_ENABLE_PATH = `${MEMBER_BASE}/enable`;

/** A member's team role (users.team_type; 001 names teamType only): 1 pilot, 2 ground crew. */
export const TEAM_TYPES = [1, 2] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

/** The user types a caller may grant in an account (001 §6). Pure. */
export function grantableUserTypes(
  caller: { userType: number },
  account: { leaseModel: number | null },
): UserType[] {
  const lease =
    account.leaseModel !== null && (LEASE_MODELS as readonly number[]).includes(account.leaseModel);
  const types: UserType[] = [];
  if (caller.userType === 1) types.push(4);
  if (caller.userType === 1 || caller.userType === 4) types.push(3, 5);
  if (lease && (caller.userType === 1 || caller.userType === 4)) types.push(6);
  return types.sort();
}

/** Whether a caller may grant `userType` in the account. */
export const canGrantUserType = (
  caller: { userType: number },
  account: { leaseModel: number | null },
  userType: number,
) => (grantableUserTypes(caller, account) as number[]).includes(userType);

/** The account's administrators: super admin and enterprise admin; an account keeps at least one. */
export const ADMIN_USER_TYPES = [1, 4] as const;
export const isAdminUserType = (t: number) => (ADMIN_USER_TYPES as readonly number[]).includes(t);

export const memberNameSchema = trimmedText(50).min(1);
const phoneNum = textSchema(30).min(1);
const codeSchema = textSchema(8).regex(/^\d{4,8}$/);
const grantable = z.union([z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);
const teamType = z.union([z.literal(1), z.literal(2)]);
const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const memberListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  userName: trimmedText(50).optional(),
  /** Part of the phone number (digits). */
  phone: trimmedText(20).regex(/^\d*$/).optional(),
  userType: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]))
    .optional(),
  enabled: boolParam.optional(),
  /** The platform only: one account's members (others always see their own account). */
  accountId: idParam.optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export const memberRow = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** Masked (001 §5: first 3 and last 3 digits). */
  phone: z.string().nullable(),
  phoneCountry: z.string().nullable(),
  email: z.string().nullable(),
  userType: z.number().int(),
  teamType: z.number().int().nullable(),
  enabled: z.boolean(),
  accountId: z.number().int(),
  accountName: z.string(),
  lastLoginAt: z.number().nullable(),
  createdAt: z.number(),
  /** The caller may edit, enable and delete this member (its type is one the caller may grant, and not itself). */
  manageable: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRow>;
export const memberPage = page(memberRow).extend({
  /** The user types the caller may grant here (for the create and edit forms). */
  grantable: z.array(z.number().int()),
});
export type MemberPage = z.infer<typeof memberPage>;

/** GET getVerifyCode: a code to the new member's phone ("code-number" or a bare number). */
export const memberCodeQuery = z.object({ phoneNum: phoneNum });
export const memberCheckCodeQuery = z.object({ phoneNum: phoneNum, code: codeSchema });

export const memberCreateBody = z.object({
  phoneNum: phoneNum,
  /** The code the new member's phone received (getVerifyCode). */
  code: codeSchema,
  userName: memberNameSchema,
  userType: grantable,
  teamType: teamType.nullable().optional(),
  /** Optional first password (8..16 letters and digits); without one the member signs in by SMS code or resets it. */
  password: textSchema(16).optional(),
});
export type MemberCreateBody = z.infer<typeof memberCreateBody>;

export const memberUpdateBody = z.object({
  userId: idSchema,
  userName: memberNameSchema.optional(),
  userType: grantable.optional(),
  teamType: teamType.nullable().optional(),
});
export type MemberUpdateBody = z.infer<typeof memberUpdateBody>;

export const memberEnableBody = z.object({ userId: idSchema, opr: z.union([z.literal(0), z.literal(1)]) });
export type MemberEnableBody = z.infer<typeof memberEnableBody>;

export const memberParams = z.object({ userId: idParam });

export const memberCreated = z.object({ userId: z.number().int() });
