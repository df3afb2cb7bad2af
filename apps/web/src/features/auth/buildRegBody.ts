/**
 * The registration form's values to the payload of POST user/baseaccount/reg (000 §3): phoneNum as
 * "<dial>-<number>" or the e-mail, the region path split into province, city and county names,
 * operatorType default '1', commitWay '1', the form-only fields removed.
 */
import type { RegBody } from '@agrifleet/domain';
import type { AccountMode } from './account.ts';
import { REGION_SEPARATOR } from './regionPath.ts';

export interface RegisterValues {
  accountMode: AccountMode;
  dialCode: string;
  account: string;
  verifyCode: string;
  password: string;
  passwordConfirmation: string;
  accountType: 3 | 4;
  operatorType?: '1' | '2';
  accountName: string;
  legal?: string;
  creditCode?: string;
  contactName: string;
  /** Slash-joined area names, country first. */
  region?: string;
  contactAddress?: string;
  contactPhone?: string;
  email?: string;
  customDomain?: string;
  busiLicense?: string;
  companyLogo?: string;
  agreement?: boolean;
  /** Form-only fields of the original form, never sent. */
  checkOpr?: string;
  userSn?: string;
}

const text = (v: string | undefined) => {
  const s = v?.trim();
  return s ? s : undefined;
};

/**
 * Province, city and county names of a region path. The country is dropped; a country without
 * provinces is kept as the province so the choice is not lost.
 */
export function regionNames(path: string | undefined): Pick<RegBody, 'province' | 'city' | 'county'> {
  const names = (path ?? '').split(REGION_SEPARATOR).filter(Boolean);
  const below = names.length > 1 ? names.slice(1) : names;
  return { province: below[0], city: below[1], county: below[2] };
}

export function buildRegBody(v: RegisterValues): RegBody {
  const {
    accountMode,
    dialCode,
    account,
    passwordConfirmation: _c,
    checkOpr: _o,
    userSn: _s,
    agreement: _a,
    region,
    email,
    ...rest
  } = v;
  const byEmail = accountMode === 'email';
  const personal = rest.accountType === 4 && rest.operatorType === '2';
  return {
    ...(byEmail
      ? { email: account.trim() }
      : { phoneNum: `${dialCode}-${account.trim()}`, email: text(email) }),
    password: rest.password,
    verifyCode: rest.verifyCode.trim(),
    accountType: rest.accountType,
    operatorType: rest.accountType === 4 ? (rest.operatorType ?? '1') : '1',
    commitWay: '1',
    accountName: rest.accountName.trim(),
    legal: personal ? undefined : text(rest.legal),
    creditCode: personal ? undefined : text(rest.creditCode),
    contactName: rest.contactName.trim(),
    ...regionNames(region),
    contactAddress: text(rest.contactAddress),
    contactPhone: text(rest.contactPhone),
    busiLicense: personal ? undefined : text(rest.busiLicense),
    companyLogo: personal ? undefined : text(rest.companyLogo),
    customDomain: personal ? undefined : text(rest.customDomain),
  };
}
