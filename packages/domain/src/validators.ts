/** Validators of 000 §5, shared by forms and the server. */

/** 8 to 16 letters and digits with at least one of each. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,16}$/;
/** Mainland mobile number: 11 digits, starting 1, second digit 3-9. */
export const MAINLAND_PHONE_RE = /^1[3-9]\d{9}$/;
/** A phone without country code: 9 to 11 digits. */
export const PHONE_RE = /^\d{9,11}$/;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const CAPTCHA_RE = /^\d{4}$/;
export const DIAL_CODE_RE = /^\+?\d{1,4}$/;

export const isPassword = (v: string) => PASSWORD_RE.test(v);
export const isMainlandPhone = (v: string) => MAINLAND_PHONE_RE.test(v);
export const isPhone = (v: string) => PHONE_RE.test(v);
export const isEmail = (v: string) => v.length <= 254 && EMAIL_RE.test(v);

export type ParsedAccount =
  | { kind: 'phone'; countryCode: string; phone: string }
  | { kind: 'email'; email: string };

/**
 * Reads the phoneNum field of the calls: an e-mail, "code-number" ("86-13800000000", "+66-812345678")
 * or a bare number, which takes the deployment's default dial code.
 */
export function parseAccount(raw: string, defaultDialCode = '86'): ParsedAccount | null {
  const value = raw.trim();
  if (value.includes('@')) return isEmail(value) ? { kind: 'email', email: value.toLowerCase() } : null;
  const dash = value.indexOf('-');
  const countryCode = (dash > 0 ? value.slice(0, dash) : defaultDialCode).replace(/^\+/, '');
  const phone = dash > 0 ? value.slice(dash + 1) : value;
  if (!/^\d{1,4}$/.test(countryCode) || !isPhone(phone)) return null;
  if (countryCode === '86' && !isMainlandPhone(phone)) return null;
  return { kind: 'phone', countryCode, phone };
}

export function formatAccount(a: ParsedAccount): string {
  return a.kind === 'email' ? a.email : `${a.countryCode}-${a.phone}`;
}

/** Phones are shown masked, keeping the first 3 and last 3 digits (001 §5). */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 6)}${phone.slice(-3)}`;
}
