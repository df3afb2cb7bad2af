/**
 * Accounts administered in the console (issue 12, 001 §3 "Account"). `accountInfoBody` is what an
 * account may change of itself: the registration's own field names (contracts/auth.ts regBody), so
 * a modification application (apply type 2) carries the same payload shape as a registration (1),
 * and passing it writes these fields to the account (modules/approvals).
 */
import { z } from 'zod';
import { textSchema } from './bounds.ts';

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
